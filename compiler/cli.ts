/**
 * `npm run compile` writes generated/ (all files at the end, nothing when any rule file has an
 * error); `npm run compile:check` compares in memory with disk and lists stale, missing and orphan files.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { compileDirectory } from "./compile.ts";
import { formatDiagnostic } from "./diagnostics.ts";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const check = process.argv.includes("--check");

/** Files the compiler owns: everything in generated/ but the vocabulary (owned by `npm run vocab`). */
function ownedOnDisk(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(relative(repoRoot, full).split("\\").join("/"));
    }
  };
  walk(join(repoRoot, "generated"));
  return out.filter((f) => f !== "generated/vocabulary.json").sort();
}

const { output, diagnostics } = compileDirectory(repoRoot);
if (!output) {
  for (const d of diagnostics) console.error(formatDiagnostic(d));
  console.error(`compile: ${diagnostics.length} problem(s); nothing written.`);
  process.exit(1);
}

const onDisk = ownedOnDisk();
const stale: string[] = [];
const missing: string[] = [];
for (const [path, text] of output.files) {
  const full = join(repoRoot, path);
  if (!existsSync(full)) missing.push(path);
  else if (readFileSync(full, "utf8") !== text) stale.push(path);
}
const orphans = onDisk.filter((f) => !output.files.has(f));

if (check) {
  if (stale.length + missing.length + orphans.length === 0) {
    console.log(`compile:check: generated/ is up to date (${output.files.size} files from ${output.ruleSets.length} rule sets).`);
    process.exit(0);
  }
  for (const f of stale) console.error(`stale:   ${f}`);
  for (const f of missing) console.error(`missing: ${f}`);
  for (const f of orphans) console.error(`orphan:  ${f}`);
  console.error("compile:check: generated/ differs from rules-src/; run `npm run compile` and commit the result.");
  process.exit(1);
}

for (const [path, text] of output.files) {
  const full = join(repoRoot, path);
  mkdirSync(dirname(full), { recursive: true });
  if (!existsSync(full) || readFileSync(full, "utf8") !== text) writeFileSync(full, text);
}
for (const f of orphans) rmSync(join(repoRoot, f));
console.log(
  `compile: ${output.ruleSets.length} rule sets -> ${output.files.size} files (${stale.length} updated, ${missing.length} new, ${orphans.length} removed).`,
);
