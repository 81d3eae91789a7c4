/**
 * Vocabulary conformance, as warnings only (what the Schema Markup Validator reports and the
 * rich-result tools do not): unknown types and properties with a did-you-mean, properties used
 * on a type outside their domain, superseded properties, typed values outside a property's range.
 * Iterative and depth-capped like every walk over input.
 */
import type { ValidationIssue } from "./types.ts";
import { escapePointer, isObject, type JsonObject } from "./json.ts";
import { shortTypeName, typeNames } from "./graph/type-names.ts";
import { vocabularyIndex } from "./type-hierarchy.ts";
import { closestName } from "./did-you-mean.ts";

const MAX_VOCABULARY_DEPTH = 32;
const SCHEMA_DOCS = "https://schema.org/docs/schemas.html";

let classNames: string[] | null = null;
let propertyNames: string[] | null = null;

/** A name in another vocabulary (og:title, https://example.com/x) is not ours to judge. */
const isForeign = (name: string): boolean => name.includes(":") || name.includes("/");

/** Whether a property's domain covers one of the given known types, cached per type list. */
const appliesCache = new Map<string, Map<string, boolean>>();

function appliesToAny(property: string, known: readonly string[]): boolean {
  const typeKey = known.length === 1 ? known[0] : known.join(" ");
  let byProperty = appliesCache.get(typeKey);
  if (!byProperty) {
    if (appliesCache.size > 2048) appliesCache.clear();
    appliesCache.set(typeKey, (byProperty = new Map()));
  }
  let applies = byProperty.get(property);
  if (applies === undefined) {
    const vocabulary = vocabularyIndex();
    applies = known.some((t) => vocabulary.propertyApplies(property, t));
    byProperty.set(property, applies);
  }
  return applies;
}

/** The Schema.org name of a key: prefixes stripped, Action annotations ("query-input") read as the property. */
function propertyKey(rawKey: string): string | null {
  let key = rawKey;
  if (key.indexOf(":") !== -1 || key.indexOf("/") !== -1) {
    key = shortTypeName(key);
    if (isForeign(key)) return null;
  }
  if (key.endsWith("-input")) return key.slice(0, -6);
  if (key.endsWith("-output")) return key.slice(0, -7);
  return key;
}

interface Pending {
  node: JsonObject;
  path: string;
  dotted: string;
  depth: number;
}

export function checkVocabulary(entity: JsonObject, at: string, issues: ValidationIssue[]): void {
  const vocabulary = vocabularyIndex();
  const { classes, properties } = vocabulary.data;
  const stack: Pending[] = [{ node: entity, path: at, dotted: "", depth: 0 }];
  const warn = (code: ValidationIssue["code"], property: string, message: string, fix: string, path: string) =>
    issues.push({ severity: "warning", code, property, message, fix, google_docs_url: SCHEMA_DOCS, path });

  while (stack.length) {
    const { node, path, dotted, depth } = stack.pop()!;
    const types = typeNames(node["@type"]);
    const known = types.every((t) => Object.hasOwn(classes, t)) ? types : types.filter((t) => Object.hasOwn(classes, t));
    for (const t of types) {
      if (!Object.hasOwn(classes, t) && !isForeign(t)) {
        const suggestion = closestName(t, (classNames ??= Object.keys(classes)));
        warn(
          "unknown-type",
          dotted ? `${dotted}.@type` : "@type",
          `"${t}" is not a Schema.org 29.4 type.`,
          suggestion ? `Did you mean "${suggestion}"? Use "@type": "${suggestion}".` : "Use a type from https://schema.org/docs/full.html.",
          `${path}/@type`,
        );
      }
    }
    for (const rawKey in node) {
      if (rawKey.charCodeAt(0) === 64 /* @ */) continue;
      const key = propertyKey(rawKey);
      if (key === null) continue;
      const facts = Object.hasOwn(properties, key) ? properties[key] : undefined;
      if (!facts) {
        const suggestion = closestName(key, (propertyNames ??= Object.keys(properties)));
        warn(
          "unknown-property",
          dotted ? `${dotted}.${key}` : key,
          `"${key}" is not a Schema.org 29.4 property.`,
          suggestion ? `Did you mean "${suggestion}"?` : "Remove it, or use a property from the type's Schema.org page.",
          `${path}/${escapePointer(rawKey)}`,
        );
        continue;
      }
      if (known.length && !appliesToAny(key, known)) {
        warn(
          "unknown-property",
          dotted ? `${dotted}.${key}` : key,
          `"${key}" is not a property of ${known.join(" or ")} in Schema.org 29.4.`,
          `Move "${key}" to a node whose type has it, or remove it (it belongs to ${facts.domains.slice(0, 4).join(", ")}${facts.domains.length > 4 ? ", ..." : ""}).`,
          `${path}/${escapePointer(rawKey)}`,
        );
      }
      if (facts.superseded_by) {
        warn(
          "superseded-property",
          dotted ? `${dotted}.${key}` : key,
          `Schema.org replaced "${key}" with "${facts.superseded_by}".`,
          `Use "${facts.superseded_by}" instead of "${key}".`,
          `${path}/${escapePointer(rawKey)}`,
        );
      }
      const value = node[rawKey];
      if (typeof value !== "object" || value === null) continue;
      const list = Array.isArray(value);
      const count = list ? value.length : 1;
      for (let i = 0; i < count; i++) {
        const item = list ? value[i] : value;
        if (!isObject(item) || "@value" in item) continue;
        const itemPath = list ? `${path}/${escapePointer(rawKey)}/${i}` : `${path}/${escapePointer(rawKey)}`;
        const property = dotted ? `${dotted}.${key}` : key;
        const itemType = item["@type"];
        if (itemType !== undefined && facts.ranges.length) {
          const itemTypes = typeNames(itemType).filter((t) => Object.hasOwn(classes, t));
          if (itemTypes.length && !itemTypes.some((t) => facts.ranges.some((r) => vocabulary.isSubtypeOf(t, r)))) {
            warn(
              "unexpected-type",
              property,
              `"${key}" expects ${facts.ranges.join(", ")}; ${itemTypes.join(", ")} is none of them.`,
              `Give "${key}" a value of type ${facts.ranges.slice(0, 3).join(" or ")}.`,
              itemPath,
            );
          }
        }
        if (depth + 1 < MAX_VOCABULARY_DEPTH) stack.push({ node: item, path: itemPath, dotted: property, depth: depth + 1 });
      }
    }
  }
}
