/**
 * CacheStore on Redis: SET with EX, so Redis expires entries itself and every server instance shares them.
 * Redis counts TTLs in whole seconds, so a fractional TTL is rounded up (never shortened to 0).
 */
import type { CacheStore } from "../ports.ts";
import { CommandDeadline } from "./command-deadline.ts";
import { closeRedis, connectRedis, type RedisClient, type RedisConnectOptions } from "./connection.ts";

export interface RedisStoreOptions {
  /** Deadline of every command; share one between the stores of one connection. Default: its own, 100 ms. */
  deadline?: CommandDeadline;
  /** Put before every key (e.g. "sdv:"), so one Redis can serve several deployments or test runs. */
  prefix?: string;
  /** True when this store opened the client and so closes it. */
  ownsClient?: boolean;
}

export class RedisCacheStore implements CacheStore {
  readonly #client: RedisClient;
  readonly #prefix: string;
  readonly #ownsClient: boolean;
  readonly #deadline: CommandDeadline;

  static async connect(
    url: string,
    options: { prefix?: string; deadline?: CommandDeadline } & RedisConnectOptions = {},
  ): Promise<RedisCacheStore> {
    return new RedisCacheStore(await connectRedis(url, options), { prefix: options.prefix, deadline: options.deadline, ownsClient: true });
  }

  constructor(client: RedisClient, options: RedisStoreOptions = {}) {
    this.#client = client;
    this.#deadline = options.deadline ?? new CommandDeadline();
    this.#prefix = `${options.prefix ?? "sdv:"}cache:`;
    this.#ownsClient = options.ownsClient ?? false;
  }

  async get(key: string): Promise<string | null> {
    return this.#deadline.run(() => this.#client.get(this.#prefix + key));
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    if (!(ttlSeconds > 0)) {
      await this.#deadline.run(() => this.#client.del(this.#prefix + key));
      return;
    }
    await this.#deadline.run(() =>
      this.#client.set(this.#prefix + key, value, { expiration: { type: "EX", value: Math.ceil(ttlSeconds) } }),
    );
  }

  async ping(): Promise<void> {
    await this.#deadline.run(() => this.#client.ping());
  }

  async close(): Promise<void> {
    if (this.#ownsClient) await closeRedis(this.#client);
  }
}
