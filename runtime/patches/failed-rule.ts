/**
 * The rule a value failed, kept on its issue for the patch pass (runtime/patches/attach-patches.ts): the
 * pass needs the rule's value check or enumeration, which the issue's public fields do not name.
 *
 * A symbol key: JSON and deep comparisons do not see it, and the spreads that copy an issue (profiles,
 * overrides, retired features) keep it.
 */
import type { PropertyRule } from "../rule-runtime.ts";
import type { ValidationIssue } from "../types.ts";

export const FAILED_RULE: unique symbol = Symbol("sdv.failedRule");

export type IssueWithRule = ValidationIssue & { [FAILED_RULE]?: PropertyRule };

export function noteFailedRule(issue: ValidationIssue, rule: PropertyRule): void {
  (issue as IssueWithRule)[FAILED_RULE] = rule;
}
