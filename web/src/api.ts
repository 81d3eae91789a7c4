/**
 * The service's JSON API as the pages use it (same origin, so no CORS): one `call` that returns the
 * parsed body or throws the API's own error (code and message), and the calls the pages make.
 */
export interface ApiErrorBody {
  code: string;
  message: string;
  status?: number;
  docs_url?: string;
  upgrade_url?: string;
  retry_after_seconds?: number;
  [field: string]: unknown;
}

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
    this.name = "ApiCallError";
  }
  get code(): string {
    return this.body.code;
  }
}

export interface AccountData {
  api_key: string;
  email: string;
  plan: string;
  requests_limit: number;
  requests_used?: number;
  credits_remaining?: number;
  dashboard_url: string;
  message?: string;
  [field: string]: unknown;
}

export async function call<T>(method: "GET" | "POST", path: string, options: { apiKey?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey) headers["x-api-key"] = options.apiKey;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), credentials: "omit", cache: "no-store" });
  } catch {
    throw new ApiCallError(0, { code: "network_error", message: "The service could not be reached. Check your connection and try again." });
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // fall through: a non-JSON answer is reported below
  }
  if (!response.ok) {
    const error = (parsed as { error?: ApiErrorBody } | null)?.error;
    throw new ApiCallError(response.status, error ?? { code: "unexpected_response", message: `The service answered ${response.status}.` });
  }
  return parsed as T;
}

/** A server with ACCOUNT_VERIFICATION=email answers signup and login with this (202) and mails a code. */
export interface VerificationPending {
  status: "verification_sent";
  request_id: string;
  email: string;
  expires_at: string;
  message: string;
}

export function isPending(answer: AccountData | VerificationPending): answer is VerificationPending {
  return (answer as VerificationPending).status === "verification_sent";
}

export const signup = (email: string) => call<AccountData | VerificationPending>("POST", "/api/auth/signup", { body: { email } });
export const login = (email: string) => call<AccountData | VerificationPending>("POST", "/api/auth/login", { body: { email } });
/** Completes a pending signup (201) or login (200) with the mailed code. */
export const verify = (requestId: string, code: string) => call<AccountData>("POST", "/api/auth/verify", { body: { request_id: requestId, code } });
