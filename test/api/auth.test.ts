/** Signup, login, key rotation and the authentication rules of keyed routes (app.inject). */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { apiError, EVENT, login, signup, startApp, uniqueEmail, validateJsonLd, type TestApp } from "./helpers.ts";
import { hashApiKey } from "../../api/keys/index.ts";
import { awaitRoomInWindow } from "./stores/fixtures.ts";

let t: TestApp;

test.before(async () => {
  t = await startApp({ RATE_LIMIT_PER_MINUTE: "1000" });
});
test.after(async () => {
  await t.close();
});

const KEY_FORMAT = /^sdv_live_[0-9a-f]{32}$/;

test("signup: 201 with the signup fields, a well-formed key, the free plan", async () => {
  const email = uniqueEmail("signup");
  const res = await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email } });
  assert.is(res.statusCode, 201);
  const body = res.json();
  assert.match(body.api_key, KEY_FORMAT);
  assert.is(body.email, email);
  assert.is(body.plan, "free");
  assert.is(body.requests_limit, 100);
  assert.is(body.dashboard_url, "https://sdv.test/dashboard");
  assert.type(body.message, "string");
  assert.not.ok("requests_used" in body);
  assert.not.ok("credits_remaining" in body);
  assert.match(res.headers["content-type"] as string, /^application\/json/);
});

test("signup: e-mail trimmed and lower-cased; the same mailbox again is 409 email_already_registered", async () => {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email: "  Mixed.Case@Example.COM " } });
  assert.is(res.statusCode, 201);
  assert.is(res.json().email, "mixed.case@example.com");
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email: "mixed.case@example.com" } }), 409, "email_already_registered");
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email: "MIXED.CASE@example.com" } }), 409, "email_already_registered");
});

test("signup: invalid or missing e-mail is 400 invalid_email", async () => {
  const bad: unknown[] = ["", "no-at", "a@b", "a@@b.com", "a b@c.com", "a@b.com\r\nBcc: x@y.com", `${"x".repeat(310)}@example.com`, "a@-b.com", "a@b.123", ".a@b.com", "a@b.invalid", 42, null, ["a@b.com"]];
  for (const email of bad) {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email } });
    apiError(res, 400, "invalid_email");
  }
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: {} }), 400, "invalid_email");
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/signup" }), 400, "invalid_email");
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: [{ email: "a@b.com" }] }), 400, "invalid_email");
});

test("signup: unknown field 400 invalid_request; bad JSON 400; empty JSON 400; text/plain 415; missing content type 415", async () => {
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email: uniqueEmail(), plan: "scale" } }), 400, "invalid_request");
  const post = (payload: string, type?: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/signup", payload, headers: type === undefined ? {} : { "content-type": type } });
  apiError(await post('{"email": ', "application/json"), 400, "invalid_request");
  apiError(await post("", "application/json"), 400, "invalid_request");
  apiError(await post('{"__proto__": {"x": 1}, "email": "p@example.com"}', "application/json"), 400, "invalid_request");
  assert.is(({} as Record<string, unknown>).x, undefined);
  apiError(await post('{"email":"a@example.com"}', "text/plain"), 415, "unsupported_media_type");
  apiError(await post('{"email":"a@example.com"}', "application/x-www-form-urlencoded"), 415, "unsupported_media_type");
  const noType = await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: Buffer.from('{"email":"a@example.com"}') });
  apiError(noType, 415, "unsupported_media_type");
});

test("body over 1 MiB is 413 payload_too_large", async () => {
  const payload = JSON.stringify({ email: "x".repeat(1024 * 1024 + 10) });
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/signup", payload, headers: { "content-type": "application/json" } }), 413, "payload_too_large");
});

test("login: 200 with the current key and usage; 404 email_not_found; 400 invalid_email", async () => {
  const { key, email } = await signup(t.app);
  assert.is((await validateJsonLd(t.app, key, EVENT)).statusCode, 200);
  const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: email.toUpperCase() } });
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
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: uniqueEmail("nobody") } }), 404, "email_not_found");
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "nope" } }), 400, "invalid_email");
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/login", payload: {} }), 400, "invalid_email");
});

test("the database never holds a key in the clear", async () => {
  const { key } = await signup(t.app);
  for (const file of readdirSync(t.dataDir)) {
    const bytes = readFileSync(join(t.dataDir, file));
    assert.not.ok(bytes.includes(Buffer.from(key)), `${file} holds the plaintext key`);
  }
});

test("keyed routes: 401 missing_api_key, 401 invalid_api_key (same body for malformed and unknown)", async () => {
  apiError(await validateJsonLd(t.app, undefined, EVENT), 401, "missing_api_key");
  apiError(await validateJsonLd(t.app, "", EVENT), 401, "missing_api_key");
  const unknown = await validateJsonLd(t.app, `sdv_live_${"0".repeat(32)}`, EVENT);
  apiError(unknown, 401, "invalid_api_key");
  const { key } = await signup(t.app);
  for (const bad of ["sk_live_" + "a".repeat(32), key.slice(0, -1), key + "0", key.toUpperCase().replace("SDV_LIVE_", "sdv_live_"), "sdv_live_" + "g".repeat(32), ` ${key}`]) {
    const res = await validateJsonLd(t.app, bad, EVENT);
    apiError(res, 401, "invalid_api_key");
    assert.equal(res.json(), unknown.json());
  }
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/keys" }), 401, "missing_api_key");
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/checkout", payload: { plan: "basic" } }), 401, "missing_api_key");
});

test("access_key works on GET only; the header wins over access_key", async () => {
  const { key } = await signup(t.app);
  // GET with access_key: authenticated, so the (missing) url is what fails.
  apiError(await t.app.inject({ method: "GET", url: `/api/v1/validate?access_key=${key}` }), 400, "invalid_url");
  apiError(await t.app.inject({ method: "GET", url: `/api/v1/validate?url=http%3A%2F%2Fx.test%2F&access_key=` }), 401, "missing_api_key");
  apiError(await t.app.inject({ method: "GET", url: `/api/v1/validate?url=http%3A%2F%2Fx.test%2F&access_key=nope` }), 401, "invalid_api_key");
  // POST ignores access_key.
  const post = await t.app.inject({ method: "POST", url: `/api/v1/validate?access_key=${key}`, payload: { jsonld: EVENT } });
  apiError(post, 401, "missing_api_key");
  // Header wins: a bad header with a good access_key is refused; a good header with a bad access_key passes.
  apiError(await t.app.inject({ method: "GET", url: `/api/v1/validate?access_key=${key}`, headers: { "x-api-key": "bad" } }), 401, "invalid_api_key");
  apiError(await t.app.inject({ method: "GET", url: `/api/v1/validate?access_key=bad`, headers: { "x-api-key": key } }), 400, "invalid_url");
});

test("deactivated key: 403 inactive_api_key, before rate limits and credits", async () => {
  const { key, email } = await signup(t.app);
  const accounts = t.app.sdv.stores.accounts;
  const account = (await accounts.findByEmail(email))!;
  await accounts.setActive(account.id, false);
  for (let i = 0; i < 3; i++) apiError(await validateJsonLd(t.app, key, EVENT), 403, "inactive_api_key");
  apiError(await t.app.inject({ method: "GET", url: `/api/v1/validate?url=http%3A%2F%2Fx.test%2F&access_key=${key}` }), 403, "inactive_api_key");
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/keys", headers: { "x-api-key": key } }), 403, "inactive_api_key");
  await accounts.setActive(account.id, true);
  const ok = await validateJsonLd(t.app, key, EVENT);
  assert.is(ok.statusCode, 200);
  assert.is(ok.json().meta.credits_remaining, 99);
});

test("POST /api/auth/keys rotates: 201 {api_key, email, message}; old key 403 at once; new key works; usage kept; login returns the new key", async () => {
  const { key: oldKey, email } = await signup(t.app);
  assert.is((await validateJsonLd(t.app, oldKey, EVENT)).statusCode, 200);
  const res = await t.app.inject({ method: "POST", url: "/api/auth/keys", headers: { "x-api-key": oldKey } });
  assert.is(res.statusCode, 201);
  const body = res.json();
  assert.equal(Object.keys(body).sort(), ["api_key", "email", "message"]);
  assert.match(body.api_key, KEY_FORMAT);
  assert.is.not(body.api_key, oldKey);
  assert.is(body.email, email);

  const old = apiError(await validateJsonLd(t.app, oldKey, EVENT), 403, "inactive_api_key");
  assert.match(old.message, /replaced/);
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/keys", headers: { "x-api-key": oldKey } }), 403, "inactive_api_key");
  const fresh = await validateJsonLd(t.app, body.api_key, EVENT);
  assert.is(fresh.statusCode, 200);
  assert.is(fresh.json().meta.credits_remaining, 98, "usage lives on the account, not the key");
  const account = await login(t.app, email);
  assert.is(account.api_key, body.api_key);
  assert.is(account.requests_used, 2);

  // Rotating twice retires both earlier keys.
  const again = await t.app.inject({ method: "POST", url: "/api/auth/keys", headers: { "x-api-key": body.api_key }, payload: {} });
  assert.is(again.statusCode, 201);
  apiError(await validateJsonLd(t.app, body.api_key, EVENT), 403, "inactive_api_key");
  apiError(await validateJsonLd(t.app, oldKey, EVENT), 403, "inactive_api_key");
  assert.is((await validateJsonLd(t.app, again.json().api_key, EVENT)).statusCode, 200);
  // The retired hash never resolves to a usable account.
  const parked = await t.app.sdv.stores.accounts.findByKeyHash(hashApiKey(oldKey));
  assert.ok(parked && !parked.active);
  // Unknown fields are refused.
  apiError(await t.app.inject({ method: "POST", url: "/api/auth/keys", headers: { "x-api-key": again.json().api_key }, payload: { grace: 1 } }), 400, "invalid_request");
});

test("10 concurrent rotations with one key: exactly one 201, exactly one live key afterwards", async () => {
  const { key, email } = await signup(t.app);
  const results = await Promise.all(
    Array.from({ length: 10 }, () => t.app.inject({ method: "POST", url: "/api/auth/keys", headers: { "x-api-key": key } })),
  );
  const created = results.filter((r) => r.statusCode === 201);
  assert.is(created.length, 1);
  for (const r of results.filter((r) => r.statusCode !== 201)) apiError(r, 403, "inactive_api_key");
  const live = created[0].json().api_key;
  assert.is((await login(t.app, email)).api_key, live);
  assert.is((await validateJsonLd(t.app, live, EVENT)).statusCode, 200);
});

test("signup and login are limited per client IP (AUTH_RATE_LIMIT_PER_MINUTE)", async () => {
  const limited = await startApp({ AUTH_RATE_LIMIT_PER_MINUTE: "3" });
  try {
    await awaitRoomInWindow(10_000);
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await limited.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email: uniqueEmail() } })).statusCode);
    assert.equal(codes, [201, 201, 201]);
    const res = await limited.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: uniqueEmail() } });
    const err = apiError(res, 429, "rate_limit_exceeded");
    assert.is(String(err.retry_after_seconds), res.headers["retry-after"]);
    // Another client address has its own budget.
    const other = await limited.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email: uniqueEmail() }, remoteAddress: "127.0.0.9" });
    assert.is(other.statusCode, 201);
  } finally {
    await limited.close();
  }
});

test.run();
