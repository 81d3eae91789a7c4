/**
 * One node per @id, as JSON-LD reads a page: every node object with the same @id describes the same
 * node, wherever it is written. Generators rely on it: Yoast and Rank Math write an article's author as
 * `{"@id": ".../#/schema/person/x", "name": "Nagi"}` and the Person's `url` and `sameAs` on the graph's
 * Person node; a shop's review app adds a second Product block with the first one's @id and its rating.
 * Read alone, each of those lacks what the other holds, and the search engine, which merges them, would
 * report nothing missing.
 *
 * The parsed blocks are not changed (fixes and locations point into them as written): a node is checked
 * through a view, its own properties first, then those only its other definitions hold (the first
 * definition's value wins where two give one).
 */
import { setOwn, type JsonObject } from "../json.ts";

/** `node` with the properties of `whole` (the @id's merged node) it does not hold; `node` itself when it lacks none. */
export function withMergedProperties(node: JsonObject, whole: JsonObject): JsonObject {
  if (whole === node || namesOnly(node, whole)) return whole;
  let view: JsonObject | null = null;
  let added = 0;
  // The merged node's keys listed once: `for...in` lists every key of an object before its first
  // turn, whatever breaks out of it after.
  let keys = KEYS_OF_MERGED.get(whole);
  if (keys === undefined) KEYS_OF_MERGED.set(whole, (keys = Object.keys(whole)));
  for (const key of keys) {
    if (key === "@context" || Object.prototype.hasOwnProperty.call(node, key)) continue;
    view ??= copyOf(node);
    setOwn(view, key, whole[key]);
    if (++added >= MAX_MERGED_KEYS) break;
  }
  return view ?? node;
}

/**
 * Properties a view takes from the node's other definitions, at most. Real nodes hold tens; 200
 * definitions of one @id with 450 properties each, one of them given differently by each (so that no
 * view is the merged node itself), make each view a copy of up to this many.
 */
const MAX_MERGED_KEYS = 10_000;
const KEYS_OF_MERGED = new WeakMap<JsonObject, string[]>();

/** The first definition with what the later ones add. */
export function mergedNode(first: JsonObject, later: readonly JsonObject[]): JsonObject {
  let view: JsonObject | null = null;
  for (const other of later) {
    for (const key in other) {
      if (key === "@context" || Object.prototype.hasOwnProperty.call(view ?? first, key)) continue;
      view ??= copyOf(first);
      setOwn(view, key, other[key]);
    }
  }
  return view ?? first;
}

/**
 * `node` says nothing `whole` does not: each of its values is the merged node's (a definition whose
 * properties no earlier one gives, as a review app's second block with the product's @id and its
 * rating), or it holds only its @id and the type `whole` has (`{"@id": "#o", "@type": "Offer"}`, a
 * typed reference written in place). The merged node is then `whole` itself, not a copy of it per
 * definition or place: 200 definitions of one @id with 450 properties each made each view a copy of
 * 90,000 (2.7 s for 860 KB).
 */
function namesOnly(node: JsonObject, whole: JsonObject): boolean {
  for (const key in node) {
    if (key === "@id" || key === "@context" || node[key] === whole[key]) continue;
    if (key !== "@type" || !sameType(node[key], whole[key])) return false;
  }
  return true;
}

function sameType(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A shallow copy of `node` (a view's start), `__proto__` kept as a key. */
export function copyOf(node: JsonObject): JsonObject {
  const copy: JsonObject = {};
  for (const key in node) setOwn(copy, key, node[key]);
  return copy;
}
