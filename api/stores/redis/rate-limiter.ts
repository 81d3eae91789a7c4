/**
 * RateLimiter on Redis: fixed one-minute windows, one counter key per (key, window) named
 * `<prefix>rl:<key>:<windowStart>`. INCR and PEXPIRE run in one Lua script, so a counter never lives
 * without its expiry even if this process dies between the two. Every server instance shares the counters; the
 * window comes from this process's clock, so instances with skewed clocks disagree only at window edges.
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

export class RedisRateLimiter implements RateLimiter {
  readonly #client: RedisClient;
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

  async hit(key: string, limitPerMinute: number, cost = 1): Promise<RateDecision> {
    const now = this.#now();
    const window = fixedWindow(now);
    const counterKey = `${this.#prefix}${key}:${window.start}`;
    // The key outlives its window by a minute so a slightly slow clock elsewhere still finds it.
    const count = await this.#deadline.run(() =>
      this.#client.eval(COUNT_SCRIPT, { keys: [counterKey], arguments: [String(window.start + 2 * WINDOW_MS - now), String(Math.max(0, Math.round(cost)))] }),
    );
    const counted = Number(count);
    return { allowed: counted <= limitPerMinute, count: counted, retryAfterSeconds: window.retryAfterSeconds };
  }

  async ping(): Promise<void> {
    await this.#deadline.run(() => this.#client.ping());
  }

  async close(): Promise<void> {
    if (this.#ownsClient) await closeRedis(this.#client);
  }
}
