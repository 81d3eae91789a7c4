/**
 * In-process RateLimiter, the default when no REDIS_URL is set: fixed one-minute windows aligned to the
 * clock (the same windows the Redis limiter uses), one counter per key. Counters of past windows are
 * swept once the map passes its bound, so a flood of distinct keys cannot grow it without limit.
 */
import type { RateDecision, RateLimiter } from "../ports.ts";
import { fixedWindow } from "../fixed-window.ts";

export interface MemoryRateLimiterOptions {
  /** Keys tracked before past windows are swept (and, if still over, the oldest keys dropped). */
  maxKeys?: number;
  now?: () => number;
}

interface Counter {
  windowStart: number;
  count: number;
}

export class MemoryRateLimiter implements RateLimiter {
  readonly #counters = new Map<string, Counter>();
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(options: MemoryRateLimiterOptions = {}) {
    this.#maxKeys = Math.max(1, options.maxKeys ?? 100_000);
    this.#now = options.now ?? Date.now;
  }

  /** Keys currently tracked. */
  get size(): number {
    return this.#counters.size;
  }

  async hit(key: string, limitPerMinute: number, cost = 1): Promise<RateDecision> {
    const now = this.#now();
    const window = fixedWindow(now);
    let counter = this.#counters.get(key);
    if (!counter || counter.windowStart !== window.start) {
      this.#counters.delete(key);
      counter = { windowStart: window.start, count: 0 };
      this.#counters.set(key, counter);
      if (this.#counters.size > this.#maxKeys) this.#sweep(window.start);
    }
    counter.count += cost;
    const { count } = counter;
    return { allowed: count <= limitPerMinute, count, retryAfterSeconds: window.retryAfterSeconds };
  }

  #sweep(currentWindow: number): void {
    for (const [key, counter] of this.#counters) {
      if (counter.windowStart !== currentWindow) this.#counters.delete(key);
    }
    for (const key of this.#counters.keys()) {
      if (this.#counters.size <= this.#maxKeys) break;
      this.#counters.delete(key);
    }
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.#counters.clear();
  }
}
