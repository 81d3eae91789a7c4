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
}

/** A page without structured data: listed as such, and not a failure of the run unless asked. */
export const isNoMarkup = (o: Outcome): boolean => o.failure?.code === "no_jsonld_found";

/** Errors and warnings that count for the exit code: less what the baseline knew, plus the page findings. */
export function countedIssues(o: Outcome): { errors: number; warnings: number } {
  let errors = o.findings?.length ?? 0;
  let warnings = 0;
  if (o.response) {
    errors += o.response.summary.total_errors;
    warnings += o.response.summary.total_warnings;
    if (o.known) {
      for (const issue of o.known) {
        if (issue.severity === "error") errors--;
        else warnings--;
      }
    }
  }
  return { errors, warnings };
}
