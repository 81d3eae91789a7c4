/**
 * The published JSON Schema of sdv.config.json (schema/sdv.config.schema.json), read from beside the
 * sources or the built files. The Action's bundle replaces this module with the schema itself
 * (build/bundle-action.ts): the action runs from action.yml and action/dist, and must not depend on
 * finding the repository's other files beside them.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export function readConfigSchema(): unknown {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, "schema", "sdv.config.schema.json");
    if (existsSync(candidate)) return JSON.parse(readFileSync(candidate, "utf8"));
    dir = dirname(dir);
  }
  throw new Error("schema/sdv.config.schema.json is missing from the package");
}
