/**
 * The API key format from the spec: a fixed live-key prefix and 32 hexadecimal characters (128 random bits).
 * Keys are generated in lower case only, so a key is well formed only in lower case: the hash of any other
 * spelling would never match.
 */
import { randomBytes } from "node:crypto";

export const API_KEY_PREFIX = "sdv_live_";

const WELL_FORMED = /^sdv_live_[0-9a-f]{32}$/;

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(16).toString("hex");
}

export function isWellFormedKey(key: unknown): key is string {
  return typeof key === "string" && WELL_FORMED.test(key);
}
