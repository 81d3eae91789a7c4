/**
 * Exact credits under concurrency, for batches: many concurrent batches on one account near its quota.
 * Fresh validations (raw JSON-LD and uncached URLs) succeed exactly as often as there were credits, the
 * account's usage ends exactly at the quota and never above it, every other fresh item is 429
 * quota_exceeded, cached URLs succeed for free, and the credits the answers report equal the credits the
 * store charged. With failing items mixed in: failures are never charged. Run on the embedded store
 * (SQLite + in-process cache) and with the URL cache and rate limits in Redis (own key prefix; skipped
 * visibly when no Redis answers).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import type { FastifyInstance } from "fastify";
import { openStores, type Stores } from "../../api/stores/index.ts";
import { fakeResolver, recorder, startServer, type Fixture } from "../fetch/fixtures.ts";
import { EVENT, signup, startApp, type TestApp } from "./helpers.ts";
import { closeQuietly, deleteRedisPrefix, probeRedis, REDIS_URL, TEST_REDIS_TIMEOUT_MS, tempDir, uniqueRedisPrefix } from "./stores/fixtures.ts";

const PAGE = `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(EVENT)}</script></head><body></body></html>`;
const MONTHLY = 100;

interface Item {
  ok: boolean;
  status: number;
  result?: { meta: { cached: boolean; credits_used: number } };
  error?: { code: string };
}

let fixture: Fixture;
const dns = fakeResolver({ "site.test": "127.0.0.1" });
const rec = recorder();
let unique = 0;

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0];
  if (path.startsWith("/missing")) {
    res.writeHead(404, { "content-type": "text/html" });
    return void res.end("no");
  }
  // A little latency, so fetches overlap with other batches' reservations.
  setTimeout(() => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(PAGE);
  }, 5);
}

const site = (path: string) => `http://site.test:${fixture.port}${path}`;
const period = () => new Date().toISOString().slice(0, 7);

async function accountNearQuota(app: FastifyInstance, remaining: number): Promise<{ key: string; id: string }> {
  const { key, email } = await signup(app);
  const accounts = app.sdv.stores.accounts;
  const account = (await accounts.findByEmail(email))!;
  for (let i = 0; i < MONTHLY - remaining; i++) assert.ok((await accounts.reserveCredit(account.id, period(), MONTHLY)).ok);
  return { key, id: account.id };
}

async function runBatches(app: FastifyInstance, key: string, batches: unknown[][]): Promise<Item[][]> {
  const answers = await Promise.all(
    batches.map((items) => app.inject({ method: "POST", url: "/api/v1/validate/batch", headers: { "x-api-key": key }, payload: { items } })),
  );
  return answers.map((res) => {
    assert.is(res.statusCode, 200, res.body.slice(0, 200));
    const body = res.json();
    const charged = (body.results as Item[]).reduce((sum, r) => sum + (r.ok ? r.result!.meta.credits_used : 0), 0);
    assert.is(body.summary.credits_used, charged, "the summary adds up the items' credits");
    return body.results as Item[];
  });
}

/** 12 batches of 10 items (6 JSON-LD, 2 fresh URLs, 2 cached URLs) against `remaining` credits: 96 want one. */
async function raceToQuota(app: FastifyInstance, remaining: number): Promise<void> {
  const cachedUrl = site(`/cached-${++unique}`);
  const warm = await signup(app);
  const warmed = await app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": warm.key }, payload: { url: cachedUrl } });
  assert.is(warmed.json().meta.cached, false);

  const { key, id } = await accountNearQuota(app, remaining);
  const batches = Array.from({ length: 12 }, () => [
    { jsonld: EVENT },
    { url: site(`/fresh-${++unique}`) },
    { jsonld: EVENT },
    { url: cachedUrl },
    { jsonld: [EVENT, EVENT] },
    { jsonld: EVENT },
    { url: site(`/fresh-${++unique}`) },
    { jsonld: JSON.stringify(EVENT) },
    { url: cachedUrl },
    { jsonld: EVENT },
  ]);
  const items = (await runBatches(app, key, batches)).flat();
  const fresh = items.filter((r) => r.ok && !r.result!.meta.cached);
  const cached = items.filter((r) => r.ok && r.result!.meta.cached);
  const refused = items.filter((r) => !r.ok);
  assert.is(fresh.length, remaining, `fresh successes with ${remaining} credits`);
  assert.ok(fresh.every((r) => r.result!.meta.credits_used === 1));
  assert.is(cached.length, 24, "every cached URL item is served, credits or not");
  assert.ok(cached.every((r) => r.result!.meta.credits_used === 0));
  assert.is(refused.length, 96 - remaining);
  assert.ok(refused.every((r) => r.status === 429 && r.error!.code === "quota_exceeded"));
  assert.is((await app.sdv.stores.accounts.usage(id, period())).used, MONTHLY, "usage ends exactly at the quota");
}

/** Failing URLs mixed in: a failure holds a credit for a moment, then gives it back; never charged. */
async function raceWithFailures(app: FastifyInstance, remaining: number): Promise<void> {
  const { key, id } = await accountNearQuota(app, remaining);
  const batches = Array.from({ length: 10 }, () => [
    { url: site(`/missing-${++unique}`) },
    { jsonld: EVENT },
    { url: site(`/fresh-${++unique}`) },
    { url: site(`/missing-${++unique}`) },
    { jsonld: "{ not json" },
    { jsonld: EVENT },
  ]);
  const items = (await runBatches(app, key, batches)).flat();
  const fresh = items.filter((r) => r.ok);
  const used = (await app.sdv.stores.accounts.usage(id, period())).used;
  assert.ok(used <= MONTHLY, "never above the quota");
  assert.is(used - (MONTHLY - remaining), fresh.length, "credits charged == successes");
  assert.ok(fresh.length <= remaining);
  for (const [i, r] of items.entries()) {
    const column = i % 6;
    if (column === 0 || column === 3) assert.ok(!r.ok && ["fetch_failed", "quota_exceeded"].includes(r.error!.code), `failing URL: ${r.error?.code}`);
    if (column === 4) assert.is(r.error?.code, "parse_error", "a parse error is found before any credit is taken");
  }
}

/** `skip`: why the suite cannot run here (its tests then count as skipped), decided before they are registered. */
function suite(name: string, open: () => Promise<{ stores?: Stores; cleanup(): Promise<void> }>, skip: string | null = null): void {
  let t: TestApp | null = null;
  let cleanup = async () => {};
  const it = skip === null ? test : test.skip;
  if (skip !== null) console.log(`  SKIP ${name}: ${skip}`);
  it(`${name}: 12 concurrent batches (96 fresh items) against 30 credits: exactly 30 charged, usage ends at the quota (x3)`, async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    t = await startApp(
      { FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", RATE_LIMIT_PER_MINUTE: "100000", LOG_LEVEL: "warn" },
      { fetchOptions: { resolver: dns.resolve, connectGuard: rec.guard, timeoutMs: 3000 }, ...(opened.stores ? { stores: opened.stores } : {}) },
    );
    for (let round = 0; round < 3; round++) await raceToQuota(t.app, 30);
  });
  it(`${name}: 1 credit left and 0 credits left`, async () => {
    if (t === null) return;
    await raceToQuota(t.app, 1);
    await raceToQuota(t.app, 0);
  });
  it(`${name}: failures mixed in are never charged and never push usage past the quota`, async () => {
    if (t === null) return;
    await raceWithFailures(t.app, 12);
    await raceWithFailures(t.app, 100);
  });
  // In a hook, so a failed assertion cannot leave the app (and the process) running.
  test.after(async () => {
    await t?.close();
    await cleanup();
  });
}

test.before(async () => {
  fixture = await startServer(route);
});
test.after(async () => {
  await fixture.close();
  assert.equal(rec.offBox, [], "a connection to a non-loopback address was attempted");
});

suite("embedded store", async () => ({ cleanup: async () => {} }));
const probe = await probeRedis(REDIS_URL);
suite("URL cache and rate limits in Redis", async () => {
  if (!("client" in probe)) throw new Error(probe.reason);
  const admin = probe.client;
  const prefix = uniqueRedisPrefix();
  const dir = tempDir("batch-credits");
  const stores = await openStores({ dataDir: dir.path, redisUrl: REDIS_URL, redisPrefix: prefix, redisCommandTimeoutMs: TEST_REDIS_TIMEOUT_MS });
  assert.is(stores.kind.cache, "redis");
  return {
    stores,
    cleanup: async () => {
      await stores.close();
      await deleteRedisPrefix(admin, prefix);
      await closeQuietly(admin);
      dir.remove();
    },
  };
}, "client" in probe ? null : probe.reason);

test.run();
