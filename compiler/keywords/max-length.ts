/**
 * `max_length`: a text value has at most so many characters (a headline's 110). Written
 * `{ length, costs }` where the documentation says what a longer text loses and that this is all
 * (an author's name: "won't be eligible for an author-based review snippet"): the problem is then a
 * warning whatever the property's level, and the value still counts.
 */
import { esc } from "../html-text.ts";
import type { InputOf, KeywordDefinition } from "./keyword.ts";

type MaxLength = number | { length: number; costs: string };

export const maxLength: KeywordDefinition<"max_length", MaxLength> = {
  name: "max_length",
  schema: {
    description: "A text value has at most this many characters; with costs, what a longer one loses (a warning whatever the level).",
    oneOf: [
      { type: "integer", minimum: 1 },
      {
        type: "object",
        additionalProperties: false,
        required: ["length", "costs"],
        properties: {
          length: { type: "integer", minimum: 1 },
          costs: { type: "string", minLength: 1, description: "What a longer text loses, as a clause after \"Longer,\" (\"the page won't be eligible for ...\")." },
        },
      },
    ],
  },
  apply: (input) => {
    const limit = typeof input === "number" ? input : input.length;
    const costs = typeof input === "number" ? undefined : input.costs;
    return {
      keyword: "max_length",
      check: {
        field: "valueKeywords",
        source: (use) => `${use("runtime/keywords/text-length.ts", "textAtMost")}(${limit}${costs === undefined ? "" : `, ${JSON.stringify(costs)}`})`,
      },
      page: { cell: "values", html: costs === undefined ? `At most ${limit} characters.` : `At most ${limit} characters (longer, ${esc(costs)}: a warning).` },
    };
  },
};

declare module "../raw.ts" {
  interface RawKeywordInputs {
    max_length?: InputOf<typeof maxLength>;
  }
}
