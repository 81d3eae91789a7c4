/**
 * The plan a checkout was started for, kept in sessionStorage between the upgrade page and the return to
 * the dashboard (the same tab goes through the payment page and back), so the dashboard knows which plan
 * it is waiting for while the payment is confirmed.
 */
const KEY = "sdv.checkout_plan";

export function rememberCheckoutPlan(plan: string): void {
  sessionStorage.setItem(KEY, plan);
}

export function pendingCheckoutPlan(): string | null {
  return sessionStorage.getItem(KEY);
}

export function forgetCheckoutPlan(): void {
  sessionStorage.removeItem(KEY);
}
