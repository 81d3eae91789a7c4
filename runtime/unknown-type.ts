/**
 * A top-level node whose @type is no Schema.org type cannot give any rich result: a typo such as
 * "Prodcut" silently loses the product snippet. That costs the page something, so it is an error
 * (with a did-you-mean), not the vocabulary warning nested values get. Names of other vocabularies
 * (full IRIs, prefixed names such as og:Article or dc:Agent, terms the node's own @context
 * defines or a non-Schema.org @context in force) are not ours to judge, nor is a name with no
 * Schema.org context and nothing close to a Schema.org type.
 */
import type { ValidationIssue } from "./types.ts";
import { isObject, type JsonObject } from "./json.ts";
import { schemaOrgVersion, vocabularyIndex } from "./type-hierarchy.ts";
import { closestName } from "./did-you-mean.ts";
import { isSchemaOrgContext } from "./graph/collect.ts";
import { shortTypeName } from "./graph/type-names.ts";

const FULL_LIST = "https://schema.org/docs/full.html";

let classNames: string[] | null = null;

/**
 * A full IRI or a compact one (prefix:name) belongs to some other vocabulary. Not one with quote marks,
 * white space or angle brackets in it, which no IRI holds: `itemtype="'https://schema.org/Product'"`
 * (a template that quoted its value twice) names no type at all.
 */
const isIri = (name: string): boolean => (name.includes(":") || name.includes("/")) && !NOT_IN_IRI.test(name);
const NOT_IN_IRI = /["'\s<>\u2018\u2019\u201c\u201d]/;

/** The Schema.org type a mangled type name means (quotes and spaces around a Schema.org IRI), or null. */
function quotedSchemaOrgType(name: string): string | null {
  const bare = shortTypeName(name.replace(QUOTES_AND_SPACES, ""));
  return bare !== name && vocabularyIndex().isType(bare) ? bare : null;
}
const QUOTES_AND_SPACES = /^[\s"'\u2018\u2019\u201c\u201d]+|[\s"'\u2018\u2019\u201c\u201d]+$/g;

/** A term the node's own @context maps somewhere (`{"@context": {"Widget": "https://ex.com/Widget"}}`). */
function definedByContext(name: string, context: unknown): boolean {
  // A context array holds strings and objects, never arrays (JSON-LD 1.1): not walked into, however deep.
  if (Array.isArray(context)) return context.some((c) => !Array.isArray(c) && definedByContext(name, c));
  return isObject(context) && Object.hasOwn(context, name);
}

/** The node brings a @context that is not Schema.org's: its bare terms are that vocabulary's. */
function ownForeignContext(node: JsonObject): boolean {
  const context = node["@context"];
  return context !== undefined && !isSchemaOrgContext(context);
}

/**
 * The error for a top-level node none of whose types is a Schema.org type, or null when one of
 * them is (a known type with an extra unknown one keeps its rich result: the vocabulary walk warns).
 */
export function unknownTopLevelType(node: JsonObject, types: readonly string[], at: string, schemaOrgContext: boolean): ValidationIssue | null {
  const vocabulary = vocabularyIndex();
  let unknown: string | null = null;
  for (const t of types) {
    if (vocabulary.isType(t) || isIri(t) || definedByContext(t, node["@context"])) return null;
    unknown ??= t;
  }
  if (unknown === null || ownForeignContext(node)) return null;
  const quoted = quotedSchemaOrgType(unknown);
  const suggestion = quoted ?? closestName(unknown, (classNames ??= Object.keys(vocabulary.data.classes)));
  // Without any Schema.org @context, only a near miss of a Schema.org name says the markup meant
  // Schema.org: a page's own data block ({"@type": "Categorization", ...}) is not ours to fail.
  if (!schemaOrgContext && suggestion === null) return null;
  return {
    severity: "error",
    property: "@type",
    code: "unknown-type",
    message: `"${unknown}" is not a Schema.org ${schemaOrgVersion()} type, so no rich result can come from this node.`,
    fix:
      quoted !== null
        ? `The type is written with quote marks or spaces around it: write itemtype="https://schema.org/${quoted}" (in JSON-LD "@type": "${quoted}").`
        : suggestion
          ? `Did you mean "${suggestion}"? Use "@type": "${suggestion}".`
          : `Use a type from ${FULL_LIST}.`,
    google_docs_url: FULL_LIST,
    path: `${at}/@type`,
  };
}
