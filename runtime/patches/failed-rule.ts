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

/**
 * The literal that failed, where the check had it at hand (an enumeration's member, a format): the
 * patch pass asks first whether it has a fix, and walks the block to the value only when it has (most
 * failed values have none: the walk cost more than the rest of the pass).
 */
export const FAILED_VALUE: unique symbol = Symbol("sdv.failedValue");

export type IssueWithRule = ValidationIssue & { [FAILED_RULE]?: PropertyRule; [FAILED_VALUE]?: unknown };

export function noteFailedRule(issue: ValidationIssue, rule: PropertyRule): void {
  (issue as IssueWithRule)[FAILED_RULE] = rule;
}

export function noteFailedValue(issue: ValidationIssue, value: unknown): void {
  (issue as IssueWithRule)[FAILED_VALUE] = value;
}
