/** `min_items`: the property needs at least so many values (a breadcrumb trail's two). */
import type { InputOf, KeywordDefinition } from "./keyword.ts";

export const minItems: KeywordDefinition<"min_items", number> = {
  name: "min_items",
  schema: { type: "integer", minimum: 1, description: "At least this many values." },
  check(least, { rule }, report) {
    if (rule.max_items !== undefined && least > rule.max_items) report("conflict", `min_items ${least} is above max_items ${rule.max_items}`);
    if (rule.single && least > 1) report("conflict", `a single-valued property cannot need ${least} values`);
  },
  apply: (least) => ({
    keyword: "min_items",
    check: { field: "listKeywords", source: (use) => `${use("runtime/keywords/value-count.ts", "atLeastValues")}(${least})` },
    page: { cell: "values", html: `At least ${least} values.` },
  }),
};

declare module "../raw.ts" {
  interface RawKeywordInputs {
    min_items?: InputOf<typeof minItems>;
  }
}
