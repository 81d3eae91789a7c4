/**
 * robots.txt's Crawl-delay is honoured by the audit workers (it is longer than AUDIT_HOST_DELAY_MS): page
 * requests to the site start at least that far apart, however many workers there are. With Redis the same
 * pacing holds across instances (politeness.ts, one Lua script on Redis's clock).
 */
import { randomUUID } from "node:crypto";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startApp, signup, OFFLINE_FETCH } from "../helpers.ts";
import { probeRedis, deleteRedisPrefix, redisSkipReason, REDIS_URL } from "../stores/fixtures.ts";

const redisMissing = await redisSkipReason();
if (redisMissing !== null) console.log(`  BullMQ case skipped: ${redisMissing}`);
const redisTest = redisMissing === null ? test : test.skip;
import { closeRedis } from "../../../api/stores/redis/connection.ts";
import { startLoopbackSite } from "./loopback-site.ts";
import { settled } from "./helpers.ts";

/**
 * Pacing is decided when a worker takes its slot, just before its request; on a loaded machine one request
 * may leave a few hundred milliseconds late, which shortens the gap after it. So: the typical (median) gap is
 * at least the Crawl-delay, and no gap is under half of it.
 */
function assertPaced(between: number[]): void {
  const sorted = [...between].sort((a, b) => a - b);
  assert.ok(sorted[Math.floor(sorted.length / 2)]! >= 950, `median gap at least 1 s (gaps ${between.join(", ")} ms)`);
  assert.ok(sorted[0]! >= 500, `no gap under 0.5 s (gaps ${between.join(", ")} ms)`);
}

async function gaps(env: Record<string, string>): Promise<number[]> {
  const site = await startLoopbackSite(4, { crawlDelaySeconds: 1 });
  const t = await startApp(
    { FETCH_ALLOWED_PRIVATE_HOSTS: site.host, AUDIT_HOST_DELAY_MS: "0", AUDIT_HOST_CONCURRENCY: "4", AUDIT_WORKERS: "4", RATE_LIMIT_PER_MINUTE: "100000", LOG_LEVEL: "warn", ...env },
    { fetchOptions: { connectGuard: OFFLINE_FETCH.connectGuard } },
  );
  try {
    const { key } = await signup(t.app);
    const res = await t.app.inject({ method: "POST", url: "/api/v1/audits", headers: { "x-api-key": key }, payload: { url: `${site.origin}/`, discover: "sitemap" } });
    const audit = await settled(t.app, key, res.json().id);
    assert.is(audit.status, "done");
    assert.is(audit.pages.done, 4);
    return site.pageTimes.slice(1).map((at, i) => at - site.pageTimes[i]!);
  } finally {
    await t.close();
    await site.close();
  }
}

test("in-process: page requests are paced at robots.txt's Crawl-delay (1 s)", async () => {
  const between = await gaps({});
  assert.is(between.length, 3);
  assertPaced(between);
});

redisTest("BullMQ: the same pacing, held in Redis", async () => {
  const probe = await probeRedis();
  if ("reason" in probe) throw new Error(probe.reason);
  const prefix = `sdv-test-delay-${randomUUID()}`;
  try {
    const between = await gaps({ REDIS_URL, AUDIT_QUEUE_PREFIX: prefix });
    assertPaced(between);
  } finally {
    await deleteRedisPrefix(probe.client, prefix);
    await closeRedis(probe.client);
  }
});

test.run();
