/**
 * The exit code of `sdv validate` and `sdv crawl`, and the one line that says why:
 * 2 when an input could not be validated at all; 1 when --fail-on's issues are present (less those a
 * --baseline knew, plus unmet expectations) or an input scores under --min-score; else 0.
 * A page without structured data is listed and decides nothing, unless `noMarkupFails` (one input
 * named alone, or --require-markup); an expectation on it fails through its finding.
 */
import { countedIssues, isNoMarkup, type Outcome } from "./outcome.ts";

export type FailOn = "error" | "warning" | "never";
export const FAIL_ON: readonly FailOn[] = ["error", "warning", "never"];

export interface Policy {
  failOn: FailOn;
  minScore: number;
  /** Inputs that cannot be read or fetched fail with 2 (validate); a crawl counts them as errors (1). */
  failuresAreFatal: boolean;
  /** Pages without structured data fail with 2 (validate: one input named alone, or --require-markup). */
  noMarkupFails?: boolean;
  /** A baseline was given: the counts are of new issues. */
  baseline?: boolean;
}

export interface Verdict {
  code: 0 | 1 | 2;
  reason: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function decideExit(outcomes: Outcome[], policy: Policy): Verdict {
  const failed = outcomes.filter((o) => o.failure);
  const noMarkup = failed.filter(isNoMarkup);
  const validated = outcomes.filter((o) => o.response);
  const of = `${outcomes.length === 1 ? "" : ` of ${outcomes.length}`}`;
  const fatal = policy.failuresAreFatal ? failed.filter((o) => !isNoMarkup(o) || policy.noMarkupFails) : [];
  if (fatal.length > 0) {
    const first = fatal[0];
    return {
      code: 2,
      reason: `exit 2: ${plural(fatal.length, "input")}${of} could not be validated (${first.source}: ${first.failure!.code})`,
    };
  }
  let errors = 0;
  let warnings = 0;
  let withErrors = 0;
  let withWarnings = 0;
  let unmet = 0;
  let withUnmet = 0;
  const underScore: Outcome[] = [];
  for (const o of outcomes) {
    const counted = countedIssues(o);
    errors += counted.errors;
    warnings += counted.warnings;
    unmet += counted.unmet;
    if (counted.errors > 0) withErrors++;
    if (counted.warnings > 0) withWarnings++;
    if (counted.unmet > 0) withUnmet++;
    if (o.response && o.response.summary.score < policy.minScore) underScore.push(o);
  }
  const inputs = plural(validated.length + (unmet ? failed.filter((o) => o.findings?.length).length : 0), "input");
  const fresh = policy.baseline ? "new " : "";
  const notInBaseline = policy.baseline ? " not in the baseline" : "";
  // A crawl: pages that could not be fetched fail the run like errors (pages without markup do not).
  const broken = policy.failuresAreFatal ? [] : failed.filter((o) => !isNoMarkup(o));
  if (policy.failOn !== "never" && broken.length > 0) {
    return { code: 1, reason: `exit 1: ${plural(broken.length, "page")} could not be fetched (first: ${broken[0].source}: ${broken[0].failure!.code})` };
  }
  // Errors and unmet expectations are counted apart: the totals line and the summaries say the same numbers.
  if (policy.failOn !== "never" && (errors > 0 || unmet > 0)) {
    const parts = [];
    if (errors > 0) parts.push(`${plural(errors, `${fresh}error`)}${notInBaseline} in ${withErrors} of ${inputs}`);
    if (unmet > 0) parts.push(`${plural(unmet, "expectation")} not met${errors > 0 ? "" : ` in ${withUnmet} of ${inputs}`}`);
    return { code: 1, reason: `exit 1: ${parts.join(", ")} (--fail-on ${policy.failOn})` };
  }
  if (policy.failOn === "warning" && warnings > 0) {
    return { code: 1, reason: `exit 1: ${plural(warnings, `${fresh}warning`)}${notInBaseline} in ${withWarnings} of ${inputs} (--fail-on warning)` };
  }
  if (underScore.length > 0) {
    const worst = underScore.reduce((a, b) => (b.response!.summary.score < a.response!.summary.score ? b : a));
    return {
      code: 1,
      reason: `exit 1: ${underScore.length} of ${plural(validated.length, "input")} score below --min-score ${policy.minScore} (lowest: ${worst.source} ${worst.response!.summary.score})`,
    };
  }
  const lowest = validated.length ? Math.min(...validated.map((o) => o.response!.summary.score)) : null;
  const what =
    policy.failOn === "never"
      ? `${plural(errors, `${fresh}error`)}${unmet ? ` and ${plural(unmet, "expectation")} not met` : ""} ignored (--fail-on never)`
      : policy.failOn === "warning"
        ? `no ${fresh}errors or warnings`
        : `no ${fresh}errors${warnings ? ` (${plural(warnings, `${fresh}warning`)} allowed by --fail-on error)` : ""}`;
  const skipped = noMarkup.length ? `; ${noMarkup.length} without structured data` : "";
  return {
    code: 0,
    reason: `exit 0: ${what} in ${plural(validated.length, "input")}${lowest === null ? "" : `, lowest score ${lowest} >= --min-score ${policy.minScore}`}${skipped}`,
  };
}
