// What the Redis adapters write beyond the contract: the key names (prefix, `rl:<key>:<windowStart>`) and
// that every key carries an expiry, so nothing outlives its use. Skips visibly when Redis does not answer.
import { randomUUID } from "node:crypto";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fixedWindow } from "../../../api/stores/fixed-window.ts";
import { RedisCacheStore } from "../../../api/stores/redis/cache-store.ts";
import { connectRedis } from "../../../api/stores/redis/connection.ts";
import { RedisRateLimiter } from "../../../api/stores/redis/rate-limiter.ts";
import { closeQuietly, deleteRedisPrefix, patientDeadline, probeRedis, REDIS_URL, uniqueRedisPrefix } from "./fixtures.ts";

const redis = await probeRedis(REDIS_URL);

if ("client" in redis) {
  const admin = redis.client;
  const prefix = uniqueRedisPrefix();

  test("redis cache: keys are `<prefix>cache:<key>` with a TTL of the given seconds (rounded up)", async () => {
    const cache = new RedisCacheStore(admin, { prefix, deadline: patientDeadline() });
    await cache.set("page", "v", 3600);
    await cache.set("fraction", "v", 0.2);
    assert.is(await admin.get(`${prefix}cache:page`), "v");
    const ttl = await admin.ttl(`${prefix}cache:page`);
    assert.ok(ttl > 3590 && ttl <= 3600, String(ttl));
    // PTTL, not TTL: TTL rounds to the nearest second, so a slow round trip would read 0.
    const fraction = await admin.pTTL(`${prefix}cache:fraction`);
    assert.ok(fraction > 250 && fraction <= 1000, `a fraction of a second is rounded up to one (${fraction} ms)`);
  });

  test("redis limiter: counters hit in one turn share one script call, each counted and expiring; after SCRIPT FLUSH it still counts", async () => {
    // One clock for the whole test: a second (or a window) that ticks over between the hits and the
    // expectation would otherwise change retryAfterSeconds (or the count) and fail a correct limiter.
    const now = Date.now();
    const limiter = new RedisRateLimiter(admin, { prefix, now: () => now, deadline: patientDeadline() });
    const [a, b] = [`a-${randomUUID()}`, `b-${randomUUID()}`];
    const decisions = await Promise.all([limiter.hit(a, 3), limiter.hit(b, 100, 40), limiter.hit(a, 3), limiter.hit(b, 100, 70), limiter.hit(a, 3), limiter.hit(a, 3)]);
    assert.equal(
      decisions.map((d) => [d.allowed, d.count]),
      [[true, 1], [true, 40], [true, 2], [false, 110], [true, 3], [false, 4]],
    );
    const window = fixedWindow(now).start;
    assert.ok((await admin.pTTL(`${prefix}rl:${a}:${window}`)) > 0 && (await admin.pTTL(`${prefix}rl:${b}:${window}`)) > 0);
    // A Redis that lost its scripts (restarted, SCRIPT FLUSH) gets the text again.
    await admin.scriptFlush();
    assert.equal(await limiter.hit(a, 10), { allowed: true, count: 5, retryAfterSeconds: fixedWindow(now).retryAfterSeconds });
  });

  test("redis limiter: the counter is `<prefix>rl:<key>:<windowStart>` and expires after its window", async () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 30);
    const limiter = new RedisRateLimiter(admin, { prefix, now: () => now, deadline: patientDeadline() });
    const key = `ip-${randomUUID()}`;
    await limiter.hit(key, 10);
    const decision = await limiter.hit(key, 10);
    assert.equal(decision, { allowed: true, count: 2, retryAfterSeconds: 30 });
    const counter = `${prefix}rl:${key}:${fixedWindow(now).start}`;
    assert.is(await admin.get(counter), "2");
    const pttl = await admin.pTTL(counter);
    assert.ok(pttl > 60_000 && pttl <= 90_000, `expires a minute after the window ends (${pttl} ms)`);
  });

  test("redis limiter: hits on one counter in one turn are one INCRBY, each told its count in arrival order", async () => {
    let evals = 0;
    // Counts the scripts sent (by text or by SHA-1); everything else goes to the real client.
    const counting = new Proxy(admin, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if ((property !== "eval" && property !== "evalSha") || typeof value !== "function") return typeof value === "function" ? value.bind(target) : value;
        return (...args: unknown[]) => {
          evals++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    // A fixed clock: a window ending between the burst and the next hit would restart the count at 1.
    const now = Date.now();
    const limiter = new RedisRateLimiter(counting, { prefix, now: () => now, deadline: patientDeadline() });
    const key = `burst-${randomUUID()}`;
    // Redis learns the script on first use (EVALSHA refused, then EVAL): not counted here.
    await limiter.hit(`warm-${key}`, 8);
    evals = 0;
    const decisions = await Promise.all([1, 1, 1, 5, 1].map((cost) => limiter.hit(key, 8, cost)));
    assert.equal(decisions.map((d) => d.count), [1, 2, 3, 8, 9]);
    assert.equal(decisions.map((d) => d.allowed), [true, true, true, true, false]);
    assert.is(evals, 1, "one round trip for the turn's hits");
    assert.is((await limiter.hit(key, 8)).count, 10);
    assert.is(evals, 2);
    // Another counter in the same turn rides the same call.
    await Promise.all([limiter.hit(key, 8), limiter.hit(`other-${key}`, 8), limiter.hit(key, 8)]);
    assert.is(evals, 3, "one round trip for two counters");
  });

  test("redis: a store given a client does not close it; one that connected does", async () => {
    const borrowed = new RedisCacheStore(admin, { prefix, deadline: patientDeadline() });
    await borrowed.close();
    await admin.ping();
    const owned = await RedisRateLimiter.connect(REDIS_URL, { prefix, deadline: patientDeadline() });
    await owned.ping();
    await owned.close();
    await owned.close();
  });

  test("redis: start-up against a port where nothing listens fails fast", async () => {
    const started = Date.now();
    try {
      await connectRedis("redis://127.0.0.1:1", { startupAttempts: 2, connectTimeoutMs: 500 });
      assert.unreachable("connected to a closed port");
    } catch (error) {
      assert.not.instance(error, assert.Assertion);
    }
    assert.ok(Date.now() - started < 3000);
  });

  test.after(async () => {
    await deleteRedisPrefix(admin, prefix);
    assert.is((await admin.keys(`${prefix}*`)).length, 0);
    await closeQuietly(admin);
  });
} else {
  console.log(`  redis adapter tests skipped: ${redis.reason}`);
  test.skip(`redis adapter tests (skipped: ${redis.reason})`, () => {});
}

test.run();
