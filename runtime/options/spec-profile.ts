/**
 * The service spec's own verdict rules, where they differ from the search engine's and the spec says
 * so explicitly (the spec profile only; the google profile follows the search engine):
 *
 * - ValidationResponse: "a schema can be valid but not eligible (e.g. a Product without offers or
 *   image)", and the type list: recommended properties "missing ones give warnings, not errors". A
 *   required group whose members the types endpoint lists as recommended (a Product's review,
 *   aggregateRating, offers; an ImageObject's creator, creditText, ...; a Review's reviewRating,
 *   datePublished, ...) decides eligibility under this profile: its absence is a warning and the
 *   node is not eligible, where the search engine's test calls it a critical error.
 * - The same example makes a Product eligible only with offers and an image, where the search
 *   engine's product snippet takes a review or a rating alone and no image.
 * - The Event table types `name` as a string: a number or a boolean there is a wrong-type error, where
 *   the search engine reads it as its text.
 */
import { escapePointer, type JsonObject } from "../json.ts";
import type { CompiledRuleSet } from "../compiled-rule-set.ts";
import type { ValidationIssue } from "../types.ts";
import { hasValue } from "../rule-runtime.ts";

const EVENT_DOCS = "https://developers.google.com/search/docs/appearance/structured-data/event";

/** Applies the spec's rules to one node's issues before its verdict; what makes it not eligible goes to `ineligible`. */
export function applySpecRules(ruleSet: CompiledRuleSet, node: JsonObject, issues: ValidationIssue[], ineligible: string[], at: string): void {
  if (ruleSet.recommendedGroups !== undefined) groupsAsEligibility(ruleSet.recommendedGroups, issues, ineligible, at);
  if (ruleSet.type === "Product") productNeedsOffersAndImage(node, issues, ineligible, at);
  if (ruleSet.type === "Event") eventNameAsText(node, issues, at);
}

function groupsAsEligibility(groups: readonly (readonly string[])[], issues: ValidationIssue[], ineligible: string[], at: string): void {
  for (const group of groups) {
    const missing = issues.find((i) => i.code === "missing-one-of" && i.severity === "error" && i.path === at && sameMembers(i.one_of, group));
    if (missing === undefined) continue;
    const names = group.map((p) => `"${p}"`).join(", ");
    missing.severity = "warning";
    missing.message += " (A warning under the service's rules, which list these properties as recommended; the node is not eligible without one. The search engine's test calls it an error.)";
    // A broken member was raised to an error for want of another (rule-runtime.ts, oneOf): a broken recommended value is a warning again.
    const raised = ` No other of ${names} holds a valid value.`;
    for (const issue of issues) {
      if (issue.severity === "error" && issue.message.endsWith(raised) && group.includes(issue.property)) issue.severity = "warning";
    }
    ineligible.push(`the rich result needs one of ${names}`);
  }
}

function sameMembers(members: readonly string[] | undefined, group: readonly string[]): boolean {
  return members !== undefined && members.length === group.length && members.every((m, k) => m === group[k]);
}

const BROKEN_VALUE = new Set(["wrong-type", "empty-value", "invalid-format", "invalid-enum"]);

function productNeedsOffersAndImage(node: JsonObject, issues: ValidationIssue[], ineligible: string[], at: string): void {
  const lacking = ["offers", "image"].filter((property) => !holdsGoodValue(node, property, issues, at));
  if (lacking.length === 0) return;
  ineligible.push(
    `the service's rules make a Product eligible only with "offers" and "image", and it lacks ${lacking.map((p) => `"${p}"`).join(" and ")} (the spec: "a Product without offers or image" is valid but not eligible; the google profile follows the search engine, whose product snippet also takes a review or a rating without an image)`,
  );
}

/** The property holds a value, and not every value of it broke its own rules (its nested properties' issues are theirs). */
function holdsGoodValue(node: JsonObject, property: string, issues: readonly ValidationIssue[], at: string): boolean {
  if (!hasValue(node, [property])) return false;
  const value = node[property];
  const own = `${at}/${property}`;
  const brokenAt = new Set<string>();
  for (const i of issues) if (i.property === property && BROKEN_VALUE.has(i.code) && (i.path === own || i.path.startsWith(`${own}/`))) brokenAt.add(i.path);
  return brokenAt.size < (Array.isArray(value) ? value.length : 1);
}

function eventNameAsText(node: JsonObject, issues: ValidationIssue[], at: string): void {
  const name = node.name;
  if (typeof name !== "number" && typeof name !== "boolean") return;
  issues.push({
    severity: "error",
    property: "name",
    message: `"name" should be text, not the ${typeof name} ${String(name)}: the service's rules type an Event's name as a string.`,
    fix: `Give "name" as the event's title in text, e.g. "name": "${String(name)}" or "Jazz night". The service spec's Event table types name as a string; the search engine's own test reads a number as its text (the google profile accepts it).`,
    google_docs_url: EVENT_DOCS,
    code: "wrong-type",
    path: `${at}/${escapePointer("name")}`,
  });
}
