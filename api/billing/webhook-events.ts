/**
 * What a verified Stripe event does to an account.
 *
 * - checkout.session.completed (and checkout.session.async_payment_succeeded) with payment_status "paid":
 *   the account becomes the plan bought. The session carries, set by us at checkout: client_reference_id
 *   = account id and metadata {account_id, email, plan, billing}; the account is found by that e-mail and
 *   must have that id (an account deleted and re-created under the same address is not upgraded).
 * - customer.subscription.deleted: the account returns to free, unless it has meanwhile bought another
 *   plan (the subscription's metadata.plan differs from the account's plan: an old subscription ending).
 * - Everything else is acknowledged and ignored.
 */
import type Stripe from "stripe";
import type { AccountStore, Account } from "../stores/ports.ts";
import { isPaidPlan } from "./plans.ts";

export interface EventOutcome {
  applied: boolean;
  /** Why nothing happened, or what happened (for the log). */
  note: string;
  account?: string;
}

export async function applyStripeEvent(accounts: AccountStore, event: Stripe.Event): Promise<EventOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.payment_status !== "paid") return { applied: false, note: `payment_status ${session.payment_status}` };
      const plan = session.metadata?.plan;
      if (!isPaidPlan(plan)) return { applied: false, note: "no plan in the session metadata" };
      const account = await accountFor(accounts, session.metadata?.email, session.client_reference_id ?? session.metadata?.account_id);
      if (!account) return { applied: false, note: "no matching account" };
      const customer = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? undefined);
      await accounts.setPlan(account.id, plan, customer);
      return { applied: true, note: `plan ${account.plan} -> ${plan}`, account: account.id };
    }
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const account = await accountFor(accounts, subscription.metadata?.email, subscription.metadata?.account_id);
      if (!account) return { applied: false, note: "no matching account" };
      const subscribedPlan = subscription.metadata?.plan;
      if (isPaidPlan(subscribedPlan) && account.plan !== subscribedPlan) {
        return { applied: false, note: `account is on ${account.plan}, the ended subscription was ${subscribedPlan}`, account: account.id };
      }
      if (account.plan === "free") return { applied: false, note: "already free", account: account.id };
      await accounts.setPlan(account.id, "free");
      return { applied: true, note: `plan ${account.plan} -> free`, account: account.id };
    }
    default:
      return { applied: false, note: "event type not handled" };
  }
}

async function accountFor(accounts: AccountStore, email: unknown, accountId: unknown): Promise<Account | null> {
  if (typeof email !== "string" || email === "") return null;
  const account = await accounts.findByEmail(email);
  if (!account) return null;
  if (typeof accountId === "string" && accountId !== "" && account.id !== accountId) return null;
  return account;
}
