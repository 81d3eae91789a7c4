/**
 * The dashboard as the payment page's return address: `?checkout=success&session_id=…` or
 * `?checkout=cancelled`. The parameters are read once and removed from the address bar (a reload or a
 * bookmark must not replay "payment received"). After a paid checkout the plan changes only when the
 * payment provider's signed webhook reaches the service, which may be after the browser is back, so the
 * account is polled until it shows the plan bought.
 */
import { ApiCallError } from "../api.ts";
import { fetchAccount, type AccountSummary } from "./account-api.ts";

export type CheckoutReturn = "success" | "cancelled" | null;

/** The checkout state of this page load; removes checkout and session_id from the address bar. */
export function takeCheckoutReturn(): CheckoutReturn {
  const url = new URL(location.href);
  const state = url.searchParams.get("checkout");
  if (!url.searchParams.has("checkout") && !url.searchParams.has("session_id")) return null;
  url.searchParams.delete("checkout");
  url.searchParams.delete("session_id");
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  return state === "success" || state === "cancelled" ? state : null;
}

/** Whether the account shows the outcome of the checkout: the plan bought, or (not known) any paid plan. */
export function checkoutApplied(account: AccountSummary, plan: string | null): boolean {
  return plan ? account.plan === plan : account.plan !== "free";
}

export interface PollOptions {
  apiKey: () => string | null;
  done: (account: AccountSummary) => boolean;
  onAccount: (account: AccountSummary) => void;
  /** Stops when it returns true (sign-out). */
  cancelled: () => boolean;
  /** Overall patience. */
  timeoutMs?: number;
}

export type PollOutcome = "applied" | "timeout" | "cancelled" | { error: ApiCallError };

/**
 * Reads the account until `done`, waiting 2 s, then 1.5x longer each time up to 10 s: about ten reads in
 * the first minute, inside the free plan's per-minute limit. A 429 waits as long as the service says.
 */
export async function pollAccount(options: PollOptions): Promise<PollOutcome> {
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  let wait = 2000;
  while (Date.now() < deadline) {
    await sleep(wait);
    if (options.cancelled()) return "cancelled";
    const key = options.apiKey();
    if (!key) return "cancelled";
    try {
      const account = await fetchAccount(key);
      if (options.cancelled()) return "cancelled";
      options.onAccount(account);
      if (options.done(account)) return "applied";
      wait = Math.min(10_000, wait * 1.5);
    } catch (err) {
      if (!(err instanceof ApiCallError)) throw err;
      if (err.status === 401 || err.status === 403) return { error: err };
      wait = err.status === 429 ? Math.max(1, err.body.retry_after_seconds ?? 10) * 1000 : Math.min(10_000, wait * 1.5);
    }
  }
  return "timeout";
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
