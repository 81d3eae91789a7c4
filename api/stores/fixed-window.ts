/**
 * The one-minute window a moment falls in. Both limiters use it, so a deployment that moves from the
 * in-process limiter to Redis keeps the same windows and the same Retry-After arithmetic.
 */
export const WINDOW_MS = 60_000;

export interface FixedWindow {
  /** Epoch milliseconds where the window began. */
  start: number;
  /** Whole seconds until the window ends, rounded up and never 0 (a client told 0 would retry at once). */
  retryAfterSeconds: number;
}

export function fixedWindow(nowMs: number): FixedWindow {
  const start = Math.floor(nowMs / WINDOW_MS) * WINDOW_MS;
  const retryAfterSeconds = Math.max(1, Math.ceil((start + WINDOW_MS - nowMs) / 1000));
  return { start, retryAfterSeconds };
}
