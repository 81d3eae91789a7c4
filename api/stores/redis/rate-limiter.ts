/**
 * RateLimiter on Redis: fixed one-minute windows, one counter key per (key, window) named
 * `<prefix>rl:<key>:<windowStart>`. INCR and PEXPIRE run in one Lua script, so a counter never lives
 * without its expiry even if this process dies between the two. Every server instance shares the counters; the
 * window comes from this process's clock, so instances with skewed clocks disagree only at window edges.
 *
 * Hits on the same counter within one turn of the event loop go to Redis as one INCRBY of their sum (a
 * group commit, like the embedded store's credit reservations): under load one key's requests arrive many
 * to a turn, and a round trip each was the largest cost of a request with REDIS_URL set. Each hit is then
 * told the count it would have got from its own INCRBY in arrival order (the group's result minus what
 * came after it), so decisions are those of the same hits sent one by one with nobody else's in between.
 * All counters hit in a turn travel in one script call (COUNT_SCRIPT). The keys of one call may hash to
 * different slots, so the limiter needs one Redis (or a primary with replicas), not a Redis Cluster.
 */
import { createHash } from "node:crypto";
import { ErrorReply } from "redis";
import { fixedWindow, WINDOW_MS } from "../fixed-window.ts";
import type { RateDecision, RateLimiter } from "../ports.ts";
import type { RedisStoreOptions } from "./cache-store.ts";
import { CommandDeadline } from "./command-deadline.ts";
import { closeRedis, connectRedis, type RedisClient, type RedisConnectOptions } from "./connection.ts";

/**
 * One round trip per turn for every counter hit in it (a key's per-minute count and its answer bytes are
 * two), instead of MULTI/INCR/PEXPIRE/EXEC per request: the script runs atomically, so a counter still
 * never lives without its expiry. KEYS[i] is incremented by ARGV[2i] and, when new, expires in ARGV[2i-1] ms.
 * Sent by its SHA-1 (EVALSHA), so Redis neither receives nor hashes its text each time.
 */
const COUNT_SCRIPT = `local counts = {}
for i, key in ipairs(KEYS) do
  local n = tonumber(ARGV[2 * i])
  local count = redis.call('INCRBY', key, n)
  if count == n then redis.call('PEXPIRE', key, ARGV[2 * i - 1]) end
  counts[i] = count
end
return counts`;
const COUNT_SCRIPT_SHA1 = createHash("sha1").update(COUNT_SCRIPT).digest("hex");

export interface RedisRateLimiterOptions extends RedisStoreOptions {
  now?: () => number;
}

/** Hits on one counter waiting for this turn's INCRBY. */
interface PendingCounter {
  counterKey: string;
  /** PEXPIRE argument, from the first hit's clock. */
  ttlMs: number;
  total: number;
  hits: Array<{ cost: number; limit: number; retryAfterSeconds: number; resolve: (d: RateDecision) => void; reject: (e: unknown) => void }>;
}

export class RedisRateLimiter implements RateLimiter {
  readonly #client: RedisClient;
  #pending = new Map<string, PendingCounter>();
  readonly #prefix: string;
  readonly #ownsClient: boolean;
  readonly #now: () => number;
  readonly #deadline: CommandDeadline;

  static async connect(
    url: string,
    options: { prefix?: string; now?: () => number; deadline?: CommandDeadline } & RedisConnectOptions = {},
  ): Promise<RedisRateLimiter> {
    const client = await connectRedis(url, options);
    return new RedisRateLimiter(client, { prefix: options.prefix, now: options.now, deadline: options.deadline, ownsClient: true });
  }

  constructor(client: RedisClient, options: RedisRateLimiterOptions = {}) {
    this.#client = client;
    this.#prefix = `${options.prefix ?? "sdv:"}rl:`;
    this.#ownsClient = options.ownsClient ?? false;
    this.#now = options.now ?? Date.now;
    this.#deadline = options.deadline ?? new CommandDeadline();
  }

  hit(key: string, limitPerMinute: number, cost = 1): Promise<RateDecision> {
    const now = this.#now();
    const window = fixedWindow(now);
    const counterKey = `${this.#prefix}${key}:${window.start}`;
    const units = Math.max(0, Math.round(cost));
    return new Promise((resolve, reject) => {
      let counter = this.#pending.get(counterKey);
      if (!counter) {
        // The key outlives its window by a minute so a slightly slow clock elsewhere still finds it.
        counter = { counterKey, ttlMs: window.start + 2 * WINDOW_MS - now, total: 0, hits: [] };
        this.#pending.set(counterKey, counter);
        if (this.#pending.size === 1) setImmediate(() => this.#flush());
      }
      counter.total += units;
      counter.hits.push({ cost: units, limit: limitPerMinute, retryAfterSeconds: window.retryAfterSeconds, resolve, reject });
    });
  }

  #flush(): void {
    const counters = [...this.#pending.values()];
    this.#pending = new Map();
    const keys = counters.map((counter) => counter.counterKey);
    const args = counters.flatMap((counter) => [String(counter.ttlMs), String(counter.total)]);
    this.#deadline.run(() => this.#count(keys, args)).then(
      (counts) => {
        counters.forEach((counter, i) => {
          // The last hit's count is the group's; each earlier one's leaves out the hits after it.
          let counted = Number(counts[i]) - counter.total;
          for (const hit of counter.hits) {
            counted += hit.cost;
            hit.resolve({ allowed: counted <= hit.limit, count: counted, retryAfterSeconds: hit.retryAfterSeconds });
          }
        });
      },
      (error: unknown) => counters.forEach((counter) => counter.hits.forEach((hit) => hit.reject(error))),
    );
  }

  /** The script by its SHA-1; by its text when this Redis has not seen it yet (a restart, SCRIPT FLUSH). */
  async #count(keys: string[], args: string[]): Promise<unknown[]> {
    try {
      return (await this.#client.evalSha(COUNT_SCRIPT_SHA1, { keys, arguments: args })) as unknown[];
    } catch (error) {
      if (!(error instanceof ErrorReply && error.message.startsWith("NOSCRIPT"))) throw error;
      return (await this.#client.eval(COUNT_SCRIPT, { keys, arguments: args })) as unknown[];
    }
  }

  async ping(): Promise<void> {
    await this.#deadline.run(() => this.#client.ping());
  }

  async close(): Promise<void> {
    if (this.#ownsClient) await closeRedis(this.#client);
  }
}
