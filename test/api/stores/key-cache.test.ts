/**
 * The embedded store keeps accounts in memory by key hash, and usage by account and period; a change made
 * by another connection (the admin command in another process) must show at once, not after a timeout.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteAccountStore } from "../../../api/stores/embedded/account-store.ts";

const dir = mkdtempSync(join(tmpdir(), "sdv-key-cache-"));
const file = join(dir, "sdv.db");

test("a deactivation by another connection is seen by the next look-up", async () => {
  const server = SqliteAccountStore.open(file);
  const admin = SqliteAccountStore.open(file);
  const hash = "a".repeat(64);
  const created = await server.create({ email: "cache@example.com", plan: "free", keyHash: hash, keyCiphertext: "x" });
  assert.is((await server.findByKeyHash(hash))?.active, true);
  assert.is((await server.findByKeyHash(hash))?.active, true, "second look-up (cached)");
  await admin.setActive(created.id, false);
  assert.is((await server.findByKeyHash(hash))?.active, false);
  await admin.setPlan(created.id, "growth");
  assert.is((await server.findByKeyHash(hash))?.plan, "growth");
  await admin.rotateKey(created.id, hash, "b".repeat(64), "y");
  assert.is(await server.findByKeyHash(hash), null);
  await server.close();
  await admin.close();
});

test("own writes are seen at once, and callers cannot change the cached copy", async () => {
  const store = SqliteAccountStore.open(join(dir, "own.db"));
  const hash = "c".repeat(64);
  const created = await store.create({ email: "own@example.com", plan: "free", keyHash: hash, keyCiphertext: "x" });
  const first = await store.findByKeyHash(hash);
  first!.plan = "scale";
  assert.is((await store.findByKeyHash(hash))?.plan, "free");
  await store.setPlan(created.id, "basic");
  assert.is((await store.findByKeyHash(hash))?.plan, "basic");
  await store.close();
});

test("usage, kept with the accounts, follows reservations and releases of either connection at once", async () => {
  const file2 = join(dir, "usage.db");
  const server = SqliteAccountStore.open(file2);
  const admin = SqliteAccountStore.open(file2);
  const created = await server.create({ email: "usage@example.com", plan: "free", keyHash: "d".repeat(64), keyCiphertext: "x" });
  const used = async () => (await server.usage(created.id, "2026-11")).used;
  assert.is(await used(), 0);
  assert.is(await used(), 0, "second read (kept)");
  await admin.reserveCredit(created.id, "2026-11", 100);
  assert.is(await used(), 1, "another connection's reservation");
  await server.reserveCredit(created.id, "2026-11", 100);
  assert.is(await used(), 2, "its own reservation");
  await admin.releaseCredit(created.id, "2026-11");
  assert.is(await used(), 1, "another connection's release");
  await server.releaseCredit(created.id, "2026-11");
  assert.is(await used(), 0, "its own release");
  await server.close();
  await admin.close();
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test.run();
