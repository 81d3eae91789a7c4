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
