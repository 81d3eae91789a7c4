/**
 * Subtype look-ups for the generated validators: "does this @type satisfy an expected type?"
 * Built lazily from the compact vocabulary, once per expected type.
 */
import vocabularyData from "../generated/vocabulary.json" with { type: "json" };
import type { Vocabulary } from "./vocabulary-types.ts";
import { VocabularyIndex } from "./vocabulary.ts";

let index: VocabularyIndex | null = null;
const cache = new Map<string, ReadonlySet<string>>();

export function vocabularyIndex(): VocabularyIndex {
  return (index ??= new VocabularyIndex(vocabularyData as unknown as Vocabulary));
}

/** The Schema.org release the vocabulary was built from ("29.4"; see `npm run vocab`). */
export function schemaOrgVersion(): string {
  return (vocabularyData as unknown as Vocabulary).schema_org_version;
}

/**
 * A release as Schema.org names it and the spec writes it ("V29.4": "The vocabulary version is V29.4,
 * reported as schema_org_version by the types endpoint").
 */
export function releaseName(version: string): string {
  return version.startsWith("V") ? version : `V${version}`;
}

/** The type and all its subtypes. */
export function subtypes(type: string): ReadonlySet<string> {
  let set = cache.get(type);
  if (!set) {
    set = new Set([type, ...vocabularyIndex().descendants(type)]);
    cache.set(type, set);
  }
  return set;
}

/** Members of an enumeration (sub-enumerations included). */
export function enumerationMembers(type: string): ReadonlySet<string> {
  return new Set(vocabularyIndex().members(type));
}
