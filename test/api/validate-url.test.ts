/**
 * URL validation end to end: a fixture web server on 127.0.0.1, test host names resolved by an injected
 * resolver, and a connect guard that refuses (and records) any non-loopback address before a socket
 * exists, so no packet ever leaves the machine. Covers the fetch error codes, the 1-hour cache (shared
 * across keys, fragment dropped, served with no credits left), single flight, credit release on failure,
 * a real listening server with ?access_key=, and log redaction.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { request as undiciRequest } from "undici";
import { fakeResolver, recorder, startServer, sleep, type Fixture } from "../fetch/fixtures.ts";
import { apiError, login, signup, startApp, type TestApp } from "./helpers.ts";

const PAGE = (blocks: string[]) =>
  `<!doctype html><html><head><title>t</title>\n${blocks.map((b) => `<script type="application/ld+json">${b}</script>`).join("\n")}\n</head><body>hi</body></html>`;
const EVENT_BLOCK = JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Event",
  name: "Jazz night",
  startDate: "2026-07-21T19:00-05:00",
  location: { "@type": "Place", name: "Hall", address: "1 Main St" },
});

let fixture: Fixture;
let t: TestApp;
let now = Date.parse("2026-05-10T08:00:00Z");
const dns = fakeResolver({ "site.test": "127.0.0.1", "evil.test": "127.0.0.2", "private.test": "10.0.0.1", "meta.test": "169.254.169.254" });
const rec = recorder();

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0];
  const html = (body: string) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(body);
  };
  switch (path) {
    case "/page":
    case "/page2":
    case "/shared":
      return html(PAGE([EVENT_BLOCK]));
    case "/slow":
      setTimeout(() => html(PAGE([EVENT_BLOCK])), 150);
      return;
    case "/mixed":
      return html(PAGE(["{ broken", EVENT_BLOCK]));
    case "/broken":
      return html(PAGE(["{\n  \"@type\": \"Event\",\n}", "[1,"]));
    case "/none":
      return html("<!doctype html><html><body><script type=\"application/json\">{}</script></body></html>");
    case "/untyped":
      return html('<!doctype html><html><body><div itemscope><span itemprop="name">Jazz night</span></div></body></html>');
    case "/untyped-and-typed":
      return html(
        '<!doctype html><html><body><div itemscope><span itemprop="name">Jazz night</span></div>' +
          `<script type="application/ld+json">${EVENT_BLOCK}</script></body></html>`,
      );
    case "/pdf":
      res.writeHead(200, { "content-type": "application/pdf" });
      return void res.end("%PDF-1.4");
    case "/missing":
      res.writeHead(404, { "content-type": "text/html" });
      return void res.end("not here");
    case "/huge":
      res.writeHead(200, { "content-type": "text/html", "content-length": String(50 * 1024 * 1024) });
      return void res.end();
    case "/loop":
      res.writeHead(302, { location: "/loop" });
      return void res.end();
    case "/to-private":
      res.writeHead(302, { location: "http://private.test/" });
      return void res.end();
    case "/hang":
      return; // never answers
    default:
      res.writeHead(404);
      res.end();
  }
}

const hits = (path: string) => fixture.requests.filter((r) => (r.url ?? "").split("?")[0] === path).length;
const site = (path: string) => `http://site.test:${fixture.port}${path}`;
const get = (key: string, url: string) =>
  t.app.inject({ method: "GET", url: `/api/v1/validate?url=${encodeURIComponent(url)}`, headers: { "x-api-key": key } });

test.before(async () => {
  fixture = await startServer(route);
  t = await startApp(
    { FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", RATE_LIMIT_PER_MINUTE: "1000" },
    { clock: () => new Date(now), fetchOptions: { resolver: dns.resolve, connectGuard: rec.guard, timeoutMs: 1500 } },
  );
});
test.after(async () => {
  await t.close();
  await fixture.close();
  assert.equal(rec.offBox, [], "a connection to a non-loopback address was attempted");
});

test("GET ?url: 200, url echoed (normalized), 1 credit; POST {url} the same", async () => {
  const { key, email } = await signup(t.app);
  const res = await get(key, site("/page"));
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.is(body.url, site("/page"));
  assert.is(body.schemas_found, 1);
  assert.is(body.schemas[0].type, "Event");
  assert.is(body.meta.cached, false);
  assert.is(body.meta.credits_used, 1);
  assert.is(body.meta.credits_remaining, 99);
  const post = await t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key }, payload: { url: site("/page2") } });
  assert.is(post.statusCode, 200);
  assert.is(post.json().url, site("/page2"));
  assert.is((await login(t.app, email)).requests_used, 2);
});

test("cache: a second request within the hour is cached: true, 0 credits, no fetch; shared across keys; fragment dropped", async () => {
  const a = await signup(t.app);
  const b = await signup(t.app);
  const first = await get(a.key, site("/shared#one"));
  assert.is(first.json().meta.cached, false);
  assert.is(first.json().url, site("/shared"));
  const validatedAt = first.json().meta.validated_at;
  now += 10 * 60_000;
  const again = await get(a.key, site("/shared#two"));
  assert.is(again.statusCode, 200);
  assert.is(again.json().meta.cached, true);
  assert.is(again.json().meta.credits_used, 0);
  assert.is(again.json().meta.credits_remaining, 99);
  assert.is(again.json().meta.validated_at, validatedAt, "validated_at is the time of the validation served");
  const other = await t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": b.key }, payload: { url: site("/shared") } });
  assert.is(other.json().meta.cached, true);
  assert.is(other.json().meta.credits_remaining, 100);
  assert.is(hits("/shared"), 1);
  // A different query string is a different page.
  assert.is((await get(a.key, site("/shared?x=1"))).json().meta.cached, false);
  assert.is((await login(t.app, a.email)).requests_used, 2);
  assert.is((await login(t.app, b.email)).requests_used, 0);
});

test("cache: served even with no credits left; a miss with no credits is 429 quota_exceeded", async () => {
  const { key, email } = await signup(t.app);
  assert.is((await get(key, site("/page"))).json().meta.cached, true); // cached by the first test
  const acc = (await t.app.sdv.stores.accounts.findByEmail(email))!;
  const period = new Date(now).toISOString().slice(0, 7);
  for (let i = 0; i < 100; i++) await t.app.sdv.stores.accounts.reserveCredit(acc.id, period, 100);
  const hit = await get(key, site("/page"));
  assert.is(hit.statusCode, 200);
  assert.is(hit.json().meta.cached, true);
  assert.is(hit.json().meta.credits_remaining, 0);
  const miss = apiError(await get(key, site("/page?fresh=1")), 429, "quota_exceeded");
  assert.is(miss.upgrade_url, "https://sdv.test/dashboard/upgrade");
  assert.is(hits("/page"), 1, "the quota is checked before fetching");
});

test("cache: after one hour the page is fetched and charged again", async () => {
  const { key } = await signup(t.app);
  const before = hits("/page2");
  now += 3600_000 + 1000;
  const res = await get(key, site("/page2"));
  assert.is(res.json().meta.cached, false);
  assert.is(res.json().meta.credits_used, 1);
  assert.is(hits("/page2"), before + 1);
});

test("raw JSON-LD is never cached", async () => {
  const { key } = await signup(t.app);
  const payload = { jsonld: JSON.parse(EVENT_BLOCK) };
  for (let i = 0; i < 2; i++) {
    const res = await t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key }, payload });
    assert.is(res.json().meta.cached, false);
    assert.is(res.json().meta.credits_used, 1);
  }
});

test("fetch failures: 422 with the fetcher's code, 0 credits, the reservation released exactly once, nothing cached", async () => {
  const { key, email } = await signup(t.app);
  const accounts = t.app.sdv.stores.accounts;
  const original = accounts.releaseCredit.bind(accounts);
  let releases = 0;
  accounts.releaseCredit = async (id, period) => {
    releases += 1;
    return original(id, period);
  };
  const cases: Array<[string, string]> = [
    [site("/missing"), "fetch_failed"],
    [site("/pdf"), "unsupported_content_type"],
    [site("/huge"), "page_too_large"],
    [site("/loop"), "too_many_redirects"],
    [site("/to-private"), "destination_not_allowed"],
    [site("/none"), "no_jsonld_found"],
    [site("/untyped"), "no_jsonld_found"],
    [site("/broken"), "parse_error"],
    ["http://evil.test/", "destination_not_allowed"],
    ["http://meta.test/latest/meta-data/", "destination_not_allowed"],
    ["http://127.0.0.2/", "destination_not_allowed"],
    ["http://[::1]/", "destination_not_allowed"],
    ["http://unknown.test/", "fetch_failed"],
    [site("/hang"), "fetch_timeout"],
  ];
  try {
    for (const [url, code] of cases) {
      releases = 0;
      const err = apiError(await get(key, url), 422, code);
      if (!/\/\/[\d[]/.test(url)) assert.not.match(err.message, /127\.0\.0\.|10\.0\.0\.1|169\.254/, "no resolved address in messages");
      assert.is(releases, 1, `${code}: released once`);
    }
    const parse = apiError(await get(key, site("/broken")), 422, "parse_error");
    assert.match(parse.message, /line \d+, column \d+/);
    assert.is((await login(t.app, email)).requests_used, 0);
    // Failures are not cached: the same URL is fetched again.
    const before = hits("/missing");
    apiError(await get(key, site("/missing")), 422, "fetch_failed");
    assert.is(hits("/missing"), before + 1);
  } finally {
    accounts.releaseCredit = original;
  }
});

test("untyped Microdata: alone it is a page without structured data (422, free, the message names it); next to typed data it is a warning", async () => {
  const { key, email } = await signup(t.app);
  const alone = apiError(await get(key, site("/untyped")), 422, "no_jsonld_found");
  assert.match(alone.message, /Microdata items without an itemtype/);
  assert.is((await login(t.app, email)).requests_used, 0);

  const res = await get(key, site("/untyped-and-typed"));
  assert.is(res.statusCode, 200, res.body);
  const body = res.json();
  assert.equal(body.schemas.map((s: { type: string }) => s.type).sort(), ["(no itemtype)", "Event"]);
  const untyped = body.schemas.find((s: { type: string }) => s.type === "(no itemtype)");
  assert.is(untyped.warnings[0].code, "missing-type");
  assert.is((await login(t.app, email)).requests_used, 1);
});

test("400 invalid_url: not http(s), credentials, port not allowed, missing", async () => {
  const { key } = await signup(t.app);
  for (const url of ["ftp://site.test/", "file:///etc/passwd", "http://u:p@site.test/", "site.test/page", "http://site.test:99999/"]) {
    apiError(await get(key, url), 400, "invalid_url");
  }
  apiError(await get(key, "http://other.test:8080/"), 400, "invalid_url");
  apiError(await t.app.inject({ method: "GET", url: "/api/v1/validate?url=", headers: { "x-api-key": key } }), 400, "invalid_url");
  apiError(await t.app.inject({ method: "GET", url: "/api/v1/validate?url=http%253A%252F%252F127.0.0.1%252F", headers: { "x-api-key": key } }), 400, "invalid_url");
  apiError(
    await t.app.inject({ method: "GET", url: `/api/v1/validate?url=${encodeURIComponent(site("/page"))}&extra=1`, headers: { "x-api-key": key } }),
    400,
    "invalid_request",
  );
});

test("a page with one broken block and one valid block is 200: both reported", async () => {
  const { key } = await signup(t.app);
  const res = await get(key, site("/mixed"));
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.is(body.schemas_found, 2);
  assert.ok(body.schemas.some((s: { type: string }) => s.type === "Event"));
  assert.ok(body.schemas.some((s: { errors: Array<{ line?: number }> }) => s.errors.some((e) => e.line !== undefined)));
});

test("single flight: 6 concurrent requests for one cold URL fetch it once and charge it once", async () => {
  const { key, email } = await signup(t.app);
  const results = await Promise.all(Array.from({ length: 6 }, () => get(key, site("/slow"))));
  for (const r of results) assert.is(r.statusCode, 200);
  assert.is(hits("/slow"), 1);
  assert.is(results.filter((r) => r.json().meta.credits_used === 1).length, 1);
  assert.is(results.filter((r) => r.json().meta.cached === true).length, 5);
  assert.is((await login(t.app, email)).requests_used, 1);
});

test("real loopback server: GET with ?access_key= and with x-api-key; keys never reach the logs", async () => {
  const { key } = await signup(t.app);
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const viaQuery = await undiciRequest(`${address}/api/v1/validate?url=${encodeURIComponent(site("/page"))}&access_key=${key}`);
  assert.is(viaQuery.statusCode, 200);
  const body = (await viaQuery.body.json()) as { success: boolean; url: string };
  assert.is(body.success, true);
  assert.is(body.url, site("/page"));
  assert.is(viaQuery.headers["content-type"], "application/json; charset=utf-8");
  const viaHeader = await undiciRequest(`${address}/api/v1/validate`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ jsonld: JSON.parse(EVENT_BLOCK) }),
  });
  assert.is(viaHeader.statusCode, 200);
  await viaHeader.body.dump();
  const bad = await undiciRequest(`${address}/api/v1/validate?url=x&access_key=${key.slice(0, -1)}z`);
  assert.is(bad.statusCode, 401);
  await bad.body.dump();
  await sleep(20);
  const logs = t.logs.join("");
  assert.ok(logs.includes("access_key=[redacted]"), "the request URL is logged, redacted");
  assert.not.ok(logs.includes(key), "the API key appears in the logs");
  assert.not.ok(logs.includes(key.slice(9)), "the key's hex appears in the logs");
  assert.not.ok(logs.includes(key.slice(0, -1)), "a near-key appears in the logs");
});

test.run();
