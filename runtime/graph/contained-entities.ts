/**
 * Nodes a page wraps in a node sdv has no rules for: `{"@type": "WebPage", "mainEntity": {"@type":
 * "Product", ...}}`, an ItemPage's product, a CollectionPage's breadcrumb. The search engine reads the
 * Product as a product (its test lists it as a detected item); read only as the WebPage's value, it was
 * checked against nothing, and a broken price under it passed.
 *
 * Only values of the properties that say what a page is and shows are taken (CONTAINMENT): its main
 * entity and its breadcrumb. The organization under `publisher` or the person under `author` is context
 * for the page, not an item of its own; `hasPart`, `about` and `subjectOf` relate works to each other
 * (Schema.org's examples put reviews and products there that no page shows as its item). A value that
 * only refers to a node ({"@id"}) is that node's, reported where it is defined; so is a value whose @id
 * another object defines.
 */
import { escapePointer, isObject, isReferenceOnly, type JsonObject } from "../json.ts";
import type { Entity } from "./collect.ts";
import { MAY_HOLD_ANY, heldBit } from "./held-properties.ts";

/** Properties whose values are what the node (a page) holds. */
export const CONTAINMENT = ["mainEntity", "breadcrumb"] as const;

/**
 * What a page with rules of its own (a ProfilePage, a QAPage) holds beside what its rules judge: its
 * rules judge its main entity, and no rule set names `breadcrumb`, so a trail nested there (next-seo's
 * profile page) was checked against nothing.
 */
export const BESIDE_RULES = ["breadcrumb"] as const;

/** Contained values looked at per node, at most: a page of 10,000 parts is looked at up to here. */
const MAX_CONTAINED = 100;

/**
 * The typed objects `entity`'s node holds under the containment properties, as entities of their own
 * (path, block and context the parent's). `definedAs(id)`: the object an @id's first definition is.
 * `held`: graph/held-properties.ts's answer for the node, when known.
 */
export function containedEntities(
  entity: Entity,
  definedAs: (id: string) => JsonObject | undefined,
  properties: readonly string[] = CONTAINMENT,
  held = MAY_HOLD_ANY,
): Entity[] {
  return entitiesUnder(entity, properties, isTypedObject, definedAs, MAX_CONTAINED, held);
}

function isTypedObject(v: unknown): v is JsonObject {
  return isObject(v) && v["@type"] !== undefined && !isReferenceOnly(v);
}

/**
 * The objects `accept` takes among the values of `entity`'s node under `properties`, as entities of
 * their own (path, block and context the parent's), at most `max`. An object whose @id another object
 * defines first is that one's, reported where it is defined.
 */
export function entitiesUnder(
  entity: Entity,
  properties: readonly string[],
  accept: (value: unknown) => value is JsonObject,
  definedAs: (id: string) => JsonObject | undefined,
  max: number,
  held = MAY_HOLD_ANY,
): Entity[] {
  const out: Entity[] = [];
  for (const property of properties) {
    const bit = heldBit(property);
    if (bit !== 0 && (held & bit) === 0) continue;
    const value = entity.node[property];
    if (value === undefined) continue;
    // Most values are not taken (an image given as its URL): the path is built for one that is.
    const list = Array.isArray(value);
    const count = list ? value.length : 1;
    for (let i = 0; i < count && out.length < max; i++) {
      const v: unknown = list ? value[i] : value;
      if (!accept(v)) continue;
      const id = v["@id"];
      if (typeof id === "string") {
        const first = definedAs(id);
        if (first !== undefined && first !== v) continue;
      }
      const base = `${entity.path}/${escapePointer(property)}`;
      out.push({ node: v, path: list ? `${base}/${i}` : base, block: entity.block, hasContext: entity.hasContext, foreignVocabulary: entity.foreignVocabulary });
    }
  }
  return out;
}

/** The @type names of every object `containedEntities` could report under `node`, any depth (for loading rule sets up front). */
export function containedTypes(node: JsonObject, into: Set<string>, typesOf: (value: unknown) => readonly string[], depth = 0): void {
  if (depth > MAX_CONTAINED_DEPTH) return;
  for (const property of CONTAINMENT) {
    const value = node[property];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (let i = 0; i < values.length && i < MAX_CONTAINED; i++) {
      const v = values[i];
      if (!isObject(v)) continue;
      for (const t of typesOf(v["@type"])) into.add(t);
      containedTypes(v, into, typesOf, depth + 1);
    }
  }
}

/** Wrappers followed at most: a page inside a page inside a page. */
export const MAX_CONTAINED_DEPTH = 4;
