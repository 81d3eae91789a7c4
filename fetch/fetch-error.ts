/**
 * The one error type the guarded fetcher throws. `message` is user-facing: it names at most the host the
 * caller gave and never an address we resolved or a host a redirect pointed to. Internal detail, if any,
 * stays in `cause` (for logs, never for responses).
 */
export type FetchErrorCode =
  | "invalid_url"
  | "destination_not_allowed"
  | "fetch_failed"
  | "fetch_timeout"
  | "page_too_large"
  | "unsupported_content_type"
  | "too_many_redirects"
  /** A redirect to another origin, when the caller asked for same-origin redirects only (a crawl). */
  | "redirected_off_site"

  /** Rendering was asked for and no browser can run here, or too many pages wait for one (fetch/render/). */
  | "render_unavailable"
  /** The rendered page passed a cap (requests, bytes, DOM, frames, script time, memory) or crashed. */
  | "render_failed"
  /** The rendered page did not load and settle within the render deadline. */
  | "render_timeout";

export class FetchError extends Error {
  override readonly name = "FetchError";
  readonly code: FetchErrorCode;
  /** HTTP status of the final response, when the failure is a non-2xx answer. */
  readonly status: number | undefined;
  /** A 429 or 503 answer's Retry-After, in seconds (an HTTP date is turned into seconds from now). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: FetchErrorCode, message: string, options: { cause?: unknown; status?: number; retryAfterSeconds?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isFetchError(value: unknown): value is FetchError {
  return value instanceof FetchError;
}
