/**
 * In-process CacheStore, the default when no REDIS_URL is set. A Map keeps insertion order, so moving an
 * entry to the end on every read and evicting from the front gives least-recently-used eviction without a
 * separate list. Expired entries are dropped when met and, once a bound is reached, before evicting
 * live ones.
 *
 * Bounded in entries and in characters held (an entry count alone let six large results exhaust the heap):
 * a value larger than `maxEntryChars` is not kept at all, and the least recently used entries go until the
 * total fits `maxChars`. Characters, not bytes: V8 keeps these JSON strings one byte per character unless
 * they hold non-Latin-1 text, where it is two.
 */
import type { CacheStore } from "../ports.ts";

export interface MemoryCacheOptions {
  /** Entries kept at most; the least recently used go first. */
  maxEntries?: number;
  /** Characters of values kept in all (key lengths are counted too). */
  maxChars?: number;
  /** A value longer than this is not kept. */
  maxEntryChars?: number;
  now?: () => number;
}

export const DEFAULT_CACHE_MAX_CHARS = 64 * 1024 * 1024;
export const DEFAULT_CACHE_MAX_ENTRY_CHARS = 2 * 1024 * 1024;

interface Entry {
  value: string;
  expiresAt: number;
  chars: number;
}

export class MemoryCacheStore implements CacheStore {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #maxChars: number;
  readonly #maxEntryChars: number;
  readonly #now: () => number;
  #chars = 0;

  constructor(options: MemoryCacheOptions = {}) {
    this.#maxEntries = Math.max(1, options.maxEntries ?? 10_000);
    this.#maxChars = Math.max(1, options.maxChars ?? DEFAULT_CACHE_MAX_CHARS);
    this.#maxEntryChars = Math.min(this.#maxChars, Math.max(1, options.maxEntryChars ?? DEFAULT_CACHE_MAX_ENTRY_CHARS));
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Characters held (values and keys). */
  get chars(): number {
    return this.#chars;
  }

  async get(key: string): Promise<string | null> {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.#now()) {
      this.#chars -= entry.chars;
      return null;
    }
    this.#entries.set(key, entry);
    return entry.value;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.#remove(key);
    if (!(ttlSeconds > 0) || value.length > this.#maxEntryChars) return;
    const entry = { value, expiresAt: this.#now() + ttlSeconds * 1000, chars: value.length + key.length };
    this.#entries.set(key, entry);
    this.#chars += entry.chars;
    if (this.#entries.size > this.#maxEntries || this.#chars > this.#maxChars) this.#evict();
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#chars -= entry.chars;
  }

  #evict(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) this.#remove(key);
    }
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries && this.#chars <= this.#maxChars) break;
      this.#remove(key);
    }
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.#entries.clear();
    this.#chars = 0;
  }
}
