/**
 * `co_typed`: the rule applies only to nodes that are also of one of these types, written beside
 * the rule set's own ("@type": ["Product", "Book"]): a property the search engine asks of such a
 * node that Schema.org gives only the other type (a book's `isbn` in a merchant listing's
 * identifier group). The property is checked against those types' domains. The types are not of the
 * rule set's type's family (a subtype's property is the subtype keyword's case): that is what
 * co-typing is for.
 */
import { didYouMean } from "../did-you-mean.ts";
import { esc, list } from "../html-text.ts";
import type { InputOf, KeywordDefinition } from "./keyword.ts";
import { typeDomains, typesGuard } from "./type-guard.ts";

export const coTyped: KeywordDefinition<"co_typed", string[]> = {
  name: "co_typed",
  schema: {
    type: "array",
    minItems: 1,
    uniqueItems: true,
    items: { $ref: "#/definitions/typeName" },
    description:
      "The rule applies only to nodes also typed as one of these types, beside the rule set's own (a Book's isbn on a Product typed [\"Product\", \"Book\"]). The property is checked against their domains.",
  },
  check(types, { checker, nodeType }, report) {
    const vocabulary = checker.vocabulary;
    types.forEach((t, i) => {
      if (!vocabulary.isType(t)) report("unknown-type", `"${t}" is not a Schema.org 29.4 type${didYouMean(t, Object.keys(vocabulary.data.classes))}`, [i]);
      // A supertype every node of the rule set already is; a subtype has a keyword of its own.
      else if (nodeType && (vocabulary.isSubtypeOf(t, nodeType) || vocabulary.isSubtypeOf(nodeType, t))) report("conflict", `"${t}" is ${nodeType} or of its family: co_typed names a type written beside it`, [i]);
    });
  },
  nameDomains: typeDomains,
  apply: (types) => ({
    keyword: "co_typed",
    presence: {
      guard: typesGuard(types),
    },
    page: { cell: "notes", html: `Only for nodes also typed ${list(types.map(esc))} (or a subtype).` },
    conditional: true,
  }),
};

declare module "../raw.ts" {
  interface RawKeywordInputs {
    co_typed?: InputOf<typeof coTyped>;
  }
}
