/**
 * Per-feature eligibility: each feature's extra requirements run on their own; what they find
 * decides only that feature, and reaches the node's issues as warnings the base rules did not
 * already raise.
 */
import type { CompiledRuleSet } from "./compiled-rule-set.ts";
import { Run, type ReferenceResolver } from "./rule-runtime.ts";
import type { FeatureResult } from "./types.ts";
import type { JsonObject } from "./json.ts";

export function evaluateFeatures(ruleSet: CompiledRuleSet, node: JsonObject, base: Run, resolver: ReferenceResolver, at: string): FeatureResult[] {
  if (ruleSet.features.length === 0) return [];
  const baseValid = !base.issues.some((i) => i.severity === "error");
  const out: FeatureResult[] = [];
  for (const feature of ruleSet.features) {
    if (feature.when.length && !feature.when.some((p) => node[p] !== undefined)) {
      out.push({
        feature: feature.id,
        name: feature.name,
        eligible: false,
        reason: `Not detected: the node has no ${feature.when.join(" or ")}.`,
        google_docs_url: feature.googleDocsUrl,
        missing: [],
      });
      continue;
    }
    const run = new Run(resolver);
    feature.validate(node, run, at);
    const missing: string[] = [];
    const reported = new Set(base.issues.map((i) => i.property));
    for (const issue of run.issues) {
      if (issue.severity === "error") missing.push(issue.property);
      if (reported.has(issue.property)) continue;
      reported.add(issue.property);
      base.issues.push(
        issue.severity === "error"
          ? { ...issue, severity: "warning", code: "feature-requirement", message: `${issue.message} ${feature.name} needs it.` }
          : { ...issue, message: `${issue.message} (${feature.name})` },
      );
    }
    const uniqueMissing = [...new Set(missing)];
    let eligible = baseValid && uniqueMissing.length === 0 && feature.retired === null;
    let reason: string;
    if (feature.retired) {
      eligible = false;
      reason = `${feature.name} was retired on ${feature.retired.since}: ${feature.retired.note}`;
    } else if (!baseValid) reason = `Not eligible: the node has errors.`;
    else if (uniqueMissing.length) reason = `Not eligible: ${feature.name} needs ${uniqueMissing.join(", ")}.`;
    else reason = `Meets the requirements for ${feature.name}.`;
    out.push({ feature: feature.id, name: feature.name, eligible, reason, google_docs_url: feature.googleDocsUrl, missing: uniqueMissing });
  }
  return out;
}
