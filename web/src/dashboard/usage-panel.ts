/**
 * Plan and usage of the current billing period: the plan with its limits (the monthly quota from the
 * account, the per-minute limit as the service applies it: a server may override the plans table), validations used out of the limit, credits left, and the
 * date the count goes back to zero.
 */
import type { AccountSummary } from "./account-api.ts";
import { h } from "./dom.ts";
import { count, planName, resetDate, usageText } from "./format.ts";

export interface UsagePanel {
  element: HTMLElement;
  update(account: AccountSummary): void;
  /** A checkout came back paid and the plan is not confirmed yet. */
  setConfirming(on: boolean): void;
}

export function usagePanel(): UsagePanel {
  const plan = h("dd", { "data-field": "plan" });
  const planLimits = h("dd", { "data-field": "plan-limits", class: "hint" });
  const planLink = h("a", { href: "/dashboard/upgrade", "data-field": "upgrade-link" }, "Upgrade");
  const confirming = h("span", { class: "badge", hidden: true }, "payment being confirmed");
  const usedText = h("span", { "data-field": "usage" });
  const progress = h("progress", { id: "usage-progress", max: 100, value: 0, "aria-labelledby": "usage-term", "aria-describedby": "usage-text" });
  const credits = h("dd", { "data-field": "credits" });
  const resets = h("time", { "data-field": "resets" });

  const element = h(
    "section",
    { class: "panel usage-panel", "aria-labelledby": "usage-heading" },
    h("h2", { id: "usage-heading" }, "Plan and usage"),
    h(
      "dl",
      { class: "facts" },
      h("div", {}, h("dt", {}, "Plan"), plan, planLimits, h("dd", {}, planLink, " ", confirming)),
      h("div", {}, h("dt", { id: "usage-term" }, "Usage this period"), h("dd", { id: "usage-text" }, usedText), h("dd", {}, progress)),
      h("div", {}, h("dt", {}, "Credits left"), credits),
      h("div", {}, h("dt", {}, "Usage resets on"), h("dd", {}, resets, h("span", { class: "hint" }, " (00:00 UTC)"))),
    ),
  );

  return {
    element,
    update(account) {
      plan.textContent = planName(account.plan);
      planLimits.textContent = `${count(account.requests_limit)} validations a month, ${count(account.rate_limit_per_minute)} requests a minute`;
      planLink.textContent = account.plan === "scale" ? "See the plans" : "Upgrade";
      usedText.textContent = usageText(account);
      progress.max = Math.max(1, account.requests_limit);
      progress.value = Math.min(account.requests_used, account.requests_limit);
      credits.textContent = count(account.credits_remaining);
      resets.dateTime = account.period_resets_at;
      resets.textContent = resetDate(account.period_resets_at);
    },
    setConfirming(on) {
      confirming.hidden = !on;
    },
  };
}
