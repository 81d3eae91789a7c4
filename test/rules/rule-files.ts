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
