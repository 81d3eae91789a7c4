/**
 * `required_when`: missing, the property is an error when a sibling has one of some values (or is
 * absent); otherwise its level applies. While the condition holds, a broken value is an error too.
 */
import { checkSiblingValues } from "./sibling-values.ts";
import { code, list } from "../html-text.ts";
import type { InputOf, KeywordDefinition } from "./keyword.ts";

interface Condition {
  property: string;
  values?: string[];
  absent?: true;
}

export const requiredWhen: KeywordDefinition<"required_when", Condition> = {
  name: "required_when",
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["property"],
    description:
      "A conditional requirement: missing, this property is an error (missing-required) when the sibling `property` has one of `values` (enumeration members or fixed texts), or, with `absent: true`, when the sibling is absent. Otherwise `level` applies.",
    properties: {
      property: { $ref: "#/definitions/propertyName" },
      values: { type: "array", minItems: 1, uniqueItems: true, items: { type: "string", minLength: 1 } },
      absent: { const: true },
    },
  },
  check(cond, { checker, name, nodeType, rule, path }, report) {
    checker.checkPropertyName(cond.property, nodeType, [...path, "required_when", "property"], false);
    if ((cond.values === undefined) === (cond.absent === undefined)) report("conflict", `required_when needs either "values" or "absent: true"`);
    if (cond.property === name) report("conflict", `"${name}" cannot depend on itself`, ["property"]);
    if (rule.level === "required") report("conflict", `"${name}" is required always; required_when is for recommended or optional properties`);
    if (cond.values) checkSiblingValues(checker, cond.property, cond.values, report);
  },
  apply: (cond) => ({
    keyword: "required_when",
    check: {
      field: "condition",
      source: (use) => `${use("runtime/keywords/sibling-condition.ts", "siblingCondition")}(${JSON.stringify(cond.property)}, ${cond.values ? JSON.stringify(cond.values) : "null"})`,
    },
    presence: {
      missing: (rule) => `run.missingWhen(${rule}, node, at);`,
      present: (local, rule) => `run.checkWhen(${local}, ${rule}, node, at);`,
    },
    page: {
      cell: "notes",
      html: `Required when ${cond.values ? `${code(cond.property)} is ${list(cond.values.map(code))}` : `${code(cond.property)} is absent`}.`,
    },
    conditional: true,
    // Absent is the usual case of "required unless a sibling is there": listed as the requirement it mostly is.
    ...(cond.absent === true ? { listedAs: "required" as const } : {}),
  }),
};

declare module "../raw.ts" {
  interface RawKeywordInputs {
    required_when?: InputOf<typeof requiredWhen>;
  }
}
