/** `sdv diff OLD.json NEW.json`: per rich-result feature, the pages that gained and lost eligibility, and new and fixed errors. */
import { parseArgs } from "node:util";
import { diffRuns } from "../runtime/diff/feature-diff.ts";
import { nameLonePage, readReport, ReportFileError, snapshotsOf } from "./report-file.ts";
import { diffMarkdown, diffText } from "./diff/render-diff.ts";
import { UsageError } from "./usage.ts";

export const DIFF_HELP = `usage: sdv diff <old.json> <new.json> [options]

Compares two --format json reports of sdv validate or sdv crawl (pages matched by file path or URL,
nodes by type and @id, else their place; errors by code and property, never by line): per rich-result
feature, the pages that gained and lost eligibility; the new and fixed errors by type and property.

Options:
  -f, --format <f>     text (default), json or markdown (a pull-request comment, a step summary)
  -o, --output <file>  write the diff to a file instead of standard output
      --fail-on <what> error (default: exit 1 when a page lost eligibility or an error appeared) or never
  -h, --help           this help

Exit codes: 0 nothing regressed; 1 a page lost eligibility for a feature or a new error appeared;
2 a report could not be read, or bad usage.`;

const FORMATS = ["text", "json", "markdown"] as const;

export async function runDiff(args: string[]): Promise<number> {
  let values, positionals;
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: "string", short: "f" },
        output: { type: "string", short: "o" },
        "fail-on": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
    if (values.help) {
      console.log(DIFF_HELP);
      return 0;
    }
    if (positionals.length !== 2) throw new UsageError("give two reports: sdv diff OLD.json NEW.json");
    if (values.format !== undefined && !(FORMATS as readonly string[]).includes(values.format)) throw new UsageError(`--format takes one of ${FORMATS.join(", ")}`);
    if (values["fail-on"] !== undefined && values["fail-on"] !== "error" && values["fail-on"] !== "never") throw new UsageError("--fail-on takes error or never");
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`sdv diff: ${(err as Error).message}\nRun "sdv diff --help" for the options.`);
      return 2;
    }
    throw err;
  }
  let before, after;
  try {
    let old = readReport(positionals[0]);
    let now = readReport(positionals[1]);
    // One page on each side, one of them a 0.1 report naming none: the same page.
    if (old.length === 1 && now.length === 1) {
      old = nameLonePage(old, now[0].page);
      now = nameLonePage(now, old[0].page);
    }
    before = snapshotsOf(old);
    after = snapshotsOf(now);
  } catch (err) {
    if (!(err instanceof ReportFileError)) throw err;
    console.error(`sdv: exit 2: ${err.message}`);
    return 2;
  }
  // A page the new report added brings its errors as new ones, as --baseline counts them.
  const diff = diffRuns(before, after, { addedPagesErrorsAreNew: true });
  const format = values.format ?? "text";
  const body = format === "json" ? JSON.stringify(diff, null, 2) : format === "markdown" ? diffMarkdown(diff) : diffText(diff);
  const lost = diff.features.filter((f) => f.lost.length).map((f) => `${f.feature} on ${f.lost.length} page(s)`);
  const code = diff.regressed && values["fail-on"] !== "never" ? 1 : 0;
  const why = diff.regressed
    ? `${lost.length ? `eligibility lost: ${lost.join(", ")}` : ""}${lost.length && diff.totals.new_errors ? "; " : ""}${diff.totals.new_errors ? `${diff.totals.new_errors} new error(s)` : ""}${code === 0 ? " (--fail-on never)" : ""}`
    : `no page lost eligibility, no new error (${diff.totals.pages_gained} page(s) gained, ${diff.totals.fixed_errors} error(s) fixed)`;
  const verdict = `sdv: exit ${code}: ${why}`;
  if (values.output !== undefined) {
    try {
      (await import("node:fs")).writeFileSync(values.output, `${body}\n`);
    } catch (err) {
      console.error(`sdv: exit 2: cannot write the diff to ${values.output}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      return 2;
    }
  } else process.stdout.write(`${body}\n`);
  // The verdict on standard error when standard output is machine-read (json, markdown) or a file.
  if (format === "text" && values.output === undefined) console.log(verdict);
  else console.error(verdict);
  return code;
}
