/**
 * The dashboard (the `dashboard_url` the API hands out): sign up or sign in by e-mail, then plan, usage
 * and reset date, credits left, the API key (shown on request, copied, rotated), sign-out, and the
 * states of a return from the payment page. The key lives in sessionStorage only.
 */
import "./dashboard.css";
import { ApiCallError } from "../api.ts";
import { currentSession, endSession } from "../session.ts";
import { fetchAccount, type AccountSummary } from "./account-api.ts";
import { pageAnnouncer } from "./announcer.ts";
import { checkoutApplied, pollAccount, takeCheckoutReturn, type CheckoutReturn } from "./checkout-return.ts";
import { byId, h } from "./dom.ts";
import { planName } from "./format.ts";
import { keyPanel } from "./key-panel.ts";
import { forgetCheckoutPlan, pendingCheckoutPlan } from "./pending-checkout.ts";
import { signInSection } from "./sign-in-form.ts";
import { usagePanel } from "./usage-panel.ts";

const announcer = pageAnnouncer();
const root = byId("dashboard");
let checkoutReturn: CheckoutReturn = takeCheckoutReturn();
/** Bumped on sign-out, so a poll started before it stops. */
let sessionGeneration = 0;
/** The account on screen. */
let shown: AccountSummary | null = null;

const usage = usagePanel();
const key = keyPanel(announcer, keyRejected);
const email = h("strong", { "data-field": "email" });
const signOut = h("button", { type: "button", class: "secondary" }, "Sign out");
const accountHeading = h("h2", { id: "account-heading", tabindex: -1 }, "Your account");
const signedIn = h(
  "div",
  { id: "signed-in", hidden: true },
  h("section", { class: "panel account-line", "aria-labelledby": "account-heading" }, accountHeading, h("p", {}, "Signed in as ", email, ". "), signOut, h("p", {}, h("a", { href: "/dashboard/audits" }, "Site audits"), ": validate every page of a site, and watch it run after run.")),
  usage.element,
  key.element,
);
const signedOut = signInSection({
  announcer,
  intro: "No password: your e-mail address is all you need. Your API key stays in this browser tab only, and is gone when you close it.",
  onSignedIn(account, how) {
    showAccount(account);
    announcer.status(how === "signup" ? "Your account was created on the free plan." : `Signed in as ${account.email}.`);
    accountHeading.focus();
    void afterCheckout(account);
  },
});
signedOut.hidden = true;
root.replaceChildren(signedOut, signedIn);

signOut.addEventListener("click", () => {
  sessionGeneration += 1;
  endSession();
  forgetCheckoutPlan();
  key.reset();
  shown = null;
  email.textContent = "";
  showSignIn();
  announcer.status("Signed out. The key was removed from this browser tab.");
  byId("signin-heading").focus();
});

function showAccount(account: AccountSummary): void {
  shown = account;
  email.textContent = account.email;
  usage.update(account);
  key.refresh();
  signedOut.hidden = true;
  signedIn.hidden = false;
}

function showSignIn(): void {
  signedIn.hidden = true;
  signedOut.hidden = false;
}

function keyRejected(err: ApiCallError): void {
  sessionGeneration += 1;
  endSession();
  key.reset();
  showSignIn();
  announcer.error(
    err.code === "inactive_api_key"
      ? "The key this tab held was replaced or deactivated. Sign in again to get the current one."
      : "The key this tab held is not accepted any more. Sign in again.",
  );
}

/** The return from the payment page, once the account is on screen. */
async function afterCheckout(account: AccountSummary): Promise<void> {
  const state = checkoutReturn;
  checkoutReturn = null;
  if (state === "cancelled") {
    forgetCheckoutPlan();
    return announcer.status("Checkout cancelled: nothing was charged, and your plan is unchanged.");
  }
  if (state !== "success") return;
  const plan = pendingCheckoutPlan();
  if (checkoutApplied(account, plan)) {
    forgetCheckoutPlan();
    return announcer.status(`Payment confirmed: you are now on the ${planName(account.plan)} plan.`);
  }
  usage.setConfirming(true);
  announcer.status("Thank you! Your payment is being confirmed by the payment provider. Your new plan shows here in a moment.");
  const generation = sessionGeneration;
  const outcome = await pollAccount({
    apiKey: () => currentSession()?.apiKey ?? null,
    done: (fresh) => checkoutApplied(fresh, plan),
    onAccount: showAccount,
    cancelled: () => generation !== sessionGeneration,
  });
  usage.setConfirming(false);
  if (outcome === "cancelled") return;
  if (outcome === "applied") {
    forgetCheckoutPlan();
    return announcer.status(`Payment confirmed: you are now on the ${planName(shown?.plan ?? "")} plan.`);
  }
  if (outcome === "timeout") {
    return announcer.status("The payment is not confirmed yet; this can take a few minutes. Reload this page later to see your new plan.");
  }
  keyRejected(outcome.error);
}

async function start(): Promise<void> {
  const session = currentSession();
  if (!session) {
    showSignIn();
    if (checkoutReturn === "success") announcer.status("Sign in to see your plan: your payment is being confirmed.");
    if (checkoutReturn === "cancelled") {
      checkoutReturn = null;
      forgetCheckoutPlan();
      announcer.status("Checkout cancelled: nothing was charged.");
    }
    return;
  }
  announcer.status("Loading your account…");
  try {
    const account = await fetchAccount(session.apiKey);
    showAccount(account);
    announcer.status("");
    await afterCheckout(account);
  } catch (err) {
    if (err instanceof ApiCallError && (err.status === 401 || err.status === 403)) return keyRejected(err);
    announcer.status("");
    announcer.error(err instanceof ApiCallError ? `Your account could not be loaded: ${err.message}` : "Your account could not be loaded. Reload the page to try again.");
  }
}

void start();
