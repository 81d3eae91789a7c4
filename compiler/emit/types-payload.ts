/** generated/types.json: exactly the spec's GET /api/v1/types payload. */
import type { IrRuleSet } from "../ir.ts";
import type { MatchTable } from "../matches.ts";

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
  note?: string;
}

/**
 * Top-level names, plus nested ones whose every ancestor is required too (always needed). One-of
 * groups are not single required properties: they are listed apart (required_one_of).
 */
function listed(rs: IrRuleSet, byType: Map<string, IrRuleSet>, level: "required" | "recommended"): string[] {
  const rules = (rs.validateAs ? byType.get(rs.validateAs)?.rules : rs.rules) ?? null;
  if (!rules) return [];
  const out: string[] = [];
  for (const p of rules.properties) {
    if (p.level === level) out.push(p.property);
    if (level === "required" && p.level === "required") {
      for (const e of p.expect) if (e.kind === "class" && e.rules && p.expect.filter((x) => x.kind === "class").length === 1) {
        for (const nested of e.rules.properties) if (nested.level === "required") out.push(nested.property);
      }
    }
  }
  return [...new Set(out)];
}

function noteOf(rs: IrRuleSet): string | undefined {
  const parts: string[] = [];
  if (rs.deprecated) parts.push(rs.deprecated.note);
  if (rs.note) parts.push(rs.note);
  if (rs.validateAs) parts.push(`Validated with the ${rs.validateAs} rule set and reported as ${rs.validateAs}.`);
  return parts.length ? parts.join(" ") : undefined;
}

export function buildTypesPayload(ruleSets: IrRuleSet[], table: MatchTable) {
  const byType = new Map(ruleSets.map((rs) => [rs.type, rs]));
  const helpers = ruleSets.filter((rs) => rs.listedUnder);
  const types: TypeListEntry[] = ruleSets
    .filter((rs) => !rs.listedUnder)
    .sort((a, b) => a.tier === b.tier ? a.type.localeCompare(b.type) : (a.tier === 0 ? 9 : a.tier) - (b.tier === 0 ? 9 : b.tier))
    .map((rs) => {
      const entry: TypeListEntry = {
        type: rs.type,
        also_matches: [...(table.alsoMatches.get(rs.type) ?? []), ...helpers.filter((h) => h.listedUnder === rs.type).map((h) => h.type)].sort(),
        status: rs.status,
        tier: rs.tier,
        google_docs_url: rs.googleDocsUrl,
        required_properties: rs.tier === 1 ? listed(rs, byType, "required") : [],
        recommended_properties: rs.tier === 1 ? listed(rs, byType, "recommended") : [],
      };
      const rules = (rs.validateAs ? byType.get(rs.validateAs)?.rules : rs.rules) ?? null;
      const groups = rules?.oneOf.filter((g) => g.level === "required").map((g) => g.members) ?? [];
      if (rs.tier === 1 && groups.length) entry.required_one_of = groups;
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
    schema_org_version: "29.4",
    last_updated: lastUpdated,
  };
}

export function emitTypesPayload(ruleSets: IrRuleSet[], table: MatchTable): string {
  return JSON.stringify(buildTypesPayload(ruleSets, table), null, 2) + "\n";
}
