/** Stripe: secret key, webhook secret, the price of each plan and billing period, and a stand-in API for tests. */
import { BILLING_PERIODS, PAID_PLANS, type BillingPeriod, type PaidPlan } from "../billing/plans.ts";
import { shown, type SectionReader } from "./env.ts";
import { canParseUrl } from "../../runtime/can-parse-url.ts";

export type PriceTable = Record<PaidPlan, Record<BillingPeriod, string | null>>;

export interface StripeApiBase {
  protocol: "http" | "https";
  host: string;
  port: number;
}

export interface StripeConfig {
  secretKey: string | null;
  webhookSecret: string | null;
  prices: PriceTable;
  /** A stand-in of the Stripe API (tests); null: Stripe's own. */
  apiBase: StripeApiBase | null;
}

const PRICE_VAR = /^STRIPE_PRICE_([A-Z0-9_]+)$/;

export const readStripe: SectionReader<{ stripe: StripeConfig }> = (env, problems) => {
  const secretKey = env.get("STRIPE_SECRET_KEY") ?? null;
  if (secretKey !== null && !/^(sk|rk)_(test|live)_\S+$/.test(secretKey)) {
    problems.push("STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_test_..., sk_live_..., rk_...)");
  }
  const webhookSecret = env.get("STRIPE_WEBHOOK_SECRET") ?? null;
  if (webhookSecret !== null && !/^whsec_\S+$/.test(webhookSecret)) {
    problems.push("STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_...)");
  }
  const prices = {} as PriceTable;
  for (const plan of PAID_PLANS) {
    prices[plan] = { monthly: null, annual: null };
    for (const period of BILLING_PERIODS) {
      const name = `STRIPE_PRICE_${plan.toUpperCase()}_${period.toUpperCase()}`;
      const value = env.get(name);
      if (value === undefined) continue;
      if (/\s/.test(value)) problems.push(`${name} must be a Stripe price id (price_...) without spaces`);
      else prices[plan][period] = value;
    }
  }
  const known = new Set(PAID_PLANS.flatMap((p) => BILLING_PERIODS.map((b) => `STRIPE_PRICE_${p.toUpperCase()}_${b.toUpperCase()}`)));
  for (const name of env.names()) {
    if (PRICE_VAR.test(name) && !known.has(name) && env.get(name) !== undefined) {
      problems.push(`${name} is not a known setting; price variables are STRIPE_PRICE_<BASIC|GROWTH|SCALE>_<MONTHLY|ANNUAL>`);
    }
  }
  let apiBase: StripeApiBase | null = null;
  const apiBaseText = env.get("STRIPE_API_BASE");
  if (apiBaseText !== undefined) {
    const parsed = canParseUrl(apiBaseText) ? new URL(apiBaseText) : null;
    if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || (parsed.pathname !== "/" && parsed.pathname !== "") || parsed.search || parsed.hash || parsed.username || parsed.password) {
      problems.push(`STRIPE_API_BASE must be an http(s) origin such as http://127.0.0.1:12111 (got ${shown(apiBaseText)})`);
    } else {
      const protocol = parsed.protocol === "http:" ? "http" : "https";
      apiBase = {
        protocol,
        host: parsed.hostname.replace(/^\[|\]$/g, ""),
        port: parsed.port === "" ? (protocol === "http" ? 80 : 443) : Number(parsed.port),
      };
    }
  }
  return { stripe: { secretKey, webhookSecret, prices, apiBase } };
};
