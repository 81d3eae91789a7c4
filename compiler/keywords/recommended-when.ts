/**
 * `recommended_when`: an optional property that is recommended (missing: a warning) only while a sibling
 * has one of some values. The return policy page: "The following properties are recommended when
 * returnPolicyCategory is set to MerchantReturnFiniteReturnWindow or MerchantReturnUnlimitedWindow"; a
 * policy of no returns has no return days or fees to give.
 */
import { checkSiblingValues } from "./sibling-values.ts";
import { code, list } from "../html-text.ts";
import type { InputOf, KeywordDefinition } from "./keyword.ts";

interface Condition {
  property: string;
  values: string[];
}

export const recommendedWhen: KeywordDefinition<"recommended_when", Condition> = {
  name: "recommended_when",
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["property", "values"],
    description:
      "A conditional recommendation: on an optional property, missing is a warning (missing-recommended) only while the sibling `property` has one of `values` (enumeration members or fixed texts).",
    properties: {
      property: { $ref: "#/definitions/propertyName" },
      values: { type: "array", minItems: 1, uniqueItems: true, items: { type: "string", minLength: 1 } },
    },
  },
  check(cond, { checker, name, nodeType, rule, path }, report) {
    checker.checkPropertyName(cond.property, nodeType, [...path, "recommended_when", "property"], false);
    if (cond.property === name) report("conflict", `"${name}" cannot depend on itself`, ["property"]);
    if (rule.level !== "optional") report("conflict", `recommended_when is for optional properties; "${name}" is ${rule.level ?? "without a level"}`);
    // Both conditional keywords fill the rule's one condition.
    if (Object.keys(rule).some((k) => k.endsWith("_when") && k !== "recommended_when")) report("conflict", `"${name}" cannot have two conditions`);
    checkSiblingValues(checker, cond.property, cond.values, report);
  },
  apply: (cond) => ({
    keyword: "recommended_when",
    check: {
      field: "condition",
      source: (use) => `${use("runtime/keywords/sibling-condition.ts", "siblingCondition")}(${JSON.stringify(cond.property)}, ${JSON.stringify(cond.values)})`,
    },
    presence: { missing: (rule) => `run.recommendedWhen(${rule}, node, at);` },
    page: { cell: "notes", html: `Recommended when ${code(cond.property)} is ${list(cond.values.map(code))}.` },
    conditional: true,
  }),
};

declare module "../raw.ts" {
  interface RawKeywordInputs {
    recommended_when?: InputOf<typeof recommendedWhen>;
  }
}
