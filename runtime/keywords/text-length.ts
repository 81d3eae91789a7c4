/** The runtime check of compiler/keywords/max-length.ts: a text value has at most so many characters. */
import type { KeywordProblem, ValueKeyword } from "./keyword-check.ts";

class TextLength implements ValueKeyword {
  // Too long is still a value of the right kind: its format and bounds are worth checking too.
  readonly final = false;
  constructor(private readonly limit: number) {}

  test(value: unknown, property: string): KeywordProblem | null {
    if (typeof value !== "string" || value.length <= this.limit) return null;
    return { code: "too-long", message: `"${property}" has ${value.length} characters; it takes at most ${this.limit}.` };
  }
}

export const textAtMost = (limit: number): ValueKeyword => new TextLength(limit);
