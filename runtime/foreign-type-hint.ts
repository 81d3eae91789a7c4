/**
 * A type IRI outside Schema.org that was meant as Schema.org, or that the search engine stopped
 * reading: said as a warning on the node, which sdv cannot check and no rich result comes from.
 * Without it a `itemtype="http://data-vocabulary.org/Product"` or `"HTTPS://SCHEMA.ORG/Product"` item
 * was "valid" with a score of 100 and not a word on why nothing was checked.
 */
import type { ValidationIssue } from "./types.ts";

const DATA_VOCABULARY = /^(?:https?:)?\/\/(?:www\.)?data-vocabulary\.org\/([A-Za-z][A-Za-z0-9]*)/i;
/** Schema.org written another way: any case, no scheme or `//`, `www.`, a trailing slash. */
const SCHEMA_ORG_LIKE = /^(?:(?:https?:)?\/\/)?(?:www\.)?schema\.org\/+([A-Za-z][A-Za-z0-9]*)\/*$/i;
/** "https://schema.org/Product/" as the engine names it once the Schema.org prefix is taken off. */
const TRAILING_SLASH = /^([A-Za-z][A-Za-z0-9]*)\/+$/;
const SEARCH_GALLERY = "https://developers.google.com/search/docs/appearance/structured-data/search-gallery";

export function foreignTypeHint(type: string, at: string): ValidationIssue | null {
  const retired = DATA_VOCABULARY.exec(type);
  if (retired !== null) {
    return {
      severity: "warning",
      property: "@type",
      code: "unknown-type",
      message: `"${type}" is data-vocabulary.org markup, which the search engine no longer reads for rich results (since April 2020).`,
      fix: `Use Schema.org instead: itemtype="https://schema.org/${retired[1]}" (or "@type": "${retired[1]}" in JSON-LD), with Schema.org's property names.`,
      google_docs_url: SEARCH_GALLERY,
      path: `${at}/@type`,
    };
  }
  const meant = SCHEMA_ORG_LIKE.exec(type) ?? TRAILING_SLASH.exec(type);
  if (meant !== null) {
    return {
      severity: "warning",
      property: "@type",
      code: "unknown-type",
      message: `"${type}" is not written as a Schema.org type IRI, so it was not checked as Schema.org's ${meant[1]} and may not be read as one.`,
      fix: `Write it exactly as "https://schema.org/${meant[1]}" (lower-case scheme and host, no trailing slash).`,
      google_docs_url: SEARCH_GALLERY,
      path: `${at}/@type`,
    };
  }
  return null;
}
