import type { ValidationIssue } from "./types.ts";

/** Past this many failed values a run looks them up in a map. */
const SEARCHED_UP_TO = 8;

/**
 * The pointers of values that failed their rules, each to its first issue (a one-of group asks which of
 * its members hold a valid value). A run mostly has none or one or two: a list searched costs less than
 * a Map made for them (the new Map and the hashing of its pointer were the costliest line of the bench
 * Event's one warning in a profile); past SEARCHED_UP_TO a map, so a node with thousands stays linear.
 */
export class FailedValues {
  readonly #pointers: string[] = [];
  readonly #issues: ValidationIssue[] = [];
  #byPointer: Map<string, ValidationIssue> | null = null;

  get(pointer: string): ValidationIssue | undefined {
    if (this.#byPointer !== null) return this.#byPointer.get(pointer);
    const i = this.#pointers.indexOf(pointer);
    return i < 0 ? undefined : this.#issues[i];
  }

  has(pointer: string): boolean {
    return this.get(pointer) !== undefined;
  }

  /** Keeps the first issue of a pointer. */
  add(pointer: string, issue: ValidationIssue): void {
    if (this.#byPointer !== null) {
      if (!this.#byPointer.has(pointer)) this.#byPointer.set(pointer, issue);
      return;
    }
    if (this.#pointers.indexOf(pointer) >= 0) return;
    this.#pointers.push(pointer);
    this.#issues.push(issue);
    if (this.#pointers.length > SEARCHED_UP_TO) this.#byPointer = new Map(this.#pointers.map((p, i) => [p, this.#issues[i]]));
  }
}
