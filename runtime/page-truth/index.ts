/**
 * The page-level truth checks (issue 25), run once per page over the finished node results:
 * `not-visible`, `duplicate-entity`, `conflicting-values` and `self-serving-review`. They need the
 * page (HTML, and its URL for self-serving reviews), so only HTML inputs run them; a JSON-LD input
 * gets only the note that self-serving reviews were not checked, on the nodes it concerns.
 *
 * Findings are warnings on the node they concern, added before the engine applies the project's
 * overrides, scores and places the issues: severity overrides, ignores and profiles treat these codes
 * like any other. A self-serving review also takes the review snippet away from the node (its
 * `review-snippet` feature, or its own rich result for a Review or AggregateRating node): not
 * eligible for that, the rest of its verdict unchanged, as an additional feature's requirement is
 * (docs/verdicts.md).
 */
import type { JsonObject } from "../json.ts";
import type { FeatureResult, SchemaResult } from "../types.ts";
import { findOverride, type IssueOverride } from "../options/overrides.ts";
import { lowerScore } from "../score.ts";
import type { TruthPage } from "./truth-page.ts";
import { REVIEW_SNIPPET_URL, type Finding, type TruthNode } from "./truth-node.ts";
import type { Resolve } from "./node-values.ts";
import { notVisible, MAX_LOOKUPS } from "./not-visible.ts";
import { duplicates } from "./duplicates.ts";
import { LISTING_NOTE, NO_PAGE_URL_NOTE, namedAsSite, onOwnSite, ownedByAnother, selfServingCandidates, selfServingIssue, siteOwners, type SiteOwners } from "./self-serving.ts";

export { TruthPage } from "./truth-page.ts";
export type { TruthNode } from "./truth-node.ts";

/** `page`: null for JSON-LD inputs (no page to read). Adds to the nodes' results in place. */
export function checkPageTruth(nodes: readonly TruthNode[], page: TruthPage | null, resolve: Resolve, overrides: readonly IssueOverride[]): void {
  if (nodes.length === 0) return;
  const findings: Finding[] = [];
  // The maps are made for the first candidate: most inputs have none (JSON-LD alone runs only this loop).
  let selfServing: Set<SchemaResult> | null = null;
  let owners: SiteOwners | undefined;
  // Many reviews may name one business (by @id): each business is judged once.
  let atHome: Map<JsonObject, boolean> | null = null;
  let listed: Map<JsonObject, boolean> | null = null;
  for (const candidate of selfServingCandidates(nodes, resolve)) {
    const pageUrl = page?.pageUrl ?? null;
    if (pageUrl === null) {
      addNote(candidate.node.result, NO_PAGE_URL_NOTE);
      continue;
    }
    const entity = candidate.entity;
    let own = (atHome ??= new Map()).get(entity);
    if (own === undefined) atHome.set(entity, (own = onOwnSite(entity, pageUrl) || namedAsSite(entity, (owners ??= siteOwners(nodes, pageUrl, resolve)))));
    if (!own) continue;
    let another = (listed ??= new Map()).get(entity);
    if (another === undefined) listed.set(entity, (another = ownedByAnother(entity, (owners ??= siteOwners(nodes, pageUrl, resolve)), pageUrl)));
    if (another) {
      addNote(candidate.node.result, LISTING_NOTE);
      continue;
    }
    const finding = { node: candidate.node, issue: selfServingIssue(candidate, pageUrl) };
    if (switchedOff(finding, overrides)) continue;
    findings.push(finding);
    (selfServing ??= new Set()).add(candidate.node.result);
  }
  if (page !== null) {
    const budget = { left: MAX_LOOKUPS };
    const unshown: Finding[] = [];
    for (const node of nodes) notVisible(node, page, resolve, budget, unshown);
    // A page whose Microdata or RDFa items are in its HTML has its content there: no app shell.
    if (unshown.length > 0 && !nodes.some((n) => n.items !== null) && page.drawnByScript()) {
      for (const { node } of unshown) addNote(node.result, DRAWN_BY_SCRIPT_NOTE);
    } else findings.push(...unshown);
    duplicates(nodes, page, resolve, findings);
  }
  if (findings.length === 0) return;
  const added = new Map<SchemaResult, Set<string>>();
  for (const { node, issue } of findings) {
    node.result.warnings.push(issue);
    let keys = added.get(node.result);
    if (keys === undefined) added.set(node.result, (keys = new Set()));
    keys.add(`${issue.code} ${issue.property}`);
  }
  if (selfServing !== null) for (const result of selfServing) withoutReviewSnippet(result);
  for (const [result, keys] of added) lowerScore(result, keys.size);
}

/**
 * An app shell's values are not missing from the page, they are not drawn yet (TruthPage.drawnByScript):
 * what readers see is known after the scripts ran, so not-visible is left to a rendered validation.
 */
export const DRAWN_BY_SCRIPT_NOTE =
  "Visible text was not checked (not-visible): the page's HTML shows almost no text and runs a script, so its content is drawn by the script. Validate it with render to check that readers see the values the markup gives.";

/** The project switched the code off for this node: not even its effect on the review snippet applies. */
function switchedOff(finding: Finding, overrides: readonly IssueOverride[]): boolean {
  if (overrides.length === 0) return false;
  const r = finding.node.result;
  const o = findOverride(overrides, finding.issue, r.matched_type ? [r.type, r.matched_type] : [r.type]);
  return o !== null && o.severity === "off";
}

function addNote(result: SchemaResult, note: string): void {
  const notes = (result.notes ??= []);
  if (!notes.includes(note)) notes.push(note);
}

const SELF_SERVING_REASON = "Not eligible: self-serving reviews (the business or organization reviewed on its own site) get no review snippet.";

function withoutReviewSnippet(result: SchemaResult): void {
  if (result.type === "Review" || result.type === "AggregateRating") {
    if (!result.valid) return;
    result.rich_result_eligible = result.features?.some((f) => f.eligible) ?? false;
    result.rich_result = { ...result.rich_result, eligible: false, reason: `Valid, but not eligible for the review snippet: self-serving reviews (the business or organization reviewed on its own site) are not shown.` };
    return;
  }
  const feature: FeatureResult | undefined = result.features?.find((f) => f.feature === "review-snippet");
  if (feature !== undefined) {
    feature.eligible = false;
    feature.reason = SELF_SERVING_REASON;
    return;
  }
  (result.features ??= []).push({ feature: "review-snippet", name: "Review snippet", eligible: false, reason: SELF_SERVING_REASON, google_docs_url: REVIEW_SNIPPET_URL, missing: [] });
}

/**
 * Each new finding weighs as a warning does in runtime/score.ts (three points, the same floors). The
 * score the engine gave the node is lowered rather than worked out again: it already knows what the
 * node's other findings weigh (retired features count as notes).
 */
