/**
 * POST /api/v1/validate/batch: results in input order, each item answered and charged exactly as the same
 * POST /api/v1/validate would be (compared against real single calls), per-item errors in the ApiError
 * shape with the single call's status, cache hits free and served with no credits left, failures free
 * (credit released once), shape errors naming the item, the 50-item cap, and the batch counting as one
 * request for the per-minute limit. Pages come from a fixture server on 127.0.0.1 (test names resolved
 * by an injected resolver; any non-loopback connection is refused and recorded).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import type { LightMyRequestResponse } from "fastify";
import { fakeResolver, recorder, startServer, type Fixture } from "../fetch/fixtures.ts";
import { EVENT, apiError, login, signup, startApp, type TestApp } from "./helpers.ts";
import { awaitRoomInWindow } from "./stores/fixtures.ts";

const EVENT_BLOCK = JSON.stringify(EVENT);
const PAGE = (block: string) => `<!doctype html><html><head><script type="application/ld+json">${block}</script></head><body>hi</body></html>`;
/** Microdata with a relative image: only resolved (and so without an invalid-format warning) when the page URL reaches the engine. */
const MICRODATA_PAGE =
  '<!doctype html><html><body><div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Shoe</span>' +
  '<img itemprop="image" src="img/shoe.jpg"></div></body></html>';

let fixture: Fixture;
let t: TestApp;
const dns = fakeResolver({ "site.test": "127.0.0.1" });
const rec = recorder();

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0];
  const html = (body: string) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(body);
  };
  if (path.startsWith("/page") || path.startsWith("/shared")) return html(PAGE(EVENT_BLOCK));
  if (path.startsWith("/slow")) return void setTimeout(() => html(PAGE(EVENT_BLOCK)), 120);
  if (path.startsWith("/microdata")) return html(MICRODATA_PAGE);
  if (path.startsWith("/og")) return html('<!doctype html><html><head><meta property="og:title" content="x"></head><body></body></html>');
  res.writeHead(404, { "content-type": "text/html" });
  res.end("not here");
}

const site = (path: string) => `http://site.test:${fixture.port}${path}`;
const hits = (path: string) => fixture.requests.filter((r) => (r.url ?? "").split("?")[0] === path).length;
const batch = (key: string, items: unknown, app = t.app) =>
  app.inject({ method: "POST", url: "/api/v1/validate/batch", headers: { "x-api-key": key }, payload: { items } as object });
const single = (key: string, payload: object) => t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key }, payload });

interface Item {
  ok: boolean;
  status: number;
  result?: { url?: string; schemas: Array<{ type: string; warnings: Array<{ property: string; code: string }> }>; summary: unknown; meta: Record<string, unknown> };
  error?: { code: string; message: string; docs_url: string; upgrade_url?: string };
}
const results = (res: LightMyRequestResponse): Item[] => {
  assert.is(res.statusCode, 200, res.body.slice(0, 300));
  return res.json().results;
};
/** A response without what differs between two runs of the same validation. */
const stable = (body: { meta?: unknown }) => ({ ...body, meta: undefined });

async function useAllCredits(email: string): Promise<void> {
  const accounts = t.app.sdv.stores.accounts;
  const account = (await accounts.findByEmail(email))!;
  const period = new Date().toISOString().slice(0, 7);
  while ((await accounts.reserveCredit(account.id, period, 100)).ok);
}

test.before(async () => {
  fixture = await startServer(route);
  t = await startApp(
    { FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", RATE_LIMIT_PER_MINUTE: "1000" },
    { fetchOptions: { resolver: dns.resolve, connectGuard: rec.guard, timeoutMs: 1500 } },
  );
});
test.after(async () => {
  await t.close();
  await fixture.close();
  assert.equal(rec.offBox, [], "a connection to a non-loopback address was attempted");
});

test("mixed items: results in input order, each the single call's answer; only fresh validations charged", async () => {
  const { key, email } = await signup(t.app);
  const invalidEvent = { ...EVENT, startDate: undefined, name: "No date" };
  const items: Array<{ url?: string; jsonld?: unknown }> = [
    { url: site("/slow") }, // answers last, listed first
    { jsonld: EVENT },
    { jsonld: "{\n  \"@type\": \"Event\",\n}" },
    { url: site("/missing") },
    { url: site("/og") },
    { jsonld: [invalidEvent, EVENT] },
    { url: site("/microdata") },
    { url: "ftp://site.test/x" },
  ];
  const got = results(await batch(key, items));
  assert.is(got.length, items.length);
  assert.equal(got.map((r) => r.status), [200, 200, 422, 422, 422, 200, 200, 400]);
  assert.equal(got.map((r) => r.error?.code ?? null), [null, null, "parse_error", "fetch_failed", "no_jsonld_found", null, null, "invalid_url"]);
  assert.is(got[0].result!.url, site("/slow"));
  assert.is(got[1].result!.url, undefined);
  assert.equal(got[5].result!.schemas.map((s) => s.type), ["Event", "Event"]);
  assert.ok((got[5].result!.summary as { total_errors: number }).total_errors > 0, "the event without a date has errors");
  const microdataImage = got[6].result!.schemas[0].warnings.filter((w) => w.property === "image");
  assert.equal(microdataImage, [], "the page URL reached the engine: the relative image was resolved");
  for (const r of got.filter((r) => !r.ok)) {
    assert.is(Object.keys(r).sort().join(","), "error,ok,status");
    assert.ok(r.error!.docs_url.endsWith(`#${r.error!.code}`));
    assert.type(r.error!.message, "string");
  }
  assert.equal(got.map((r) => (r.ok ? r.result!.meta.credits_used : 0)), [1, 1, 0, 0, 0, 1, 1, 0]);
  assert.equal(await batch(key, [{ jsonld: EVENT }]).then((r) => r.json().summary), { items: 1, succeeded: 1, failed: 0, credits_used: 1 });
  assert.is((await login(t.app, email)).requests_used, 5);

  // The same items one by one through POST /api/v1/validate: the same statuses, codes, messages and reports.
  const other = await signup(t.app);
  const freshUrl = (u: string) => `${u}-single`;
  for (const [i, item] of items.entries()) {
    const payload = item.url?.startsWith("http:") ? { url: freshUrl(item.url) } : item;
    const res = await single(other.key, payload);
    assert.is(res.statusCode, got[i].status, `item ${i}: status`);
    if (got[i].ok) {
      const body = res.json();
      assert.is(body.meta.cached, false);
      assert.equal({ ...stable(body), url: undefined }, { ...stable(got[i].result!), url: undefined }, `item ${i}: report`);
    } else {
      const error = res.json().error;
      assert.is(error.code, got[i].error!.code, `item ${i}: code`);
      assert.is(error.message.replace("-single", ""), got[i].error!.message, `item ${i}: message`);
    }
  }
});

test("cache: a URL the cache holds is free and served with no credits left; the same URL twice in a batch is fetched once", async () => {
  const { key, email } = await signup(t.app);
  const first = results(await batch(key, [{ url: site("/shared") }, { url: site("/shared#again") }]));
  assert.equal(first.map((r) => r.result!.meta.credits_used), [1, 0]);
  assert.equal(first.map((r) => r.result!.meta.cached), [false, true]);
  assert.is(hits("/shared"), 1);
  assert.is((await login(t.app, email)).requests_used, 1);

  const broke = await signup(t.app);
  await useAllCredits(broke.email);
  const got = results(await batch(broke.key, [{ url: site("/shared") }, { jsonld: EVENT }, { url: site("/page-uncached") }, { url: site("/shared") }]));
  assert.equal(got.map((r) => r.status), [200, 429, 429, 200]);
  assert.equal(got.map((r) => r.result?.meta.cached ?? r.error!.code), [true, "quota_exceeded", "quota_exceeded", true]);
  assert.is(got[0].result!.meta.credits_remaining, 0);
  assert.is(got[1].error!.upgrade_url, "https://sdv.test/dashboard/upgrade");
  assert.is(hits("/page-uncached"), 0, "the quota is checked before fetching");
  assert.is(hits("/shared"), 1);
  assert.is((await login(t.app, broke.email)).requests_used, 100);
});

test("a cached item answered before the batch's fresh items took their credits says what is left when the batch answers", async () => {
  const { key, email } = await signup(t.app);
  results(await batch(key, [{ url: site("/shared-credits") }]));
  const got = results(await batch(key, [{ jsonld: EVENT }, { jsonld: { ...EVENT, name: "Second" } }, { jsonld: { ...EVENT, name: "Third" } }, { url: site("/shared-credits") }]));
  assert.equal(got.map((r) => r.result!.meta.credits_used), [1, 1, 1, 0]);
  const left = (await login(t.app, email)).credits_remaining;
  assert.is(left, 96);
  assert.is(got[3].result!.meta.credits_remaining, left, "the cache hit's figure is the account's after the batch");
  assert.is(Math.min(...got.slice(0, 3).map((r) => r.result!.meta.credits_remaining as number)), left);
});

test("failures are free: every failed item releases its credit exactly once", async () => {
  const { key, email } = await signup(t.app);
  const accounts = t.app.sdv.stores.accounts;
  const original = accounts.releaseCredit.bind(accounts);
  let releases = 0;
  accounts.releaseCredit = async (id, period) => {
    releases += 1;
    return original(id, period);
  };
  try {
    const got = results(await batch(key, [{ url: site("/missing") }, { url: site("/og") }, { url: site("/gone") }, { jsonld: EVENT }]));
    assert.equal(got.map((r) => r.status), [422, 422, 422, 200]);
    assert.is(releases, 3);
  } finally {
    accounts.releaseCredit = original;
  }
  assert.is((await login(t.app, email)).requests_used, 1);
});

test("a large batch body (parsed in a worker) gives the same results as small items", async () => {
  const { key } = await signup(t.app);
  const big = { ...EVENT, description: "x".repeat(40_000) };
  const got = results(await batch(key, [{ jsonld: EVENT }, { jsonld: big }, { jsonld: JSON.stringify(big) }, { jsonld: "[1," }]));
  assert.equal(got.map((r) => r.status), [200, 200, 200, 422]);
  const small = results(await batch(key, [{ jsonld: big }]))[0];
  assert.equal(stable(got[1].result!), stable(small.result!));
  assert.is(got[1].result!.schemas[0].type, "Event");
  assert.is(got[3].error!.code, "parse_error");
});

test("shape errors: 400 invalid_request naming the item; more than 50 items; nothing charged", async () => {
  const { key, email } = await signup(t.app);
  const cases: Array<[unknown, RegExp]> = [
    [[], /1 to 50/],
    [Array.from({ length: 51 }, () => ({ jsonld: EVENT })), /at most 50 items; this one has 51/],
    [[{ jsonld: EVENT }, { jsonld: EVENT }, { url: 3 }], /items\[2\]\.url/],
    [[{ jsonld: EVENT }, {}], /items\[1\] is empty/],
    [[{ jsonld: EVENT, url: site("/page") }], /items\[0\] gives both/],
    [[{ jsonld: EVENT }, { jsonld: EVENT }, { jsonld: EVENT }, { jsonld: 5 }], /items\[3\]\.jsonld/],
    [[{ jsonld: EVENT }, "https://example.com/"], /items\[1\] must be an object/],
    [[{ href: "https://example.com/" }], /items\[0\] has an unknown field "href"/],
  ];
  for (const [items, message] of cases) {
    const err = apiError(await batch(key, items), 400, "invalid_request");
    assert.match(err.message, message);
  }
  const big = Array.from({ length: 51 }, () => ({ jsonld: { ...EVENT, description: "y".repeat(1000) } }));
  assert.match(apiError(await batch(key, big), 400, "invalid_request").message, /at most 50 items; this one has 51/, "also when parsed in a worker");
  const noItems = await t.app.inject({ method: "POST", url: "/api/v1/validate/batch", headers: { "x-api-key": key }, payload: { url: site("/page") } });
  assert.match(apiError(noItems, 400, "invalid_request").message, /field items is required/);
  const ld = await t.app.inject({
    method: "POST",
    url: "/api/v1/validate/batch",
    headers: { "x-api-key": key, "content-type": "application/ld+json" },
    payload: JSON.stringify({ items: [{ jsonld: EVENT }] }),
  });
  apiError(ld, 415, "unsupported_media_type");
  apiError(await t.app.inject({ method: "POST", url: "/api/v1/validate/batch", payload: { items: [{ jsonld: EVENT }] } }), 401, "missing_api_key");
  assert.is((await login(t.app, email)).requests_used, 0);
});

test("the batch is one request for the per-minute limit, whatever its size", async () => {
  const limited = await startApp({ RATE_LIMIT_PER_MINUTE: "2" });
  try {
    await awaitRoomInWindow(15_000);
    const { key } = await signup(limited.app);
    const fifty = Array.from({ length: 50 }, () => ({ jsonld: EVENT }));
    for (let i = 0; i < 2; i++) {
      const res = await batch(key, fifty, limited.app);
      assert.is(res.statusCode, 200);
      assert.is(res.headers["x-ratelimit-remaining"], String(1 - i));
      assert.is(res.json().summary.succeeded, 50);
    }
    apiError(await batch(key, [{ jsonld: EVENT }], limited.app), 429, "rate_limit_exceeded");
  } finally {
    await limited.close();
  }
});

test.run();
