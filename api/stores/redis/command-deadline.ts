/**
 * A deadline on every Redis command, and a short "treat Redis as down" period after one is missed.
 *
 * node-redis's own `timeout` option only covers commands still waiting to be written: once a command is on
 * the socket it waits for its reply forever. A Redis that stops answering but keeps its socket open
 * (kill -STOP, a frozen VM, a full network buffer) then hangs every request that touches it. So each command
 * races a timer here, and a miss (or a connection error) opens the breaker: for `cooldownMs` commands fail at
 * once, without waiting, and the callers take their documented fallback (URL cache miss, in-process rate
 * limit). After the cool-down the next command tries Redis again.
 *
 * A timer that fires after an event-loop stall must not count a reply that was already sitting in the socket
 * buffer as missed: the deadline is only declared after one more turn of the loop (setImmediate runs after
 * the poll phase that reads sockets).
 */
import { ErrorReply } from "redis";

export const DEFAULT_COMMAND_TIMEOUT_MS = 100;
export const DEFAULT_COOLDOWN_MS = 2_000;

export class RedisUnavailableError extends Error {
  override readonly name = "RedisUnavailableError";
}

export interface CommandDeadlineOptions {
  timeoutMs?: number;
  cooldownMs?: number;
  /** Called once each time Redis starts being treated as down (for the log). */
  onDown?: (error: Error) => void;
  now?: () => number;
}

export class CommandDeadline {
  readonly timeoutMs: number;
  readonly cooldownMs: number;
  readonly #onDown: ((error: Error) => void) | undefined;
  readonly #now: () => number;
  #downUntil = 0;

  constructor(options: CommandDeadlineOptions = {}) {
    this.timeoutMs = Math.max(1, options.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS);
    this.cooldownMs = Math.max(0, options.cooldownMs ?? DEFAULT_COOLDOWN_MS);
    this.#onDown = options.onDown;
    this.#now = options.now ?? Date.now;
  }

  /** True while Redis is being skipped after a missed deadline or a connection error. */
  get down(): boolean {
    return this.#now() < this.#downUntil;
  }

  async run<T>(command: () => Promise<T>): Promise<T> {
    if (this.down) throw new RedisUnavailableError("Redis is treated as down after a recent failure; skipped");
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const pending = command().finally(() => {
      settled = true;
    });
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        setImmediate(() => {
          if (!settled) reject(new RedisUnavailableError(`Redis did not answer within ${this.timeoutMs} ms`));
        });
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([pending, deadline]);
    } catch (error) {
      if (isConnectionFailure(error)) this.#markDown(error as Error);
      throw error;
    } finally {
      clearTimeout(timer);
      // A command that answers after its deadline has nobody waiting; its late rejection is not an error.
      pending.catch(() => {});
    }
  }

  #markDown(error: Error): void {
    const wasDown = this.down;
    this.#downUntil = this.#now() + this.cooldownMs;
    if (!wasDown) this.#onDown?.(error);
  }
}

/** A missed deadline or a broken connection; a Redis error reply (wrong type, script error) is not. */
function isConnectionFailure(error: unknown): boolean {
  return !(error instanceof ErrorReply);
}
