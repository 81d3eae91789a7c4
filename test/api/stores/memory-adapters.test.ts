// The in-process cache and limiter with an injected clock: expiry, eviction order and window arithmetic
// without waiting, and the bounds that keep memory flat under many distinct keys.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { MemoryCacheStore } from "../../../api/stores/embedded/memory-cache.ts";
import { MemoryRateLimiter } from "../../../api/stores/embedded/memory-rate-limiter.ts";
import { fixedWindow } from "../../../api/stores/fixed-window.ts";

function clock(start = Date.UTC(2026, 10, 22, 12, 0, 0)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const windowCases: Array<[label: string, offsetMs: number, start: number, retryAfter: number]> = [
  ["at the window's first millisecond", 0, 0, 60],
  ["1 ms in", 1, 0, 60],
  ["30 s in", 30_000, 0, 30],
  ["59.001 s in", 59_001, 0, 1],
  ["59.999 s in (never 0)", 59_999, 0, 1],
  ["next window", 60_000, 60_000, 60],
];
for (const [label, offset, start, retryAfter] of windowCases) {
  test(`fixedWindow: ${label}`, () => {
    const base = Date.UTC(2026, 10, 22, 12, 0, 0);
    assert.equal(fixedWindow(base + offset), { start: base + start, retryAfterSeconds: retryAfter });
  });
}

test("cache: an entry is served until its TTL has passed, then gone", async () => {
  const c = clock();
  const cache = new MemoryCacheStore({ now: c.now });
  await cache.set("k", "v", 3600);
  c.advance(3_599_999);
  assert.is(await cache.get("k"), "v");
  c.advance(1);
  assert.is(await cache.get("k"), null);
  assert.is(cache.size, 0, "an expired entry is dropped when met");
});

test("cache: over the bound, the least recently used entry goes first", async () => {
  const cache = new MemoryCacheStore({ maxEntries: 3, now: clock().now });
  await cache.set("a", "1", 60);
  await cache.set("b", "2", 60);
  await cache.set("c", "3", 60);
  await cache.get("a");
  await cache.set("d", "4", 60);
  assert.is(cache.size, 3);
  assert.is(await cache.get("b"), null, "b was least recently used");
  assert.equal([await cache.get("a"), await cache.get("c"), await cache.get("d")], ["1", "3", "4"]);
});

test("cache: over the bound, expired entries go before live ones", async () => {
  const c = clock();
  const cache = new MemoryCacheStore({ maxEntries: 2, now: c.now });
  await cache.set("live", "1", 600);
  await cache.set("short", "2", 1);
  c.advance(2000);
  await cache.set("new", "3", 600);
  assert.is(await cache.get("live"), "1");
  assert.is(await cache.get("new"), "3");
});

test("cache: bounded in characters held: least recently used go first, a value over the entry bound is not kept", async () => {
  const cache = new MemoryCacheStore({ maxChars: 100, maxEntryChars: 40, now: clock().now });
  const v = (c: string) => c.repeat(29); // 29 + a one-character key = 30 characters an entry
  await cache.set("a", v("a"), 60);
  await cache.set("b", v("b"), 60);
  await cache.set("c", v("c"), 60);
  assert.is(cache.chars, 90);
  await cache.get("a");
  await cache.set("d", v("d"), 60);
  assert.is(cache.chars, 90, "one entry went to make room");
  assert.is(await cache.get("b"), null, "b was least recently used");
  assert.equal([await cache.get("a"), await cache.get("c"), await cache.get("d")], [v("a"), v("c"), v("d")]);
  await cache.set("big", "x".repeat(41), 60);
  assert.is(await cache.get("big"), null, "over the entry bound: not kept");
  assert.is(cache.chars, 90, "and it evicted nothing");
  await cache.set("a", "short", 60);
  assert.is(cache.chars, 66, "a replaced value is counted once, at its new size");
});

test("limiter: a new window starts counting from 1 again", async () => {
  const c = clock();
  const limiter = new MemoryRateLimiter({ now: c.now });
  assert.is((await limiter.hit("k", 1)).allowed, true);
  c.advance(59_000);
  assert.equal(await limiter.hit("k", 1), { allowed: false, count: 2, retryAfterSeconds: 1 });
  c.advance(1000);
  assert.equal(await limiter.hit("k", 1), { allowed: true, count: 1, retryAfterSeconds: 60 });
});

test("limiter: past windows are swept once the key bound is passed, and the map stays bounded", async () => {
  const c = clock();
  const limiter = new MemoryRateLimiter({ maxKeys: 10, now: c.now });
  for (let i = 0; i < 10; i++) await limiter.hit(`old-${i}`, 5);
  assert.is(limiter.size, 10);
  c.advance(60_000);
  await limiter.hit("fresh", 5);
  assert.is(limiter.size, 1, "the ten counters of the past window are gone");
  assert.is((await limiter.hit("fresh", 5)).count, 2, "the current window's counter survives the sweep");
  for (let i = 0; i < 50; i++) await limiter.hit(`flood-${i}`, 5);
  assert.ok(limiter.size <= 10, `size ${limiter.size} stays within the bound`);
});

test.run();
