/**
 * The keyed account calls of the dashboard and upgrade pages. The key goes in the x-api-key header only
 * (never a URL), through the shared `call` (same origin, no credentials, no cache).
 */
import { call, type AccountData } from "../api.ts";

/** GET /api/auth/account (and login): the login fields plus when the usage resets. */
export interface AccountSummary extends AccountData {
  requests_used: number;
  credits_remaining: number;
  /** ISO 8601 date-time (UTC). */
  period_resets_at: string;
  /** Requests a minute as the service applies them (may differ from the plans table). */
  rate_limit_per_minute: number;
}

export const fetchAccount = (apiKey: string) => call<AccountSummary>("GET", "/api/auth/account", { apiKey });

export interface RotatedKey {
  api_key: string;
  email: string;
  message: string;
}

export const rotateKey = (apiKey: string) => call<RotatedKey>("POST", "/api/auth/keys", { apiKey, body: {} });

export const startCheckout = (apiKey: string, plan: string, billing: "monthly" | "annual") =>
  call<{ url: string }>("POST", "/api/auth/checkout", { apiKey, body: { plan, billing } });
