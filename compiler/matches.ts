/**
 * Which rule set checks which @type: a rule file's own type always goes to it (or to its
 * validate_as target); every other name goes to the most specific rule set that claims it.
 */
import type { IrRuleSet } from "./ir.ts";
import type { VocabularyIndex } from "../runtime/vocabulary.ts";
import type { Diagnostic } from "./diagnostics.ts";

export interface MatchTable {
  /** @type name -> the rule set (by type) whose validator checks it. */
  validatorOf: Map<string, string>;
  /** rule-set type -> the names listed as its also_matches in the types payload. */
  alsoMatches: Map<string, string[]>;
}

export function buildMatches(ruleSets: IrRuleSet[], vocabulary: VocabularyIndex): { table: MatchTable; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const byType = new Map(ruleSets.map((rs) => [rs.type, rs]));
  const target = (rs: IrRuleSet): string => rs.validateAs ?? rs.type;
  for (const rs of ruleSets) {
    if (rs.validateAs && !byType.get(rs.validateAs)?.rules) {
      diagnostics.push({ file: rs.file, line: 1, column: 1, code: "reference", message: `validate_as names "${rs.validateAs}", which has no rule set with properties` });
    }
  }

  // Claims: name -> rule-set types that claim it.
  const claims = new Map<string, Set<string>>();
  const claim = (name: string, by: string) => {
    const set = claims.get(name) ?? new Set<string>();
    set.add(by);
    claims.set(name, set);
  };
  for (const rs of ruleSets) {
    const excluded = (name: string) => rs.notMatches.some((n) => vocabulary.isSubtypeOf(name, n));
    const names = rs.alsoMatches.length ? rs.alsoMatches : rs.alsoMatchesVocabulary ? vocabulary.descendants(rs.type).filter((n) => !excluded(n)) : [];
    for (const name of names) claim(name, rs.type);
    for (const name of rs.extraMatches) claim(name, rs.type);
  }

  const validatorOf = new Map<string, string>();
  const listedUnder = new Map<string, string>();
  for (const rs of ruleSets) {
    validatorOf.set(rs.type, target(rs));
  }
  for (const [name, claimants] of [...claims].sort(([a], [b]) => a.localeCompare(b))) {
    // The most specific claimant wins: the one no other claimant is a subtype of.
    const candidates = [...claimants].sort();
    const specific = candidates.filter((c) => !candidates.some((o) => o !== c && vocabulary.isSubtypeOf(o, c)));
    const chosen = specific[0];
    listedUnder.set(name, chosen);
    if (!byType.has(name)) validatorOf.set(name, target(byType.get(chosen)!));
  }

  const alsoMatches = new Map<string, string[]>();
  for (const rs of ruleSets) alsoMatches.set(rs.type, []);
  // A name with a rule file of its own is listed under another type only when that file says it
  // is validated with it (NewsArticle under Article); ClaimReview is not listed under Review.
  for (const [name, owner] of listedUnder) {
    if (name === owner) continue;
    const own = byType.get(name);
    if (own && own.validateAs !== owner) continue;
    alsoMatches.get(owner)!.push(name);
  }
  for (const list of alsoMatches.values()) list.sort();
  return { table: { validatorOf: new Map([...validatorOf].sort(([a], [b]) => a.localeCompare(b))), alsoMatches }, diagnostics };
}

