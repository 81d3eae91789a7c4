/**
 * `min_items`: the property needs at least so many values (a breadcrumb trail's two). Written
 * `{ count, costs }` where fewer values still make valid markup and only leave nothing to show (a
 * trail of one crumb, every Yoast home page's, shows no trail): the problem is then a warning
 * whatever the property's level, the values still count, and the node is not eligible for its rich
 * result, `costs` being the reason.
 */
import { esc } from "../html-text.ts";
import type { InputOf, KeywordDefinition } from "./keyword.ts";

type MinItems = number | { count: number; costs: string };

export const minItems: KeywordDefinition<"min_items", MinItems> = {
  name: "min_items",
  schema: {
    description: "At least this many values; with costs, why fewer values show no rich result (a warning whatever the level, and not eligible).",
    oneOf: [
      { type: "integer", minimum: 1 },
      {
        type: "object",
        additionalProperties: false,
        required: ["count", "costs"],
        properties: {
          count: { type: "integer", minimum: 1 },
          costs: { type: "string", minLength: 1, description: "Why fewer values show no rich result, as a clause after \"Fewer is valid markup, but\" (\"a trail of one crumb shows no trail above the page\"); also the reason the node is not eligible." },
        },
      },
    ],
  },
  check(input, { rule }, report) {
    const least = typeof input === "number" ? input : input.count;
    if (rule.max_items !== undefined && least > rule.max_items) report("conflict", `min_items ${least} is above max_items ${rule.max_items}`);
    if (rule.single && least > 1) report("conflict", `a single-valued property cannot need ${least} values`);
  },
  apply: (input) => {
    const least = typeof input === "number" ? input : input.count;
    const costs = typeof input === "number" ? undefined : input.costs;
    return {
      keyword: "min_items",
      check: { field: "listKeywords", source: (use) => `${use("runtime/keywords/value-count.ts", "atLeastValues")}(${least}${costs === undefined ? "" : `, ${JSON.stringify(costs)}`})` },
      page: { cell: "values", html: costs === undefined ? `At least ${least} values.` : `At least ${least} values (fewer, ${esc(costs)}: a warning, and not eligible).` },
    };
  },
};

declare module "../raw.ts" {
  interface RawKeywordInputs {
    min_items?: InputOf<typeof minItems>;
  }
}
