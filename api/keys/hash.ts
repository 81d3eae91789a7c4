/**
 * Keys are looked up by their SHA-256, so the database never holds a usable key in the clear. A fast hash is
 * enough here (unlike for passwords): the input carries 128 random bits, so guessing is hopeless anyway.
 */
import { hash } from "node:crypto";

export function hashApiKey(key: string): string {
  // The one-shot form: no Hash object per request (every keyed request hashes its key).
  return hash("sha256", key, "hex");
}
