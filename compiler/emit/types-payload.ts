/** generated/types.json: exactly the spec's GET /api/v1/types payload. */
import type { IrNodeRules, IrRuleSet } from "../ir.ts";
import type { MatchTable } from "../matches.ts";
import { releaseName } from "../../runtime/type-hierarchy.ts";

export interface TypeListEntry {
  type: string;
  also_matches: string[];
  status: string;
  tier: number;
  google_docs_url: string;
  required_properties: string[];
  recommended_properties: string[];
  /** Required groups (at least one member each), leading member first; tier 1 only, additive. */
  required_one_of?: string[][];
  /** The type's own rich result is opt-in: the properties whose presence detects it (additive). */
  opt_in_triggers?: string[];
  /** Further rich-result features fed by the same node, each with its own requirements; tier 1 only, additive. */
  features?: FeatureEntry[];
  note?: string;
}

export interface FeatureEntry {
  id: string;
  name: string;
  google_docs_url: string;
  /** Opt-in: checked only when one of these is present (absent: always). */
  opt_in_triggers?: string[];
  /** The day the feature was retired: still checked, never eligible. */
  retired_since?: string;
  /** On top of the type's own required properties. */
  required_properties: string[];
  recommended_properties: string[];
  required_one_of?: string[][];
}

/**
 * Top-level names, plus nested ones whose every ancestor is required too (always needed). One-of
 * groups are not single required properties: they are listed apart (required_one_of).
 */
function listed(rules: IrNodeRules | null, level: "required" | "recommended"): string[] {
  if (!rules) return [];
  const out: string[] = [];
  for (const p of rules.properties) {
    // A keyword's listing (the property required or recommended unless a sibling is there) wins over the level.
    const listedAs = p.keywords.find((k) => k.listedAs !== undefined)?.listedAs ?? p.level;
    if (listedAs === level) out.push(p.property);
    if (level === "required" && p.level === "required") {
      for (const e of p.expect) if (e.kind === "class" && e.rules && p.expect.filter((x) => x.kind === "class").length === 1) {
        for (const nested of e.rules.properties) if (nested.level === "required") out.push(nested.property);
      }
    }
  }
  return [...new Set(out)];
}

const requiredGroups = (rules: IrNodeRules | null): string[][] => rules?.oneOf.filter((g) => g.level === "required").map((g) => g.members) ?? [];

/**
 * The required groups whose members the types payload also lists as recommended (a Product's review,
 * aggregateRating and offers): the spec says a missing recommended property gives a warning, not an
 * error, so under the spec profile such a group decides eligibility, not validity
 * (runtime/options/spec-profile.ts).
 */
export function groupsListedRecommended(rs: IrRuleSet): string[][] {
  if (rs.tier !== 1) return [];
  const recommended = listed(rs.rules, "recommended");
  return requiredGroups(rs.rules).filter((g) => g.some((member) => recommended.includes(member)));
}

/**
 * A feature's requirements in depth: required properties, and under each the required properties
 * and groups of the type the documentation leads with (the first object type expected), since a
 * feature's nested requirements (an offer's price) are what it adds.
 */
function requiredInDepth(rules: IrNodeRules, properties: string[] = [], groups: string[][] = [], depth = 0): { properties: string[]; groups: string[][] } {
  groups.push(...requiredGroups(rules));
  for (const p of rules.properties) {
    if (p.level !== "required") continue;
    properties.push(p.property);
    const lead = p.expect.find((e) => e.kind === "class" && e.rules);
    if (lead && lead.kind === "class" && lead.rules && depth < 4) requiredInDepth(lead.rules, properties, groups, depth + 1);
  }
  return { properties: [...new Set(properties)], groups };
}

function featureEntry(f: IrRuleSet["features"][number]): FeatureEntry {
  const entry: FeatureEntry = {
    id: f.id,
    name: f.name,
    google_docs_url: f.googleDocsUrl,
    required_properties: requiredInDepth(f.rules).properties,
    recommended_properties: listed(f.rules, "recommended"),
  };
  if (f.triggers.length) entry.opt_in_triggers = f.triggers;
  if (f.retired) entry.retired_since = f.retired.since;
  const { groups } = requiredInDepth(f.rules);
  if (groups.length) entry.required_one_of = groups;
  return entry;
}

function noteOf(rs: IrRuleSet): string | undefined {
  const parts: string[] = [];
  if (rs.deprecated) parts.push(rs.deprecated.note);
  if (rs.note) parts.push(rs.note);
  if (rs.validateAs) parts.push(`Validated with the ${rs.validateAs} rule set and reported as ${rs.validateAs}.`);
  return parts.length ? parts.join(" ") : undefined;
}

/** `schemaOrgVersion`: the release of the vocabulary the rules were compiled against (the spec fixes 29.4), reported as the spec writes it ("V29.4"). */
export function buildTypesPayload(ruleSets: IrRuleSet[], table: MatchTable, schemaOrgVersion = "29.4") {
  const byType = new Map(ruleSets.map((rs) => [rs.type, rs]));
  const helpers = ruleSets.filter((rs) => rs.listedUnder);
  const types: TypeListEntry[] = ruleSets
    .filter((rs) => !rs.listedUnder)
    .sort((a, b) => a.tier === b.tier ? a.type.localeCompare(b.type) : (a.tier === 0 ? 9 : a.tier) - (b.tier === 0 ? 9 : b.tier))
    .map((rs) => {
      // A validate_as entry (NewsArticle) describes the rule set it is checked with.
      const owner = (rs.validateAs ? byType.get(rs.validateAs) : rs) ?? rs;
      const rules = owner.rules;
      const entry: TypeListEntry = {
        type: rs.type,
        also_matches: [...(table.alsoMatches.get(rs.type) ?? []), ...helpers.filter((h) => h.listedUnder === rs.type).map((h) => h.type)].sort(),
        status: rs.status,
        tier: rs.tier,
        google_docs_url: rs.googleDocsUrl,
        required_properties: rs.tier === 1 ? listed(rules, "required") : [],
        recommended_properties: rs.tier === 1 ? listed(rules, "recommended") : [],
      };
      const groups = requiredGroups(rules);
      if (rs.tier === 1 && groups.length) entry.required_one_of = groups;
      if (owner.optIn) entry.opt_in_triggers = owner.optIn;
      if (rs.tier === 1 && owner.features.length) entry.features = owner.features.map(featureEntry);
      const note = noteOf(rs);
      if (note) entry.note = note;
      return entry;
    });
  const lastUpdated = ruleSets.map((rs) => rs.verifiedOn).sort().at(-1) ?? "1970-01-01";
  return {
    types,
    total_supported: types.filter((t) => t.tier === 1).length,
    total_coming_soon: types.filter((t) => t.tier === 2).length,
    total_planned: types.filter((t) => t.tier === 3 || t.tier === 4).length,
    total_deprecated: types.filter((t) => t.tier === 0).length,
    schema_org_version: releaseName(schemaOrgVersion),
    last_updated: lastUpdated,
  };
}

export function emitTypesPayload(ruleSets: IrRuleSet[], table: MatchTable, schemaOrgVersion = "29.4"): string {
  return JSON.stringify(buildTypesPayload(ruleSets, table, schemaOrgVersion), null, 2) + "\n";
}
