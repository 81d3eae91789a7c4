/**
 * The fetcher's refusals and failures as the API's errors: its codes are API error codes (docs/errors.md),
 * anything else is fetch_failed. Here, below the error handler and the validation service, which both answer them.
 */
import { ApiError, isErrorCode, type ErrorCode } from "../errors.ts";
import type { FetchError } from "../../fetch/fetch-error.ts";

export function fromFetchError(err: FetchError): ApiError {
  const code: ErrorCode = isErrorCode(err.code) ? err.code : "fetch_failed";
  return new ApiError(code, err.message, { cause: err.cause ?? err });
}
