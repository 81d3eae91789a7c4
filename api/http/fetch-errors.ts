/**
 * The fetcher's refusals and failures as the API's errors: its codes are API error codes (docs/errors.md),
 * anything else is fetch_failed. Here, below the error handler and the validation service, which both answer them.
 */
import { ApiError, isErrorCode, type ErrorCode } from "../errors.ts";
import type { FetchError } from "../../fetch/fetch-error.ts";

export function fromFetchError(err: FetchError): ApiError {
  const code: ErrorCode = isErrorCode(err.code) ? err.code : "fetch_failed";
  // Self-hosters testing a local preview meet this first: the message names the setting that lets it through.
  const message =
    code === "destination_not_allowed"
      ? `${err.message} A self-hosted service can allow a private host (or host:port) with the FETCH_ALLOWED_PRIVATE_HOSTS setting.`
      : err.message;
  return new ApiError(code, message, { cause: err.cause ?? err });
}
