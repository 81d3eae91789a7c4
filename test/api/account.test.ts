/**
 * GET /api/auth/account: the login fields plus period_resets_at, read with the key (what the dashboard
 * refreshes with). No credit charged; header only; refused keys answer like every keyed route; the key
 * never reaches the log.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PLANS } from "../../api/billing/plans.ts";
import { apiError, EVENT, login, signup, startApp, validateJsonLd, type TestApp } from "./helpers.ts";

let now = Date.parse("2026-02-14T10:30:00Z");
let t: TestApp;
test.before(async () => {
  t = await startApp({ RATE_LIMIT_PER_MINUTE: "1000" }, { clock: () => new Date(now) });
});
test.after(async () => {
  await t.close();
});

const account = (key?: string, url = "/api/auth/account") => t.app.inject({ method: "GET", url, headers: key === undefined ? {} : { "x-api-key": key } });

test("200: the login fields plus period_resets_at, equal to what login answers; no credit charged", async () => {
  const { key, email } = await signup(t.app);
  assert.is((await validateJsonLd(t.app, key, EVENT)).statusCode, 200);
  const res = await account(key);
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.equal(Object.keys(body).sort(), ["api_key", "credits_remaining", "dashboard_url", "email", "period_resets_at", "plan", "rate_limit_per_minute", "requests_limit", "requests_used"]);
  assert.is(body.api_key, key);
  assert.is(body.email, email);
  assert.is(body.plan, "free");
  assert.is(body.requests_limit, 100);
  assert.is(body.requests_used, 1);
  assert.is(body.credits_remaining, 99);
  assert.is(body.dashboard_url, "https://sdv.test/dashboard");
  assert.is(body.period_resets_at, "2026-03-01T00:00:00.000Z");
  assert.is(body.rate_limit_per_minute, 1000, "the applied limit (RATE_LIMIT_PER_MINUTE), not the plans table's");
  // Reading the account again and again costs nothing.
  for (let i = 0; i < 3; i++) assert.is((await account(key)).json().requests_used, 1);
  assert.equal(await login(t.app, email), body);
});

test("period_resets_at follows the clock: the 1st of the next month, 00:00 UTC (December rolls over the year)", async () => {
  const { key } = await signup(t.app);
  const cases: Array<[string, string]> = [
    ["2026-12-31T23:59:59Z", "2027-01-01T00:00:00.000Z"],
    ["2026-01-01T00:00:00Z", "2026-02-01T00:00:00.000Z"],
    ["2028-02-29T12:00:00Z", "2028-03-01T00:00:00.000Z"],
  ];
  const saved = now;
  try {
    for (const [at, expected] of cases) {
      now = Date.parse(at);
      assert.is((await account(key)).json().period_resets_at, expected, at);
    }
  } finally {
    now = saved;
  }
});

test("the plan and its limit are read fresh: a plan change shows on the next read", async () => {
  const { key, email } = await signup(t.app);
  const record = (await t.app.sdv.stores.accounts.findByEmail(email))!;
  await t.app.sdv.stores.accounts.setPlan(record.id, "growth");
  const body = (await account(key)).json();
  assert.is(body.plan, "growth");
  assert.is(body.requests_limit, 25_000);
  assert.is(body.credits_remaining, 25_000);
});

test("401 missing_api_key / invalid_api_key; the key is taken from the header only; a rotated key is 403", async () => {
  const { key } = await signup(t.app);
  apiError(await account(), 401, "missing_api_key");
  apiError(await account(`sdv_live_${"0".repeat(32)}`), 401, "invalid_api_key");
  apiError(await account("not-a-key"), 401, "invalid_api_key");
  apiError(await account(undefined, `/api/auth/account?access_key=${key}`), 401, "missing_api_key");
  const rotated = await t.app.inject({ method: "POST", url: "/api/auth/keys", headers: { "x-api-key": key } });
  assert.is(rotated.statusCode, 201);
  apiError(await account(key), 403, "inactive_api_key");
  const fresh = (await account(rotated.json().api_key)).json();
  assert.is(fresh.api_key, rotated.json().api_key);
});

test("rate_limit_per_minute without RATE_LIMIT_PER_MINUTE: the plan's own limit, following the plan", async () => {
  const own = await startApp({}, { clock: () => new Date(now) });
  try {
    const { key, email } = await signup(own.app);
    const read = async () => (await own.app.inject({ method: "GET", url: "/api/auth/account", headers: { "x-api-key": key } })).json();
    assert.is((await read()).rate_limit_per_minute, PLANS.free.perMinute);
    assert.is((await login(own.app, email)).rate_limit_per_minute, PLANS.free.perMinute);
    const stored = await own.app.sdv.stores.accounts.findByEmail(email);
    await own.app.sdv.stores.accounts.setPlan(stored!.id, "growth");
    assert.is((await read()).rate_limit_per_minute, PLANS.growth.perMinute);
    assert.is.not(PLANS.growth.perMinute, PLANS.free.perMinute, "the plans differ, so the field follows the plan");
  } finally {
    await own.close();
  }
});

test("the key never reaches the log lines of account reads", async () => {
  const { key } = await signup(t.app);
  const before = t.logs.length;
  assert.is((await account(key)).statusCode, 200);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const lines = t.logs.slice(before).join("");
  assert.ok(lines.includes("/api/auth/account"), "the request is logged");
  assert.not.ok(lines.includes(key.slice(9)), "the key's hex appears in the log");
});

test("OpenAPI: the route is documented with its operationId, the key scheme and the added field", async () => {
  const doc = (await t.app.inject({ url: "/openapi.json" })).json();
  const op = doc.paths["/api/auth/account"].get;
  assert.is(op.operationId, "getAccount");
  assert.equal(op.security, [{ apiKeyHeader: [] }]);
  const schema = op.responses["200"].content["application/json"].schema;
  assert.is(schema.properties.period_resets_at.format, "date-time");
  assert.ok(schema.required.includes("period_resets_at"));
  assert.ok(doc.paths["/api/auth/login"].post.responses["200"].content["application/json"].schema.properties.period_resets_at);
  assert.is(schema.properties.rate_limit_per_minute.type, "integer");
  assert.ok(schema.required.includes("rate_limit_per_minute"));
});

test.run();
