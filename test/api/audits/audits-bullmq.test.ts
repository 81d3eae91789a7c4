/**
 * The same audit on BullMQ over Redis (REDIS_URL, a queue prefix of its own): pages are jobs, politeness
 * per site is held in Redis (AUDIT_HOST_CONCURRENCY observed at the site), and the result is the one the
 * in-process queue gives. Skips visibly when no Redis answers.
 */
import { randomUUID } from "node:crypto";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startApp, signup, login, OFFLINE_FETCH, type TestApp } from "../helpers.ts";
import { probeRedis, deleteRedisPrefix, redisSkipReason, REDIS_URL } from "../stores/fixtures.ts";
import { closeRedis } from "../../../api/stores/redis/connection.ts";
import { startLoopbackSite, type LoopbackSite } from "./loopback-site.ts";
import { allPages, settled } from "./helpers.ts";

const PAGES = 20;
const prefix = `sdv-test-audits-${randomUUID()}`;
let site: LoopbackSite;
let t: TestApp | null = null;
const redisMissing = await redisSkipReason();
if (redisMissing !== null) console.log(`  skipped: ${redisMissing}`);
const redisTest = redisMissing === null ? test : test.skip;

test.before(async () => {
  if (redisMissing !== null) return;
  site = await startLoopbackSite(PAGES);
  t = await startApp(
    { REDIS_URL, AUDIT_QUEUE_PREFIX: prefix, FETCH_ALLOWED_PRIVATE_HOSTS: site.host, AUDIT_HOST_DELAY_MS: "0", AUDIT_HOST_CONCURRENCY: "2", AUDIT_WORKERS: "6", RATE_LIMIT_PER_MINUTE: "100000", LOG_LEVEL: "warn" },
    { fetchOptions: { connectGuard: OFFLINE_FETCH.connectGuard } },
  );
});
test.after(async () => {
  await t?.close();
  await site?.close();
  const probe = await probeRedis();
  if (!("reason" in probe)) {
    await deleteRedisPrefix(probe.client, prefix);
    await closeRedis(probe.client);
  }
});

redisTest("on BullMQ: every allowed page validated once, one credit each, at most AUDIT_HOST_CONCURRENCY requests at once on the site", async () => {
  const app = t!.app;
  let inFlight = 0;
  let most = 0;
  site.pageDelayMs = 30;
  const original = site.hits.set.bind(site.hits);
  // Concurrency seen by the site: counted between a page request's arrival and its answer.
  site.hits.set = (path: string, n: number) => {
    if (path.startsWith("/events/")) {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => inFlight--, 30);
    }
    return original(path, n);
  };
  const { key, email } = await signup(app);
  const res = await app.inject({ method: "POST", url: "/api/v1/audits", headers: { "x-api-key": key }, payload: { url: `${site.origin}/`, discover: "sitemap", max_pages: 100 } });
  assert.is(res.statusCode, 202, res.body);
  const audit = await settled(app, key, res.json().id, 60_000);
  assert.is(audit.status, "done", JSON.stringify(audit));
  assert.equal(audit.pages, { found: PAGES + 2, done: PAGES, failed: 0, skipped: 2 });
  assert.is(audit.credits_used, PAGES);
  assert.is((await login(app, email)).requests_used, PAGES);
  for (const page of site.pages) assert.is(site.hits.get(page), 1, `${page} fetched once`);
  assert.ok(most <= 2, `at most 2 page requests at once on the site (saw ${most})`);
  assert.is((await allPages(app, key, audit.id, "status=validated", 50)).items.length, PAGES);
  const probe = await probeRedis();
  if ("reason" in probe) throw new Error(probe.reason);
  const queueKeys: string[] = [];
  for await (const keys of probe.client.scanIterator({ MATCH: `${prefix}:audits:*`, COUNT: 500 })) queueKeys.push(...keys);
  await closeRedis(probe.client);
  assert.ok(queueKeys.length > 0, "the jobs went through BullMQ's queue in Redis");
});

test.run();
