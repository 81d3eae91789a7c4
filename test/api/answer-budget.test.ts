/**
 * Issue 16, items 1 and 2: answers bounded per key, not only per request.
 * - 50 copies of one fresh URL in a batch: fetched once, charged once, whatever the timing (it cost up to 3
 *   credits in 6 of 8 trials); the copies say which item they repeat.
 * - The answer budget: answers that cost no credit (cache hits, repeats) are refused with 429
 *   rate_limit_exceeded once the key's bytes of the minute pass ANSWER_BYTES_PER_MINUTE; a paid answer never is.
 * - A batch's answer is capped in bytes: items past the cap are brief (no schemas listed, summary intact,
 *   limits.truncated and schemas_not_listed).
 * - A cache hit is answered from the stored text: byte for byte the fresh answer but for meta.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { fakeResolver, recorder, startServer, type Fixture } from "../fetch/fixtures.ts";
import { manyBlocksPage } from "./hostile-inputs.ts";
import { EVENT, signup, login, startApp, type TestApp } from "./helpers.ts";
import { awaitRoomInWindow } from "./stores/fixtures.ts";
import { BATCH_ANSWER_MAX_BYTES } from "../../api/http/limits.ts";

const PAGE = `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(EVENT)}</script></head><body>hi</body></html>`;
const BIG = manyBlocksPage(5_000);
/**
 * 800 Events whose place, organizer, performer, offers, image and status are typed in Japanese (250
 * characters each, quoted in the node's wrong-type errors): an answer of about 1.5 UTF-8 bytes a character.
 */
const WIDE_TYPE = "会場".repeat(125);
const wideTyped = (i: number) => ({ "@type": `${WIDE_TYPE}${i}` });
const WIDE = `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(
  Array.from({ length: 800 }, (_, i) => ({
    "@context": "https://schema.org",
    "@type": "Event",
    name: `催し ${i}`,
    startDate: "2026-07-21T19:00-05:00",
    ...Object.fromEntries(["location", "organizer", "performer", "offers", "image", "eventStatus"].map((p) => [p, wideTyped(i)])),
  })),
)}</script></head><body>催し</body></html>`;

let fixture: Fixture;
const dns = fakeResolver({ "site.test": "127.0.0.1" });
const rec = recorder();

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0];
  const html = (body: string) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(body);
  };
  if (path.startsWith("/slow")) return void setTimeout(() => html(PAGE), 20 + Math.floor(Math.random() * 60));
  if (path.startsWith("/big")) return html(BIG);
  if (path.startsWith("/wide")) return html(WIDE);
  return html(PAGE);
}

const site = (path: string) => `http://site.test:${fixture.port}${path}`;
const hits = (path: string) => fixture.requests.filter((r) => (r.url ?? "") === path).length;
const fetchOptions = () => ({ resolver: dns.resolve, connectGuard: rec.guard, timeoutMs: 3000 });
const batch = (t: TestApp, key: string, items: unknown) =>
  t.app.inject({ method: "POST", url: "/api/v1/validate/batch", headers: { "x-api-key": key }, payload: { items } as object });
const get = (t: TestApp, key: string, url: string) =>
  t.app.inject({ method: "GET", url: `/api/v1/validate?url=${encodeURIComponent(url)}`, headers: { "x-api-key": key } });

test.before(async () => {
  fixture = await startServer(route);
});
test.after(async () => {
  await fixture.close();
  assert.equal(rec.offBox, [], "a connection to a non-loopback address was attempted");
});

test("50 copies of one fresh URL in a batch: one fetch, one credit, in each of 8 trials; the copies name the item they repeat", async () => {
  const t = await startApp({ FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", RATE_LIMIT_PER_MINUTE: "1000" }, { fetchOptions: fetchOptions() });
  try {
    for (let trial = 0; trial < 8; trial++) {
      const { key, email } = await signup(t.app);
      const path = `/slow/${trial}`;
      // Spelled differently, normalized the same: the fragment is dropped.
      const items = Array.from({ length: 50 }, (_, i) => ({ url: site(i % 2 ? `${path}#x${i}` : path) }));
      const res = await batch(t, key, items);
      assert.is(res.statusCode, 200);
      const body = res.json();
      assert.is(hits(path), 1, `trial ${trial}: fetched ${hits(path)} times`);
      assert.is(body.summary.credits_used, 1);
      assert.is(body.summary.succeeded, 50);
      assert.is((await login(t.app, email)).requests_used, 1);
      assert.is(body.results[0].duplicate_of, undefined);
      for (let i = 1; i < 50; i++) {
        assert.is(body.results[i].duplicate_of, 0);
        assert.is(body.results[i].result.meta.credits_used, 0);
        assert.is(body.results[i].result.meta.cached, true);
        assert.equal(body.results[i].result.schemas, body.results[0].result.schemas);
      }
    }
  } finally {
    await t.close();
  }
});

test("a fresh URL asked by a batch and single calls at once: fetched and charged once", async () => {
  const t = await startApp({ FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", RATE_LIMIT_PER_MINUTE: "1000" }, { fetchOptions: fetchOptions() });
  try {
    for (let trial = 0; trial < 5; trial++) {
      const { key, email } = await signup(t.app);
      const path = `/slow/mixed-${trial}`;
      const calls = [
        batch(t, key, Array.from({ length: 10 }, () => ({ url: site(path) }))),
        ...Array.from({ length: 6 }, () => get(t, key, site(path))),
        batch(t, key, [{ url: site(path) }]),
      ];
      const answers = await Promise.all(calls);
      for (const a of answers) assert.is(a.statusCode, 200);
      assert.is(hits(path), 1);
      assert.is((await login(t.app, email)).requests_used, 1);
    }
  } finally {
    await t.close();
  }
});

test("answer budget: cache hits past it are 429 rate_limit_exceeded; a paid answer is served; a new key has its own", async () => {
  const t = await startApp(
    { FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", RATE_LIMIT_PER_MINUTE: "1000", ANSWER_BYTES_PER_MINUTE: "20000" },
    { fetchOptions: fetchOptions() },
  );
  try {
    const { key } = await signup(t.app);
    // The budget counts in one-minute windows: a window ending mid-test would hand out a fresh budget.
    await awaitRoomInWindow(10_000);
    const fresh = await get(t, key, site("/budget"));
    assert.is(fresh.statusCode, 200);
    const size = fresh.body.length;
    let served = 0;
    let refused: { status: number; body: { error: { code: string; retry_after_seconds: number } }; retry: unknown } | null = null as never;
    for (let i = 0; i < 100 && refused === null; i++) {
      const hit = await get(t, key, site("/budget"));
      if (hit.statusCode === 200) served++;
      else refused = { status: hit.statusCode, body: hit.json(), retry: hit.headers["retry-after"] };
    }
    if (refused === null) return assert.unreachable("never refused");
    assert.is(refused.status, 429);
    assert.is(refused.body.error.code, "rate_limit_exceeded");
    assert.ok(refused.body.error.retry_after_seconds >= 1);
    assert.ok(refused.retry !== undefined);
    // Within the budget: about 20,000 bytes / size answers in all (the count is of bytes sent, plus a margin per answer).
    assert.ok(served >= Math.floor(20_000 / (size + 400)) - 1 && served <= Math.ceil(20_000 / size), `served ${served} hits of ${size} bytes`);
    // A fresh validation costs a credit: served even past the budget.
    const paid = await get(t, key, site("/budget-other"));
    assert.is(paid.statusCode, 200);
    assert.is(paid.json().meta.credits_used, 1);
    // In a batch: the hits are refused item by item.
    const inBatch = (await batch(t, key, [{ url: site("/budget") }, { jsonld: EVENT }])).json();
    assert.is(inBatch.results[0].status, 429);
    assert.is(inBatch.results[0].error.code, "rate_limit_exceeded");
    assert.is(inBatch.results[1].status, 200);
    // Another key is not affected.
    const other = await signup(t.app);
    assert.is((await get(t, other.key, site("/budget"))).statusCode, 200);
  } finally {
    await t.close();
  }
});

test("a batch's answer is capped in bytes: later items are brief (summary kept, schemas not listed)", async () => {
  const t = await startApp({ FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", RATE_LIMIT_PER_MINUTE: "1000" }, { fetchOptions: fetchOptions() });
  try {
    const { key } = await signup(t.app);
    const first = await get(t, key, site("/big"));
    assert.is(first.statusCode, 200);
    const whole = first.json();
    assert.ok(first.body.length > 100_000, `the page's answer is large (${first.body.length})`);
    const items = Array.from({ length: 50 }, (_, i) => ({ url: site(`/big?copy=${i % 2}`) }));
    const res = await batch(t, key, [{ url: site("/big") }, ...items.slice(0, 49)]);
    assert.is(res.statusCode, 200);
    assert.ok(res.body.length < BATCH_ANSWER_MAX_BYTES + 50 * 4096, `answer ${res.body.length} bytes`);
    const body = res.json();
    assert.is(body.summary.succeeded, 50);
    const brief = body.results.filter((r: { result: { schemas: unknown[] } }) => r.result.schemas.length === 0);
    assert.ok(brief.length > 0, "some items are brief");
    for (const r of brief) {
      assert.is(r.result.limits.truncated, true);
      assert.is(r.result.limits.schemas_not_listed, whole.schemas.length);
      assert.equal(r.result.summary, whole.summary);
    }
    assert.equal(body.results[0].result.schemas, whole.schemas, "the first item is whole");
  } finally {
    await t.close();
  }
});

test("the batch cap counts bytes: answers of Japanese text stop being whole at the cap's bytes, not its characters", async () => {
  const t = await startApp({ FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", RATE_LIMIT_PER_MINUTE: "1000" }, { fetchOptions: fetchOptions() });
  try {
    const { key } = await signup(t.app);
    const one = await get(t, key, site("/wide"));
    assert.is(one.statusCode, 200);
    const chars = one.body.length;
    const bytes = one.rawPayload.length;
    assert.ok(bytes > 1.4 * chars, `the answer is mostly non-ASCII (${bytes} bytes, ${chars} characters)`);
    // Enough whole answers to pass the cap's bytes well before its characters.
    const items = Array.from({ length: Math.ceil((1.2 * BATCH_ANSWER_MAX_BYTES) / bytes) + 2 }, (_, i) => ({ url: site(`/wide?copy=${i}`) }));
    const res = await batch(t, key, items);
    assert.is(res.statusCode, 200);
    const body = res.json();
    assert.is(body.summary.succeeded, items.length);
    assert.ok(res.rawPayload.length < BATCH_ANSWER_MAX_BYTES + items.length * 4096, `answer ${res.rawPayload.length} bytes (${res.body.length} characters)`);
    assert.ok(body.results.some((r: { result: { schemas: unknown[] } }) => r.result.schemas.length === 0), "later items are brief");
    assert.ok(body.results[0].result.schemas.length > 0, "the first item is whole");
  } finally {
    await t.close();
  }
});

test("50 items of 800 nodes in one 0.94 MiB body: the answer is capped (it was 26 MiB), every item counted in its summary", async () => {
  const t = await startApp({ RATE_LIMIT_PER_MINUTE: "1000" });
  try {
    const { key } = await signup(t.app);
    // Distinct items (identical ones would run once): 800 bare Events each, after one that names the item.
    const payload = { items: Array.from({ length: 50 }, (_, i) => ({ jsonld: [{ "@type": "Event", name: `item ${i}` }, ...Array.from({ length: 799 }, () => ({ "@type": "Event" }))] })) };
    assert.ok(JSON.stringify(payload).length < 1024 * 1024);
    const res = await t.app.inject({ method: "POST", url: "/api/v1/validate/batch", headers: { "x-api-key": key }, payload });
    assert.is(res.statusCode, 200);
    assert.ok(res.body.length < BATCH_ANSWER_MAX_BYTES + 50 * 8192, `answer ${res.body.length} bytes`);
    const body = res.json();
    assert.is(body.summary.succeeded, 50);
    assert.is(body.summary.credits_used, 50);
    for (const r of body.results) assert.ok(r.result.summary.total_schemas > 0);
    assert.ok(body.results.some((r: { result: { schemas: unknown[] } }) => r.result.schemas.length === 0), "later items are brief");
  } finally {
    await t.close();
  }
});

test("a cache hit is the fresh answer but for meta", async () => {
  const t = await startApp({ FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", RATE_LIMIT_PER_MINUTE: "1000" }, { fetchOptions: fetchOptions() });
  try {
    const { key } = await signup(t.app);
    const fresh = (await get(t, key, site("/cached"))).json();
    const hit = (await get(t, key, site("/cached"))).json();
    assert.is(hit.meta.cached, true);
    assert.is(hit.meta.credits_used, 0);
    assert.equal({ ...hit, meta: null }, { ...fresh, meta: null });
  } finally {
    await t.close();
  }
});

test.run();
