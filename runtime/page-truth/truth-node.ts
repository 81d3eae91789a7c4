/** A reported node as the page-level checks see it: its node, its result, and where it came from. */
import type { Entity } from "../graph/collect.ts";
import type { ItemBlock } from "../extract/item-block.ts";
import type { SchemaResult, SourceBlock, ValidationIssue } from "../types.ts";
import { typeNames } from "../graph/type-names.ts";
import { subtypes } from "../type-hierarchy.ts";

export interface TruthNode {
  entity: Entity;
  result: SchemaResult;
  syntax: "json-ld" | "microdata" | "rdfa";
  /** The JSON-LD script the node is in (null for a parsed value and for items). */
  source: SourceBlock | null;
  /** The Microdata or RDFa items the node is one of. */
  items: ItemBlock | null;
}

/** The General structured data guidelines, where the quality rules these checks apply are stated. */
export const GUIDELINES_URL = "https://developers.google.com/search/docs/appearance/structured-data/sd-policies";
export const REVIEW_SNIPPET_URL = "https://developers.google.com/search/docs/appearance/structured-data/review-snippet";

/** Does the node have one of the types, or a subtype of one? */
export function isA(node: TruthNode, ...roots: string[]): boolean {
  for (const t of typeNames(node.entity.node["@type"])) for (const root of roots) if (subtypes(root).has(t)) return true;
  return false;
}

/** A finding of the page-level checks on one node: what index.ts adds to its result. */
export interface Finding {
  node: TruthNode;
  issue: ValidationIssue;
}
