/**
 * At most `size` holders at once; the others wait in arrival order. Page fetches of the service and the
 * renderer's pages take their places here. A place can be held past the work that took it (`acquire` and
 * `release`): the renderer gives its place back only once the page is closed, after the answer.
 */
export class Semaphore {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    this.#free = size;
  }

  /** Callers waiting for a place right now. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Whether `acquire` would have to wait. */
  get full(): boolean {
    return this.#free === 0;
  }

  /** Runs `work` once a place is free; a `signal` aborted while waiting leaves the queue, rejecting with its reason. */
  async use<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Takes a place (waiting for one); the caller must `release` it exactly once. */
  async acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.#free > 0) {
      this.#free--;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = this.#waiting.indexOf(granted);
        if (at !== -1) this.#waiting.splice(at, 1);
        reject(signal!.reason);
      };
      const granted = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      this.#waiting.push(granted);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Hands the place to the longest waiter, or frees it. */
  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }
}
