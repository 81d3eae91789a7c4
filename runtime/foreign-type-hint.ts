/**
 * A type IRI outside Schema.org that was meant as Schema.org, or that the search engine stopped
 * reading: said as a warning on the node, which sdv cannot check and no rich result comes from.
 * Without it a `itemtype="http://data-vocabulary.org/Product"` or `"HTTPS://SCHEMA.ORG/Product"` item
 * was "valid" with a score of 100 and not a word on why nothing was checked.
 */
import type { ValidationIssue } from "./types.ts";

/** Its Microdata form (`http://data-vocabulary.org/Product`) and its RDFa form (`http://rdf.data-vocabulary.org/#Product`). */
const DATA_VOCABULARY = /^(?:https?:)?\/\/(?:www\.|rdf\.)?data-vocabulary\.org\/#?([A-Za-z][A-Za-z0-9-]*)/i;
/**
 * data-vocabulary.org's types and the Schema.org types that replace them, where the names differ
 * (Google's migration notes: a breadcrumb trail is a BreadcrumbList of ListItems). A name not listed
 * is Schema.org's own (Product, Offer, Review, Rating, Person, Organization, Event, Recipe).
 */
const SCHEMA_ORG_FOR: Readonly<Record<string, string>> = {
  breadcrumb: "BreadcrumbList",
  "review-aggregate": "AggregateRating",
  "offer-aggregate": "AggregateOffer",
  address: "PostalAddress",
  geo: "GeoCoordinates",
  nutrition: "NutritionInformation",
};
const SAME_NAME = new Set(["product", "offer", "review", "rating", "person", "organization", "event", "recipe"]);

/** The Schema.org type for a data-vocabulary.org one, or null when there is no plain counterpart. */
function schemaOrgFor(name: string): string | null {
  const key = name.toLowerCase();
  if (SCHEMA_ORG_FOR[key] !== undefined) return SCHEMA_ORG_FOR[key];
  return SAME_NAME.has(key) ? key[0].toUpperCase() + key.slice(1) : null;
}
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
      fix: migrationFix(retired[1]),
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

function migrationFix(name: string): string {
  const type = schemaOrgFor(name);
  if (type === null) return `Use Schema.org instead, with its types and property names (see the search gallery for the type of each rich result).`;
  const trail = type === "BreadcrumbList" ? ', each crumb a ListItem with position, name and item' : "";
  return `Use Schema.org instead: itemtype="https://schema.org/${type}" (or "@type": "${type}" in JSON-LD)${trail}, with Schema.org's property names.`;
}
