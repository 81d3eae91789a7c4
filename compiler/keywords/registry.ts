/**
 * The rule keywords, in the order their checks run and their sentences read on a rule page (a
 * value's fixed texts before its length; a list's count before its order). Everything else about
 * a keyword is in its module (its key of RawPropertyRule too); the rule-file JSON Schema's keys and
 * the semantic stage's keyword part are derived here.
 */
import type { IrKeyword } from "../ir.ts";
import type { JsonSchema, KeywordDefinition, KeywordSite, Path } from "./keyword.ts";
import { textValues } from "./text-values.ts";
import { maxLength } from "./max-length.ts";
import { minItems } from "./min-items.ts";
import { maxItems } from "./max-items.ts";
import { listCheck } from "./list-check.ts";
import { onlyFor } from "./only-for.ts";
import { coTyped } from "./co-typed.ts";
import { requiredWhen } from "./required-when.ts";
import { recommendedWhen } from "./recommended-when.ts";
import { notOnLastItem } from "./not-on-last-item.ts";
import { pattern } from "./pattern.ts";

export const KEYWORDS = [textValues, maxLength, minItems, maxItems, listCheck, onlyFor, coTyped, requiredWhen, recommendedWhen, notOnLastItem, pattern] as const;

/** The keys the keywords add to a property rule. */
export const KEYWORD_NAMES: readonly string[] = KEYWORDS.map((k) => k.name);

/** The keywords' pieces of definitions.propertyRule.properties, in registry order. */
export function keywordSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(KEYWORDS.map((k) => [k.name, k.schema]));
}

// The modules are typed one by one; walking the list loses which input belongs to which module, so
// the walk sees each as taking what the schema let through for its key (the schema ran first).
type AnyKeyword = KeywordDefinition<string, never>;
const written = (site: KeywordSite, k: AnyKeyword): never | undefined => (site.rule as unknown as Record<string, never>)[k.name];

/**
 * The semantic stage's keyword part for one property rule: every keyword written is checked, and
 * the types the property's name is checked against come back (null: the node's own type).
 */
export function checkKeywords(site: KeywordSite): { keywords: IrKeyword[]; nameDomains: string[] | null } {
  const keywords: IrKeyword[] = [];
  let nameDomains: string[] | null = null;
  for (const k of KEYWORDS as readonly AnyKeyword[]) {
    const input = written(site, k);
    if (input === undefined) continue;
    const at: Path = [...site.path, k.name];
    k.check?.(input, site, (code, message, below = []) => site.checker.report(code, [...at, ...below], message));
    nameDomains = k.nameDomains?.(input, site) ?? nameDomains;
    keywords.push(k.apply(input));
  }
  return { keywords, nameDomains };
}
