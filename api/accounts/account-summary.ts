/**
 * What the account's owner may see of it: the spec's login fields (the key and this month's usage) plus
 * when the usage resets and the per-minute limit the service applies (the plan's, or RATE_LIMIT_PER_MINUTE
 * when the server sets it: the bundled plans table cannot know that). One shape for passwordless login and for the keyed read (GET /api/auth/account),
 * so a page holding only the key shows exactly what login shows.
 */
import type { Account, AccountStore, Plan } from "../stores/ports.ts";
import { billingPeriod, nextPeriodStart, type PlanLimits } from "../billing/plans.ts";
import type { KeyCipher } from "../keys/index.ts";
import { storeCall } from "../stores/store-call.ts";

/**
 * What the summary reads of the service: http/context.ts's ServiceContext has all of it. Named here
 * rather than imported, so accounts/ stays below the HTTP layer.
 */
export interface SummaryContext {
  now(): Date;
  cipher: Pick<KeyCipher, "decrypt">;
  stores: { accounts: Pick<AccountStore, "usage"> };
  limits(plan: Plan): PlanLimits;
  urls: { dashboard: string };
}

export interface AccountSummary {
  api_key: string;
  email: string;
  plan: Account["plan"];
  requests_limit: number;
  requests_used: number;
  credits_remaining: number;
  dashboard_url: string;
  /** ISO 8601 date-time (UTC) of the next billing period's start, when requests_used goes back to 0. */
  period_resets_at: string;
  /** Requests a minute this account may make, as enforced (ctx.limits). */
  rate_limit_per_minute: number;
}

export async function accountSummary(ctx: SummaryContext, account: Account): Promise<AccountSummary> {
  // One reading of the clock, so the usage and the reset date belong to the same period.
  const now = ctx.now();
  const apiKey = ctx.cipher.decrypt(account.keyCiphertext);
  const usage = await storeCall(() => ctx.stores.accounts.usage(account.id, billingPeriod(now)));
  const limits = ctx.limits(account.plan);
  const limit = limits.monthly;
  return {
    api_key: apiKey,
    email: account.email,
    plan: account.plan,
    requests_limit: limit,
    requests_used: usage.used,
    credits_remaining: Math.max(0, limit - usage.used),
    dashboard_url: ctx.urls.dashboard,
    period_resets_at: nextPeriodStart(now).toISOString(),
    rate_limit_per_minute: limits.perMinute,
  };
}
