/**
 * Client addresses refused until a moment, remembered in process: an IP that went over the unknown-key
 * limit is refused before any look-up for the rest of the window, without asking the shared limiter on
 * every request (with Redis that would be one more round trip for every keyed request). The count itself
 * lives in the shared limiter, so on another instance the IP is refused from its first failure there.
 * Bounded: expired entries are swept when the map is full, then the oldest are dropped.
 */
export class BlockedAddresses {
  readonly #until = new Map<string, number>();
  readonly #maxEntries: number;

  constructor(maxEntries = 10_000) {
    this.#maxEntries = Math.max(1, maxEntries);
  }

  block(address: string, untilMs: number): void {
    this.#until.delete(address);
    this.#until.set(address, untilMs);
    if (this.#until.size > this.#maxEntries) this.#sweep(Date.now());
  }

  /** Whole seconds the address is still refused for; 0 when it is not. */
  secondsLeft(address: string, nowMs: number): number {
    const until = this.#until.get(address);
    if (until === undefined) return 0;
    if (until <= nowMs) {
      this.#until.delete(address);
      return 0;
    }
    return Math.max(1, Math.ceil((until - nowMs) / 1000));
  }

  #sweep(nowMs: number): void {
    for (const [address, until] of this.#until) if (until <= nowMs) this.#until.delete(address);
    for (const address of this.#until.keys()) {
      if (this.#until.size <= this.#maxEntries) break;
      this.#until.delete(address);
    }
  }
}
