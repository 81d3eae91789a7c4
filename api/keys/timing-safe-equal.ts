/**
 * String comparison whose time does not depend on where the strings differ. Both sides are hashed first so
 * the compared buffers always have the same length (crypto.timingSafeEqual throws otherwise) and the time
 * does not reveal the expected length either.
 */
import { createHash, timingSafeEqual as equalBuffers } from "node:crypto";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

export function timingSafeEqual(a: string, b: string): boolean {
  return equalBuffers(digest(a), digest(b));
}

const HEX_DIGEST = /^[0-9a-f]{64}$/;

/**
 * Two SHA-256 hex digests (a key's stored hash and the presented key's hash) compared in constant
 * time without hashing them again: they always have the same length.
 */
export function digestsEqual(a: string, b: string): boolean {
  if (!HEX_DIGEST.test(a) || !HEX_DIGEST.test(b)) return timingSafeEqual(a, b);
  return equalBuffers(Buffer.from(a, "hex"), Buffer.from(b, "hex"));
}
