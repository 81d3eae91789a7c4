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
 */
import { fixedWindow, WINDOW_MS } from "../fixed-window.ts";
import type { RateDecision, RateLimiter } from "../ports.ts";
import type { RedisStoreOptions } from "./cache-store.ts";
import { CommandDeadline } from "./command-deadline.ts";
import { closeRedis, connectRedis, type RedisClient, type RedisConnectOptions } from "./connection.ts";

/**
 * One round trip instead of MULTI/INCR/PEXPIRE/EXEC (four commands per request): the script runs
 * atomically, so the counter still never lives without its expiry.
 */
const COUNT_SCRIPT = `local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

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
    for (const counter of counters) {
      this.#deadline
        .run(() => this.#client.eval(COUNT_SCRIPT, { keys: [counter.counterKey], arguments: [String(counter.ttlMs), String(counter.total)] }))
        .then(
          (count) => {
            // The last hit's count is the group's; each earlier one's leaves out the hits after it.
            let counted = Number(count) - counter.total;
            for (const hit of counter.hits) {
              counted += hit.cost;
              hit.resolve({ allowed: counted <= hit.limit, count: counted, retryAfterSeconds: hit.retryAfterSeconds });
            }
          },
          (error: unknown) => counter.hits.forEach((hit) => hit.reject(error)),
        );
    }
  }

  async ping(): Promise<void> {
    await this.#deadline.run(() => this.#client.ping());
  }

  async close(): Promise<void> {
    if (this.#ownsClient) await closeRedis(this.#client);
  }
}
