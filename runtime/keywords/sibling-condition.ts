/**
 * The runtime side of compiler/keywords/required-when.ts: the requirement holds when a sibling has
 * one of some values (enumeration members compared by their short name, other texts exactly), or,
 * with no values, when the sibling is absent.
 */
import { isObject, type JsonObject } from "../json.ts";
import { enumMember } from "../checks/enumeration.ts";
import type { RequirementCondition } from "./keyword-check.ts";

class SiblingCondition implements RequirementCondition {
  constructor(
    private readonly property: string,
    private readonly values: ReadonlySet<string> | null,
  ) {}

  holds(node: JsonObject): boolean {
    const sibling = node[this.property];
    if (this.values === null) return sibling === undefined;
    for (const v of Array.isArray(sibling) ? sibling : [sibling]) {
      const text = typeof v === "string" ? v : isObject(v) && typeof v["@id"] === "string" ? v["@id"] : isObject(v) && typeof v["@value"] === "string" ? v["@value"] : null;
      if (text !== null && this.values.has(enumMember(text) ?? text)) return true;
    }
    return false;
  }

  describe(): string {
    return this.values === null ? `"${this.property}" is absent` : `"${this.property}" is ${[...this.values].join(" or ")}`;
  }
}

export const siblingCondition = (property: string, values: readonly string[] | null): RequirementCondition => new SiblingCondition(property, values === null ? null : new Set(values));
