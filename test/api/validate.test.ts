/**
 * POST /api/v1/validate with raw JSON-LD, and the credit, quota and rate-limit rules (app.inject). A fake
 * clock drives billing periods and the rate limiter's windows.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../api/app.ts";
import { loadConfig } from "../../api/config.ts";
import { openStores, type Stores } from "../../api/stores/index.ts";
import { MemoryRateLimiter } from "../../api/stores/embedded/memory-rate-limiter.ts";
import { apiError, EVENT, login, OFFLINE_FETCH, signup, validateJsonLd } from "./helpers.ts";
import { awaitRoomInWindow } from "./stores/fixtures.ts";

let app: FastifyInstance;
let stores: Stores;
let dataDir: string;
let now = Date.parse("2026-03-15T12:00:10Z");

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "sdv-validate-test-"));
  const opened = await openStores({ dataDir });
  stores = { ...opened, rateLimiter: new MemoryRateLimiter({ now: () => now }) };
  app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", PUBLIC_BASE_URL: "https://sdv.test" }), {
    stores,
    clock: () => new Date(now),
    fetchOptions: OFFLINE_FETCH,
  });
});
test.after(async () => {
  await app.close();
  await stores.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A fresh account, and the minute moved on so its per-minute budget is whole. */
async function account(): Promise<{ key: string; email: string }> {
  now += 60_000;
  return signup(app);
}

test("raw JSON-LD object: 200 ValidationResponse, 1 credit, meta complete", async () => {
  const { key } = await account();
  const res = await validateJsonLd(app, key, EVENT);
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.is(body.success, true);
  assert.not.ok("url" in body);
  assert.is(body.schemas_found, 1);
  assert.is(body.schemas[0].type, "Event");
  assert.is(body.schemas[0].valid, true);
  for (const field of ["rich_result_eligible", "deprecated", "errors", "warnings", "properties_found", "properties_missing_required", "properties_missing_recommended", "rich_result"]) {
    assert.ok(field in body.schemas[0], field);
  }
  assert.equal(Object.keys(body.summary).sort(), ["invalid_schemas", "rich_result_eligible", "score", "total_errors", "total_schemas", "total_warnings", "valid_schemas"]);
  const meta = body.meta;
  assert.is(meta.api_version, "1.0.0");
  assert.is(meta.validated_at, new Date(now).toISOString());
  assert.is(meta.cached, false);
  assert.is(meta.credits_used, 1);
  assert.is(meta.credits_remaining, 99);
  assert.ok(Number.isInteger(meta.response_time_ms) && meta.response_time_ms >= 0);
});

test("raw JSON-LD: array (graph), subtype normalized, errors reported with 200", async () => {
  const { key } = await account();
  const res = await validateJsonLd(app, key, [EVENT, { "@context": "https://schema.org", "@type": "MusicEvent", name: "Gig" }]);
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.is(body.schemas_found, 2);
  assert.is(body.schemas[1].type, "Event");
  assert.is(body.schemas[1].valid, false);
  assert.ok(body.schemas[1].properties_missing_required.includes("startDate"));
  assert.is(body.summary.invalid_schemas, 1);
  assert.is(body.meta.credits_used, 1, "a validation that finds errors is still a successful validation");
});

test("jsonld as JSON text: validated with line and column; unparsable text is 422 parse_error naming line and column", async () => {
  const { key, email } = await account();
  const text = '{\n  "@context": "https://schema.org",\n  "@type": "Event",\n  "name": "x"\n}';
  const ok = await validateJsonLd(app, key, text);
  assert.is(ok.statusCode, 200);
  const missing = ok.json().schemas[0].errors.find((e: { property: string }) => e.property === "startDate");
  assert.ok(missing);
  const broken = '{\n  "@type": "Event",\n  "name": "x",\n}';
  const err = apiError(await validateJsonLd(app, key, broken), 422, "parse_error");
  // At the trailing comma that broke it (line 3, after "x"), named as such.
  assert.match(err.message, /line 3, column 14/);
  assert.match(err.message, /trailing comma/);
  apiError(await validateJsonLd(app, key, "[1, 2]"), 400, "invalid_request");
  apiError(await validateJsonLd(app, key, '"just a string"'), 400, "invalid_request");
  assert.is((await login(app, email)).requests_used, 1, "errors cost nothing");
});

test("400 invalid_request: both url and jsonld, neither, unknown fields, jsonld of the wrong type", async () => {
  const { key, email } = await account();
  // Many requests: the scale plan's 1,000 a minute.
  await app.sdv.stores.accounts.setPlan((await app.sdv.stores.accounts.findByEmail(email))!.id, "scale");
  const post = (payload: unknown) => app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key }, payload: payload as object });
  apiError(await post({ url: "https://example.com/", jsonld: EVENT }), 400, "invalid_request");
  apiError(await post({}), 400, "invalid_request");
  apiError(await post({ jsonld: EVENT, foo: 1 }), 400, "invalid_request");
  apiError(await post({ foo: 1 }), 400, "invalid_request");
  for (const jsonld of [null, 5, true, [], [1, 2], [EVENT, "x"], ""]) apiError(await post({ jsonld }), 400, "invalid_request");
  apiError(await post([EVENT]), 400, "invalid_request");
  for (const url of [5, ["https://example.com/"], { href: "https://example.com/" }, "", "example.com", "/relative", "ftp://example.com/", "http://user:pw@example.com/", "javascript:alert(1)"]) {
    apiError(await post({ url }), 400, "invalid_url");
  }
  assert.is((await login(app, email)).requests_used, 0);
});

test("application/ld+json bodies: the JSON-LD itself, or the {url}|{jsonld} wrapper", async () => {
  const { key } = await account();
  const send = (payload: unknown) =>
    app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key, "content-type": "application/ld+json" }, payload: JSON.stringify(payload) });
  const raw = await send(EVENT);
  assert.is(raw.statusCode, 200);
  assert.is(raw.json().schemas[0].type, "Event");
  const graph = await send([EVENT, EVENT]);
  assert.is(graph.json().schemas_found, 2);
  const wrapped = await send({ jsonld: EVENT });
  assert.is(wrapped.json().schemas[0].type, "Event");
  apiError(await send({ url: "ftp://x/" }), 400, "invalid_url");
  apiError(
    await app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key, "content-type": "application/ld+json" }, payload: "{nope" }),
    400,
    "invalid_request",
  );
  // ld+json is a validate-only media type.
  apiError(
    await app.inject({ method: "POST", url: "/api/auth/signup", headers: { "content-type": "application/ld+json" }, payload: '{"email":"a@example.com"}' }),
    415,
    "unsupported_media_type",
  );
});

test("jsonld with nothing to validate ({}, a lone @context, an empty @graph): 422 no_jsonld_found, no credit; an untyped node is still reported", async () => {
  const { key, email } = await account();
  for (const empty of [{}, { "@context": "https://schema.org" }, { "@context": "https://schema.org", "@graph": [] }, [{}], "{}"]) {
    const error = apiError(await validateJsonLd(app, key, empty), 422, "no_jsonld_found");
    assert.match(error.message, /no node to validate/, JSON.stringify(empty));
  }
  assert.is((await login(app, email)).requests_used, 0);
  const untyped = await validateJsonLd(app, key, { "@context": "https://schema.org", name: "no type" });
  assert.is(untyped.statusCode, 200);
  assert.is(untyped.json().schemas_found, 1);
  assert.is((await login(app, email)).requests_used, 1);
});

test("credits: each fresh validation costs 1; credits_remaining counts down; error answers cost 0", async () => {
  const { key, email } = await account();
  const remaining: number[] = [];
  for (let i = 0; i < 3; i++) remaining.push((await validateJsonLd(app, key, EVENT)).json().meta.credits_remaining);
  assert.equal(remaining, [99, 98, 97]);
  apiError(await validateJsonLd(app, key, "{"), 422, "parse_error");
  apiError(await validateJsonLd(app, key, null), 400, "invalid_request");
  apiError(await app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key, "content-type": "text/plain" }, payload: "{}" }), 415, "unsupported_media_type");
  apiError(await app.inject({ method: "GET", url: "/api/v1/validate?url=gopher%3A%2F%2Fx%2F", headers: { "x-api-key": key } }), 400, "invalid_url");
  const usage = await login(app, email);
  assert.is(usage.requests_used, 3);
  assert.is(usage.credits_remaining, 97);
});

test("quota: the free plan's 100 validations, then 429 quota_exceeded with upgrade_url; a new month starts over (UTC)", async () => {
  now = Date.parse("2026-01-31T23:58:30Z");
  const { key, email } = await signup(app);
  const acc = (await app.sdv.stores.accounts.findByEmail(email))!;
  // 99 credits used directly in the store, the 100th through the API (the per-minute limit stays out of the way).
  for (let i = 0; i < 99; i++) assert.ok((await app.sdv.stores.accounts.reserveCredit(acc.id, "2026-01", 100)).ok);
  const last = await validateJsonLd(app, key, EVENT);
  assert.is(last.statusCode, 200);
  assert.is(last.json().meta.credits_remaining, 0);
  const over = await validateJsonLd(app, key, EVENT);
  const err = apiError(over, 429, "quota_exceeded");
  assert.is(err.upgrade_url, "https://sdv.test/dashboard/upgrade");
  assert.is(err.retry_after_seconds, undefined);
  assert.is((await login(app, email)).requests_used, 100);

  now = Date.parse("2026-02-01T00:00:00Z");
  const february = await validateJsonLd(app, key, EVENT);
  assert.is(february.statusCode, 200);
  assert.is(february.json().meta.credits_remaining, 99);
  assert.is((await app.sdv.stores.accounts.usage(acc.id, "2026-02")).used, 1);
  assert.is((await app.sdv.stores.accounts.usage(acc.id, "2026-01")).used, 100);
});

test("paid plans: limits per plan (setPlan), quota continues after an upgrade", async () => {
  const { key, email } = await account();
  const acc = (await app.sdv.stores.accounts.findByEmail(email))!;
  await app.sdv.stores.accounts.setPlan(acc.id, "growth");
  const res = await validateJsonLd(app, key, EVENT);
  assert.is(res.json().meta.credits_remaining, 24_999);
  const info = await login(app, email);
  assert.is(info.plan, "growth");
  assert.is(info.requests_limit, 25_000);
});

test("rate limit: free plan 10 a minute, 11th is 429 rate_limit_exceeded with Retry-After; costs nothing; next window allowed", async () => {
  now = Date.parse("2026-04-01T10:00:15Z");
  const { key, email } = await signup(app);
  const remaining: string[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await validateJsonLd(app, key, EVENT);
    assert.is(res.statusCode, 200);
    assert.is(res.headers["x-ratelimit-limit"], "10");
    remaining.push(String(res.headers["x-ratelimit-remaining"]));
  }
  assert.equal(remaining, ["9", "8", "7", "6", "5", "4", "3", "2", "1", "0"]);
  const limited = await validateJsonLd(app, key, EVENT);
  const err = apiError(limited, 429, "rate_limit_exceeded");
  assert.is(err.retry_after_seconds, 45);
  assert.is(limited.headers["retry-after"], "45");
  assert.is(err.upgrade_url, undefined);
  // Every keyed request counts, whatever the route; none of them costs a credit.
  apiError(await app.inject({ method: "POST", url: "/api/auth/checkout", headers: { "x-api-key": key }, payload: { plan: "basic" } }), 429, "rate_limit_exceeded");
  assert.is((await login(app, email)).requests_used, 10);
  now += 45_000;
  assert.is((await validateJsonLd(app, key, EVENT)).statusCode, 200);
});

test("rate limit is per key: another key from the same client is unaffected", async () => {
  now = Date.parse("2026-04-02T10:00:00Z");
  const a = await signup(app);
  const b = await signup(app);
  for (let i = 0; i < 10; i++) await validateJsonLd(app, a.key, EVENT);
  apiError(await validateJsonLd(app, a.key, EVENT), 429, "rate_limit_exceeded");
  assert.is((await validateJsonLd(app, b.key, EVENT)).statusCode, 200);
});

test("RATE_LIMIT_PER_MINUTE overrides every plan's per-minute limit", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sdv-validate-rl-"));
  const other = await buildApp(loadConfig({ DATA_DIR: dir, LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "2" }), { fetchOptions: OFFLINE_FETCH });
  try {
    await awaitRoomInWindow(10_000);
    const { key } = await signup(other);
    const res = await validateJsonLd(other, key, EVENT);
    assert.is(res.headers["x-ratelimit-limit"], "2");
    await validateJsonLd(other, key, EVENT);
    apiError(await validateJsonLd(other, key, EVENT), 429, "rate_limit_exceeded");
  } finally {
    await other.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
