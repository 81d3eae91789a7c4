/**
 * Print (or write) a report in the chosen format, and the verdict line: last on standard output for text,
 * on standard error for the machine formats (so their output stays parseable). Above the verdict line,
 * the profile whose rules produced the report.
 */
import { writeFileSync } from "node:fs";
import type { Outcome } from "./outcome.ts";
import type { FailOn, Verdict } from "./exit-policy.ts";
import type { BaselineReport } from "./baseline.ts";

export const FORMATS = ["text", "json", "sarif", "junit", "github", "csv"] as const;
export type Format = (typeof FORMATS)[number];

export interface RenderRequest {
  outcomes: Outcome[];
  verdict: Verdict;
  format: Format;
  output: string | undefined;
  failOn: FailOn;
  /** Text printed before the verdict line (crawl's summary by type and page). */
  appendix?: string;
  /** --baseline: new and fixed issues, the per-feature diff. */
  baseline?: BaselineReport;
  profile?: string;
  /** --quiet: the text report is one line per error (formats/quiet.ts). */
  quiet?: boolean;
  /** Fields a command adds to its JSON report (crawl: templates). */
  jsonExtra?: Record<string, unknown>;
  /** --min-score: an input scoring below it fails (a JUnit failure of its own). */
  minScore?: number;
  /** A page without structured data fails the run (one input named alone, --require-markup): --quiet names it. */
  noMarkupFails?: boolean;
}

/** Returns false when the report could not be written (the command then exits 2). */
export async function renderReport(r: RenderRequest): Promise<boolean> {
  const toFile = r.output !== undefined;
  const body = await formatBody(r, !toFile);
  const verdictLine = `sdv: ${r.verdict.reason}`;
  if (toFile) {
    try {
      writeFileSync(r.output!, body.endsWith("\n") ? body : `${body}\n`);
    } catch (err) {
      console.error(`sdv: exit 2: cannot write the report to ${r.output}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      return false;
    }
    if (r.format === "text") console.log(`${profileLine(r.profile)}${verdictLine}`);
    else console.error(`${profileLine(r.profile)}${verdictLine}`);
    return true;
  }
  if (r.format === "text" && r.quiet) {
    process.stdout.write(`${body ? `${body}\n` : ""}${verdictLine}\n`);
    return true;
  }
  if (r.format === "text") {
    const baseline = r.baseline ? `${(await import("./formats/baseline-text.ts")).baselineText(r.baseline)}\n` : "";
    process.stdout.write(`${body}\n${r.appendix ? `${r.appendix}\n` : ""}${baseline}${profileLine(r.profile)}${verdictLine}\n`);
  } else {
    if (body) process.stdout.write(`${body}\n`);
    // The machine formats also carry it inside (json, sarif, junit, csv); annotations have no place for it.
    console.error(`${profileLine(r.profile)}${verdictLine}`);
  }
  return true;
}

/** Which rules produced the text report, above its verdict line. */
const profileLine = (profile: string | undefined): string =>
  profile === undefined ? "" : `profile: ${profile} (${profile === "google" ? "what the search engine's own test accepts; --profile spec for the service spec's rules" : "the service spec's rules"})\n`;

async function formatBody(r: RenderRequest, terminal: boolean): Promise<string> {
  switch (r.format) {
    case "text": {
      if (r.quiet) return (await import("./formats/quiet.ts")).formatQuiet(r.outcomes, r.failOn, r.noMarkupFails === true);
      const [{ formatText }, { colourWanted, paint }] = await Promise.all([import("./formats/text.ts"), import("./colour.ts")]);
      return formatText(r.outcomes, paint(terminal && colourWanted(process.stdout)));
    }
    case "json": {
      const json = (await import("./formats/json.ts")).formatJson(r.outcomes, r.verdict, r.baseline, r.profile);
      return r.jsonExtra ? JSON.stringify({ ...(JSON.parse(json) as object), ...r.jsonExtra }, null, 2) : json;
    }
    case "sarif": {
      const { packageVersion } = await import("./version.ts");
      return (await import("./formats/sarif.ts")).formatSarif(r.outcomes, packageVersion(), r.profile);
    }
    case "junit":
      return (await import("./formats/junit.ts")).formatJunit(r.outcomes, r.failOn, r.profile, r.minScore);
    case "github":
      return (await import("./formats/github.ts")).formatGithub(r.outcomes);
    case "csv":
      return (await import("./formats/csv.ts")).formatCsv(r.outcomes, r.profile);
  }
}
