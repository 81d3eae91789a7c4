/**
 * Severity overrides: a project's own decisions about sdv's findings (`rules` and `ignore` of
 * sdv.config.json, and the profiles). Applied inside the engine, before eligibility is decided, so
 * that a node whose only error was downgraded is judged as the project asked, not left half-valid.
 */
import type { ValidationIssue } from "../types.ts";

export type OverrideSeverity = "off" | "warning" | "error";

export interface IssueOverride {
  code?: string;
  property?: string;
  /** The node's type as reported, or as written (NewsArticle matches an Article node written so). */
  type?: string;
  severity: OverrideSeverity;
  /** Appended to the message of an issue whose severity changed, so that the report says why. */
  note?: string;
}

/** The first override that matches an issue decides it (the order of the config file's list). */
export function findOverride(overrides: readonly IssueOverride[], issue: ValidationIssue, types: readonly string[]): IssueOverride | null {
  for (const o of overrides) {
    if (o.code !== undefined && o.code !== issue.code) continue;
    if (o.property !== undefined && o.property !== issue.property) continue;
    if (o.type !== undefined && !types.includes(o.type)) continue;
    return o;
  }
  return null;
}

/** The issues as the overrides leave them: off ones removed, others with their new severity. Null when none applies. */
export function applyOverrides(issues: readonly ValidationIssue[], types: readonly string[], overrides: readonly IssueOverride[]): ValidationIssue[] | null {
  if (overrides.length === 0) return null;
  let changed = false;
  const out: ValidationIssue[] = [];
  for (const issue of issues) {
    const o = findOverride(overrides, issue, types);
    if (o === null || o.severity === issue.severity) {
      out.push(issue);
      continue;
    }
    changed = true;
    if (o.severity === "off") continue;
    out.push({ ...issue, severity: o.severity, message: o.note ? `${issue.message} ${o.note}` : issue.message });
  }
  return changed ? out : null;
}
