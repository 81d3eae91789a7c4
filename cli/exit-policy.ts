/**
 * The exit code of `sdv validate` and `sdv crawl`, and the one line that says why:
 * 2 when an input could not be validated at all; 1 when --fail-on's issues are present or an input scores
 * under --min-score; else 0.
 */
import type { Outcome } from "./outcome.ts";

export type FailOn = "error" | "warning" | "never";
export const FAIL_ON: readonly FailOn[] = ["error", "warning", "never"];

export interface Policy {
  failOn: FailOn;
  minScore: number;
  /** Inputs that cannot be validated (crawl: pages without structured data) do not decide the exit code. */
  failuresAreFatal: boolean;
}

export interface Verdict {
  code: 0 | 1 | 2;
  reason: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function decideExit(outcomes: Outcome[], policy: Policy): Verdict {
  const failed = outcomes.filter((o) => o.failure);
  const validated = outcomes.filter((o) => o.response);
  const of = `${outcomes.length === 1 ? "" : ` of ${outcomes.length}`}`;
  if (policy.failuresAreFatal && failed.length > 0) {
    const first = failed[0];
    return {
      code: 2,
      reason: `exit 2: ${plural(failed.length, "input")}${of} could not be validated (${first.source}: ${first.failure!.code})`,
    };
  }
  let errors = 0;
  let warnings = 0;
  let withErrors = 0;
  let withWarnings = 0;
  const underScore: Outcome[] = [];
  for (const o of validated) {
    const s = o.response!.summary;
    errors += s.total_errors;
    warnings += s.total_warnings;
    if (s.total_errors > 0) withErrors++;
    if (s.total_warnings > 0) withWarnings++;
    if (s.score < policy.minScore) underScore.push(o);
  }
  const inputs = plural(validated.length, "input");
  // A crawl: pages that could not be fetched fail the run like errors (pages without markup do not).
  const broken = policy.failuresAreFatal ? [] : failed.filter((o) => o.failure!.code !== "no_jsonld_found");
  if (policy.failOn !== "never" && broken.length > 0) {
    return { code: 1, reason: `exit 1: ${plural(broken.length, "page")} could not be fetched (first: ${broken[0].source}: ${broken[0].failure!.code})` };
  }
  if (policy.failOn !== "never" && errors > 0) {
    return { code: 1, reason: `exit 1: ${plural(errors, "error")} in ${withErrors} of ${inputs} (--fail-on ${policy.failOn})` };
  }
  if (policy.failOn === "warning" && warnings > 0) {
    return { code: 1, reason: `exit 1: ${plural(warnings, "warning")} in ${withWarnings} of ${inputs} (--fail-on warning)` };
  }
  if (underScore.length > 0) {
    const worst = underScore.reduce((a, b) => (b.response!.summary.score < a.response!.summary.score ? b : a));
    return {
      code: 1,
      reason: `exit 1: ${underScore.length} of ${inputs} score below --min-score ${policy.minScore} (lowest: ${worst.source} ${worst.response!.summary.score})`,
    };
  }
  const lowest = validated.length ? Math.min(...validated.map((o) => o.response!.summary.score)) : null;
  const what = policy.failOn === "never" ? `${plural(errors, "error")} ignored (--fail-on never)` : policy.failOn === "warning" ? "no errors or warnings" : `no errors${warnings ? ` (${plural(warnings, "warning")} allowed by --fail-on error)` : ""}`;
  const skipped = failed.length ? `; ${failed.length} without structured data` : "";
  return {
    code: 0,
    reason: `exit 0: ${what} in ${inputs}${lowest === null ? "" : `, lowest score ${lowest} >= --min-score ${policy.minScore}`}${skipped}`,
  };
}
