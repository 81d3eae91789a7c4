/**
 * A live page validated through the API with the visitor's key (x-api-key header, never in the URL).
 * Without a key the visitor signs up inline first; the key then lives in sessionStorage only.
 */
import { ApiCallError, call, isPending, signup } from "../api.ts";
import { currentSession, saveSession } from "../session.ts";
import type { ValidationResponse } from "./engine.ts";

/** `render`: the page after its JavaScript ran (the "Run JavaScript" switch), each node marked against the raw HTML. */
export function validateUrlThroughApi(url: string, apiKey: string, render = false): Promise<ValidationResponse> {
  return call<ValidationResponse>("GET", `/api/v1/validate?url=${encodeURIComponent(url)}${render ? "&render=true" : ""}`, { apiKey });
}

/** Signs up and keeps the key for this tab; returns it. */
export async function signUpInline(email: string): Promise<string> {
  const account = await signup(email);
  if (isPending(account)) {
    throw new ApiCallError(202, { code: "verification_sent", message: "This server confirms e-mail addresses: finish signing up on the dashboard (/dashboard) with the code it mailed you." });
  }
  saveSession({ apiKey: account.api_key, email: account.email });
  return account.api_key;
}

export function storedKey(): string | null {
  return currentSession()?.apiKey ?? null;
}

/** What went wrong, for the alert: the API's code and message, and where to go next when there is somewhere. */
export function describeError(err: unknown): { text: string; link?: { href: string; text: string } } {
  if (!(err instanceof ApiCallError)) return { text: err instanceof Error ? err.message : String(err) };
  const text = `${err.code}: ${err.body.message}`;
  if (err.code === "quota_exceeded" && typeof err.body.upgrade_url === "string") return { text, link: { href: err.body.upgrade_url, text: "Upgrade your plan" } };
  if (err.code === "email_already_registered") return { text, link: { href: "/dashboard", text: "Sign in on the dashboard" } };
  if (typeof err.body.docs_url === "string") return { text, link: { href: err.body.docs_url, text: "About this error" } };
  return { text };
}
