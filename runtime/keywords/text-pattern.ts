/** The runtime check of compiler/keywords/pattern.ts: a text value matches a regular expression. */
import { describeValue } from "../describe-value.ts";
import type { KeywordProblem, ValueKeyword } from "./keyword-check.ts";

class TextPattern implements ValueKeyword {
  readonly final = true;
  constructor(
    private readonly regex: RegExp,
    /** What a matching text is, in words ("one identifier without white space"). */
    private readonly description: string,
  ) {}

  test(value: unknown, property: string): KeywordProblem | null {
    if (typeof value !== "string" || this.regex.test(value)) return null;
    return { code: "invalid-format", message: `"${property}" should be ${this.description}, not ${describeValue(value)}.` };
  }
}

/** `source` is compiled once, with the `u` flag, as the compiler checked it. */
export const textPattern = (source: string, description: string): ValueKeyword => new TextPattern(new RegExp(source, "u"), description);
