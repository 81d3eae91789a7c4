/**
 * `recommended_when`: an optional property that is recommended (missing: a warning) only while a sibling
 * has one of some values. The return policy page: "The following properties are recommended when
 * returnPolicyCategory is set to MerchantReturnFiniteReturnWindow or MerchantReturnUnlimitedWindow"; a
 * policy of no returns has no return days or fees to give.
 */
import { checkSiblingValues } from "./sibling-values.ts";
import { code, list } from "../html-text.ts";
import type { InputOf, KeywordDefinition } from "./keyword.ts";

/**
 * The sibling has one of `values`, is a number above `above` (a free app's price of 0 needs no
 * currency), or is `absent` (a product variant tied to its group with isVariantOf has its brand there).
 */
type Condition =
  | { property: string; values: string[]; above?: never; absent?: never }
  | { property: string; above: number; values?: never; absent?: never }
  | { property: string; absent: true; values?: never; above?: never };

export const recommendedWhen: KeywordDefinition<"recommended_when", Condition> = {
  name: "recommended_when",
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["property"],
    description:
      "A conditional recommendation: on an optional property, missing is a warning (missing-recommended) only while the sibling `property` has one of `values` (enumeration members or fixed texts), is a number above `above`, or, with `absent: true`, is absent.",
    properties: {
      property: { $ref: "#/definitions/propertyName" },
      values: { type: "array", minItems: 1, uniqueItems: true, items: { type: "string", minLength: 1 } },
      above: { type: "number" },
      absent: { const: true },
    },
  },
  check(cond, { checker, name, nodeType, rule, path }, report) {
    checker.checkPropertyName(cond.property, nodeType, [...path, "recommended_when", "property"], false);
    if (cond.property === name) report("conflict", `"${name}" cannot depend on itself`, ["property"]);
    if (rule.level !== "optional") report("conflict", `recommended_when is for optional properties; "${name}" is ${rule.level ?? "without a level"}`);
    // Both conditional keywords fill the rule's one condition.
    if (Object.keys(rule).some((k) => k.endsWith("_when") && k !== "recommended_when")) report("conflict", `"${name}" cannot have two conditions`);
    const forms = [cond.values, cond.above, cond.absent].filter((f) => f !== undefined).length;
    if (forms !== 1) report("conflict", `recommended_when takes one of "values", "above" or "absent: true"`);
    if (cond.values !== undefined) checkSiblingValues(checker, cond.property, cond.values, report);
  },
  apply: (cond) => ({
    keyword: "recommended_when",
    check: {
      field: "condition",
      source: (use) =>
        cond.above !== undefined
          ? `${use("runtime/keywords/sibling-condition.ts", "siblingAbove")}(${JSON.stringify(cond.property)}, ${JSON.stringify(cond.above)})`
          : `${use("runtime/keywords/sibling-condition.ts", "siblingCondition")}(${JSON.stringify(cond.property)}, ${JSON.stringify(cond.values ?? null)})`,
    },
    presence: { missing: (rule) => `run.recommendedWhen(${rule}, node, at);` },
    page: {
      cell: "notes",
      html:
        cond.values !== undefined
          ? `Recommended when ${code(cond.property)} is ${list(cond.values.map(code))}.`
          : cond.above !== undefined
            ? `Recommended when ${code(cond.property)} is above ${cond.above}.`
            : `Recommended when ${code(cond.property)} is absent.`,
    },
    conditional: true,
    ...(cond.absent === true ? { listedAs: "recommended" as const } : {}),
  }),
};

declare module "../raw.ts" {
  interface RawKeywordInputs {
    recommended_when?: InputOf<typeof recommendedWhen>;
  }
}
