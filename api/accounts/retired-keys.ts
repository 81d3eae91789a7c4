/**
 * Key rotation, and why a replaced key keeps answering 403 inactive_api_key (not 401). The AccountStore
 * port has no table of retired key hashes, so the old hash is parked on a tombstone account: created
 * deactivated, plan free, no recoverable key, and an e-mail under the reserved .invalid top-level domain
 * that signup and login refuse. A look-up of the old key then finds an inactive account, which is exactly
 * the 403 path, at no cost on the hot path and on every store adapter.
 *
 * Steps: (1) the conditional rotation (only while the account's key is still the presented one), which
 * decides between concurrent rotations, in this process or another, exactly one winner; (2) the winner
 * parks the old hash on a tombstone created inactive in one write. Between the two the old key answers 401;
 * if (2) fails it keeps answering 401, which is still a refusal.
 */
import { randomBytes } from "node:crypto";
import type { Account, AccountStore } from "../stores/ports.ts";

export const RETIRED_KEY_DOMAIN = "retired-keys.invalid";

export function isRetiredKeyAccount(account: Pick<Account, "email">): boolean {
  return account.email.endsWith(`@${RETIRED_KEY_DOMAIN}`);
}

export interface RotationLog {
  warn(obj: object, msg: string): void;
}

/**
 * Replaces `account`'s key (the one it had when it was read) and parks the old hash on a tombstone.
 * Returns the updated account, or null when the account vanished or another rotation replaced the key first.
 */
export async function rotateAndRetire(
  accounts: AccountStore,
  account: Account,
  newKeyHash: string,
  newKeyCiphertext: string,
  log: RotationLog,
): Promise<Account | null> {
  const rotated = await accounts.rotateKey(account.id, account.keyHash, newKeyHash, newKeyCiphertext);
  if (!rotated) return null;
  try {
    await accounts.create({
      email: `${account.keyHash.slice(0, 16)}.${randomBytes(8).toString("hex")}@${RETIRED_KEY_DOMAIN}`,
      plan: "free",
      keyHash: account.keyHash,
      keyCiphertext: "",
      active: false,
    });
  } catch (err) {
    log.warn({ err }, "could not park the retired key hash (the old key answers 401 instead of 403)");
  }
  return rotated;
}
