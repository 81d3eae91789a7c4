// openStores picks adapters from configuration and owns their shutdown.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { EMBEDDED_DB_FILE, openStores } from "../../../api/stores/index.ts";
import {
  closeQuietly,
  deleteRedisPrefix,
  newAccount,
  probeRedis,
  REDIS_URL,
  TEST_REDIS_TIMEOUT_MS,
  tempDir,
  uniqueRedisPrefix,
} from "./fixtures.ts";

const dir = tempDir("open-stores");

test("defaults: SQLite in the data dir (created) and in-process cache and limiter", async () => {
  const dataDir = join(dir.path, "does", "not", "exist");
  const stores = await openStores({ dataDir, mongodbUrl: "", redisUrl: "" });
  try {
    assert.equal(stores.kind, { accounts: "embedded", cache: "memory" });
    assert.ok(existsSync(join(dataDir, EMBEDDED_DB_FILE)));
    const account = await stores.accounts.create(newAccount());
    assert.equal(await stores.accounts.findByKeyHash(account.keyHash), account);
    await stores.cache.set("k", "v", 60);
    assert.is(await stores.cache.get("k"), "v");
    assert.is((await stores.rateLimiter.hit("k", 1)).allowed, true);
  } finally {
    await stores.close();
  }
  await stores.close();
});

test("an unreachable MongoDB fails start-up and leaves nothing open", async () => {
  try {
    await openStores({ dataDir: dir.path, mongodbUrl: "mongodb://127.0.0.1:1/sdv?serverSelectionTimeoutMS=300" });
    assert.unreachable("opened against a closed port");
  } catch (error) {
    assert.match(String(error), /ECONNREFUSED|Server selection|connect/i);
  }
});

const redis = await probeRedis(REDIS_URL);
if ("client" in redis) {
  const admin = redis.client;
  const prefix = uniqueRedisPrefix();

  test("with a Redis URL: one Redis connection serves the cache and the limiter", async () => {
    const stores = await openStores({ dataDir: dir.path, redisUrl: REDIS_URL, redisPrefix: prefix, redisCommandTimeoutMs: TEST_REDIS_TIMEOUT_MS });
    try {
      assert.equal(stores.kind, { accounts: "embedded", cache: "redis" });
      await stores.cache.set("k", "v", 60);
      assert.is(await admin.get(`${prefix}cache:k`), "v");
      assert.is((await stores.rateLimiter.hit("k", 5)).count, 1);
    } finally {
      await stores.close();
    }
  });

  test.after(async () => {
    await deleteRedisPrefix(admin, prefix);
    await closeQuietly(admin);
  });
} else {
  console.log(`  openStores with Redis skipped: ${redis.reason}`);
  test.skip(`openStores with Redis (skipped: ${redis.reason})`, () => {});
}

test.after(() => dir.remove());

test.run();
