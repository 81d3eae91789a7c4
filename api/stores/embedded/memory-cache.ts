/**
 * In-process CacheStore, the default when no REDIS_URL is set. A Map keeps insertion order, so moving an
 * entry to the end on every read and evicting from the front gives least-recently-used eviction without a
 * separate list. Expired entries are dropped when met and, once the bound is reached, before evicting
 * live ones.
 */
import type { CacheStore } from "../ports.ts";

export interface MemoryCacheOptions {
  /** Entries kept at most; the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  value: string;
  expiresAt: number;
}

export class MemoryCacheStore implements CacheStore {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: MemoryCacheOptions = {}) {
    this.#maxEntries = Math.max(1, options.maxEntries ?? 10_000);
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  async get(key: string): Promise<string | null> {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.#now()) return null;
    this.#entries.set(key, entry);
    return entry.value;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.#entries.delete(key);
    if (!(ttlSeconds > 0)) return;
    this.#entries.set(key, { value, expiresAt: this.#now() + ttlSeconds * 1000 });
    if (this.#entries.size > this.#maxEntries) this.#evict();
  }

  #evict(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) this.#entries.delete(key);
    }
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) break;
      this.#entries.delete(key);
    }
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.#entries.clear();
  }
}
