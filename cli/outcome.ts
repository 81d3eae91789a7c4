/** One input's result as every output format sees it: a ValidationResponse, or why there is none. */
import type { ValidationResponse } from "../runtime/report.ts";
import type { ValidationIssue } from "../runtime/types.ts";

export interface InputFailure {
  /** The API's error code where one fits (no_jsonld_found, destination_not_allowed, fetch_failed, ...). */
  code: string;
  message: string;
}

/** A finding about the page as a whole that the engine does not make: an expectation of the project's config. */
export interface PageFinding {
  code: "expectation-not-met";
  severity: "error";
  message: string;
}

export interface Outcome {
  /** The input as the user named it (a path relative to the working directory, "-", or a URL). */
  source: string;
  /** The text that was validated, so reports can show the source line of an issue. */
  text?: string;
  response?: ValidationResponse;
  failure?: InputFailure;
  findings?: PageFinding[];
  /** Issues the baseline already had (--baseline): listed, not counted for the exit code. */
  known?: Set<ValidationIssue>;
  /** With --baseline: the errors and warnings not in it, counted as `sdv diff` counts them (cli/baseline.ts). */
  fresh?: { errors: number; warnings: number };
}

/** A page without structured data: listed as such, and not a failure of the run unless asked. */
export const isNoMarkup = (o: Outcome): boolean => o.failure?.code === "no_jsonld_found";

/**
 * What counts for the exit code: the engine's errors and warnings (with --baseline, those not in it), and
 * the project's unmet expectations apart, so that every report gives the same numbers.
 */
export function countedIssues(o: Outcome): { errors: number; warnings: number; unmet: number } {
  const unmet = o.findings?.length ?? 0;
  if (!o.response) return { errors: 0, warnings: 0, unmet };
  if (o.fresh) return { ...o.fresh, unmet };
  return { errors: o.response.summary.total_errors, warnings: o.response.summary.total_warnings, unmet };
}
