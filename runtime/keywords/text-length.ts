/** The runtime check of compiler/keywords/max-length.ts: a text value has at most so many characters. */
import type { KeywordProblem, ValueKeyword } from "./keyword-check.ts";

class TextLength implements ValueKeyword {
  // Too long is still a value of the right kind: its format and bounds are worth checking too.
  readonly final = false;
  constructor(
    private readonly limit: number,
    private readonly costs: string | undefined,
  ) {}

  test(value: unknown, property: string): KeywordProblem | null {
    if (typeof value !== "string" || value.length <= this.limit) return null;
    const message = `"${property}" has ${value.length} characters; it takes at most ${this.limit}.`;
    if (this.costs === undefined) return { code: "too-long", message };
    return { code: "too-long", message: `${message} Longer, ${this.costs}; the rest of the verdict stands.`, costs: this.costs };
  }
}

/** `costs`: what a longer text loses, when that is all it loses (the problem is then a warning). */
export const textAtMost = (limit: number, costs?: string): ValueKeyword => new TextLength(limit, costs);
