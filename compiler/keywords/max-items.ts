/** `max_items`: the property takes at most so many values. */
import type { InputOf, KeywordDefinition } from "./keyword.ts";

export const maxItems: KeywordDefinition<"max_items", number> = {
  name: "max_items",
  schema: { type: "integer", minimum: 1, description: "At most this many values." },
  check(_most, { rule }, report) {
    if (rule.single) report("conflict", `a single-valued property takes one value already; drop max_items`);
  },
  apply: (most) => ({
    keyword: "max_items",
    check: { field: "listKeywords", source: (use) => `${use("runtime/keywords/value-count.ts", "atMostValues")}(${most})` },
    page: { cell: "values", html: `At most ${most} values.` },
  }),
};

declare module "../raw.ts" {
  interface RawKeywordInputs {
    max_items?: InputOf<typeof maxItems>;
  }
}
