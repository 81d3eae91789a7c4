/**
 * `sdv fix FILE... [--write]`: the mechanical fixes of sdv's issues (their `patch`), applied where the
 * values are written. Without --write a unified diff on standard output; with it the named files
 * rewritten in place. What is left is listed with its issue on standard error.
 */
import { constants, lstat, open, readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { fixText, type FixedText } from "../runtime/patches/fix-text.ts";
import type { EngineResult } from "../runtime/types.ts";
import { CLI_PROFILE, kindOfPath, validateMarkup } from "./markup-engine.ts";
import { isProfile, PROFILES, type Profile } from "../runtime/options/profile.ts";
import { unifiedDiff } from "./fix/unified-diff.ts";
import { optionsOrExit, UsageError } from "./usage.ts";

export const FIX_HELP = `usage: sdv fix <file>... [--write] [--profile <p>]

Applies the mechanical fixes of sdv's issues (each issue's "patch"): enumeration values in the wrong case,
currency symbols and names with one ISO 4217 code, prices with a currency sign or separators, dates in an
unambiguous non-ISO form, a misspelt @type with one did-you-mean, a Boolean written as text, a misspelt
schema.org @context. Files: .json and .jsonld, and the JSON-LD blocks of .html and .htm pages (every
byte outside the changed blocks stays as it is; indentation, key order and line endings are kept).
Fixes are applied until none is left; a second run changes nothing.

Options:
  -w, --write       rewrite the files in place (only the files named; a symbolic link is not followed)
      --profile <p> google (default, as sdv validate) or spec: which rules decide what is left
  -h, --help        this help

Without --write, a unified diff on standard output (git apply or patch -p1 reads it). What was fixed
and what is left (with its issue) go to standard error.

Exit codes: 0 no error is left; 1 errors are left that no fix applies to; 2 bad usage, or a file could
not be read or written.`;

interface FixOptions {
  files: string[];
  write: boolean;
  profile: Profile;
}

function parse(args: string[]): FixOptions | "help" {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { write: { type: "boolean", short: "w" }, profile: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) return "help";
  if (values.profile !== undefined && !isProfile(values.profile)) throw new UsageError(`--profile takes one of ${PROFILES.join(", ")}`);
  if (positionals.length === 0) throw new UsageError("name the files to fix: sdv fix page.html data.jsonld");
  for (const file of positionals) {
    if (kindOfPath(file) === null) throw new UsageError(`${file}: sdv fix reads .json, .jsonld, .html and .htm files`);
  }
  return { files: positionals, write: values.write === true, profile: (values.profile as Profile | undefined) ?? CLI_PROFILE };
}

export async function runFix(args: string[]): Promise<number> {
  const options = optionsOrExit("fix", FIX_HELP, () => parse(args));
  if (typeof options === "number") return options;
  let exit = 0;
  for (const file of options.files) {
    const code = await fixFile(file, options.write, options.profile);
    exit = Math.max(exit, code);
  }
  return exit;
}

const BOM = "\ufeff";

async function fixFile(file: string, write: boolean, profile: Profile): Promise<number> {
  const kind = kindOfPath(file)!;
  let original: string;
  try {
    // Only a regular file named as such: a link could lead --write anywhere on the disk.
    const info = await lstat(file);
    if (info.isSymbolicLink()) throw Object.assign(new Error("a symbolic link: name the file itself"), { code: "ELOOP" });
    if (!info.isFile()) throw new Error("not a regular file");
    original = await readFile(file, "utf8");
  } catch (err) {
    console.error(`sdv fix: ${file}: cannot read it: ${(err as Error).message}`);
    return 2;
  }
  const bom = original.startsWith(BOM) ? BOM : "";
  const fixed = await fixText(original.slice(bom.length), kind, (text) => validateMarkup(text, kind, { profile }));
  const after = bom + fixed.text;
  if (after !== original) {
    if (write) {
      try {
        await writeInPlace(file, after);
      } catch (err) {
        console.error(`sdv fix: ${file}: cannot write it: ${(err as Error).message}`);
        return 2;
      }
    } else process.stdout.write(unifiedDiff(file, original, after));
  }
  report(file, fixed, write);
  return fixed.report.summary.total_errors > 0 ? 1 : 0;
}

/** O_NOFOLLOW: a link put in the file's place since it was read is refused, not followed. */
async function writeInPlace(file: string, text: string): Promise<void> {
  const handle = await open(file, constants.O_WRONLY | constants.O_TRUNC | constants.O_NOFOLLOW);
  try {
    await handle.writeFile(text, "utf8");
  } finally {
    await handle.close();
  }
}

function report(file: string, fixed: FixedText<EngineResult>, write: boolean): void {
  const verb = write ? "fixed" : "would fix";
  for (const a of fixed.applied) {
    const replaced = a.patch.find((op) => op.op === "replace" || op.op === "add")!;
    const before = a.patch.find((op) => op.op === "test");
    console.error(`${file}: ${verb} ${a.code} at ${a.path || "/"}: ${before ? `${JSON.stringify(before.value)} -> ` : ""}${JSON.stringify(replaced.value)}`);
  }
  const left = fixed.report.schemas.flatMap((s) => [...s.errors, ...s.warnings].map((issue) => ({ schema: s, issue })));
  for (const { schema, issue } of left) {
    const at = issue.line !== undefined ? `${issue.line}:${issue.column ?? 1}` : issue.path || "/";
    console.error(`${file}:${at}: not fixed: ${issue.severity} ${issue.code} (${schema.type}: ${issue.property}): ${issue.message}`);
  }
  if (fixed.applied.length === 0 && left.length === 0) console.error(`${file}: nothing to fix`);
}
