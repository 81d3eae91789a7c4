/**
 * From a presented key to its account. Malformed keys are refused before any store query; the store finds the
 * row by hash through an index, and the final match is repeated in constant time so the answer does not hinge
 * on a comparison whose timing a database engine does not promise.
 */
import type { Account, AccountStore } from "../stores/ports.ts";
import { isWellFormedKey } from "./api-key.ts";
import { hashApiKey } from "./hash.ts";
import { digestsEqual } from "./timing-safe-equal.ts";

export async function findAccountByKey(store: AccountStore, key: unknown): Promise<Account | null> {
  if (!isWellFormedKey(key)) return null;
  const keyHash = hashApiKey(key);
  const account = await store.findByKeyHash(keyHash);
  return account && digestsEqual(account.keyHash, keyHash) ? account : null;
}
