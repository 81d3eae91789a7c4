/**
 * Every error the service answers with: one closed table of stable codes (the spec's ApiError
 * `error.code`), each with its HTTP status and the meaning users read in docs/errors.md. A test keeps
 * this table and the docs page equal, so adding a code means adding its row in both places.
 *
 * Handlers throw `ApiError`; the one error handler (plugins/error-handler.ts) turns it, and anything
 * else (Fastify's own errors, bugs), into the ApiError body with a `docs_url`.
 */

export interface ErrorSpec {
  status: number;
  /** What the code means; the text of docs/errors.md. */
  meaning: string;
}

export const ERRORS = {
  invalid_request: {
    status: 400,
    meaning: "The request body or query has the wrong shape: not JSON, a field of the wrong type, an unknown field, or conflicting fields (for example both url and jsonld).",
  },
  invalid_email: { status: 400, meaning: "The e-mail address is missing or is not a valid address." },
  invalid_url: { status: 400, meaning: "The url is missing or is not a fully qualified http or https URL the service may fetch (no credentials, allowed port)." },
  invalid_plan: { status: 400, meaning: "The plan is missing or is not one of basic, growth, scale." },
  invalid_billing: { status: 400, meaning: "The billing period is not one of monthly, annual." },
  invalid_verification: {
    status: 400,
    meaning: "The request_id and code given to POST /api/auth/verify do not complete a pending signup or login: the code is wrong, was used already, expired, or belongs to another request. Each request allows one attempt; sign up or log in again for a new code.",
  },
  missing_api_key: { status: 401, meaning: "No API key was given (x-api-key header, or access_key on GET requests)." },
  invalid_api_key: { status: 401, meaning: "The API key is malformed or unknown." },
  inactive_api_key: { status: 403, meaning: "The API key has been deactivated, or replaced by a newer key (POST /api/auth/keys)." },
  email_not_found: { status: 404, meaning: "No account is registered with this e-mail address." },
  not_found: { status: 404, meaning: "No such endpoint (path or method)." },
  audit_not_found: { status: 404, meaning: "The account has no audit (or run) with this id; it may have been deleted." },
  request_timeout: { status: 408, meaning: "The request did not arrive completely within 30 seconds; the connection is closed." },
  email_already_registered: { status: 409, meaning: "An account with this e-mail address already exists; use login to get its key." },
  audit_in_progress: { status: 409, meaning: "The audit has a run queued or running; wait for it to finish (or DELETE the audit) before starting another." },
  event_in_progress: { status: 409, meaning: "This payment-provider event is being applied by another delivery right now; the provider retries it later." },
  payload_too_large: { status: 413, meaning: "The request body is larger than the limit (1 MiB)." },
  unsupported_media_type: { status: 415, meaning: "The request body is not sent as application/json (or application/ld+json where accepted)." },
  headers_too_large: { status: 431, meaning: "The request's headers are larger than 16 KiB; the connection is closed." },
  fetch_failed: { status: 422, meaning: "The page could not be fetched: DNS failure, connection refused or reset, TLS failure, or a non-2xx answer." },
  fetch_timeout: { status: 422, meaning: "Fetching the page took longer than the deadline (10 s)." },
  destination_not_allowed: { status: 422, meaning: "The URL, or a redirect from it, points to a private, local or reserved network address, or to a port that is not allowed." },
  page_too_large: { status: 422, meaning: "The page is larger than the limit (5 MiB after decompression)." },
  unsupported_content_type: { status: 422, meaning: "The page is not HTML (text/html or application/xhtml+xml)." },
  too_many_redirects: { status: 422, meaning: "The page redirected more than 5 times." },
  render_failed: { status: 422, meaning: "The page was rendered (render=true) and passed a bound: too many requests, bytes, frames or elements, scripts that ran too long, too much memory, or it crashed; the message says which." },
  render_timeout: { status: 422, meaning: "The page was rendered (render=true) and did not load and settle within the render deadline (15 s by default: RENDER_TIMEOUT_MS)." },
  no_jsonld_found: { status: 422, meaning: "The page holds no JSON-LD block, Microdata item or RDFa node sdv reads; or the jsonld sent holds no node to validate ({}, a lone @context, an empty @graph)." },
  parse_error: { status: 422, meaning: "The submitted jsonld text, or every JSON-LD block of the page, is not valid JSON; the message gives the line and column." },
  validation_timeout: { status: 422, meaning: "Validating the input took longer than the deadline (20 s) and was stopped; it was not charged. A real page takes well under a second: an input built to be slow does not." },
  quota_exceeded: { status: 429, meaning: "The account used all validations of its plan for this calendar month (UTC); error.upgrade_url leads to a bigger plan." },
  too_many_audits: { status: 429, meaning: "The account already has as many audit runs queued or running as its plan allows at once; wait for one to finish." },
  rate_limit_exceeded: { status: 429, meaning: "Too many requests in the current minute; retry after error.retry_after_seconds (also in the Retry-After header)." },
  batch_timeout: { status: 504, meaning: "A batch item did not finish within the batch's deadline (50 s); it was not charged, and its page fetch was stopped. Send it again, alone or in a smaller batch." },
  internal_error: { status: 500, meaning: "An unexpected error on the server; details are only in the server log." },
  billing_unavailable: { status: 503, meaning: "Payments are not configured on this server, or the payment provider did not answer." },
  render_unavailable: { status: 503, meaning: "Rendering (render=true) is not available on this server (no Chromium: install it or set CHROMIUM_PATH), or too many pages wait to be rendered (or every place stayed busy for the render deadline); retry later, or validate without render." },
  mail_unavailable: { status: 503, meaning: "With e-mail verification on, the server could not send the one-time code (its mail server did not answer or refused); retry later." },
  service_unavailable: { status: 503, meaning: "The service is shutting down, or a store it depends on is unavailable; retry later." },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERRORS, value);
}

export interface ApiErrorExtras {
  upgrade_url?: string;
  retry_after_seconds?: number;
  /** Response headers to set along with the error (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** Internal cause: logged, never sent. */
  cause?: unknown;
}

/** An error with a stable code; its message is user-facing. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly upgradeUrl: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, extras: ApiErrorExtras = {}) {
    super(message, extras.cause === undefined ? undefined : { cause: extras.cause });
    this.code = code;
    this.statusCode = ERRORS[code].status;
    this.upgradeUrl = extras.upgrade_url;
    this.retryAfterSeconds = extras.retry_after_seconds;
    this.headers = extras.headers;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The spec's ApiError body. */
export interface ApiErrorBody {
  success: false;
  error: {
    code: ErrorCode;
    message: string;
    docs_url?: string;
    upgrade_url?: string;
    retry_after_seconds?: number;
  };
}

/** Where a code is explained: the service's own errors page, one anchor per code. */
export function docsUrl(publicBaseUrl: string, code: ErrorCode): string {
  return `${publicBaseUrl}/docs/errors#${code}`;
}

export function errorBody(err: ApiError, publicBaseUrl: string): ApiErrorBody {
  const error: ApiErrorBody["error"] = { code: err.code, message: err.message, docs_url: docsUrl(publicBaseUrl, err.code) };
  if (err.upgradeUrl !== undefined) error.upgrade_url = err.upgradeUrl;
  if (err.retryAfterSeconds !== undefined) error.retry_after_seconds = err.retryAfterSeconds;
  return { success: false, error };
}

/** Generic messages for 5xx answers: nothing internal ever reaches a client. */
export const GENERIC_MESSAGES = {
  internal_error: "Internal error. The server logged the details under the request id.",
  service_unavailable: "The service is temporarily unavailable; retry later.",
} as const;
