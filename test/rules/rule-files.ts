/** The rule files as authored, for tests that run their examples. */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

export interface RuleExample {
  name: string;
  data: unknown;
  eligible?: boolean;
  expect?: Array<{ code: string; property: string; severity?: "error" | "warning" }>;
}

export interface RuleFile {
  type: string;
  validate_as?: string;
  deprecated?: { kind?: string } | null;
  examples: { valid: RuleExample[]; invalid: RuleExample[] };
}

const dir = fileURLToPath(new URL("../../rules-src/types/", import.meta.url));

export function ruleFiles(): RuleFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .map((f) => parse(readFileSync(dir + f, "utf8"), { version: "1.2" }) as RuleFile);
}

const shapesDir = fileURLToPath(new URL("../../rules-src/shapes/", import.meta.url));

/** A feature's id as the compiler reads it: its own, or its shape's feature header's (shapes/PaywalledContent.yaml). */
export function featureId(feature: { id?: string; shape?: string }): string | undefined {
  if (feature.id !== undefined || feature.shape === undefined) return feature.id;
  const shape = parse(readFileSync(`${shapesDir}${feature.shape}.yaml`, "utf8"), { version: "1.2" }) as { feature?: { id: string } };
  return shape.feature?.id;
}
