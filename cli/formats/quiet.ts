/**
 * `--quiet`: one line per error, `file:line:col code property message` (as compilers and linters print,
 * so editors and terminals link the place), and nothing else; the exit line follows. Warnings only when
 * --fail-on warning makes them fail the run; issues a --baseline knew are left out.
 */
import type { Outcome } from "../outcome.ts";
import type { FailOn } from "../exit-policy.ts";
import { locatedIssues } from "./issues.ts";

/** Line breaks and the white space around them as one space. Runs of white space are read once: `\s*[\r\n]+\s*` retried from each space of a long run costs its square. */
const oneLine = (s: string) => s.replace(/\s+/g, (run) => (run.includes("\n") || run.includes("\r") ? " " : run));

/** `noMarkupFails`: a page without structured data fails this run (one input named alone, --require-markup), so it gets its line. */
export function formatQuiet(outcomes: Outcome[], failOn: FailOn, noMarkupFails = false): string {
  const out: string[] = [];
  for (const o of outcomes) {
    if (o.failure && (o.failure.code !== "no_jsonld_found" || noMarkupFails)) out.push(`${o.source}: ${o.failure.code} ${oneLine(o.failure.message)}`);
    for (const { issue } of locatedIssues(o)) {
      if (o.known?.has(issue)) continue;
      if (issue.severity === "warning" && failOn !== "warning") continue;
      const place = issue.line === undefined ? o.source : `${o.source}:${issue.line}:${issue.column ?? 1}`;
      out.push(`${place} ${issue.code} ${issue.property || "-"} ${oneLine(issue.message)}`);
    }
    for (const f of o.findings ?? []) out.push(`${o.source} ${f.code} - ${oneLine(f.message)}`);
  }
  return out.join("\n");
}
