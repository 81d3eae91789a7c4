/**
 * Per-site politeness for audit workers: at most `concurrency` requests to one origin at once, and request
 * starts at least `delayMs` apart. With Redis the count and the pacing are shared by every instance (one
 * Lua script decides atomically on Redis's own clock, so instances' clocks do not matter); a slot is a
 * lease renewed while it is held, so a killed instance's slot frees itself. Without Redis they hold for
 * the one process.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Redis } from "ioredis";

export interface Politeness {
  /** Waits for a slot on `origin`; the returned function gives it back (once). */
  acquire(origin: string, concurrency: number, delayMs: number): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class MemoryPoliteness implements Politeness {
  readonly #hosts = new Map<string, { active: number; nextAt: number }>();

  async acquire(origin: string, concurrency: number, delayMs: number): Promise<() => Promise<void>> {
    for (;;) {
      let host = this.#hosts.get(origin);
      if (!host) this.#hosts.set(origin, (host = { active: 0, nextAt: 0 }));
      const now = Date.now();
      if (host.active < concurrency && host.nextAt <= now) {
        host.active++;
        host.nextAt = now + delayMs;
        let released = false;
        return async () => {
          if (released) return;
          released = true;
          host.active--;
          if (host.active === 0 && host.nextAt <= Date.now()) this.#hosts.delete(origin);
        };
      }
      await sleep(host.active >= concurrency ? 20 : Math.max(1, host.nextAt - now));
    }
  }

  async close(): Promise<void> {}
}

/** Returns 0 when the slot is taken, else how long to wait (ms) before asking again. */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 20 end
local nextAt = tonumber(redis.call('GET', KEYS[2]) or '0')
if nextAt > now then return nextAt - now end
local lease = tonumber(ARGV[4])
redis.call('ZADD', KEYS[1], now + lease, ARGV[1])
redis.call('PEXPIRE', KEYS[1], lease + 60000)
local delay = tonumber(ARGV[3])
if delay > 0 then redis.call('SET', KEYS[2], now + delay, 'PX', delay + 1000) end
return 0
`;

const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
`;

/**
 * A Lua script sent by its SHA-1 (EVALSHA), so every page's acquire does not carry the script's text to
 * Redis nor have Redis hash it; by its text when this Redis has not seen it yet (a restart, SCRIPT FLUSH).
 */
class LuaScript {
  readonly #text: string;
  readonly #sha1: string;

  constructor(text: string) {
    this.#text = text;
    this.#sha1 = createHash("sha1").update(text).digest("hex");
  }

  async run(redis: Redis, keyCount: number, ...keysAndArgs: Array<string | number>): Promise<unknown> {
    try {
      return await redis.evalsha(this.#sha1, keyCount, ...keysAndArgs);
    } catch (error) {
      if (!(error instanceof Error && error.message.startsWith("NOSCRIPT"))) throw error;
      return redis.eval(this.#text, keyCount, ...keysAndArgs);
    }
  }
}

const ACQUIRE_SCRIPT = new LuaScript(ACQUIRE);
const RENEW_SCRIPT = new LuaScript(RENEW);

export class RedisPoliteness implements Politeness {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #leaseMs: number;

  constructor(redis: Redis, options: { prefix: string; leaseMs: number }) {
    this.#redis = redis;
    this.#prefix = options.prefix;
    this.#leaseMs = options.leaseMs;
  }

  async acquire(origin: string, concurrency: number, delayMs: number): Promise<() => Promise<void>> {
    const holders = `${this.#prefix}host:${origin}:holders`;
    const next = `${this.#prefix}host:${origin}:next`;
    const token = randomUUID();
    for (;;) {
      const wait = Number(await ACQUIRE_SCRIPT.run(this.#redis, 2, holders, next, token, concurrency, delayMs, this.#leaseMs));
      if (wait === 0) break;
      await sleep(Math.min(Math.max(1, wait), 1000));
    }
    const renew = setInterval(() => {
      RENEW_SCRIPT.run(this.#redis, 1, holders, token, this.#leaseMs).catch(() => {});
    }, Math.max(100, Math.floor(this.#leaseMs / 3)));
    renew.unref();
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      clearInterval(renew);
      await this.#redis.zrem(holders, token).catch(() => {});
    };
  }

  async close(): Promise<void> {}
}
