/**
 * Fairness across accounts: while a first account's 10,000-page audit runs, a second account's small
 * audit is not queued behind it. Only a window of each run's pages is queued (AUDIT_ACCOUNT_WINDOW), so
 * the second audit's pages wait behind at most one window of the first's. Run on the in-process queue and,
 * when Redis answers, on BullMQ.
 */
import { randomUUID } from "node:crypto";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startApp, signup, OFFLINE_FETCH, type TestApp } from "../helpers.ts";
import { hashApiKey } from "../../../api/keys/hash.ts";
import { probeRedis, deleteRedisPrefix, redisSkipReason, REDIS_URL } from "../stores/fixtures.ts";

const redisMissing = await redisSkipReason();
if (redisMissing !== null) console.log(`  BullMQ case skipped: ${redisMissing}`);
const redisTest = redisMissing === null ? test : test.skip;
import { closeRedis } from "../../../api/stores/redis/connection.ts";
import { startLoopbackSite, type LoopbackSite } from "./loopback-site.ts";
import { settled, sleep } from "./helpers.ts";

const BIG = 10_000;
const SMALL = 10;
const WINDOW = 8;
let big: LoopbackSite;
let small: LoopbackSite;

test.before(async () => {
  big = await startLoopbackSite(BIG);
  small = await startLoopbackSite(SMALL);
});
test.after(async () => {
  await big.close();
  await small.close();
});

async function race(env: Record<string, string>): Promise<{ bigDoneWhenSmallFinished: number; smallStatus: string }> {
  const t: TestApp = await startApp(
    { FETCH_ALLOWED_PRIVATE_HOSTS: `${big.host},${small.host}`, AUDIT_HOST_DELAY_MS: "0", AUDIT_HOST_CONCURRENCY: "4", AUDIT_WORKERS: "4", AUDIT_ACCOUNT_WINDOW: String(WINDOW), RATE_LIMIT_PER_MINUTE: "100000", LOG_LEVEL: "warn", ...env },
    { fetchOptions: { connectGuard: OFFLINE_FETCH.connectGuard } },
  );
  try {
    const a = await signup(t.app);
    const accountA = (await t.app.sdv.stores.accounts.findByKeyHash(hashApiKey(a.key)))!;
    await t.app.sdv.stores.accounts.setPlan(accountA.id, "scale");
    const bigAudit = (await t.app.inject({ method: "POST", url: "/api/v1/audits", headers: { "x-api-key": a.key }, payload: { url: `${big.origin}/`, max_pages: BIG } })).json();
    // Let the big audit get going: discovered, its first pages done.
    for (let i = 0; i < 300; i++) {
      const now = (await t.app.inject({ url: `/api/v1/audits/${bigAudit.id}`, headers: { "x-api-key": a.key } })).json();
      if (now.pages.done >= 20) break;
      await sleep(50);
    }
    const b = await signup(t.app);
    const smallAudit = (await t.app.inject({ method: "POST", url: "/api/v1/audits", headers: { "x-api-key": b.key }, payload: { url: `${small.origin}/` } })).json();
    const done = await settled(t.app, b.key, smallAudit.id, 60_000);
    const bigNow = (await t.app.inject({ url: `/api/v1/audits/${bigAudit.id}`, headers: { "x-api-key": a.key } })).json();
    await t.app.inject({ method: "DELETE", url: `/api/v1/audits/${bigAudit.id}`, headers: { "x-api-key": a.key } });
    return { bigDoneWhenSmallFinished: bigNow.pages.done, smallStatus: done.status };
  } finally {
    await t.close();
  }
}

test("in-process queue: a small audit finishes while a 10,000-page audit of another account has barely started", async () => {
  const { bigDoneWhenSmallFinished, smallStatus } = await race({});
  assert.is(smallStatus, "done");
  assert.ok(bigDoneWhenSmallFinished < BIG / 10, `the big audit had done ${bigDoneWhenSmallFinished} pages`);
});

redisTest("BullMQ: the same", async () => {
  const probe = await probeRedis();
  if ("reason" in probe) throw new Error(probe.reason);
  const prefix = `sdv-test-fair-${randomUUID()}`;
  try {
    const { bigDoneWhenSmallFinished, smallStatus } = await race({ REDIS_URL, AUDIT_QUEUE_PREFIX: prefix });
    assert.is(smallStatus, "done");
    assert.ok(bigDoneWhenSmallFinished < BIG / 10, `the big audit had done ${bigDoneWhenSmallFinished} pages`);
  } finally {
    await deleteRedisPrefix(probe.client, prefix);
    await closeRedis(probe.client);
  }
});

test.run();
