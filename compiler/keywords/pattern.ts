/**
 * `pattern`: a text value matches a regular expression (JavaScript syntax, `u` flag), described in
 * words for the message, e.g. a merchant listing's sku "without whitespace":
 *
 *     sku: { level: recommended, expect: Text, pattern: { regex: '^\S+$', description: one identifier without white space }, fix: ... }
 *
 * Numbers and objects are not texts: the type and format checks judge them.
 */
import { code, esc } from "../html-text.ts";
import type { InputOf, KeywordDefinition } from "./keyword.ts";

interface Pattern {
  regex: string;
  description: string;
}

export const pattern: KeywordDefinition<"pattern", Pattern> = {
  name: "pattern",
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["regex", "description"],
    description: "A regular expression (JavaScript, u flag) a text value must match, and what a matching text is in words (for the message).",
    properties: {
      regex: { type: "string", minLength: 1 },
      description: { type: "string", minLength: 1 },
    },
  },
  check({ regex }, { rule }, report) {
    try {
      new RegExp(regex, "u");
    } catch (error) {
      report("format", `pattern: ${error instanceof Error ? error.message : String(error)}`, ["regex"]);
    }
    // An unanchored pattern passes any text containing one match, which is rarely what a rule means.
    if (!regex.startsWith("^") || !regex.endsWith("$")) report("format", `pattern: anchor the expression with ^ and $ (it must match the whole text)`, ["regex"]);
    if (rule.values) report("conflict", `values already fix the enumeration members; a pattern adds nothing`);
  },
  apply: ({ regex, description }) => ({
    keyword: "pattern",
    check: { field: "valueKeywords", source: (use) => `${use("runtime/keywords/text-pattern.ts", "textPattern")}(${JSON.stringify(regex)}, ${JSON.stringify(description)})` },
    page: { cell: "values", html: `Matches ${code(regex)}: ${esc(description)}.` },
  }),
};

declare module "../raw.ts" {
  interface RawKeywordInputs {
    pattern?: InputOf<typeof pattern>;
  }
}
