/**
 * Rotation keeps answering 403 inactive_api_key (not 401) for the replaced key. The AccountStore port has
 * no table of retired key hashes, so the old hash is parked on a tombstone account: deactivated, plan
 * free, no recoverable key, and an e-mail under the reserved .invalid top-level domain that signup and
 * login refuse. A look-up of the old key then finds an inactive account, which is exactly the 403 path,
 * at no cost on the hot path and on every store adapter.
 *
 * Steps, each leaving a safe state: (1) create the tombstone with a random placeholder hash and
 * (2) deactivate it; (3) rotate the real account to the new key (the old key now answers 401);
 * (4) move the old hash onto the tombstone (from now on 403). The tombstone is never active while it
 * holds the old hash.
 */
import { randomBytes } from "node:crypto";
import { hashApiKey } from "../keys/index.ts";
import type { Account, AccountStore } from "../stores/ports.ts";

export const RETIRED_KEY_DOMAIN = "retired-keys.invalid";

export function isRetiredKeyAccount(account: Pick<Account, "email">): boolean {
  return account.email.endsWith(`@${RETIRED_KEY_DOMAIN}`);
}

export interface RotationLog {
  warn(obj: object, msg: string): void;
}

/** Replaces `account`'s key and parks the old hash on a tombstone. Returns the updated account, or null when it vanished. */
export async function rotateAndRetire(
  accounts: AccountStore,
  account: Account,
  newKeyHash: string,
  newKeyCiphertext: string,
  log: RotationLog,
): Promise<Account | null> {
  let tombstone: Account | null = null;
  try {
    const tag = randomBytes(8).toString("hex");
    tombstone = await accounts.create({
      email: `${account.keyHash.slice(0, 16)}.${tag}@${RETIRED_KEY_DOMAIN}`,
      plan: "free",
      keyHash: hashApiKey(`placeholder:${randomBytes(16).toString("hex")}`),
      keyCiphertext: "",
    });
    await accounts.setActive(tombstone.id, false);
  } catch (err) {
    // Rotation still happens; the old key will answer 401 instead of 403.
    log.warn({ err }, "could not create the retired-key record");
    tombstone = null;
  }
  const rotated = await accounts.rotateKey(account.id, newKeyHash, newKeyCiphertext);
  if (rotated && tombstone) {
    try {
      await accounts.rotateKey(tombstone.id, account.keyHash, "");
    } catch (err) {
      log.warn({ err }, "could not park the retired key hash");
    }
  }
  return rotated;
}
