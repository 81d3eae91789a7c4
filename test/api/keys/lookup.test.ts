// findAccountByKey: from a presented key to its account, refusing malformed keys before any query.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { generateApiKey } from "../../../api/keys/api-key.ts";
import { hashApiKey } from "../../../api/keys/hash.ts";
import { findAccountByKey } from "../../../api/keys/lookup.ts";
import { SqliteAccountStore } from "../../../api/stores/embedded/account-store.ts";
import type { AccountStore } from "../../../api/stores/ports.ts";
import { newAccount } from "../stores/fixtures.ts";

test("a stored key finds its account; a rotated-away or unknown key finds nothing", async () => {
  const store = SqliteAccountStore.open(":memory:");
  try {
    const key = generateApiKey();
    const account = await store.create(newAccount({ keyHash: hashApiKey(key) }));
    assert.equal(await findAccountByKey(store, key), account);
    assert.is(await findAccountByKey(store, generateApiKey()), null);

    const next = generateApiKey();
    await store.rotateKey(account.id, account.keyHash, hashApiKey(next), "v1.x");
    assert.is(await findAccountByKey(store, key), null);
    assert.is((await findAccountByKey(store, next))?.id, account.id);
  } finally {
    await store.close();
  }
});

test("malformed keys are refused without touching the store", async () => {
  let queries = 0;
  const spy = { findByKeyHash: async () => (queries++, null) } as unknown as AccountStore;
  const key = generateApiKey();
  for (const bad of [undefined, "", key.toUpperCase(), `${key} `, key.slice(0, -1), ["x"]]) {
    assert.is(await findAccountByKey(spy, bad), null);
  }
  assert.is(queries, 0);
  await findAccountByKey(spy, key);
  assert.is(queries, 1);
});

test("a store answer whose hash does not match is not trusted", async () => {
  const key = generateApiKey();
  const wrong = { findByKeyHash: async () => ({ ...newAccount(), id: "a" }) } as unknown as AccountStore;
  assert.is(await findAccountByKey(wrong, key), null);
});

test.run();
