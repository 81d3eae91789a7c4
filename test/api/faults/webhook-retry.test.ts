/**
 * A Stripe event whose first application fails (the store refused the plan change after the event was
 * claimed) is applied by Stripe's retry of the same event, exactly once: the retry is not answered
 * "duplicate", and a third delivery is.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import Stripe from "stripe";
import { openStores, type Stores } from "../../../api/stores/index.ts";
import type { AccountStore } from "../../../api/stores/ports.ts";
import { login, signup, startApp, type TestApp } from "../helpers.ts";
import { tempDir } from "../stores/fixtures.ts";

const WEBHOOK_SECRET = "whsec_test_retry";
const dir = tempDir("webhook-retry");
let stores: Stores;
let t: TestApp;
/** Fails the next plan change: the store giving out in the middle of applying an event. */
let failNextSetPlan = false;

test.before(async () => {
  stores = await openStores({ dataDir: dir.path });
  const real = stores.accounts;
  // Every call goes to the real store (bound, for its private fields) except a plan change that is told to fail.
  const flaky = new Proxy(real, {
    get(target, name, receiver) {
      if (name === "setPlan") {
        return (...args: Parameters<AccountStore["setPlan"]>) => {
          if (!failNextSetPlan) return target.setPlan(...args);
          failNextSetPlan = false;
          return Promise.reject(new Error("SQLITE_IOERR: disk I/O error (injected)"));
        };
      }
      const value = Reflect.get(target, name, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  t = await startApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, RATE_LIMIT_PER_MINUTE: "1000" }, { stores: { ...stores, accounts: flaky } });
});
test.after(async () => {
  await t.close();
  await stores.close();
  dir.remove();
});

function deliver(payload: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.app.inject({ method: "POST", url: "/api/billing/webhook", headers: { "content-type": "application/json", "stripe-signature": signature }, payload });
}

test("the first application fails -> 5xx; Stripe's retry applies the event; the next delivery is a duplicate", async () => {
  const { email } = await signup(t.app);
  const account = (await t.app.sdv.stores.accounts.findByEmail(email))!;
  const payload = JSON.stringify({
    id: `evt_retry_${account.id}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        object: "checkout.session",
        payment_status: "paid",
        client_reference_id: account.id,
        customer: "cus_retry",
        metadata: { account_id: account.id, email, plan: "growth", billing: "monthly" },
      },
    },
  });

  failNextSetPlan = true;
  const first = await deliver(payload);
  assert.ok(first.statusCode >= 500, `the failed application is an error Stripe retries (${first.statusCode})`);
  assert.is(first.json().success, false);
  assert.is((await login(t.app, email)).plan, "free");

  const retry = await deliver(payload);
  assert.is(retry.statusCode, 200);
  assert.equal(retry.json(), { received: true }, "the retry is applied, not answered as a duplicate");
  assert.is((await login(t.app, email)).plan, "growth");

  const again = await deliver(payload);
  assert.equal(again.json(), { received: true, duplicate: true });
});

test.run();
