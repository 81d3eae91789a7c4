/** What a team running sdv behind a load balancer expects: request ids, CORS, Retry-After on quota_exceeded. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { billingPeriod, secondsUntilNextPeriod } from "../../api/billing/plans.ts";
import { apiError, EVENT, signup, startApp, validateJsonLd, type TestApp } from "./helpers.ts";

let now = Date.parse("2026-05-31T23:59:00Z");
let t: TestApp;
let withCors: TestApp;
test.before(async () => {
  t = await startApp({ RATE_LIMIT_PER_MINUTE: "1000" }, { clock: () => new Date(now) });
  withCors = await startApp({ CORS_ORIGINS: "https://app.example.com, http://localhost:5173" });
});
test.after(async () => {
  await t.close();
  await withCors.close();
});

test("x-request-id: a safe caller id is kept, returned and logged; anything else is replaced by a UUID", async () => {
  const given = "lb-7f3a.9:trace/42";
  const res = await t.app.inject({ url: "/api/v1/types", headers: { "x-request-id": given } });
  assert.is(res.headers["x-request-id"], given);
  assert.ok(t.logs.some((line) => line.includes(`"reqId":"${given}"`)), "log lines carry the caller's id");

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const unsafe = ["", "a".repeat(129), "has space", 'quote"', "new\u2028line", "semi;colon", "<script>"];
  for (const id of unsafe) {
    const answer = await t.app.inject({ url: "/health", headers: { "x-request-id": id } });
    assert.match(String(answer.headers["x-request-id"]), UUID, `replaced: ${JSON.stringify(id)}`);
  }
  const none = await t.app.inject({ url: "/nope" });
  assert.match(String(none.headers["x-request-id"]), UUID, "generated when absent, also on errors");
  const badPath = await t.app.inject({ url: "/api/%zz", headers: { "x-request-id": "abc-1" } });
  assert.is(badPath.headers["x-request-id"], "abc-1", "and on requests the router refused");
});

test("quota_exceeded carries Retry-After: the seconds to the next billing period", async () => {
  const { key, email } = await signup(t.app);
  const account = (await t.app.sdv.stores.accounts.findByEmail(email))!;
  for (let i = 0; i < 100; i++) await t.app.sdv.stores.accounts.reserveCredit(account.id, "2026-05", 100);
  const res = await validateJsonLd(t.app, key, EVENT);
  const error = apiError(res, 429, "quota_exceeded");
  assert.ok(error.upgrade_url);
  assert.is(res.headers["retry-after"], "60");
  assert.is(secondsUntilNextPeriod(new Date("2026-12-31T23:59:59.500Z")), 1);
  assert.is(secondsUntilNextPeriod(new Date("2026-02-01T00:00:00Z")), 28 * 86400);
});

test("billingPeriod: the UTC calendar month, right on both sides of a month's first millisecond, in any order of calls", () => {
  const at = (iso: string) => billingPeriod(new Date(iso));
  assert.is(at("2026-11-15T12:00:00Z"), "2026-11");
  assert.is(at("2026-11-30T23:59:59.999Z"), "2026-11");
  assert.is(at("2026-12-01T00:00:00.000Z"), "2026-12");
  assert.is(at("2026-11-30T23:59:59.999Z"), "2026-11", "an earlier month after a later one");
  assert.is(at("2026-12-31T23:59:59.999Z"), "2026-12");
  assert.is(at("2027-01-01T00:00:00Z"), "2027-01");
  assert.is(at("2026-12-01T00:59:00+01:00"), "2026-11", "UTC, not the offset's local month");
  assert.throws(() => at("not a date"), RangeError);
});

test("CORS is off by default: no CORS headers, preflights are not answered", async () => {
  const res = await t.app.inject({ url: "/api/v1/types", headers: { origin: "https://app.example.com" } });
  assert.is(res.headers["access-control-allow-origin"], undefined);
  const preflight = await t.app.inject({ method: "OPTIONS", url: "/api/v1/validate", headers: { origin: "https://app.example.com", "access-control-request-method": "POST" } });
  apiError(preflight, 404, "not_found");
});

test("CORS_ORIGINS: listed origins get CORS headers and preflights; others do not", async () => {
  const preflight = await withCors.app.inject({
    method: "OPTIONS",
    url: "/api/v1/validate",
    headers: { origin: "https://app.example.com", "access-control-request-method": "POST", "access-control-request-headers": "x-api-key, content-type" },
  });
  assert.is(preflight.statusCode, 204);
  assert.is(preflight.headers["access-control-allow-origin"], "https://app.example.com");
  assert.match(String(preflight.headers["access-control-allow-headers"]), /x-api-key/);
  assert.match(String(preflight.headers["access-control-allow-methods"]), /POST/);
  assert.is(preflight.headers["access-control-allow-credentials"], undefined);

  const { key } = await signup(withCors.app);
  const res = await withCors.app.inject({ method: "POST", url: "/api/v1/validate", headers: { origin: "http://localhost:5173", "x-api-key": key }, payload: { jsonld: EVENT } });
  assert.is(res.statusCode, 200);
  assert.is(res.headers["access-control-allow-origin"], "http://localhost:5173");
  assert.match(String(res.headers["access-control-expose-headers"]), /x-request-id/);

  const stranger = await withCors.app.inject({ url: "/api/v1/types", headers: { origin: "https://evil.example" } });
  assert.is(stranger.headers["access-control-allow-origin"], undefined);
});

test.run();
