/**
 * Per-feature eligibility: each feature's extra requirements run on their own; what they find
 * decides only that feature, and reaches the node's issues as warnings the base rules did not
 * already raise.
 */
import type { CompiledRuleSet } from "./compiled-rule-set.ts";
import { Run, hasPath, hasType, isObject, type ReferenceResolver } from "./rule-runtime.ts";
import { subtypes } from "./type-hierarchy.ts";
import type { FeatureResult, ValidationIssue } from "./types.ts";
import type { JsonObject } from "./json.ts";
import { enumMember } from "./checks/enumeration.ts";
import { saysRequiredAbsent } from "./issue-codes.ts";

/**
 * One trigger read once: `isAccessibleForFree!=true` (a value trigger), `itemListElement.item@Movie` (a
 * typed path) or a name or dotted path. The rule sets' trigger lists are constants, read on their first
 * use and kept: every node of a type asked the same questions again (a seventh of validating the
 * bench's newsarticle).
 */
type Trigger =
  | { kind: "value"; text: string; property: string; literal: string }
  | { kind: "typed"; text: string; path: readonly string[]; types: ReadonlySet<string> }
  | { kind: "name"; text: string; name: string }
  | { kind: "path"; text: string; path: readonly string[] };

interface ReadTriggers {
  triggers: readonly Trigger[];
  /** Why a node without any of them does not opt in. */
  absent: string;
  /** The reason by which value triggers' properties the node holds (their subsets are few). */
  byHeld: Map<string, string>;
}

const readTriggers = new WeakMap<readonly string[], ReadTriggers>();

function triggersOf(texts: readonly string[]): ReadTriggers {
  let read = readTriggers.get(texts);
  if (read === undefined) {
    const triggers = texts.map(readTrigger);
    read = { triggers, absent: `Not detected: the node has no ${describeTriggers(triggers)}.`, byHeld: new Map() };
    readTriggers.set(texts, read);
  }
  return read;
}

function readTrigger(text: string): Trigger {
  const unequal = text.indexOf("!=");
  if (unequal >= 0) return { kind: "value", text, property: text.slice(0, unequal), literal: text.slice(unequal + 2) };
  const at = text.indexOf("@");
  if (at >= 0) return { kind: "typed", text, path: text.slice(0, at).split("."), types: subtypes(text.slice(at + 1)) };
  return text.includes(".") ? { kind: "path", text, path: text.split(".") } : { kind: "name", text, name: text };
}

/** True when the node carries one of an opt-in feature's triggers (names or dotted paths). */
export function detected(texts: readonly string[], node: JsonObject): boolean {
  for (const trigger of triggersOf(texts).triggers) {
    switch (trigger.kind) {
      case "value":
        if (holdsOtherValue(node[trigger.property], trigger.literal)) return true;
        break;
      case "typed":
        if (holdsType(node, trigger.path, trigger.types)) return true;
        break;
      case "path":
        if (hasPath(node, trigger.path)) return true;
        break;
      case "name":
        if (node[trigger.name] !== undefined) return true;
    }
  }
  return false;
}

/**
 * The property is present with a value other than the literal (`isAccessibleForFree!=true`: content
 * marked free is not paywalled content; false, or a value that is no boolean, is). Booleans, their
 * text and Schema.org's True/False read alike.
 */
function holdsOtherValue(value: unknown, literal: string): boolean {
  if (value === undefined || value === null) return false;
  for (const item of Array.isArray(value) ? value : [value]) {
    const text = typeof item === "string" ? (enumMember(item) ?? item.trim()) : typeof item === "boolean" || typeof item === "number" ? String(item) : null;
    if (text === null || text.toLowerCase() !== literal) return true;
  }
  return false;
}

/** A value at the path is an object of one of the types (a feed of Book entities, not of DataFeedItems). */
function holdsType(node: JsonObject, segments: readonly string[], types: ReadonlySet<string>): boolean {
  let frontier: unknown[] = [node];
  for (const segment of segments) {
    const next: unknown[] = [];
    for (const value of frontier) for (const item of Array.isArray(value) ? value : [value]) if (isObject(item) && item[segment] !== undefined) next.push(item[segment]);
    frontier = next;
  }
  for (const value of frontier) for (const item of Array.isArray(value) ? value : [value]) if (isObject(item) && hasType(item, types)) return true;
  return false;
}

/**
 * The triggers in words: typed triggers on one path read as one ("itemListElement.item of type
 * Course, Movie or Recipe"), so a list of content types stays a sentence.
 */
function describeTriggers(triggers: readonly Trigger[]): string {
  const parts: string[] = [];
  const typesOf = new Map<string, string[]>();
  for (const trigger of triggers) {
    if (trigger.kind === "value") {
      parts.push(`${trigger.property} other than ${trigger.literal}`);
      continue;
    }
    const at = trigger.text.indexOf("@");
    if (trigger.kind !== "typed" || at < 0) {
      parts.push(trigger.text);
      continue;
    }
    const path = trigger.text.slice(0, at);
    let types = typesOf.get(path);
    if (types === undefined) {
      types = [];
      typesOf.set(path, types);
      parts.push(path);
    }
    types.push(trigger.text.slice(at + 1));
  }
  return parts.map((part) => (typesOf.has(part) ? `${part} of type ${orList(typesOf.get(part)!)}` : part)).join(" or ");
}

const orList = (words: readonly string[]): string => (words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`);

/**
 * Why the node does not opt in. A value trigger whose property holds the excluded value says so
 * ("the node has isAccessibleForFree true and no hasPart.cssSelector"), not that the property is missing.
 */
function notDetected(texts: readonly string[], node: JsonObject): string {
  const { triggers, absent, byHeld } = triggersOf(texts);
  let heldKey = "";
  for (let i = 0; i < triggers.length; i++) {
    const trigger = triggers[i];
    if (trigger.kind === "value" && node[trigger.property] !== undefined) heldKey += `${i},`;
  }
  if (heldKey === "") return absent;
  let reason = byHeld.get(heldKey);
  if (reason === undefined) {
    const held: string[] = [];
    const others: Trigger[] = [];
    for (const trigger of triggers) {
      if (trigger.kind === "value" && node[trigger.property] !== undefined) held.push(`${trigger.property} ${trigger.literal}`);
      else others.push(trigger);
    }
    reason = `Not detected: the node has ${held.join(" and ")}${others.length ? ` and no ${describeTriggers(others)}` : ""}.`;
    byHeld.set(heldKey, reason);
  }
  return reason;
}

/**
 * Triggers that all look into one property's values (itemListElement.url, itemListElement.item@Movie)
 * tell what the node is by its entries; without entries nothing tells it is not that markup, and the
 * property the rule set requires is reported missing (an ItemList without itemListElement is a broken
 * carousel, one whose entries are all of other types is no carousel).
 */
function judgedListMissing(triggers: readonly string[], node: JsonObject): boolean {
  let property: string | null = null;
  for (const trigger of triggers) {
    const end = trigger.search(/[.@]/);
    if (end < 0) return false;
    const first = trigger.slice(0, end);
    if (property !== null && first !== property) return false;
    property = first;
  }
  const value = property === null ? undefined : node[property];
  return value === undefined || value === null || (Array.isArray(value) && value.length === 0);
}

/**
 * The reason when the rule set's own rich result is opt-in and the node does not opt in (its
 * requirements then do not apply at all), else null.
 */
/**
 * The reason a node is not checked because it only links to the page that describes it (the rule set's
 * `linkOnly`: a multi-page site's variant listed by its URL and its group), or null.
 */
export function linkOnly(ruleSet: CompiledRuleSet, node: JsonObject): string | null {
  const rule = ruleSet.linkOnly;
  if (rule === undefined || node[rule.link] === undefined) return null;
  let tied = false;
  for (const key in node) {
    if (key.charCodeAt(0) === 64 /* @ */ || key === rule.link) continue;
    if (!rule.with.includes(key)) return null;
    tied = true;
  }
  return tied ? rule.reason : null;
}

export function optInAbsent(ruleSet: CompiledRuleSet, node: JsonObject): string | null {
  if (ruleSet.optIn === undefined || detected(ruleSet.optIn, node) || judgedListMissing(ruleSet.optIn, node)) return null;
  return `${notDetected(ruleSet.optIn, node)} ${ruleSet.richResult ?? ruleSet.type} markup is optional; its requirements apply once one of them is present.`;
}

/** The enhancement whose optional markup holds the property (itself or under it), or null. */
function enhancementOf(enhancements: readonly { property: string; name: string }[], property: string): string | null {
  for (const e of enhancements) {
    if (property === e.property || (property.startsWith(e.property) && property.charCodeAt(e.property.length) === 46 /* . */)) return e.name;
  }
  return null;
}

/**
 * The rule set's own enhancements (a recipe's video, a forum post's comments): an error inside such
 * optional markup is a warning naming the enhancement, as Search Console reports it (non-critical,
 * `Missing field "uploadDate" (in "video")`), and the node stays valid.
 */
export function demoteEnhancementFindings(ruleSet: CompiledRuleSet, issues: ValidationIssue[]): void {
  const enhancements = ruleSet.enhancements;
  if (enhancements === undefined) return;
  for (let i = 0; i < issues.length; i++) {
    const issue = issues[i];
    if (issue.severity !== "error") continue;
    const enhancement = enhancementOf(enhancements, issue.property);
    if (enhancement === null) continue;
    issues[i] = { ...issue, severity: "warning", code: "feature-requirement", message: `${issue.message} Only the ${enhancement} needs it: the ${ruleSet.type} stays valid without it.` };
  }
}

/**
 * A property the feature needs, as the reason names it: a value that is there but broken ("offers" holding
 * the text "cheap" beside a valid Offer) is named with what is wrong with it, since "needs offers" would read
 * as if there were none; the base result may only warn about it (the rich result it decides takes the valid
 * value), which leaves the reason the one place that says why the feature does not.
 */
function needed(property: string, broken: ReadonlyMap<string, string> | null): string {
  const message = broken?.get(property);
  return message === undefined ? property : `${property} fixed (${firstSentence(message)})`;
}

/** A message's first sentence without its full stop: the reason lists several properties. */
function firstSentence(message: string): string {
  const end = message.search(/\.(?:\s+[A-Z]|$)/);
  return end === -1 ? message : message.slice(0, end);
}

export function evaluateFeatures(ruleSet: CompiledRuleSet, node: JsonObject, base: Run, resolver: ReferenceResolver, at: string): FeatureResult[] {
  if (ruleSet.features.length === 0) return [];
  const baseValid = !base.issues.some((i) => i.severity === "error");
  const out: FeatureResult[] = [];
  for (const feature of ruleSet.features) {
    if (feature.triggers.length && !detected(feature.triggers, node)) {
      out.push({
        feature: feature.id,
        name: feature.name,
        eligible: false,
        reason: notDetected(feature.triggers, node),
        google_docs_url: feature.googleDocsUrl,
        missing: [],
      });
      continue;
    }
    const run = new Run(resolver, base.pageUrl);
    feature.validate(node, run, at);
    const missing: string[] = [];
    /** The first thing wrong with a property that is there but broken, per property (the reason says it). */
    let broken: Map<string, string> | null = null;
    // Built only when the feature found something (a complete node's features find nothing).
    const reported = run.issues.length === 0 ? null : new Set(base.issues.map((i) => i.property));
    // Valid markup the feature does not take (a product whose only offer is an AggregateOffer: "merchant
    // listings require an Offer") keeps the node from the feature whatever else it adds: what else the
    // feature would need is not reported (an image or a GTIN would not make it eligible), only why not.
    const notTaken = run.ineligible.length > 0 && !feature.binding;
    for (const issue of notTaken ? [] : run.issues) {
      const enhancement = issue.severity === "error" && feature.enhancements ? enhancementOf(feature.enhancements, issue.property) : null;
      if (enhancement !== null) {
        if (reported!.has(issue.property)) continue;
        reported!.add(issue.property);
        base.issues.push({ ...issue, severity: "warning", code: "feature-requirement", message: `${issue.message} The ${enhancement} needs it (the ${feature.name} does not).` });
        continue;
      }
      if (issue.severity === "error") {
        missing.push(issue.property);
        if (!saysRequiredAbsent(issue.code)) {
          broken ??= new Map();
          if (!broken.has(issue.property)) broken.set(issue.property, issue.message);
        }
      }
      if (issue.severity === "error" && feature.binding) {
        // Markup that, once used, must be complete: its errors are the node's, raised over a
        // base warning on the same property.
        for (const b of base.issues) if (b.property === issue.property && b.severity === "warning") b.severity = "error";
        if (!base.issues.some((b) => b.property === issue.property && b.severity === "error")) base.issues.push({ ...issue, message: `${issue.message} (${feature.name})` });
        reported!.add(issue.property);
        continue;
      }
      if (reported!.has(issue.property)) continue;
      reported!.add(issue.property);
      base.issues.push(
        issue.severity === "error"
          ? { ...issue, severity: "warning", code: "feature-requirement", message: `${issue.message} ${feature.name} needs it.` }
          : { ...issue, message: `${issue.message} (${feature.name})` },
      );
    }
    const uniqueMissing = missing.length === 0 ? missing : [...new Set(missing)];
    // Valid markup the feature does not take (an AggregateOffer for a merchant listing): its reasons.
    const ineligible = run.ineligible.length === 0 ? null : [...new Set(run.ineligible)];
    let eligible = baseValid && uniqueMissing.length === 0 && ineligible === null && feature.retired === undefined;
    let reason: string;
    if (feature.retired) {
      eligible = false;
      reason = `${feature.name} was retired on ${feature.retired.since}: ${feature.retired.note}`;
    } else if (!baseValid) reason = `Not eligible: the node has errors.`;
    else if (uniqueMissing.length) reason = `Not eligible: ${feature.name} needs ${uniqueMissing.map((p) => needed(p, broken)).join(", ")}.`;
    else if (ineligible !== null) reason = `Not eligible for ${feature.name}: ${ineligible.join("; ")}.`;
    else reason = `Meets the requirements for ${feature.name}.`;
    out.push({ feature: feature.id, name: feature.name, eligible, reason, google_docs_url: feature.googleDocsUrl, missing: uniqueMissing });
  }
  return out;
}
