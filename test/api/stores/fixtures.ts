// Shared by the store tests: unique data per run, the Redis probe and clean-up, and waits that keep
// fixed-window tests away from a minute boundary.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateApiKey } from "../../../api/keys/api-key.ts";
import { hashApiKey } from "../../../api/keys/hash.ts";
import type { NewAccount } from "../../../api/stores/ports.ts";
import { closeRedis, connectRedis, type RedisClient } from "../../../api/stores/redis/connection.ts";
import { CommandDeadline } from "../../../api/stores/redis/command-deadline.ts";

export const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
export const MONGODB_URL = process.env.MONGODB_URL || undefined;

/**
 * Contract tests check what Redis stores, not how fast it answers: a deadline far above the service's
 * 100 ms keeps a loaded CI machine from turning a slow answer into a skipped command.
 */
export const TEST_REDIS_TIMEOUT_MS = 5_000;
export const patientDeadline = () => new CommandDeadline({ timeoutMs: TEST_REDIS_TIMEOUT_MS });

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  const key = generateApiKey();
  return {
    email: `user-${randomUUID()}@example.com`,
    plan: "free",
    keyHash: hashApiKey(key),
    keyCiphertext: `v1.test.${key.slice(-8)}`,
    ...overrides,
  };
}

export function tempDir(label: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `sdv-${label}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A key prefix no other run uses, so parallel runs and leftovers never collide. */
export function uniqueRedisPrefix(): string {
  return `sdv-test:${randomUUID()}:`;
}

/** Connects once without retrying; the reason is returned instead of thrown so a test can skip visibly. */
export async function probeRedis(url = REDIS_URL): Promise<{ client: RedisClient } | { reason: string }> {
  try {
    const client = await connectRedis(url, { startupAttempts: 1, connectTimeoutMs: 1000 });
    await client.ping();
    return { client };
  } catch (error) {
    return { reason: `no Redis answered at ${url} (${(error as Error).message || String(error)})` };
  }
}

/**
 * Why the shared Redis cannot be used here, or null; asked once when a test file loads, so that its Redis
 * tests register as uvu's `test.skip` (counted as skipped), never as tests that return early (counted as passed).
 */
export async function redisSkipReason(url = REDIS_URL): Promise<string | null> {
  const probe = await probeRedis(url);
  if ("reason" in probe) return probe.reason;
  await closeQuietly(probe.client);
  return null;
}

export async function deleteRedisPrefix(client: RedisClient, prefix: string): Promise<number> {
  let deleted = 0;
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
    if (keys.length > 0) deleted += await client.del(keys);
  }
  return deleted;
}

export async function closeQuietly(client: RedisClient): Promise<void> {
  await closeRedis(client).catch(() => {});
}

/**
 * Fixed-window tests count several hits in one window; starting in a window's last seconds could see the
 * window roll over mid-test. Waits (rarely, at most a few seconds) until a window has time left.
 */
export async function awaitRoomInWindow(neededMs = 5000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < neededMs) await sleep(left + 50);
}
