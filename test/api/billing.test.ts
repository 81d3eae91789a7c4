/**
 * Checkout against a local stand-in of the Stripe API (test/support/stripe-stand-in.ts: node:http on
 * 127.0.0.1, the official SDK pointed at it through STRIPE_API_BASE), and the Stripe webhook signed with the
 * SDK's test helper.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import Stripe from "stripe";
import { apiError, EVENT, login, signup, startApp, validateJsonLd, type TestApp } from "./helpers.ts";
import { StripeStandIn, stripeEnv, WEBHOOK_SECRET } from "../support/stripe-stand-in.ts";

const standIn = new StripeStandIn();
let t: TestApp;

test.before(async () => {
  const port = await standIn.start();
  t = await startApp({ RATE_LIMIT_PER_MINUTE: "1000", ...stripeEnv(port) });
});
test.after(async () => {
  await t.close();
  await standIn.close();
});

const checkout = (key: string | undefined, payload?: unknown) =>
  t.app.inject({ method: "POST", url: "/api/auth/checkout", headers: key ? { "x-api-key": key } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

test("checkout: 200 {url}; the stand-in got the configured price, our account, fixed return URLs and an Idempotency-Key", async () => {
  const { key, email } = await signup(t.app);
  standIn.seen = [];
  const res = await checkout(key, { plan: "basic" });
  assert.is(res.statusCode, 200);
  assert.is(res.json().url, `${standIn.origin}/c/pay/${[...standIn.sessions.keys()].at(-1)}`);
  assert.equal(Object.keys(res.json()), ["url"]);
  assert.is(standIn.seen.length, 1);
  const req = standIn.seen[0];
  assert.is(req.headers.authorization, "Bearer sk_test_standin");
  assert.ok(typeof req.headers["idempotency-key"] === "string" && req.headers["idempotency-key"].length > 0);
  const account = (await t.app.sdv.stores.accounts.findByEmail(email))!;
  const f = req.form;
  assert.is(f.get("mode"), "subscription");
  assert.is(f.get("line_items[0][price]"), "price_basic_monthly");
  assert.is(f.get("line_items[0][quantity]"), "1");
  assert.is(f.get("client_reference_id"), account.id);
  assert.is(f.get("customer_email"), email);
  assert.is(f.get("metadata[plan]"), "basic");
  assert.is(f.get("metadata[email]"), email);
  assert.is(f.get("subscription_data[metadata][account_id]"), account.id);
  assert.is(f.get("success_url"), "https://sdv.test/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}");
  assert.is(f.get("cancel_url"), "https://sdv.test/dashboard?checkout=cancelled");
});

test("checkout: annual billing uses the annual price; a double click within the minute reuses the Idempotency-Key", async () => {
  const { key } = await signup(t.app);
  standIn.seen = [];
  const first = await checkout(key, { plan: "growth", billing: "annual" });
  const second = await checkout(key, { plan: "growth", billing: "annual" });
  assert.is(first.statusCode, 200);
  assert.is(second.statusCode, 200);
  assert.is(standIn.seen[0].form.get("line_items[0][price]"), "price_growth_annual");
  assert.is(standIn.seen[0].headers["idempotency-key"], standIn.seen[1].headers["idempotency-key"]);
  assert.is(first.json().url, second.json().url, "the same session, as Stripe answers a repeated Idempotency-Key");
});

test("checkout: 400 invalid_plan / invalid_billing / invalid_request, 401 without a key; the stand-in is never called", async () => {
  const { key } = await signup(t.app);
  standIn.seen = [];
  for (const plan of ["free", "enterprise", "", 123, null]) apiError(await checkout(key, { plan }), 400, "invalid_plan");
  apiError(await checkout(key, {}), 400, "invalid_plan");
  apiError(await checkout(key), 400, "invalid_plan");
  for (const billing of ["weekly", "", 12]) apiError(await checkout(key, { plan: "basic", billing }), 400, "invalid_billing");
  apiError(await checkout(key, { plan: "basic", price: "price_cheap" }), 400, "invalid_request");
  apiError(await checkout(key, { plan: "basic", success_url: "https://evil.test/" }), 400, "invalid_request");
  apiError(await checkout(undefined, { plan: "basic" }), 401, "missing_api_key");
  apiError(await checkout(`sdv_live_${"f".repeat(32)}`, { plan: "basic" }), 401, "invalid_api_key");
  assert.is(standIn.seen.length, 0);
});

test("checkout: a plan without a configured price is 503 billing_unavailable", async () => {
  const { key } = await signup(t.app);
  apiError(await checkout(key, { plan: "scale", billing: "annual" }), 503, "billing_unavailable");
});

test("checkout: the SDK retries a 500 with the same Idempotency-Key; a provider failure is 503 billing_unavailable, no provider text", async () => {
  const { key } = await signup(t.app);
  standIn.seen = [];
  standIn.mode = "fail-twice";
  assert.is((await checkout(key, { plan: "basic" })).statusCode, 200);
  assert.is(standIn.seen.length, 3);
  assert.is(new Set(standIn.seen.map((r) => r.headers["idempotency-key"])).size, 1);
  standIn.mode = "fail";
  const res = await checkout(key, { plan: "growth" });
  const err = apiError(res, 503, "billing_unavailable");
  assert.not.match(err.message, /stand-in|sk_live|internal/);
  standIn.mode = "ok";
});

test("without Stripe configuration: checkout 503 billing_unavailable, webhook 503 billing_unavailable", async () => {
  const bare = await startApp();
  try {
    const { key } = await signup(bare.app);
    apiError(await bare.app.inject({ method: "POST", url: "/api/auth/checkout", headers: { "x-api-key": key }, payload: { plan: "basic" } }), 503, "billing_unavailable");
    const payload = JSON.stringify({ id: "evt_x", object: "event", type: "ping", data: { object: {} } });
    const res = await bare.app.inject({
      method: "POST",
      url: "/api/billing/webhook",
      headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      payload,
    });
    apiError(res, 503, "billing_unavailable");
  } finally {
    await bare.close();
  }
});

test("the stand-in's hosted page: Pay sends a signed checkout.session.completed the service applies, then redirects to success_url", async () => {
  const { key, email } = await signup(t.app);
  const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
  standIn.webhookUrl = `${address}/api/billing/webhook`;
  const url = (await checkout(key, { plan: "growth" })).json().url as string;
  const page = await fetch(url);
  assert.is(page.status, 200);
  assert.match(await page.text(), /<button type="submit">Pay<\/button>/);
  const paid = await fetch(url, { method: "POST", redirect: "manual" });
  assert.is(paid.status, 303);
  const sessionId = url.split("/").at(-1)!;
  assert.is(paid.headers.get("location"), `https://sdv.test/dashboard?checkout=success&session_id=${sessionId}`);
  const delivery = standIn.deliveries.at(-1)!;
  assert.is(delivery.session, sessionId);
  assert.is(delivery.status, 200, delivery.body);
  const info = await login(t.app, email);
  assert.is(info.plan, "growth");
  // Paying twice sends nothing more (the session is complete).
  const before = standIn.deliveries.length;
  assert.is((await fetch(url, { method: "POST", redirect: "manual" })).status, 303);
  assert.is(standIn.deliveries.length, before);
  // Signed with another secret, the same kind of event is refused by the service.
  const stranger = new StripeStandIn({ webhookSecret: "whsec_someone_else" });
  await stranger.start();
  try {
    const session = await createOn(stranger, email, "scale");
    stranger.webhookUrl = standIn.webhookUrl;
    assert.is((await fetch(session, { method: "POST", redirect: "manual" })).status, 303);
    assert.is(stranger.deliveries[0].status, 400);
    assert.is((await login(t.app, email)).plan, "growth");
  } finally {
    await stranger.close();
  }
});

/** A session created on a stand-in directly, as the SDK would (form-encoded). */
async function createOn(on: StripeStandIn, email: string, plan: string): Promise<string> {
  const account = (await t.app.sdv.stores.accounts.findByEmail(email))!;
  const form = new URLSearchParams({
    mode: "subscription",
    "line_items[0][price]": `price_${plan}_monthly`,
    client_reference_id: account.id,
    customer_email: email,
    "metadata[account_id]": account.id,
    "metadata[email]": email,
    "metadata[plan]": plan,
    "metadata[billing]": "monthly",
    success_url: "https://sdv.test/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "https://sdv.test/dashboard?checkout=cancelled",
  });
  const res = await fetch(`${on.origin}/v1/checkout/sessions`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form });
  return ((await res.json()) as { url: string }).url;
}

// ------------------------------------------------------------------------------------------- webhooks

let eventCounter = 0;
function event(type: string, object: Record<string, unknown>, id = `evt_test_${++eventCounter}`): string {
  return JSON.stringify({ id, object: "event", api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } }, null, 2);
}

function deliver(payload: string, signature?: string | null, contentType = "application/json") {
  const headers: Record<string, string> = { "content-type": contentType };
  const sig = signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) : signature;
  if (sig !== null) headers["stripe-signature"] = sig;
  return t.app.inject({ method: "POST", url: "/api/billing/webhook", headers, payload });
}

async function completedSession(email: string, plan: string, paymentStatus = "paid"): Promise<string> {
  const account = (await t.app.sdv.stores.accounts.findByEmail(email))!;
  const metadata = { account_id: account.id, email, plan, billing: "monthly" };
  return event("checkout.session.completed", {
    id: "cs_test_x",
    object: "checkout.session",
    payment_status: paymentStatus,
    client_reference_id: account.id,
    customer: "cus_test_1",
    metadata,
  });
}

test("webhook: checkout.session.completed (paid) upgrades the plan; the quota follows; the replay changes nothing", async () => {
  const { key, email } = await signup(t.app);
  const payload = await completedSession(email, "basic");
  const res = await deliver(payload);
  assert.is(res.statusCode, 200);
  assert.equal(res.json(), { received: true });
  const info = await login(t.app, email);
  assert.is(info.plan, "basic");
  assert.is(info.requests_limit, 5000);
  assert.is((await validateJsonLd(t.app, key, EVENT)).json().meta.credits_remaining, 4999);
  const account = (await t.app.sdv.stores.accounts.findByEmail(email))!;
  assert.is(account.stripeCustomerId, "cus_test_1");

  // Downgrade by hand, then replay the same event: applied once, so the plan stays free.
  await t.app.sdv.stores.accounts.setPlan(account.id, "free");
  const replay = await deliver(payload);
  assert.is(replay.statusCode, 200);
  assert.equal(replay.json(), { received: true, duplicate: true });
  assert.is((await login(t.app, email)).plan, "free");
});

test("webhook: unpaid sessions, unknown accounts, mismatched account ids and unknown event types are acknowledged and ignored", async () => {
  const { email } = await signup(t.app);
  assert.is((await deliver(await completedSession(email, "growth", "unpaid"))).statusCode, 200);
  assert.is((await login(t.app, email)).plan, "free");
  const stranger = event("checkout.session.completed", { object: "checkout.session", payment_status: "paid", metadata: { email: "nobody@example.com", plan: "scale" } });
  assert.is((await deliver(stranger)).statusCode, 200);
  const wrongId = event("checkout.session.completed", { object: "checkout.session", payment_status: "paid", client_reference_id: "someone-else", metadata: { email, plan: "scale" } });
  assert.is((await deliver(wrongId)).statusCode, 200);
  assert.is((await login(t.app, email)).plan, "free");
  assert.is((await deliver(event("invoice.paid", { object: "invoice" }))).statusCode, 200);
});

test("webhook: customer.subscription.deleted returns the account to free, unless it has bought another plan since", async () => {
  const { email } = await signup(t.app);
  const account = (await t.app.sdv.stores.accounts.findByEmail(email))!;
  await deliver(await completedSession(email, "growth"));
  assert.is((await login(t.app, email)).plan, "growth");
  const oldSubscription = event("customer.subscription.deleted", { object: "subscription", customer: "cus_test_1", metadata: { account_id: account.id, email, plan: "basic" } });
  assert.is((await deliver(oldSubscription)).statusCode, 200);
  assert.is((await login(t.app, email)).plan, "growth");
  const current = event("customer.subscription.deleted", { object: "subscription", customer: "cus_test_1", metadata: { account_id: account.id, email, plan: "growth" } });
  assert.is((await deliver(current)).statusCode, 200);
  const info = await login(t.app, email);
  assert.is(info.plan, "free");
  assert.is(info.requests_limit, 100);
});

test("webhook: bad signatures are 400 with no state change", async () => {
  const { email } = await signup(t.app);
  const payload = await completedSession(email, "scale");
  const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  apiError(await deliver(payload.replace('"scale"', '"basic"'), good), 400, "invalid_request"); // tampered body
  apiError(await deliver(JSON.stringify(JSON.parse(payload)), good), 400, "invalid_request"); // re-serialized
  apiError(await deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_wrong" })), 400, "invalid_request");
  apiError(await deliver(payload, null), 400, "invalid_request"); // missing header
  apiError(await deliver(payload, "garbage"), 400, "invalid_request");
  const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 });
  apiError(await deliver(payload, stale), 400, "invalid_request");
  apiError(await deliver(payload, good.split(",")[0]), 400, "invalid_request"); // t=... without v1
  assert.is((await login(t.app, email)).plan, "free");
  // The untouched delivery still works afterwards (the failures recorded nothing).
  assert.is((await deliver(payload, good)).statusCode, 200);
  assert.is((await login(t.app, email)).plan, "scale");
});

test("webhook: JSON only, body capped; other routes still parse JSON normally", async () => {
  apiError(await deliver("{}", "t=1,v1=x", "text/plain"), 415, "unsupported_media_type");
  const big = JSON.stringify({ id: "evt_big", pad: "x".repeat(600 * 1024) });
  apiError(await deliver(big), 413, "payload_too_large");
  assert.is((await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "nobody@example.com" } })).statusCode, 404);
});

test.run();
