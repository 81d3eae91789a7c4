/**
 * The fixer of a flagged @context: "schema.org", "//schema.org", "www.schema.org/" and the like are meant
 * as Schema.org's context but are read as relative IRIs, so no schema.org context applies (missing-context).
 * A node without any @context gets no patch: which context to add is the author's call.
 */
import { isObject } from "../json.ts";
import type { JsonPatchOperation } from "../types.ts";
import { parentPointer, valueAt } from "./pointer.ts";

const MEANT_AS_SCHEMA_ORG = /^(?:(?:https?:)?\/{0,2})?(?:www\.)?schema\.org\/?$/i;
const SCHEMA_ORG = "https://schema.org";

/** The patch of the nearest @context in force at the node `pointer` (itself or a container), or null. */
export function contextPatch(root: unknown, pointer: string): JsonPatchOperation[] | null {
  let at: string | null = pointer;
  while (at !== null) {
    const node = valueAt(root, at);
    if (isObject(node) && Object.hasOwn(node, "@context")) {
      const context = node["@context"];
      if (typeof context !== "string" || !MEANT_AS_SCHEMA_ORG.test(context.trim())) return null;
      const path = `${at}/@context`;
      return [
        { op: "test", path, value: context },
        { op: "replace", path, value: SCHEMA_ORG },
      ];
    }
    at = at === "" ? null : parentPointer(at);
  }
  return null;
}
