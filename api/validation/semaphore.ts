/** At most `size` holders at once; the others wait in arrival order. */
export class Semaphore {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    this.#free = size;
  }

  /** Runs `work` once a place is free; a `signal` aborted while waiting leaves the queue, rejecting with its reason. */
  async use<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.#free > 0) this.#free--;
    else await this.#wait(signal);
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }

  #wait(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
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
}
