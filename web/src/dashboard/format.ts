/** How numbers, plan names and dates read on the pages (English, like the rest of the page). */
import type { AccountSummary } from "./account-api.ts";

const numbers = new Intl.NumberFormat("en");
// Billing periods are calendar months in UTC: the reset date is shown in UTC so it is the 1st everywhere.
const dates = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" });

export const count = (n: number): string => numbers.format(n);

export const planName = (plan: string): string => plan.charAt(0).toUpperCase() + plan.slice(1);

export const resetDate = (iso: string): string => dates.format(new Date(iso));

export function usageText(account: AccountSummary): string {
  return `${count(account.requests_used)} of ${count(account.requests_limit)} validations used`;
}
