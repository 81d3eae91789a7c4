/**
 * Turns in input order: item i may take its turn only once items 0..i-1 have passed theirs. A batch uses it
 * so credits are reserved in input order whatever the items' timing (cache look-ups, fetch speed): when
 * credits run out mid-batch, the later items are the ones refused, every time.
 */
export class InputOrder {
  readonly #gates: Array<Promise<void>> = [];
  readonly #open: Array<() => void> = [];

  constructor(size: number) {
    // Item i's gate opens when item i-1's gate is open and item i-1 has passed (an item may pass before its
    // gate opened, e.g. a URL refused before any reservation: it must not let later items overtake earlier ones).
    let gate: Promise<void> = Promise.resolve();
    for (let i = 0; i < size; i++) {
      this.#gates.push(gate);
      const passed = new Promise<void>((resolve) => this.#open.push(resolve));
      gate = gate.then(() => passed);
    }
  }

  /** Resolves once every earlier item has passed its turn. */
  wait(index: number): Promise<void> {
    return this.#gates[index]!;
  }

  /** Item `index` is done with its turn (idempotent). */
  pass(index: number): void {
    this.#open[index]?.();
  }

  /** Lets every item through (the batch's deadline passed: nobody waits for anybody). */
  passAll(): void {
    for (const open of this.#open) open();
  }
}
