/**
 * `text_values`: fixed texts the search engine accepts that are not Schema.org enumeration members
 * (JobPosting employmentType FULL_TIME), compared exactly.
 */
import { code, list } from "../html-text.ts";
import type { InputOf, KeywordDefinition } from "./keyword.ts";

export const textValues: KeywordDefinition<"text_values", string[]> = {
  name: "text_values",
  schema: {
    type: "array",
    minItems: 1,
    uniqueItems: true,
    items: { type: "string", minLength: 1 },
    description:
      "Fixed text values the search engine accepts that are not Schema.org enumeration members (employmentType FULL_TIME, ...); compared exactly (case-sensitive).",
  },
  check(texts, { checker, name, rule }, report) {
    if (rule.values) report("conflict", `use values for enumeration members and text_values for fixed texts, not both`);
    // An enumeration member written as a fixed text would be compared exactly, and miss its other spellings.
    const ranges = checker.vocabulary.data.properties[name]?.ranges ?? [];
    const enums = ranges.filter((r) => checker.vocabulary.isEnumeration(r));
    const members = new Set(enums.flatMap((e) => checker.vocabulary.members(e)));
    texts.forEach((v, i) => {
      if (members.has(v)) report("enum-member", `"${v}" is a member of ${enums.join(" or ")}: list it under values`, [i]);
    });
  },
  apply: (texts) => ({
    keyword: "text_values",
    check: { field: "valueKeywords", source: (use) => `${use("runtime/keywords/fixed-texts.ts", "fixedTexts")}(${JSON.stringify(texts)})` },
    page: { cell: "values", html: `Exactly ${list(texts.map(code))} (case-sensitive).` },
    brokenValue: "not-a-fixed-value",
    accepts: texts,
  }),
};

declare module "../raw.ts" {
  interface RawKeywordInputs {
    text_values?: InputOf<typeof textValues>;
  }
}
