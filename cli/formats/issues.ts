/** Every issue of every validated input, flattened with the node it belongs to (the machine formats' input). */
import type { SchemaResult, ValidationIssue } from "../../runtime/types.ts";
import type { Outcome } from "../outcome.ts";
import { byPlace } from "../group-issues.ts";

export interface LocatedIssue {
  outcome: Outcome;
  schema: SchemaResult;
  issue: ValidationIssue;
}

export function locatedIssues(outcome: Outcome): LocatedIssue[] {
  const out: LocatedIssue[] = [];
  for (const schema of outcome.response?.schemas ?? []) {
    for (const issue of [...schema.errors, ...schema.warnings].sort(byPlace)) out.push({ outcome, schema, issue });
  }
  return out;
}

/** The node an issue belongs to, for messages: `Recipe` or `Article (as NewsArticle)`. */
export const nodeName = (s: SchemaResult): string => (s.matched_type && s.matched_type !== s.type ? `${s.type} (as ${s.matched_type})` : s.type);
