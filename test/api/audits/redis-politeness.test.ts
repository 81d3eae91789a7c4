/**
 * The per-site slot audit workers share through Redis (api/audits/politeness.ts), taken directly: two
 * instances' objects on one prefix share the count and the pacing, a released slot is taken at once, and
 * the scripts go by SHA-1 (EVALSHA), by text only when Redis has not seen them (a restart, SCRIPT FLUSH).
 */
import { randomUUID } from "node:crypto";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Redis } from "ioredis";
import { redisConnection } from "../../../api/audits/bullmq-queue.ts";
import { RedisPoliteness } from "../../../api/audits/politeness.ts";
import { redisSkipReason, REDIS_URL, sleep } from "../stores/fixtures.ts";

const redisMissing = await redisSkipReason();
if (redisMissing !== null) console.log(`  redis politeness tests skipped: ${redisMissing}`);
const redisTest = redisMissing === null ? test : test.skip;

let redis: Redis;
const prefix = `sdv-test-polite-${randomUUID()}:`;
const sent = { evalsha: 0, eval: 0 };

/** The client as the politeness sees it, counting the scripts it sends by SHA-1 and by text. */
function counting(client: Redis): Redis {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (property !== "evalsha" && property !== "eval") return value.bind(target);
      return (...args: unknown[]) => {
        sent[property]++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

test.before(async () => {
  if (redisMissing !== null) return;
  redis = redisConnection(REDIS_URL);
  await redis.ping();
});

test.after(async () => {
  if (redisMissing !== null) return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

redisTest("two instances share one slot of a host: the second waits until the first gives it back", async () => {
  const a = new RedisPoliteness(redis, { prefix, leaseMs: 30_000 });
  const b = new RedisPoliteness(redis, { prefix, leaseMs: 30_000 });
  const origin = `http://one-slot-${randomUUID()}.test`;
  const releaseA = await a.acquire(origin, 1, 0);
  let bHasIt = false;
  const bAcquired = b.acquire(origin, 1, 0).then((release) => {
    bHasIt = true;
    return release;
  });
  await sleep(200);
  assert.not.ok(bHasIt, "the second instance got a slot the first holds");
  await releaseA();
  const releaseB = await bAcquired;
  assert.ok(bHasIt);
  await releaseB();
  // Given back: a third acquire does not wait for the lease to run out.
  const started = Date.now();
  await (await a.acquire(origin, 1, 0))();
  assert.ok(Date.now() - started < 5_000, `a free slot taken at once (${Date.now() - started} ms)`);
});

redisTest("request starts on one host are paced by its delay across instances", async () => {
  const a = new RedisPoliteness(redis, { prefix, leaseMs: 30_000 });
  const b = new RedisPoliteness(redis, { prefix, leaseMs: 30_000 });
  const origin = `http://paced-${randomUUID()}.test`;
  const first = Date.now();
  await (await a.acquire(origin, 4, 300))();
  await (await b.acquire(origin, 4, 300))();
  // Paced on Redis's clock; this process's clock only has to agree to within a few milliseconds.
  assert.ok(Date.now() - first >= 280, `the second start came ${Date.now() - first} ms after the first (delay 300 ms)`);
});

redisTest("the scripts go by SHA-1; after SCRIPT FLUSH by text once, then by SHA-1 again", async () => {
  const client = counting(redis);
  const polite = new RedisPoliteness(client, { prefix, leaseMs: 30_000 });
  const origin = `http://sha-${randomUUID()}.test`;
  // Redis may or may not know the script yet (another test file may have run it): learn it first.
  await (await polite.acquire(origin, 1, 0))();
  Object.assign(sent, { evalsha: 0, eval: 0 });
  await (await polite.acquire(origin, 1, 0))();
  assert.equal(sent, { evalsha: 1, eval: 0 }, "one acquire, one EVALSHA");
  await redis.script("FLUSH");
  Object.assign(sent, { evalsha: 0, eval: 0 });
  await (await polite.acquire(origin, 1, 0))();
  assert.equal(sent, { evalsha: 1, eval: 1 }, "refused by SHA-1 (NOSCRIPT), then sent by text");
  Object.assign(sent, { evalsha: 0, eval: 0 });
  await (await polite.acquire(origin, 1, 0))();
  assert.equal(sent, { evalsha: 1, eval: 0 }, "known again: by SHA-1");
});

redisTest("a Redis error other than NOSCRIPT is not retried by text", async () => {
  const polite = new RedisPoliteness(counting(redis), { prefix, leaseMs: 30_000 });
  const origin = `http://wrong-type-${randomUUID()}.test`;
  // The holders key of another type: the script's ZREMRANGEBYSCORE fails with WRONGTYPE.
  await redis.set(`${prefix}host:${origin}:holders`, "not a sorted set");
  Object.assign(sent, { evalsha: 0, eval: 0 });
  try {
    await polite.acquire(origin, 1, 0);
    assert.unreachable("acquired on a key of the wrong type");
  } catch (error) {
    assert.not.instance(error, assert.Assertion);
    assert.match(String(error), /WRONGTYPE/);
  }
  assert.equal(sent, { evalsha: 1, eval: 0 });
});

test.run();
