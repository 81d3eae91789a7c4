// What the embedded store does to its file beyond the contract: WAL mode, the schema and its unique
// indexes, migrations that run once and survive reopening, and refusal of a file from a newer build.
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SqliteAccountStore } from "../../../api/stores/embedded/account-store.ts";
import { SCHEMA_VERSION } from "../../../api/stores/embedded/schema.ts";
import { openDatabase } from "../../../api/stores/embedded/sqlite-driver.ts";
import { newAccount, tempDir } from "./fixtures.ts";

const dir = tempDir("sqlite");

test("a new file is created in WAL mode with the current schema version and unique indexes", async () => {
  const file = join(dir.path, "nested", "new", "sdv.db");
  const store = SqliteAccountStore.open(file);
  await store.close();

  const db = openDatabase(file, { readonly: true });
  try {
    assert.is(db.pragma("journal_mode", { simple: true }), "wal");
    assert.is(db.pragma("user_version", { simple: true }), SCHEMA_VERSION);
    const unique = db
      .prepare<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE 'CREATE UNIQUE%'")
      .all()
      .map((row) => row.name)
      .sort();
    assert.equal(unique, ["accounts_email", "accounts_key_hash"]);
  } finally {
    db.close();
  }
});

test("reopening keeps the data and does not migrate again", async () => {
  const file = join(dir.path, "reopen.db");
  const first = SqliteAccountStore.open(file);
  const account = await first.create(newAccount());
  await first.reserveCredit(account.id, "2026-11", 10);
  assert.is(await first.claimEvent("evt_1", 60), "claimed");
  await first.completeEvent("evt_1");
  await first.close();

  const second = SqliteAccountStore.open(file);
  try {
    assert.equal(await second.findByEmail(account.email), account);
    assert.equal(await second.usage(account.id, "2026-11"), { period: "2026-11", used: 1 });
    assert.is(await second.claimEvent("evt_1", 60), "applied");
  } finally {
    await second.close();
  }
});

test("a file with a newer schema version is refused, and left untouched", async () => {
  const file = join(dir.path, "future.db");
  await SqliteAccountStore.open(file).close();
  const db = openDatabase(file);
  db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
  db.close();
  assert.throws(() => SqliteAccountStore.open(file), /newer than this build knows/);
  const check = openDatabase(file, { readonly: true });
  assert.is(check.pragma("user_version", { simple: true }), SCHEMA_VERSION + 1);
  check.close();
});

test("two connections opening a new file at once both end up on the same schema", async () => {
  const file = join(dir.path, "race.db");
  const a = SqliteAccountStore.open(file);
  const b = SqliteAccountStore.open(file);
  try {
    const created = await a.create(newAccount());
    assert.equal(await b.findByKeyHash(created.keyHash), created);
  } finally {
    await a.close();
    await b.close();
  }
});

test("close is idempotent", async () => {
  const store = SqliteAccountStore.open(":memory:");
  await store.close();
  await store.close();
});

test.after(() => dir.remove());

test.run();
