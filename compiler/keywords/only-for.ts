/**
 * `only_for`: the rule applies only to nodes of some subtypes (and theirs), as a property one
 * subtype has (a Restaurant's servesCuisine in the LocalBusiness rules); the property's name is
 * checked against those subtypes' domains.
 */
import { didYouMean } from "../did-you-mean.ts";
import { esc, list } from "../html-text.ts";
import type { InputOf, KeywordDefinition } from "./keyword.ts";
import { typeDomains, typesGuard } from "./type-guard.ts";

export const onlyFor: KeywordDefinition<"only_for", string[]> = {
  name: "only_for",
  schema: {
    type: "array",
    minItems: 1,
    uniqueItems: true,
    items: { $ref: "#/definitions/typeName" },
    description:
      "The rule applies only to nodes of these subtypes (or theirs): a property of one subtype (a Restaurant's servesCuisine in the LocalBusiness rules). The property is checked against their domains.",
  },
  check(types, { checker, nodeType }, report) {
    const vocabulary = checker.vocabulary;
    types.forEach((t, i) => {
      if (!vocabulary.isType(t)) report("unknown-type", `"${t}" is not a Schema.org 29.4 type${didYouMean(t, Object.keys(vocabulary.data.classes))}`, [i]);
      else if (nodeType && (!vocabulary.isSubtypeOf(t, nodeType) || t === nodeType)) report("not-subtype", `"${t}" is not a subtype of ${nodeType}`, [i]);
    });
  },
  nameDomains: typeDomains,
  apply: (types) => ({
    keyword: "only_for",
    presence: {
      guard: typesGuard(types),
    },
    page: { cell: "notes", html: `Only for ${list(types.map(esc))} (and their subtypes).` },
    conditional: true,
  }),
};

declare module "../raw.ts" {
  interface RawKeywordInputs {
    only_for?: InputOf<typeof onlyFor>;
  }
}
