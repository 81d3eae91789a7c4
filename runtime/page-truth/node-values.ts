/**
 * Values at a dotted path of a node (`offers.price`), each with the JSON Pointer the report names:
 * lists are walked, and a bare {"@id"} reference is followed to the node it names (the pointer stays
 * the reference's place, which is where the value is used).
 */
import { escapePointer, isObject, isReferenceOnly, type JsonObject } from "../json.ts";

export interface FoundValue {
  value: unknown;
  pointer: string;
  /** Reached through an {"@id"} reference: the pointer is the reference's, not the value's. */
  viaReference: boolean;
}

export type Resolve = (id: string) => JsonObject | undefined;

/**
 * Values read per path at most: a list of 10,000 offers is looked at up to here. A list's items are
 * counted whether they hold a value or not: a list of nulls, referred to from many nodes, was walked
 * whole at each reference (2.5 s for 768 KB).
 */
const MAX_VALUES = 100;

export function valuesAt(node: JsonObject, path: readonly string[], at: string, resolve: Resolve): FoundValue[] {
  let frontier: FoundValue[] = [{ value: node, pointer: at, viaReference: false }];
  for (const segment of path) {
    const next: FoundValue[] = [];
    for (const { value, pointer, viaReference } of frontier) {
      const object = followReference(value, resolve);
      if (object === null) continue;
      const v = object.node[segment];
      if (v === undefined || v === null) continue;
      const base = `${pointer}/${escapePointer(segment)}`;
      const via = viaReference || object.followed;
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length && i < MAX_VALUES && next.length < MAX_VALUES; i++) if (v[i] !== null) next.push({ value: v[i], pointer: `${base}/${i}`, viaReference: via });
      } else if (next.length < MAX_VALUES) next.push({ value: v, pointer: base, viaReference: via });
    }
    frontier = next;
    if (frontier.length === 0) break;
  }
  return frontier.map((f) => {
    if (!isObject(f.value)) return f;
    const object = followReference(f.value, resolve);
    return object === null ? f : { value: object.node, pointer: f.pointer, viaReference: f.viaReference || object.followed };
  });
}

/** The object itself, or the node a bare reference names; null for anything else. */
function followReference(value: unknown, resolve: Resolve): { node: JsonObject; followed: boolean } | null {
  if (!isObject(value)) return null;
  const id = value["@id"];
  if (typeof id === "string" && isReferenceOnly(value)) {
    const target = resolve(id);
    return target === undefined || target === value ? null : { node: target, followed: true };
  }
  return { node: value, followed: false };
}

/** The first value at the path that is a text or a number, or undefined. */
export function firstScalar(node: JsonObject, path: readonly string[], resolve: Resolve): string | number | undefined {
  for (const f of valuesAt(node, path, "", resolve)) if (typeof f.value === "string" || typeof f.value === "number") return f.value;
  return undefined;
}

export const NO_BRANDS: readonly string[] = [];
/** Brand names a product's name is also read without, at most: each makes one more key to search. A product has one. */
const MAX_BRANDS = 4;

/** The names of a node's brand (a Brand or Organization, or a text): a product's name may be written without it. */
export function brandNames(node: JsonObject, resolve: Resolve): readonly string[] {
  if (node.brand === undefined || node.brand === null) return NO_BRANDS;
  const names = new Set<string>();
  for (const { value } of valuesAt(node, ["brand"], "", resolve)) {
    if (names.size >= MAX_BRANDS) break;
    if (typeof value === "string") names.add(value);
    else if (isObject(value) && typeof value.name === "string") names.add(value.name);
  }
  return [...names];
}
