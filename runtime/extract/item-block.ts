/**
 * What the Microdata and RDFa extractors hand to the engine: JSON-LD-like nodes (one array per
 * syntax, so the engine's intake, @id index and rule sets apply unchanged) and a side table from
 * each JSON Pointer into that array to the source offset of the element that carries it.
 */
import type { JsonObject } from "../json.ts";
import { shortTypeName } from "../graph/type-names.ts";
import { canParseUrl } from "../can-parse-url.ts";

export type Syntax = "json-ld" | "microdata" | "rdfa";

export interface ItemBlock {
  syntax: Exclude<Syntax, "json-ld">;
  /** Top-level items in page order; nested items are embedded as property values. */
  items: JsonObject[];
  /** JSON Pointer into `items` -> offset in the page of the element carrying it. */
  offsets: Map<string, number>;
  /** Set when a cap cut the extraction short: what was passed. */
  truncated: string | null;
  /** Top-level Microdata items without itemtype, in page order: not validated, but reported. */
  untyped?: UntypedItem[];
  /**
   * Pointers of Microdata values read from an element's address, not its text (`<a itemprop="name"
   * href>` is the link's URL, as the Microdata standard reads it): link-address-values.ts tells where a
   * text was meant.
   */
  addressValues?: Set<string>;
}

/** An `itemscope` with no `itemtype` that is no property of another item: invisible to rich results. */
export interface UntypedItem {
  /** Offset in the page of the element carrying `itemscope`. */
  offset: number;
  /** Its property names, in page order. */
  properties: string[];
  /** Those of its properties whose value is a typed item: markup the missing type hides. */
  typedValues: string[];
}

/** Items, properties and values per syntax and page: far above real pages, far below hostile ones. */
export const MAX_ITEMS = 2_000;
export const MAX_VALUES = 20_000;
/** Nesting of items inside items; the engine reads 256 levels of JSON, an item is two (object, list). */
export const MAX_ITEM_DEPTH = 100;

const SCHEMA_ORG = /^https?:\/\/(?:www\.)?schema\.org\//i;

export function isSchemaOrgIri(iri: string): boolean {
  return SCHEMA_ORG.test(iri);
}

/** A type or property IRI as the engine reads it: the short name for Schema.org, else the IRI. */
export function vocabularyName(iri: string): string {
  return shortTypeName(iri);
}

/**
 * `value` resolved against the page's base URL when there is one. Without one, an absolute URL is still
 * parsed as HTML parses it (it needs no base: "https://ex.com/a b.png" is "https://ex.com/a%20b.png", a
 * line break inside it is dropped); a relative one stays as written.
 */
export function resolveUrl(value: string, base: string | null): string {
  const trimmed = value.trim();
  if (base === null) return canParseUrl(trimmed) ? new URL(trimmed).href : trimmed;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return trimmed;
  }
}

/**
 * The base URL of item values: `<base href>` resolved against the page URL, else the page URL.
 * HTML read without its URL (posted, or a saved file) takes its canonical link when that is an
 * absolute http(s) URL: the page's own address by its author's word, and the only way its relative
 * links mean what a browser would make of them. Else null: values stay as written.
 */
/**
 * A `<base href>` longer than this is not read: every value is resolved against the base, which URL
 * parses each time (a 2.5 MB base made 20,000 values cost 30 s), and no real page's base comes near it.
 */
const MAX_BASE_HREF = 8 * 1024;

export function effectiveBase(pageUrl: string | null, baseHref: string | null, canonicalHref: string | null = null): string | null {
  const page = pageUrl ?? absoluteHttp(canonicalHref);
  if (baseHref === null || baseHref.length > MAX_BASE_HREF) return page;
  try {
    return new URL(baseHref.trim(), page ?? undefined).href;
  } catch {
    return page;
  }
}

export function absoluteHttp(value: string | null): string | null {
  if (value === null || value.length > MAX_BASE_HREF) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

const HAS_SPACE = /[\t\n\f\r ]/;

/** Space-separated tokens, without repeats. */
export function tokens(value: string | undefined): string[] {
  if (value === undefined) return [];
  if (!HAS_SPACE.test(value)) return value === "" ? [] : [value];
  // A Set: a list asked whether it holds each token costs the square of a long attribute's tokens.
  const out = new Set<string>();
  for (const t of value.split(/[\t\n\f\r ]+/)) if (t !== "") out.add(t);
  return [...out];
}
