/**
 * Picks and opens the storage adapters from configuration: accounts in SQLite under `dataDir` unless a
 * MongoDB URL is given; cache and rate limits in process unless a Redis URL is given (one connection
 * serves both). Empty strings count as "not set", as an empty environment variable would.
 */
import { join } from "node:path";
import { MemoryCacheStore } from "./embedded/memory-cache.ts";
import { MemoryRateLimiter } from "./embedded/memory-rate-limiter.ts";
import { SqliteAccountStore } from "./embedded/account-store.ts";
import { MongoAccountStore } from "./mongodb/account-store.ts";
import type { AccountStore, CacheStore, RateLimiter } from "./ports.ts";
import { makePrivateDir } from "./private-files.ts";
import { RedisCacheStore } from "./redis/cache-store.ts";
import { CommandDeadline } from "./redis/command-deadline.ts";
import { closeRedis, connectRedis, type RedisClient } from "./redis/connection.ts";
import { RedisRateLimiter } from "./redis/rate-limiter.ts";

export interface StoreOptions {
  dataDir: string;
  mongodbUrl?: string;
  redisUrl?: string;
  /** Prefix of every Redis key; default "sdv:". */
  redisPrefix?: string;
  /** Redis socket errors while it reconnects (for the logger). */
  onRedisError?: (error: Error) => void;
  /** Deadline of each Redis command (ms); a miss treats Redis as down for a moment. Default 100. */
  redisCommandTimeoutMs?: number;
  /** Redis missed a deadline or lost its connection: it is skipped (fallbacks used) for a moment. */
  onRedisDown?: (error: Error, cooldownMs: number) => void;
}

export interface Stores {
  accounts: AccountStore;
  cache: CacheStore;
  rateLimiter: RateLimiter;
  kind: { accounts: "embedded" | "mongodb"; cache: "memory" | "redis" };
  /** Closes every connection; safe to call more than once. */
  close(): Promise<void>;
}

export const EMBEDDED_DB_FILE = "sdv.db";

/** The store settings of the service's configuration (api/config.ts's Config carries them all). */
export interface StoreSettings {
  dataDir: string;
  mongodbUrl: string | null;
  redisUrl: string | null;
  redisCommandTimeoutMs: number;
}

/** Where Redis trouble is told: the service's logger (a Fastify/pino logger fits). */
export interface StoreLog {
  warn(details: object, message: string): void;
}

/**
 * The one wiring from configuration to stores, for the service and `sdv admin`. `accountsOnly`: the
 * cache and rate limits stay in process whatever REDIS_URL says (an admin command needs accounts only).
 */
export function openConfiguredStores(settings: StoreSettings, options: { log?: StoreLog; accountsOnly?: boolean } = {}): Promise<Stores> {
  const log = options.log;
  return openStores({
    dataDir: settings.dataDir,
    mongodbUrl: settings.mongodbUrl ?? undefined,
    redisUrl: options.accountsOnly ? undefined : (settings.redisUrl ?? undefined),
    redisCommandTimeoutMs: settings.redisCommandTimeoutMs,
    onRedisError: (err) => log?.warn({ err: { message: err.message } }, "redis connection error"),
    onRedisDown: (err, cooldownMs) =>
      log?.warn(
        { err: { name: err.name, message: err.message }, cooldownMs },
        "redis unavailable: URL cache misses and in-process rate limits until it answers again",
      ),
  });
}

export async function openStores(options: StoreOptions): Promise<Stores> {
  makePrivateDir(options.dataDir);
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    const pending = closers.splice(0).reverse();
    const results = await Promise.allSettled(pending.map((close) => close()));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
  };

  try {
    let accounts: AccountStore;
    if (options.mongodbUrl) {
      accounts = await MongoAccountStore.connect(options.mongodbUrl);
    } else {
      accounts = SqliteAccountStore.open(join(options.dataDir, EMBEDDED_DB_FILE));
    }
    closers.push(() => accounts.close());

    let cache: CacheStore;
    let rateLimiter: RateLimiter;
    if (options.redisUrl) {
      const client: RedisClient = await connectRedis(options.redisUrl, { onError: options.onRedisError });
      closers.push(() => closeRedis(client));
      // One deadline per connection: when the cache finds Redis hung, the limiter stops waiting for it too.
      const deadline: CommandDeadline = new CommandDeadline({
        timeoutMs: options.redisCommandTimeoutMs,
        onDown: (error) => options.onRedisDown?.(error, deadline.cooldownMs),
      });
      cache = new RedisCacheStore(client, { prefix: options.redisPrefix, deadline });
      rateLimiter = new RedisRateLimiter(client, { prefix: options.redisPrefix, deadline });
    } else {
      cache = new MemoryCacheStore();
      rateLimiter = new MemoryRateLimiter();
      closers.push(() => cache.close(), () => rateLimiter.close());
    }

    return {
      accounts,
      cache,
      rateLimiter,
      kind: { accounts: options.mongodbUrl ? "mongodb" : "embedded", cache: options.redisUrl ? "redis" : "memory" },
      close: closeAll,
    };
  } catch (error) {
    await closeAll().catch(() => {});
    throw error;
  }
}
