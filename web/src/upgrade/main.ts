/**
 * The upgrade page (the `upgrade_url` of quota_exceeded): the plans with their limits, monthly or annual
 * billing, the current plan marked, and "Upgrade" -> POST /api/auth/checkout -> the payment provider's
 * hosted page. Signed out, the sign-in form comes first (a plan is bought for an account).
 *
 * The limits come from api/billing/plans.ts, bundled: the very table the service enforces, with no
 * extra endpoint to keep in step and nothing to wait for before the plans show. Prices are the payment
 * provider's (price ids in the server's settings), shown on its page before paying.
 */
import "../dashboard/dashboard.css";
import "./upgrade.css";
import { PLAN_NAMES, PLANS, isPaidPlan, type Plan } from "../../../api/billing/plans.ts";
import { ApiCallError } from "../api.ts";
import { currentSession, endSession } from "../session.ts";
import { fetchAccount, startCheckout, type AccountSummary } from "../dashboard/account-api.ts";
import { pageAnnouncer } from "../dashboard/announcer.ts";
import { byId, h } from "../dashboard/dom.ts";
import { count, planName } from "../dashboard/format.ts";
import { rememberCheckoutPlan } from "../dashboard/pending-checkout.ts";
import { signInSection } from "../dashboard/sign-in-form.ts";

type Billing = "monthly" | "annual";

const announcer = pageAnnouncer();
const signinRoot = byId("signin");
const root = byId("upgrade");
let billing: Billing = "monthly";
let account: AccountSummary | null = null;
let busy = false;

const billingChoice = h(
  "fieldset",
  { class: "billing-choice" },
  h("legend", {}, "Billing"),
  ...(["monthly", "annual"] as const).map((value) => {
    const input = h("input", { type: "radio", name: "billing", id: `billing-${value}`, value, checked: value === billing });
    input.addEventListener("change", () => {
      if (!input.checked) return;
      billing = value;
      renderPlans();
    });
    return h("span", { class: "choice" }, input, h("label", { for: `billing-${value}` }, value === "monthly" ? "Monthly" : "Annual"));
  }),
  h("p", { class: "hint", id: "billing-hint" }),
);
const planList = h("ul", { class: "plans", "aria-labelledby": "plans-heading" });
const plansHeading = h("h2", { id: "plans-heading", tabindex: -1 }, "Plans");
root.replaceChildren(
  h(
    "section",
    { "aria-labelledby": "plans-heading" },
    plansHeading,
    h("p", {}, "Every plan validates the same way; they differ in how many validations a month and requests a minute they allow. Prices are shown on the payment page before you pay."),
    billingChoice,
    planList,
  ),
);

function renderPlans(): void {
  byId("billing-hint").textContent =
    billing === "monthly" ? "Billed every month." : "The same monthly quota, billed once a year.";
  const current = account?.plan ?? null;
  const rank = (plan: string) => PLAN_NAMES.indexOf(plan as Plan);
  planList.replaceChildren(
    ...PLAN_NAMES.map((plan) => {
      const limits = PLANS[plan];
      const isCurrent = plan === current;
      let action: HTMLElement | null = null;
      if (isCurrent) {
        action = h("p", { class: "current-badge" }, "Your current plan");
      } else if (isPaidPlan(plan) && (current === null || rank(plan) > rank(current))) {
        const button = h("button", { type: "button", "data-plan": plan, disabled: busy }, `Upgrade to ${planName(plan)}`);
        button.addEventListener("click", () => void upgrade(plan));
        action = button;
      } else if (plan !== "free") {
        action = h("p", { class: "hint" }, "Below your current plan");
      }
      return h(
        "li",
        { class: `plan-card${isCurrent ? " current" : ""}`, "data-plan": plan, "aria-current": isCurrent ? "true" : null },
        h("h3", {}, planName(plan)),
        h("p", { class: "quota" }, h("strong", {}, count(limits.monthly)), " validations a month"),
        // The current plan shows what the service applies to this account (a server may override the table).
        h("p", {}, `${count(isCurrent && account ? account.rate_limit_per_minute : limits.perMinute)} requests a minute`),
        plan === "free" ? h("p", { class: "hint" }, "No card needed") : h("p", { class: "hint" }, billing === "monthly" ? "Billed monthly" : "Billed yearly"),
        action,
      );
    }),
  );
}

async function upgrade(plan: string): Promise<void> {
  const session = currentSession();
  if (!session) return showSignIn("Sign in first: the plan is bought for your account.");
  busy = true;
  renderPlans();
  announcer.status(`Opening the payment page for the ${planName(plan)} plan (${billing})…`);
  try {
    const { url } = await startCheckout(session.apiKey, plan, billing);
    const target = new URL(url, location.href);
    if (target.protocol !== "https:" && target.protocol !== "http:") throw new Error("not a web address");
    rememberCheckoutPlan(plan);
    location.assign(target.href);
  } catch (err) {
    busy = false;
    renderPlans();
    if (err instanceof ApiCallError && (err.status === 401 || err.status === 403)) {
      endSession();
      account = null;
      renderPlans();
      return showSignIn("The key this tab held is not accepted any more. Sign in again.");
    }
    announcer.status("");
    announcer.error(err instanceof ApiCallError ? err.message : "The payment page could not be opened. Try again.");
  }
}

function showSignIn(message?: string): void {
  signinRoot.replaceChildren(
    signInSection({
      announcer,
      intro: "Sign in first: the plan is bought for your account. New here? Create a free account, then upgrade.",
      onSignedIn(signedIn) {
        account = signedIn;
        signinRoot.replaceChildren();
        renderPlans();
        announcer.status(`Signed in as ${signedIn.email}, on the ${planName(signedIn.plan)} plan.`);
        plansHeading.focus();
      },
    }),
  );
  if (message) announcer.error(message);
}

async function start(): Promise<void> {
  renderPlans();
  const session = currentSession();
  if (!session) return showSignIn();
  try {
    account = await fetchAccount(session.apiKey);
    renderPlans();
  } catch (err) {
    if (err instanceof ApiCallError && (err.status === 401 || err.status === 403)) {
      endSession();
      return showSignIn("The key this tab held is not accepted any more. Sign in again.");
    }
    announcer.error(err instanceof ApiCallError ? `Your plan could not be loaded: ${err.message}` : "Your plan could not be loaded. Reload the page to try again.");
  }
}

void start();
