/**
 * A batch's overall deadline (AppDeps.batchDeadlineMs, shortened here): items not finished by then answer
 * 504 batch_timeout, are never charged, and their page fetches are aborted (the loopback server sees the
 * connections close); the other items succeed; the answer keeps every item in input order; the credits the
 * answer reports equal what the store charged, and the account is usable afterwards.
 *
 * The slow pages never answer on their own, so which items time out does not depend on timing; the fast
 * items have the whole (short) deadline to finish in.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { fakeResolver, recorder, sleep, startServer, type Fixture } from "../fetch/fixtures.ts";
import { EVENT, signup, startApp, type TestApp } from "./helpers.ts";
import { BATCH_ITEM_CONCURRENCY } from "../../api/routes/batch/run-items.ts";

const PAGE = `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(EVENT)}</script></head><body></body></html>`;
const DEADLINE_MS = 1500;

interface Item {
  ok: boolean;
  status: number;
  result?: { url?: string; meta: { cached: boolean; credits_used: number } };
  error?: { code: string; message: string; docs_url?: string };
}

let fixture: Fixture;
let t: TestApp;
const dns = fakeResolver({ "site.test": "127.0.0.1" });
const rec = recorder();
/** Slow requests whose connection closed before they were answered (the fetcher gave up). */
const abandoned: string[] = [];
const held: http.ServerResponse[] = [];

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0]!;
  if (path.startsWith("/slow")) {
    // Never answers by itself: only the fetcher giving up ends it.
    held.push(res);
    res.on("close", () => {
      if (!res.writableEnded) abandoned.push(path);
    });
    return;
  }
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(PAGE);
}

const site = (path: string) => `http://site.test:${fixture.port}${path}`;
const period = () => new Date().toISOString().slice(0, 7);

test.before(async () => {
  fixture = await startServer(route);
  t = await startApp(
    { FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", RATE_LIMIT_PER_MINUTE: "100000", LOG_LEVEL: "warn" },
    // The fetch's own deadline is far beyond the batch's: what stops the slow fetches is the batch.
    { fetchOptions: { resolver: dns.resolve, connectGuard: rec.guard, timeoutMs: 60_000 }, batchDeadlineMs: DEADLINE_MS },
  );
});
test.after(async () => {
  for (const res of held) res.destroy();
  await t.close();
  await fixture.close();
  assert.equal(rec.offBox, [], "a connection to a non-loopback address was attempted");
});

test("items past the deadline: 504 batch_timeout, not charged, fetches aborted; the others succeed, in order", async () => {
  const { key, email } = await signup(t.app);
  const account = (await t.app.sdv.stores.accounts.findByEmail(email))!;
  const slowCount = BATCH_ITEM_CONCURRENCY + 2;
  const items = [
    { jsonld: EVENT },
    { url: site("/fast-1") },
    { jsonld: JSON.stringify(EVENT) },
    { url: site("/fast-2") },
    ...Array.from({ length: slowCount }, (_, i) => ({ url: site(`/slow-${i}`) })),
    // Queued behind the slow ones: never started, so it times out too.
    { jsonld: EVENT },
  ];
  const res = await t.app.inject({ method: "POST", url: "/api/v1/validate/batch", headers: { "x-api-key": key }, payload: { items } });
  assert.is(res.statusCode, 200);
  const body = res.json() as { results: Item[]; summary: { items: number; succeeded: number; failed: number; credits_used: number } };
  assert.is(body.results.length, items.length, "every item answered");

  for (const i of [0, 1, 2, 3]) assert.ok(body.results[i]!.ok, `item ${i} finished in time: ${JSON.stringify(body.results[i]!.error)}`);
  assert.is(body.results[1]!.result!.url, site("/fast-1"), "in input order");
  assert.is(body.results[3]!.result!.url, site("/fast-2"), "in input order");
  for (let i = 4; i < items.length; i++) {
    const r = body.results[i]!;
    assert.not.ok(r.ok, `item ${i} is past the deadline`);
    assert.is(r.status, 504);
    assert.is(r.error!.code, "batch_timeout");
    assert.is(r.error!.docs_url, "https://sdv.test/docs/errors#batch_timeout");
    assert.match(r.error!.message, /1500 ms deadline/);
  }

  assert.equal(body.summary, { items: items.length, succeeded: 4, failed: items.length - 4, credits_used: 4 });
  const used = (await t.app.sdv.stores.accounts.usage(account.id, period())).used;
  assert.is(used, 4, "credits charged == successes: the timed-out items' credits were released");

  // The fetches that had started were aborted: the server sees every one of their connections close.
  const started = fixture.requests.filter((r) => r.url?.startsWith("/slow")).length;
  assert.ok(started >= 1 && started <= slowCount, `slow fetches started: ${started}`);
  for (let i = 0; i < 200 && abandoned.length < started; i++) await sleep(10);
  assert.is(abandoned.length, started, "every started slow fetch was aborted");

  // Usage stays consistent afterwards: the next validation is charged once, from where the batch left it.
  const next = await t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key }, payload: { jsonld: EVENT } });
  assert.is(next.statusCode, 200);
  assert.is(next.json().meta.credits_remaining, 100 - 5);
  assert.is((await t.app.sdv.stores.accounts.usage(account.id, period())).used, 5);
});

test("a page whose fetch the batch aborted is fetched afresh later (nothing cached, no stuck single flight)", async () => {
  const { key } = await signup(t.app);
  const url = site("/slow-again");
  const first = (await t.app.inject({ method: "POST", url: "/api/v1/validate/batch", headers: { "x-api-key": key }, payload: { items: [{ url }] } })).json();
  assert.is(first.results[0].error.code, "batch_timeout");
  for (let i = 0; i < 200 && !abandoned.includes("/slow-again"); i++) await sleep(10);
  assert.ok(abandoned.includes("/slow-again"), "the fetch was aborted");
  const before = fixture.requests.filter((r) => r.url === "/slow-again").length;
  const second = (await t.app.inject({ method: "POST", url: "/api/v1/validate/batch", headers: { "x-api-key": key }, payload: { items: [{ url }] } })).json();
  assert.is(second.results[0].error.code, "batch_timeout");
  assert.is(fixture.requests.filter((r) => r.url === "/slow-again").length, before + 1, "a new fetch, not the aborted one shared");
  assert.is(second.summary.credits_used, 0);
});

test.run();
