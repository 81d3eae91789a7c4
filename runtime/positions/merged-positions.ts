/**
 * Line and column for an issue about a property the node takes from another definition of its @id
 * (graph/node-views.ts): a review app's block `{"@id": "#product", "aggregateRating": {...}}` makes the
 * theme's Product rated, and a broken rating is reported on the Product, whose own block holds no
 * aggregateRating to point at. The issue is placed where the property is written, in the other block.
 *
 * Runs only for issues left without a place, on nodes with an @id; the index of definitions is made
 * once, when the first such issue is met.
 */
import type { Entity } from "../graph/collect.ts";
import type { SchemaResult, SourceBlock } from "../types.ts";
import { locatePointers } from "./locate-pointers.ts";
import { escapePointer } from "../json.ts";

export interface PlacedNode {
  entity: Entity;
  result: SchemaResult;
  /** The node's block of JSON text (null: no text to point into). */
  source: SourceBlock | null;
}

/** Where an offset of a block's text is on the page. */
export type PlaceInBlock = (block: SourceBlock, offset: number) => { line: number; column: number };

/** Issues looked at at most per page: the rest keep no place, as before. */
const MAX_PLACED = 1_000;

export function placeMergedIssues(nodes: readonly PlacedNode[], entities: readonly Entity[][], blocks: readonly (SourceBlock | null)[], place: PlaceInBlock): void {
  let byId: Map<string, Entity[]> | null = null;
  let placed = 0;
  for (const { entity, result, source } of nodes) {
    const id = entity.node["@id"];
    if (typeof id !== "string" || source === null) continue;
    for (const list of [result.errors, result.warnings]) {
      for (const issue of list) {
        if (issue.line !== undefined || placed >= MAX_PLACED) continue;
        const key = firstKeyUnder(issue.path, entity.path);
        if (key === null || Object.prototype.hasOwnProperty.call(entity.node, key)) continue;
        byId ??= definitionsById(entities);
        const holder = byId.get(id)?.find((d) => d.node !== entity.node && Object.prototype.hasOwnProperty.call(d.node, key));
        const block = holder === undefined ? null : blocks[holder.block];
        if (holder === undefined || !block) continue;
        placed++;
        const pointer = holder.path + issue.path.slice(entity.path.length);
        const offset = locatePointers(block.text, [pointer]).get(pointer);
        if (offset === undefined) continue;
        const { line, column } = place(block, offset);
        issue.line = line;
        issue.column = column;
      }
    }
  }
}

/** The property an issue's pointer names right under the node's (`/0/aggregateRating/x` under `/0`: aggregateRating). */
function firstKeyUnder(path: string, nodePath: string): string | null {
  if (!path.startsWith(`${nodePath}/`)) return null;
  const rest = path.slice(nodePath.length + 1);
  const end = rest.indexOf("/");
  const segment = end === -1 ? rest : rest.slice(0, end);
  // Pointer segments escape "~" and "/" (RFC 6901).
  const key = segment.replace(/~1/g, "/").replace(/~0/g, "~");
  return escapePointer(key) === segment ? key : null;
}

function definitionsById(entities: readonly Entity[][]): Map<string, Entity[]> {
  const out = new Map<string, Entity[]>();
  for (const list of entities) {
    for (const entity of list) {
      const id = entity.node["@id"];
      if (typeof id !== "string") continue;
      const found = out.get(id);
      if (found === undefined) out.set(id, [entity]);
      else found.push(entity);
    }
  }
  return out;
}
