/**
 * The visitor's API key lives in sessionStorage only: never in a URL (which ends up in logs and
 * history), never in localStorage (which outlives the tab), never in a cookie (which the API would then
 * have to defend against CSRF).
 */
const KEY = "sdv.api_key";
const EMAIL = "sdv.email";

export interface Session {
  apiKey: string;
  email: string;
}

export function currentSession(): Session | null {
  const apiKey = sessionStorage.getItem(KEY);
  const email = sessionStorage.getItem(EMAIL);
  return apiKey && email ? { apiKey, email } : null;
}

export function saveSession(session: Session): void {
  sessionStorage.setItem(KEY, session.apiKey);
  sessionStorage.setItem(EMAIL, session.email);
}

export function endSession(): void {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(EMAIL);
}
