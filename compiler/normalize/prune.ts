/**
 * A file the schema refuses is still checked in every part the schema accepts, so its author sees
 * all problems in one round. This returns a copy without the refused parts: the smallest unit
 * around each schema error (a property rule, a one_of list, a feature, the examples); an error in
 * the header makes the header checks skip. The input is not changed.
 */
import type { RawRuleFile } from "../raw.ts";

export function pruneRefused(data: unknown, errorPaths: ReadonlyArray<ReadonlyArray<string>>): { data: RawRuleFile; skipHeader: boolean } {
  if (!data || typeof data !== "object" || Array.isArray(data)) return { data: {} as RawRuleFile, skipHeader: true };
  const copy = structuredClone(data) as Record<string, any>;
  let skipHeader = false;
  for (const path of errorPaths) {
    let unit = -1; // index of the last segment of the unit to drop
    let kind: "rule" | "one_of" | "feature" | "examples" | null = null;
    for (let i = 0; i < path.length; i++) {
      if (path[0] === "examples") { unit = 0; kind = "examples"; break; }
      if (path[i] === "properties" && i + 1 < path.length) { unit = i + 1; kind = "rule"; i++; }
      else if (path[i] === "one_of") { unit = i; kind = "one_of"; }
      else if (i === 1 && path[0] === "features" && kind === null) { unit = 1; kind = "feature"; }
    }
    if (kind === null) {
      skipHeader = true;
      continue;
    }
    const parent = walk(copy, path.slice(0, unit));
    if (!parent) continue;
    if (kind === "feature" && Array.isArray(parent)) parent[Number(path[unit])] = null;
    else delete parent[path[unit]];
  }
  return { data: copy as RawRuleFile, skipHeader };
}

function walk(root: any, path: ReadonlyArray<string>): any {
  let node = root;
  for (const segment of path) {
    if (!node || typeof node !== "object") return undefined;
    node = node[segment];
  }
  return node && typeof node === "object" ? node : undefined;
}
