/** The runtime check of compiler/keywords/text-values.ts: the value is one of fixed texts, compared exactly. */
import { describeValue, valueList } from "../describe-value.ts";
import type { KeywordProblem, ValueKeyword } from "./keyword-check.ts";

class FixedTexts implements ValueKeyword {
  readonly final = true;
  constructor(readonly texts: ReadonlySet<string>) {}

  test(value: unknown, property: string): KeywordProblem | null {
    if (typeof value === "string" && this.texts.has(value)) return null;
    return { code: "invalid-enum", message: `"${property}" should be one of ${valueList(this.texts)} (exactly, case-sensitive), not ${describeValue(value)}.` };
  }
}

export const fixedTexts = (texts: readonly string[]): ValueKeyword => new FixedTexts(new Set(texts));

/** The fixed texts a property's keywords accept, for explanations (MCP explain_rule, LSP hovers). */
export function acceptedTexts(keywords: readonly ValueKeyword[] | undefined): string[] | undefined {
  const fixed = keywords?.find((k): k is FixedTexts => k instanceof FixedTexts);
  return fixed ? [...fixed.texts] : undefined;
}
