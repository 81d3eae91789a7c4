/**
 * Both embedded stores' way past a lock another connection of the same file holds (WAL, several
 * server processes): the statement is tried now and, while the lock stays, again from a timer with
 * growing pauses, never by blocking the event loop, until the caller's patience runs out.
 */
import { sqliteErrorCode } from "./sqlite-driver.ts";

const FIRST_RETRY_MS = 2;
const MAX_RETRY_MS = 50;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Another connection holds a lock this statement needs. */
export function isLockConflict(error: unknown): boolean {
  const code = sqliteErrorCode(error);
  return code !== undefined && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}

/** Runs `op` now; while another connection holds the lock, again from a timer, within `waitMs`. */
export async function withLockRetry<T>(op: () => T, waitMs: number): Promise<T> {
  const giveUpAt = Date.now() + waitMs;
  let wait = FIRST_RETRY_MS;
  for (;;) {
    try {
      return op();
    } catch (error) {
      if (!isLockConflict(error) || Date.now() + wait > giveUpAt) throw error;
    }
    // Jitter, so that two processes retrying each other's lock do not stay in step.
    await pause(wait / 2 + Math.random() * wait);
    wait = Math.min(wait * 2, MAX_RETRY_MS);
  }
}
