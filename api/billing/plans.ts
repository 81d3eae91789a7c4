/**
 * Plans: monthly validation quota, per-minute request limit and per-minute answer budget. Annual billing buys the same monthly
 * quota (billed yearly). Billing periods are calendar months in UTC.
 */
import type { Plan } from "../stores/ports.ts";

export type { Plan };

export interface PlanLimits {
  /** Validations per calendar month (UTC). */
  monthly: number;
  /** Keyed requests per minute. */
  perMinute: number;
  /**
   * Bytes of validation answers per minute (docs/limits.md). Cache hits cost no credit, so without it one
   * cached page could be served without end; answers that cost a credit count but are never refused by it.
   */
  answerBytesPerMinute: number;
}

const MiB = 1024 * 1024;

export const PLANS: Readonly<Record<Plan, PlanLimits>> = Object.freeze({
  free: { monthly: 100, perMinute: 10, answerBytesPerMinute: 16 * MiB },
  basic: { monthly: 5_000, perMinute: 60, answerBytesPerMinute: 64 * MiB },
  growth: { monthly: 25_000, perMinute: 300, answerBytesPerMinute: 256 * MiB },
  scale: { monthly: 100_000, perMinute: 1_000, answerBytesPerMinute: 1024 * MiB },
});

export const PLAN_NAMES = Object.keys(PLANS) as Plan[];
/** The plans a checkout can buy. */
export const PAID_PLANS = ["basic", "growth", "scale"] as const satisfies readonly Plan[];
export type PaidPlan = (typeof PAID_PLANS)[number];
export const BILLING_PERIODS = ["monthly", "annual"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export function isPlan(value: unknown): value is Plan {
  return typeof value === "string" && Object.hasOwn(PLANS, value);
}

export function isPaidPlan(value: unknown): value is PaidPlan {
  return typeof value === "string" && (PAID_PLANS as readonly string[]).includes(value);
}

export function isBillingPeriod(value: unknown): value is BillingPeriod {
  return typeof value === "string" && (BILLING_PERIODS as readonly string[]).includes(value);
}

/** "2026-11": the billing period (calendar month, UTC) an instant falls in. */
export function billingPeriod(now: Date): string {
  const t = now.getTime();
  // Every charged request asks; the answer changes once a month (an invalid date still throws below).
  if (t >= lastPeriod.from && t < lastPeriod.to) return lastPeriod.period;
  const period = now.toISOString().slice(0, 7);
  lastPeriod = { from: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1), to: nextPeriodStart(now).getTime(), period };
  return period;
}

let lastPeriod = { from: 0, to: 0, period: "" };

/** The start of the next billing period: 00:00 UTC on the 1st of the next month (when usage resets). */
export function nextPeriodStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** Whole seconds from `now` to the start of the next billing period (00:00 UTC on the 1st), at least 1. */
export function secondsUntilNextPeriod(now: Date): number {
  return Math.max(1, Math.ceil((nextPeriodStart(now).getTime() - now.getTime()) / 1000));
}
