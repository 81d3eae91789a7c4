/** `max_length`: a text value has at most so many characters (a headline's 110). */
import type { InputOf, KeywordDefinition } from "./keyword.ts";

export const maxLength: KeywordDefinition<"max_length", number> = {
  name: "max_length",
  schema: { type: "integer", minimum: 1, description: "A text value has at most this many characters." },
  apply: (limit) => ({
    keyword: "max_length",
    check: { field: "valueKeywords", source: (use) => `${use("runtime/keywords/text-length.ts", "textAtMost")}(${limit})` },
    page: { cell: "values", html: `At most ${limit} characters.` },
  }),
};

declare module "../raw.ts" {
  interface RawKeywordInputs {
    max_length?: InputOf<typeof maxLength>;
  }
}
