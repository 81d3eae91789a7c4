/**
 * The patch pass: after a JSON-LD block's results are final, every issue whose fix is mechanical gets
 * `patch`, an RFC 6902 JSON Patch against the block. Only issues that have a fixer are looked at (a value
 * rule's failure, a misspelt @type, a flagged @context), so a report of valid markup pays one loop.
 * Microdata and RDFa items get none: there is no JSON to patch.
 */
import type { JsonPatchOperation, SchemaResult, ValidationIssue } from "../types.ts";
import { contextPatch } from "./context-fix.ts";
import { FAILED_RULE, type IssueWithRule } from "./failed-rule.ts";
import { valueAt } from "./pointer.ts";
import { typePatch } from "./type-fix.ts";
import { valuePatch } from "./value-fix.ts";

export function attachPatches(results: readonly SchemaResult[], block: unknown): void {
  for (const result of results) {
    for (const issue of result.errors) addPatch(issue, block);
    for (const issue of result.warnings) addPatch(issue, block);
  }
}

function addPatch(issue: ValidationIssue, block: unknown): void {
  const patch = patchFor(issue, block);
  if (patch !== null) issue.patch = patch;
}

function patchFor(issue: ValidationIssue, block: unknown): JsonPatchOperation[] | null {
  const rule = (issue as IssueWithRule)[FAILED_RULE];
  if (rule !== undefined) return valuePatch(issue, rule, block);
  if (issue.code === "unknown-type") return typePatch(issue.path, valueAt(block, issue.path));
  if (issue.code === "missing-context") return contextPatch(block, issue.path);
  return null;
}
