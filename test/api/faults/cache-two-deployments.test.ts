/**
 * Two deployments sharing one Redis (a redis-server of the test's own), each with its own accounts and its
 * own public base URL: each keeps its own URL cache entries. Before the base URL was part of the key, the
 * second deployment read the first one's entry as a miss (its links named the other base), fetched and
 * charged again, and overwrote it, so the two took turns evicting each other. The engine is part of the key
 * too (a rolling deploy of new rules): that part is held by the unit test in url-cache-key.test.ts, as one
 * build cannot run two engines. Skips visibly without a redis-server binary.
 */
import type http from "node:http";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fakeResolver, startServer, type Fixture } from "../../fetch/fixtures.ts";
import { OFFLINE_FETCH, signup, startApp, type TestApp } from "../helpers.ts";
import { privateRedisMissing, startPrivateRedis, type PrivateRedis } from "./private-redis.ts";
import { TEST_REDIS_TIMEOUT_MS } from "../stores/fixtures.ts";

const EVENT_WITHOUT_LOCATION = JSON.stringify({ "@context": "https://schema.org", "@type": "Event", name: "Jazz night", startDate: "2026-07-21T19:00-05:00" });

let redis: PrivateRedis | null = null;
const missing = privateRedisMissing();
if (missing !== null) console.log(`  skipped: ${missing}`);
/** Without redis-server the tests are uvu skips (counted as skipped), not early returns (counted as passed). */
const redisTest = missing === null ? test : test.skip;
let fixture: Fixture;
const deployments: TestApp[] = [];
const dns = fakeResolver({ "site.test": "127.0.0.1" });

function route(_req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html><head><script type="application/ld+json">${EVENT_WITHOUT_LOCATION}</script></head><body>Jazz night</body></html>`);
}

test.before(async () => {
  if (missing !== null) return;
  const started = await startPrivateRedis();
  // The binary is there: a server that does not start is a failure, not a skip.
  if ("reason" in started) throw new Error(started.reason);
  redis = started;
  fixture = await startServer(route);
  for (const base of ["https://a.sdv.test", "https://b.sdv.test"]) {
    deployments.push(
      await startApp(
        // A patient command deadline: one missed 100 ms deadline on a busy machine would have the app skip
        // Redis for 2 s, and this test is about sharing the cache, not about a hung Redis.
        { REDIS_URL: redis.url, PUBLIC_BASE_URL: base, FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", RATE_LIMIT_PER_MINUTE: "1000", REDIS_COMMAND_TIMEOUT_MS: String(TEST_REDIS_TIMEOUT_MS) },
        { fetchOptions: { resolver: dns.resolve, connectGuard: OFFLINE_FETCH.connectGuard, timeoutMs: 1500 } },
      ),
    );
  }
});

test.after(async () => {
  for (const d of deployments) await d.close();
  await fixture?.close();
  await redis?.kill();
});

redisTest("two deployments on one Redis: each caches its own answer, with its own links, and neither evicts the other", async () => {
  const [a, b] = deployments as [TestApp, TestApp];
  const url = `http://site.test:${fixture.port}/event`;
  const fetches = () => fixture.requests.length;
  const ask = async (d: TestApp) => {
    const { key } = await signup(d.app);
    const res = await d.app.inject({ method: "GET", url: `/api/v1/validate?url=${encodeURIComponent(url)}`, headers: { "x-api-key": key } });
    assert.is(res.statusCode, 200, res.body);
    return res.json();
  };
  const linksOf = (body: any) => body.schemas[0].errors.map((e: { rule_url?: string }) => e.rule_url).filter(Boolean) as string[];

  const first = await ask(a);
  assert.is(first.meta.cached, false);
  assert.is(fetches(), 1);
  const onB = await ask(b);
  assert.is(onB.meta.cached, false, "B does not serve A's answer: its links would name A");
  assert.is(onB.meta.credits_used, 1);
  assert.is(fetches(), 2);
  assert.ok(linksOf(onB).length > 0, "the answer links its rules");
  for (const link of linksOf(onB)) assert.ok(link.startsWith("https://b.sdv.test/"), link);

  const againOnA = await ask(a);
  assert.is(againOnA.meta.cached, true, "A's entry is still there: B did not overwrite it");
  assert.is(againOnA.meta.credits_used, 0);
  for (const link of linksOf(againOnA)) assert.ok(link.startsWith("https://a.sdv.test/"), link);
  assert.is((await ask(b)).meta.cached, true);
  assert.is(fetches(), 2, "the page was fetched once per deployment");
});

test.run();
