// The storage contract: one table of cases, run against every adapter of each port. SQLite (a file in a temp
// dir, and ':memory:') and the in-process cache and limiter always run; MongoDB runs when MONGODB_URL is set;
// Redis runs when REDIS_URL (default redis://127.0.0.1:6379) answers. An adapter that cannot run is
// registered as a visible skip with its reason.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { MongoClient } from "mongodb";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SqliteAccountStore } from "../../../api/stores/embedded/account-store.ts";
import { MemoryCacheStore } from "../../../api/stores/embedded/memory-cache.ts";
import { MemoryRateLimiter } from "../../../api/stores/embedded/memory-rate-limiter.ts";
import { MongoAccountStore } from "../../../api/stores/mongodb/account-store.ts";
import {
  EmailTakenError,
  type AccountStore,
  type CacheStore,
  type RateLimiter,
  type ReserveOutcome,
} from "../../../api/stores/ports.ts";
import { RedisCacheStore } from "../../../api/stores/redis/cache-store.ts";
import { RedisRateLimiter } from "../../../api/stores/redis/rate-limiter.ts";
import {
  awaitRoomInWindow,
  closeQuietly,
  deleteRedisPrefix,
  MONGODB_URL,
  newAccount,
  patientDeadline,
  probeRedis,
  REDIS_URL,
  sleep,
  tempDir,
  uniqueRedisPrefix,
} from "./fixtures.ts";

// ---------------------------------------------------------------------------------------------- the cases

interface AccountContext {
  /** A second, independent connection to the same data, when the adapter has one. */
  sibling?: () => Promise<AccountStore>;
}

type Case =
  | {
      port: "accounts";
      name: string;
      needsSibling?: true;
      run(store: AccountStore, ctx: AccountContext): Promise<void>;
    }
  | { port: "cache"; name: string; run(store: CacheStore): Promise<void> }
  | { port: "limiter"; name: string; run(limiter: RateLimiter): Promise<void> };

const PERIOD = "2026-11";

/** N credits remain and N + k callers race for them: exactly N may win, each with a distinct count. */
function assertExactlyN(outcomes: ReserveOutcome[], n: number, before: number) {
  const won = outcomes.filter((o) => o.ok);
  assert.is(won.length, n, `exactly ${n} of ${outcomes.length} concurrent reservations succeed`);
  const counts = won.map((o) => o.used).sort((a, b) => a - b);
  assert.equal(counts, Array.from({ length: n }, (_, i) => before + i + 1), "each winner saw its own count");
  for (const lost of outcomes.filter((o) => !o.ok)) assert.is(lost.used, before + n);
}

const cases: Case[] = [
  {
    port: "accounts",
    name: "create, then find by e-mail (any case, surrounding spaces) and by key hash",
    async run(store) {
      const input = newAccount({ email: `  Ann.${randomUUID()}@Example.COM ` });
      const created = await store.create(input);
      const normalized = input.email.trim().toLowerCase();
      assert.is(created.email, normalized);
      assert.is(created.plan, "free");
      assert.is(created.active, true);
      assert.is(created.keyHash, input.keyHash);
      assert.is(created.keyCiphertext, input.keyCiphertext);
      assert.is(created.stripeCustomerId, null);
      assert.ok(created.id.length > 0);
      assert.ok(!Number.isNaN(Date.parse(created.createdAt)) && created.createdAt === created.updatedAt);

      assert.equal(await store.findByEmail(normalized.toUpperCase()), created);
      assert.equal(await store.findByEmail(`\t${normalized}\n`), created);
      assert.equal(await store.findByKeyHash(input.keyHash), created);
      assert.is(await store.findByEmail(`nobody-${randomUUID()}@example.com`), null);
      assert.is(await store.findByKeyHash("0".repeat(64)), null);
      assert.equal(await store.findById(created.id), created);
      assert.is(await store.findById(randomUUID()), null);
    },
  },
  {
    port: "accounts",
    name: "a second account with the same e-mail in another spelling -> EmailTakenError",
    async run(store) {
      const first = await store.create(newAccount());
      try {
        await store.create(newAccount({ email: ` ${first.email.toUpperCase()}` }));
        assert.unreachable("the duplicate was accepted");
      } catch (error) {
        assert.instance(error, EmailTakenError);
        assert.is((error as EmailTakenError).email, first.email);
      }
      assert.equal(await store.findByEmail(first.email), first, "the first account is unchanged");
    },
  },
  {
    port: "accounts",
    name: "rotateKey: the new hash matches, the old one is unknown at once; a stale expected hash changes nothing",
    async run(store) {
      const account = await store.create(newAccount());
      const next = newAccount();
      const rotated = await store.rotateKey(account.id, account.keyHash, next.keyHash, next.keyCiphertext);
      assert.ok(rotated);
      assert.is(rotated.keyHash, next.keyHash);
      assert.is(rotated.keyCiphertext, next.keyCiphertext);
      assert.is(await store.findByKeyHash(account.keyHash), null);
      assert.equal(await store.findByKeyHash(next.keyHash), rotated);
      const late = newAccount();
      assert.is(await store.rotateKey(account.id, account.keyHash, late.keyHash, late.keyCiphertext), null, "the key is no longer the expected one");
      assert.is(await store.findByKeyHash(late.keyHash), null);
      assert.is((await store.findByEmail(account.email))?.keyHash, next.keyHash);
      assert.is(await store.rotateKey(randomUUID(), account.keyHash, newAccount().keyHash, "x"), null, "unknown account");
    },
  },
  {
    port: "accounts",
    name: "rotateKey: of 10 concurrent rotations from the same key (split over two connections) exactly one wins",
    needsSibling: true,
    async run(store, ctx) {
      const other = await ctx.sibling!();
      try {
        const account = await store.create(newAccount());
        const candidates = Array.from({ length: 10 }, () => newAccount());
        const results = await Promise.all(
          candidates.map((c, i) => (i % 2 === 0 ? store : other).rotateKey(account.id, account.keyHash, c.keyHash, c.keyCiphertext)),
        );
        const winners = results.filter((r) => r !== null);
        assert.is(winners.length, 1, "exactly one rotation wins");
        assert.is((await other.findByEmail(account.email))?.keyHash, winners[0]!.keyHash);
      } finally {
        await other.close();
      }
    },
  },
  {
    port: "accounts",
    name: "list: accounts in e-mail order, a page at a time",
    async run(store) {
      const tag = randomUUID();
      const emails = ["c", "a", "b", "d", "e"].map((l) => `${l}-${tag}@list.example`);
      for (const email of emails) await store.create(newAccount({ email }));
      const seen: string[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await store.list({ after, limit: 2 });
        assert.ok(page.length <= 2);
        if (page.length === 0) break;
        seen.push(...page.map((a) => a.email));
        after = page[page.length - 1]!.email;
      }
      const ours = seen.filter((e) => e.endsWith(`-${tag}@list.example`));
      assert.equal(ours, [...emails].sort());
      assert.equal(seen, [...seen].sort(), "the whole listing is in e-mail order");
      assert.equal(await store.list({ limit: 0 }), []);
    },
  },
  {
    port: "accounts",
    name: "create with active: false makes an inactive account",
    async run(store) {
      const created = await store.create(newAccount({ active: false }));
      assert.is(created.active, false);
      assert.is((await store.findByKeyHash(created.keyHash))?.active, false);
    },
  },
  {
    port: "accounts",
    name: "setPlan (customer id kept when omitted, cleared with null) and setActive",
    async run(store) {
      const account = await store.create(newAccount());
      const paid = await store.setPlan(account.id, "growth", "cus_123");
      assert.is(paid?.plan, "growth");
      assert.is(paid?.stripeCustomerId, "cus_123");
      const upgraded = await store.setPlan(account.id, "scale");
      assert.is(upgraded?.plan, "scale");
      assert.is(upgraded?.stripeCustomerId, "cus_123");
      const cleared = await store.setPlan(account.id, "free", null);
      assert.is(cleared?.stripeCustomerId, null);

      const off = await store.setActive(account.id, false);
      assert.is(off?.active, false);
      assert.is((await store.findByKeyHash(account.keyHash))?.active, false, "a deactivated key is still found");
      assert.is((await store.setActive(account.id, true))?.active, true);
      assert.is((await store.findByEmail(account.email))?.plan, "free");

      assert.is(await store.setPlan(randomUUID(), "basic"), null);
      assert.is(await store.setActive(randomUUID(), false), null);
    },
  },
  {
    port: "accounts",
    name: "reserveCredit takes credits up to the limit, then refuses without counting",
    async run(store) {
      const { id } = await store.create(newAccount());
      assert.equal(await store.usage(id, PERIOD), { period: PERIOD, used: 0 });
      for (let n = 1; n <= 3; n++) assert.equal(await store.reserveCredit(id, PERIOD, 3), { ok: true, used: n });
      assert.equal(await store.reserveCredit(id, PERIOD, 3), { ok: false, used: 3 });
      assert.equal(await store.reserveCredit(id, PERIOD, 3), { ok: false, used: 3 });
      assert.equal(await store.usage(id, PERIOD), { period: PERIOD, used: 3 });
      assert.equal(await store.reserveCredit(id, PERIOD, 4), { ok: true, used: 4 }, "a higher limit (upgrade)");
      assert.equal(await store.reserveCredit(id, "2026-12", 0), { ok: false, used: 0 }, "a zero limit");
      assert.equal(await store.usage(id, "2026-12"), { period: "2026-12", used: 0 });
    },
  },
  {
    port: "accounts",
    name: "releaseCredit gives back exactly one and never goes below zero",
    async run(store) {
      const { id } = await store.create(newAccount());
      await store.reserveCredit(id, PERIOD, 2);
      await store.reserveCredit(id, PERIOD, 2);
      assert.is((await store.reserveCredit(id, PERIOD, 2)).ok, false);
      await store.releaseCredit(id, PERIOD);
      assert.equal(await store.usage(id, PERIOD), { period: PERIOD, used: 1 });
      assert.equal(await store.reserveCredit(id, PERIOD, 2), { ok: true, used: 2 }, "the released credit is usable");
      for (let i = 0; i < 4; i++) await store.releaseCredit(id, PERIOD);
      assert.equal(await store.usage(id, PERIOD), { period: PERIOD, used: 0 });
      await store.releaseCredit(id, "1999-01");
      assert.equal(await store.usage(id, "1999-01"), { period: "1999-01", used: 0 });
      assert.equal(await store.reserveCredit(id, "1999-01", 1), { ok: true, used: 1 });
    },
  },
  {
    port: "accounts",
    name: "a credit under a key is taken once and given back once, to the period it was taken in",
    async run(store) {
      const { id } = await store.create(newAccount());
      const key = `audit run_${randomUUID()} https://shop.example/p/1`;
      assert.equal(await store.reserveCredit(id, PERIOD, 5, { key }), { ok: true, used: 1 });
      assert.equal(await store.reserveCredit(id, PERIOD, 5, { key }), { ok: true, used: 1 }, "asked again (a retried page): nothing taken");
      assert.equal(await store.reserveCredit(id, "2026-12", 5, { key }), { ok: true, used: 0 }, "asked again in the next period: nothing taken there");
      assert.equal(await store.reserveCredit(id, PERIOD, 5, { key: `${key}/2` }), { ok: true, used: 2 }, "another key is another credit");
      await store.releaseCredit(id, "2026-12", key);
      assert.equal(await store.usage(id, PERIOD), { period: PERIOD, used: 1 }, "given back to the period it was taken in");
      await store.releaseCredit(id, PERIOD, key);
      assert.equal(await store.usage(id, PERIOD), { period: PERIOD, used: 1 }, "given back once");
      assert.equal(await store.reserveCredit(id, PERIOD, 5, { key }), { ok: true, used: 2 }, "a key given back can be charged again");
      // A key refused for the quota is not kept: once there is room, it is charged.
      const full = await store.create(newAccount());
      assert.is((await store.reserveCredit(full.id, PERIOD, 1)).ok, true);
      assert.equal(await store.reserveCredit(full.id, PERIOD, 1, { key: `${key}/full` }), { ok: false, used: 1 });
      assert.equal(await store.reserveCredit(full.id, PERIOD, 2, { key: `${key}/full` }), { ok: true, used: 2 });
    },
  },
  {
    port: "accounts",
    name: "periods and accounts are counted separately",
    async run(store) {
      const a = await store.create(newAccount());
      const b = await store.create(newAccount());
      assert.is((await store.reserveCredit(a.id, "2026-10", 1)).ok, true);
      assert.is((await store.reserveCredit(a.id, "2026-10", 1)).ok, false);
      assert.equal(await store.reserveCredit(a.id, "2026-11", 1), { ok: true, used: 1 });
      assert.equal(await store.reserveCredit(b.id, "2026-10", 1), { ok: true, used: 1 });
      assert.equal(await store.usage(a.id, "2026-10"), { period: "2026-10", used: 1 });
    },
  },
  {
    port: "accounts",
    name: "concurrency: 35 concurrent reservations on a fresh period with limit 20 -> exactly 20 ok",
    async run(store) {
      const { id } = await store.create(newAccount());
      const outcomes = await Promise.all(Array.from({ length: 35 }, () => store.reserveCredit(id, PERIOD, 20)));
      assertExactlyN(outcomes, 20, 0);
      assert.equal(await store.usage(id, PERIOD), { period: PERIOD, used: 20 });
    },
  },
  {
    port: "accounts",
    name: "concurrency: 20 of 25 credits left, 35 concurrent reservations -> exactly 20 ok; then all refused",
    async run(store) {
      const { id } = await store.create(newAccount());
      for (let i = 0; i < 5; i++) await store.reserveCredit(id, PERIOD, 25);
      const outcomes = await Promise.all(Array.from({ length: 35 }, () => store.reserveCredit(id, PERIOD, 25)));
      assertExactlyN(outcomes, 20, 5);
      const again = await Promise.all(Array.from({ length: 10 }, () => store.reserveCredit(id, PERIOD, 25)));
      assert.ok(again.every((o) => !o.ok && o.used === 25));
    },
  },
  {
    port: "accounts",
    name: "concurrency: reservations of two accounts at once are each told their own count; those past the limit none",
    async run(store) {
      const a = await store.create(newAccount());
      const b = await store.create(newAccount());
      const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => store.reserveCredit((i % 2 === 0 ? a : b).id, PERIOD, 100)));
      const counts = (account: { id: string }) =>
        outcomes.filter((_, i) => (i % 2 === 0 ? a : b) === account).map((o) => (o.ok ? o.used : -1)).sort((x, y) => x - y);
      assert.equal(counts(a), [1, 2, 3, 4, 5, 6]);
      assert.equal(counts(b), [1, 2, 3, 4, 5, 6]);
      // 6 used, limit 8: of four at once, two are taken (7 and 8) and two refused at 8.
      const near = await Promise.all(Array.from({ length: 4 }, () => store.reserveCredit(a.id, PERIOD, 8)));
      assert.equal(near.filter((o) => o.ok).map((o) => o.used).sort(), [7, 8]);
      assert.ok(near.filter((o) => !o.ok).every((o) => o.used === 8));
      assert.equal(await store.usage(a.id, PERIOD), { period: PERIOD, used: 8 });
      assert.equal(await store.usage(b.id, PERIOD), { period: PERIOD, used: 6 });
    },
  },
  {
    port: "accounts",
    name: "reserveCredit immediate: counted with the reservations gathered in the same turn, refused past the limit",
    async run(store) {
      const { id } = await store.create(newAccount());
      const outcomes = await Promise.all([
        store.reserveCredit(id, PERIOD, 3),
        store.reserveCredit(id, PERIOD, 3, { immediate: true }),
        store.reserveCredit(id, PERIOD, 3),
        store.reserveCredit(id, PERIOD, 3, { immediate: true }),
      ]);
      assert.equal(outcomes.filter((o) => o.ok).map((o) => o.used).sort(), [1, 2, 3]);
      assert.is(outcomes.filter((o) => !o.ok).length, 1);
      assert.equal(await store.reserveCredit(id, PERIOD, 3, { immediate: true }), { ok: false, used: 3 });
      assert.equal(await store.usage(id, PERIOD), { period: PERIOD, used: 3 });
    },
  },
  {
    port: "accounts",
    name: "concurrency across two connections: 35 reservations split over both, limit 20 -> exactly 20 ok",
    needsSibling: true,
    async run(store, ctx) {
      const other = await ctx.sibling!();
      try {
        const { id } = await store.create(newAccount());
        const outcomes = await Promise.all(
          Array.from({ length: 35 }, (_, i) => (i % 2 === 0 ? store : other).reserveCredit(id, PERIOD, 20)),
        );
        assertExactlyN(outcomes, 20, 0);
        assert.equal(await other.usage(id, PERIOD), { period: PERIOD, used: 20 });
      } finally {
        await other.close();
      }
    },
  },
  {
    port: "accounts",
    name: "claimEvent: claimed once; in progress while held; applied after completeEvent; again claimable after abandonEvent",
    async run(store) {
      const id = `evt_${randomUUID()}`;
      assert.is(await store.claimEvent(id, 60), "claimed");
      assert.is(await store.claimEvent(id, 60), "in_progress", "held by the first claim");
      await store.abandonEvent(id);
      assert.is(await store.claimEvent(id, 60), "claimed", "a failed attempt gives the event back");
      await store.completeEvent(id);
      assert.is(await store.claimEvent(id, 60), "applied");
      await store.abandonEvent(id);
      assert.is(await store.claimEvent(id, 60), "applied", "an applied event cannot be abandoned");
      assert.is(await store.claimEvent(`${id}_other`, 60), "claimed");
      const raced = await Promise.all(Array.from({ length: 10 }, () => store.claimEvent(`${id}_race`, 60)));
      assert.is(raced.filter((c) => c === "claimed").length, 1);
    },
  },
  {
    port: "accounts",
    name: "claimEvent: a claim whose lease ran out (its holder died) is taken over once",
    async run(store) {
      const id = `evt_${randomUUID()}`;
      assert.is(await store.claimEvent(id, 0.05), "claimed");
      await sleep(120);
      const raced = await Promise.all(Array.from({ length: 5 }, () => store.claimEvent(id, 60)));
      assert.is(raced.filter((c) => c === "claimed").length, 1);
      assert.is(raced.filter((c) => c === "in_progress").length, 4);
    },
  },
  {
    port: "accounts",
    name: "verifications: added, taken back as stored (e-mail normalized), taken once; unknown ids give null",
    async run(store) {
      const idHash = randomUUID().replace(/-/g, "").padEnd(64, "a");
      const pending = { idHash, codeHash: "c".repeat(64), email: ` Ann.${randomUUID()}@Example.COM`, purpose: "login" as const, expiresAt: Date.now() + 60_000 };
      await store.addVerification(pending, Date.now());
      assert.is(await store.takeVerification(`${idHash.slice(0, -1)}b`), null, "another id takes nothing");
      const taken = await store.takeVerification(idHash);
      assert.equal(taken, { ...pending, email: pending.email.trim().toLowerCase() });
      assert.is(await store.takeVerification(idHash), null, "single use");
    },
  },
  {
    port: "accounts",
    name: "verifications: of concurrent takes (two connections where the adapter has them) exactly one gets it",
    needsSibling: true,
    async run(store, ctx) {
      const other = await ctx.sibling!();
      try {
        const idHash = randomUUID().replace(/-/g, "").padEnd(64, "0");
        await store.addVerification({ idHash, codeHash: "d".repeat(64), email: `race.${randomUUID()}@example.com`, purpose: "signup", expiresAt: Date.now() + 60_000 }, Date.now());
        const takes = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? store : other).takeVerification(idHash)));
        assert.is(takes.filter((t) => t !== null).length, 1);
        assert.is(takes.find((t) => t !== null)!.purpose, "signup");
      } finally {
        await other.close();
      }
    },
  },
  {
    port: "accounts",
    name: "verifications: adding drops or keeps the expired ones, never a live one",
    async run(store) {
      const live = { idHash: randomUUID().replace(/-/g, "").padEnd(64, "1"), codeHash: "e".repeat(64), email: `live.${randomUUID()}@example.com`, purpose: "login" as const, expiresAt: Date.now() + 60_000 };
      const old = { ...live, idHash: randomUUID().replace(/-/g, "").padEnd(64, "2"), expiresAt: Date.now() - 1 };
      await store.addVerification(live, Date.now());
      await store.addVerification(old, Date.now() - 10);
      await store.addVerification({ ...live, idHash: randomUUID().replace(/-/g, "").padEnd(64, "3") }, Date.now());
      assert.ok(await store.takeVerification(live.idHash), "a live verification survives later additions");
      const stale = await store.takeVerification(old.idHash);
      // An adapter may have dropped it; if not, the caller sees its expiry and refuses it.
      if (stale) assert.ok(stale.expiresAt < Date.now());
    },
  },
  {
    port: "accounts",
    name: "ping answers",
    async run(store) {
      await store.ping();
    },
  },

  {
    port: "cache",
    name: "get of a missing key is null; set then get; set overwrites; keys are separate",
    async run(cache) {
      const key = `k-${randomUUID()}`;
      assert.is(await cache.get(key), null);
      await cache.set(key, '{"a":1}', 60);
      assert.is(await cache.get(key), '{"a":1}');
      await cache.set(key, "second", 60);
      assert.is(await cache.get(key), "second");
      assert.is(await cache.get(`${key}-other`), null);
      await cache.set(key, "", 60);
      assert.is(await cache.get(key), "", "an empty string is a value, not a miss");
    },
  },
  {
    port: "cache",
    name: "an entry expires after its TTL (1 s)",
    async run(cache) {
      const key = `ttl-${randomUUID()}`;
      await cache.set(key, "soon gone", 1);
      await cache.set(`${key}-long`, "stays", 60);
      assert.is(await cache.get(key), "soon gone");
      await sleep(1200);
      assert.is(await cache.get(key), null);
      assert.is(await cache.get(`${key}-long`), "stays");
    },
  },
  {
    port: "cache",
    name: "a TTL <= 0 stores nothing and drops an existing entry",
    async run(cache) {
      const key = `zero-${randomUUID()}`;
      await cache.set(key, "x", 0);
      assert.is(await cache.get(key), null);
      await cache.set(key, "x", 60);
      await cache.set(key, "y", -1);
      assert.is(await cache.get(key), null);
      await cache.ping();
    },
  },

  {
    port: "limiter",
    name: "allows `limit` hits in a window, then refuses with retryAfterSeconds in 1..60",
    async run(limiter) {
      await awaitRoomInWindow();
      const key = `ip-${randomUUID()}`;
      for (let n = 1; n <= 5; n++) {
        const decision = await limiter.hit(key, 5);
        assert.is(decision.allowed, true, `hit ${n} is allowed`);
        assert.is(decision.count, n);
      }
      for (let n = 6; n <= 7; n++) {
        const decision = await limiter.hit(key, 5);
        assert.is(decision.allowed, false, `hit ${n} is refused`);
        assert.is(decision.count, n);
        assert.ok(Number.isInteger(decision.retryAfterSeconds), "whole seconds");
        const { retryAfterSeconds } = decision;
        assert.ok(retryAfterSeconds >= 1 && retryAfterSeconds <= 60, String(retryAfterSeconds));
      }
      await limiter.ping();
    },
  },
  {
    port: "limiter",
    name: "separate keys have separate counters",
    async run(limiter) {
      await awaitRoomInWindow();
      const a = `key-a-${randomUUID()}`;
      const b = `key-b-${randomUUID()}`;
      assert.is((await limiter.hit(a, 1)).allowed, true);
      assert.is((await limiter.hit(a, 1)).allowed, false);
      const other = await limiter.hit(b, 1);
      assert.is(other.allowed, true);
      assert.is(other.count, 1);
    },
  },
  {
    port: "limiter",
    name: "a hit can count several units (the answer budget counts bytes): allowed while the window's total is within the limit",
    async run(limiter) {
      await awaitRoomInWindow();
      const key = `bytes-${randomUUID()}`;
      assert.equal({ ...(await limiter.hit(key, 1000, 600)), retryAfterSeconds: 0 }, { allowed: true, count: 600, retryAfterSeconds: 0 });
      assert.equal({ ...(await limiter.hit(key, 1000, 400)), retryAfterSeconds: 0 }, { allowed: true, count: 1000, retryAfterSeconds: 0 });
      const over = await limiter.hit(key, 1000, 1);
      assert.is(over.allowed, false);
      assert.is(over.count, 1001);
      const counts = await Promise.all(Array.from({ length: 10 }, () => limiter.hit(key, 1e9, 100)));
      assert.is(Math.max(...counts.map((d) => d.count)), 2001, "concurrent multi-unit hits are all counted");
    },
  },
  {
    port: "limiter",
    name: "concurrent hits are all counted: 30 at once with limit 10 -> 10 allowed",
    async run(limiter) {
      await awaitRoomInWindow();
      const key = `burst-${randomUUID()}`;
      const decisions = await Promise.all(Array.from({ length: 30 }, () => limiter.hit(key, 10)));
      assert.is(decisions.filter((d) => d.allowed).length, 10);
      assert.equal(
        decisions.map((d) => d.count).sort((x, y) => x - y),
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
    },
  },
];

// ------------------------------------------------------------------------------------------- the adapters

interface Opened<T> {
  store: T;
  ctx?: AccountContext;
}

type Adapter =
  | { port: "accounts"; name: string; siblings?: true; open(): Promise<Opened<AccountStore>> }
  | { port: "cache"; name: string; open(): Promise<Opened<CacheStore>> }
  | { port: "limiter"; name: string; open(): Promise<Opened<RateLimiter>> };

const cleanups: Array<() => Promise<void> | void> = [];
const dir = tempDir("contract");
cleanups.push(() => dir.remove());

const adapters: Adapter[] = [
  {
    port: "accounts",
    name: "sqlite file",
    siblings: true,
    async open() {
      const file = join(dir.path, `${randomUUID()}`, "sdv.db");
      return { store: SqliteAccountStore.open(file), ctx: { sibling: async () => SqliteAccountStore.open(file) } };
    },
  },
  {
    port: "accounts",
    name: "sqlite :memory:",
    async open() {
      return { store: SqliteAccountStore.open(":memory:") };
    },
  },
  { port: "cache", name: "memory cache", open: async () => ({ store: new MemoryCacheStore() }) },
  { port: "limiter", name: "memory limiter", open: async () => ({ store: new MemoryRateLimiter() }) },
];

// MongoDB: one database per run, dropped at the end.
if (MONGODB_URL) {
  const url = MONGODB_URL;
  const dbName = `sdv_test_${randomUUID().replace(/-/g, "")}`;
  adapters.push({
    port: "accounts",
    name: "mongodb",
    siblings: true,
    async open() {
      const open = () => MongoAccountStore.connect(url, { dbName, serverSelectionTimeoutMs: 3000 });
      return { store: await open(), ctx: { sibling: open } };
    },
  });
  cleanups.push(async () => {
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 3000 });
    try {
      await client.connect();
      await client.db(dbName).dropDatabase();
    } finally {
      await client.close();
    }
  });
} else {
  const reason = "MONGODB_URL not set; no MongoDB server on this machine";
  console.log(`  mongodb store contract skipped: ${reason}`);
  test.skip(`mongodb store contract (skipped: ${reason})`, () => {});
}

// Redis: a prefix per run, its keys deleted at the end.
const redis = await probeRedis(REDIS_URL);
if ("client" in redis) {
  const admin = redis.client;
  const prefix = uniqueRedisPrefix();
  adapters.push(
    {
      port: "cache",
      name: "redis cache",
      open: async () => ({ store: await RedisCacheStore.connect(REDIS_URL, { prefix, deadline: patientDeadline() }) }),
    },
    {
      port: "limiter",
      name: "redis limiter",
      open: async () => ({ store: await RedisRateLimiter.connect(REDIS_URL, { prefix, deadline: patientDeadline() }) }),
    },
  );
  cleanups.push(async () => {
    await deleteRedisPrefix(admin, prefix);
    await closeQuietly(admin);
  });
} else {
  console.log(`  redis cache/limiter contract skipped: ${redis.reason}`);
  test.skip(`redis cache/limiter contract (skipped: ${redis.reason})`, () => {});
}

// ---------------------------------------------------------------------------------------------- the matrix

for (const adapter of adapters) {
  for (const c of cases) {
    if (c.port !== adapter.port) continue;
    const name = `${adapter.name}: ${c.name}`;
    // ':memory:' is private to its connection, so it has no second connection to race against.
    if (c.port === "accounts" && c.needsSibling && !(adapter.port === "accounts" && adapter.siblings)) continue;
    test(name, async () => {
      const opened = await adapter.open();
      try {
        if (c.port === "accounts") await c.run(opened.store as AccountStore, opened.ctx ?? {});
        else if (c.port === "cache") await c.run(opened.store as CacheStore);
        else await c.run(opened.store as RateLimiter);
      } finally {
        await opened.store.close();
      }
    });
  }
}

test.after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test.run();
