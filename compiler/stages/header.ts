/**
 * Stage 1: the file's header. The type equals the file name, status and tier agree, and the
 * match lists (also_matches, not_matches, extra_matches, validate_as) name real, related types.
 */
import { basename } from "node:path";
import { didYouMean } from "../did-you-mean.ts";
import type { FileChecker, Raw } from "./context.ts";

const STATUS_TIERS: Record<string, number[]> = { supported: [1], coming_soon: [2], planned: [3, 4], deprecated: [0] };

export interface Header {
  ruleType: string;
  /** The type the properties are checked against (the first extra_matches name for a name outside the vocabulary). */
  nodeType: string;
  alsoMatches: string[];
  extraMatches: string[];
}

export function checkHeader(c: FileChecker, raw: Raw): Header {
  const { file } = c;
  const expectedName = basename(file.file).replace(/\.ya?ml$/, "");
  if (raw.type !== expectedName) c.report("file-name", ["type"], `type "${raw.type}" must equal the file name "${expectedName}"`);
  if (!STATUS_TIERS[raw.status]?.includes(raw.tier)) {
    c.report("status", ["tier"], `tier ${raw.tier} does not fit status "${raw.status}" (supported 1, coming_soon 2, planned 3 or 4, deprecated 0)`);
  }
  // A rule set may carry a feature name Schema.org lacks (the spec's LoyaltyProgram) when the search
  // engine's markup for the feature uses other types: it must then name them in extra_matches, and its
  // properties are checked against the first of them.
  const inVocabulary = c.vocabulary.isType(raw.type);
  if (!inVocabulary && !(Array.isArray(raw.extra_matches) && raw.extra_matches.length)) {
    c.report("unknown-type", ["type"], `"${raw.type}" is not a Schema.org 29.4 type (a name outside the vocabulary needs extra_matches naming the types it validates)`);
  }
  if (raw.status === "deprecated" && !raw.deprecated) c.report("status", ["status"], `a deprecated type needs a "deprecated" entry with since and note`);

  const ruleType: string = raw.type;
  const nodeType: string = inVocabulary ? ruleType : (raw.extra_matches?.[0] ?? ruleType);
  let alsoMatches: string[] = [];
  if (Array.isArray(raw.also_matches)) {
    raw.also_matches.forEach((name: string, i: number) => {
      if (!c.vocabulary.isType(name)) c.report("unknown-type", ["also_matches", i], `"${name}" is not a Schema.org 29.4 type`);
      else if (!c.vocabulary.isSubtypeOf(name, ruleType) || name === ruleType) c.report("not-subtype", ["also_matches", i], `"${name}" is not a subtype of ${ruleType}`);
    });
    alsoMatches = [...raw.also_matches];
  }
  (raw.not_matches ?? []).forEach((name: string, i: number) => {
    if (!c.vocabulary.isType(name)) c.report("unknown-type", ["not_matches", i], `"${name}" is not a Schema.org 29.4 type${didYouMean(name, Object.keys(c.vocabulary.data.classes))}`);
    else if (!c.vocabulary.isSubtypeOf(name, ruleType) || name === ruleType) c.report("not-subtype", ["not_matches", i], `"${name}" is not a subtype of ${ruleType}`);
    if (raw.also_matches !== "vocabulary") c.report("conflict", ["not_matches", i], `not_matches only narrows also_matches: vocabulary`);
  });
  const extraMatches: string[] = raw.extra_matches ?? [];
  extraMatches.forEach((name, i) => {
    if (!c.vocabulary.isType(name)) c.report("unknown-type", ["extra_matches", i], `"${name}" is not a Schema.org 29.4 type`);
  });

  if (raw.validate_as !== undefined) {
    if (raw.properties || raw.one_of || raw.features) c.report("conflict", ["validate_as"], `a file with validate_as takes its requirements from ${raw.validate_as}; remove properties, one_of and features`);
    if (c.vocabulary.isType(raw.validate_as) && !c.vocabulary.isSubtypeOf(ruleType, raw.validate_as)) {
      c.report("not-subtype", ["validate_as"], `${ruleType} is not a subtype of ${raw.validate_as}`);
    }
  } else if (!raw.properties) {
    c.report("conflict", [], `a rule set needs "properties" (or "validate_as")`);
  }

  return { ruleType, nodeType, alsoMatches, extraMatches };
}
