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
  if (whole === node) return node;
  let view: JsonObject | null = null;
  for (const key in whole) {
    if (key === "@context" || Object.prototype.hasOwnProperty.call(node, key)) continue;
    view ??= copyOf(node);
    setOwn(view, key, whole[key]);
  }
  return view ?? node;
}

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

function copyOf(node: JsonObject): JsonObject {
  const copy: JsonObject = {};
  for (const key in node) setOwn(copy, key, node[key]);
  return copy;
}
