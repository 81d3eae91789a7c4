/**
 * Retired rich results never fail a build. Their markup is still checked against the last
 * documented rules (the spec: deprecated types "are still validated"), but nothing the search
 * engine no longer reads can block anything: every error becomes a warning that says why, and the
 * dated note is carried once, by the result's deprecation_note, not by each issue.
 *
 * Restricted features (still shown, to some sites only) are not retired: they keep their errors.
 */
import type { CompiledFeature, CompiledRuleSet } from "./compiled-rule-set.ts";
import type { ValidationIssue } from "./types.ts";

export const isRetiredRuleSet = (ruleSet: CompiledRuleSet): boolean => ruleSet.deprecated?.kind === "retired";

/** Turns the errors of a retired rich result into warnings, in place; `what` names it ("Vehicle listing"). */
export function downgradeRetired(issues: ValidationIssue[], what: string): void {
  for (let i = 0; i < issues.length; i++) {
    const issue = issues[i];
    if (issue.severity !== "error") continue;
    issues[i] = { ...issue, severity: "warning", message: `${issue.message} (Only a warning: ${what} is retired.)` };
  }
}

/**
 * Marks, in place, the findings from index `from` on as coming from retired features (their
 * messages name the feature); returns them, to weigh as notes.
 */
export function markRetiredFeatureFindings(issues: ValidationIssue[], from: number): Set<ValidationIssue> | null {
  if (from >= issues.length) return null;
  const marked = new Set<ValidationIssue>();
  for (let i = from; i < issues.length; i++) {
    issues[i] = { ...issues[i], message: `${issues[i].message} (That feature is retired: nothing to fix for current rich results.)` };
    marked.add(issues[i]);
  }
  return marked;
}

/** The reason line of a retired rule set's result; the note itself is in deprecation_note. */
export function retiredReason(ruleSet: CompiledRuleSet): string {
  const what = ruleSet.richResult ?? `${ruleSet.type} rich result`;
  return `Not eligible: ${what} was retired on ${ruleSet.deprecated!.since} (see deprecation_note). The markup was checked against the last documented rules; what they find is reported as warnings.`;
}

export interface FeatureSplit {
  current: CompiledRuleSet;
  /** Only the retired features, or null when there are none. */
  retired: CompiledRuleSet | null;
  /** Index of each feature id in the rule set's own order, to report features in that order. */
  order: ReadonlyMap<string, number>;
}

const splits = new WeakMap<CompiledRuleSet, FeatureSplit>();

/**
 * The rule set with its current features, and one with only its retired features: their
 * findings are kept apart so that they can weigh as notes in the score. Built once per rule set.
 */
export function splitRetiredFeatures(ruleSet: CompiledRuleSet): FeatureSplit {
  let split = splits.get(ruleSet);
  if (!split) {
    const retired: CompiledFeature[] = ruleSet.features.filter((f) => f.retired !== undefined);
    const order = new Map(ruleSet.features.map((f, i) => [f.id, i]));
    split =
      retired.length === 0
        ? { current: ruleSet, retired: null, order }
        : { current: { ...ruleSet, features: ruleSet.features.filter((f) => f.retired === undefined) }, retired: { ...ruleSet, features: retired }, order };
    splits.set(ruleSet, split);
  }
  return split;
}
