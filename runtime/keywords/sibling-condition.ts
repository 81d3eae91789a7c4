/**
 * The runtime side of compiler/keywords/required-when.ts: the requirement holds when a sibling has
 * one of some values (enumeration members compared by their short name, other texts exactly), or,
 * with no values, when the sibling is absent; and of recommended_when's `above`, when the sibling is a
 * number above a bound.
 */
import { isObject, type JsonObject } from "../json.ts";
import { enumMember } from "../checks/enumeration.ts";
import type { RequirementCondition } from "./keyword-check.ts";

class SiblingCondition implements RequirementCondition {
  readonly absentSibling: string | undefined;

  constructor(
    private readonly property: string,
    private readonly values: ReadonlySet<string> | null,
  ) {
    this.absentSibling = values === null ? property : undefined;
  }

  holds(node: JsonObject): boolean {
    const sibling = node[this.property];
    if (this.values === null) return sibling === undefined;
    for (const v of Array.isArray(sibling) ? sibling : [sibling]) {
      const text = typeof v === "string" ? v : isObject(v) && typeof v["@id"] === "string" ? v["@id"] : isObject(v) && typeof v["@value"] === "string" ? v["@value"] : null;
      if (text !== null && this.values.has(enumMember(text) ?? text)) return true;
    }
    return false;
  }

  describe(parent = ""): string {
    return this.values === null ? `"${parent}${this.property}" is absent` : `"${parent}${this.property}" is ${[...this.values].join(" or ")}`;
  }
}

export const siblingCondition = (property: string, values: readonly string[] | null): RequirementCondition => new SiblingCondition(property, values === null ? null : new Set(values));

/**
 * One of the siblings is given: those whose `requires_level: required` make the property required
 * beside them (a remote job's jobLocationType beside applicantLocationRequirements).
 */
class SiblingPresent implements RequirementCondition {
  constructor(private readonly properties: readonly string[]) {}

  holds(node: JsonObject): boolean {
    return this.properties.some((p) => node[p] !== undefined);
  }

  describe(parent = ""): string {
    return this.properties.map((p) => `"${parent}${p}"`).join(" or ") + " is given";
  }
}

export const siblingPresent = (properties: readonly string[]): RequirementCondition => new SiblingPresent(properties);

/** The sibling holds a number (or a number written as text) above the bound: a price above 0. */
class SiblingAbove implements RequirementCondition {
  constructor(
    private readonly property: string,
    private readonly bound: number,
  ) {}

  holds(node: JsonObject): boolean {
    const sibling = node[this.property];
    for (const v of Array.isArray(sibling) ? sibling : [sibling]) {
      const n = typeof v === "number" ? v : typeof v === "string" && NUMBER.test(v.trim()) ? Number(v.trim()) : NaN;
      // A value that is no number says nothing of the bound: its own check reports it; the condition holds.
      if (Number.isNaN(n) ? v !== undefined : n > this.bound) return true;
    }
    return false;
  }

  describe(parent = ""): string {
    return `"${parent}${this.property}" is above ${this.bound}`;
  }
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export const siblingAbove = (property: string, bound: number): RequirementCondition => new SiblingAbove(property, bound);
