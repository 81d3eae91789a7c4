/** One input's result as every output format sees it: a ValidationResponse, or why there is none. */
import type { ValidationResponse } from "../runtime/report.ts";

export interface InputFailure {
  /** The API's error code where one fits (no_jsonld_found, destination_not_allowed, fetch_failed, ...). */
  code: string;
  message: string;
}

export interface Outcome {
  /** The input as the user named it (a path relative to the working directory, "-", or a URL). */
  source: string;
  /** The text that was validated, so reports can show the source line of an issue. */
  text?: string;
  response?: ValidationResponse;
  failure?: InputFailure;
}
