/**
 * Line and column for the issues of Microdata and RDFa nodes: the issue's JSON Pointer is looked up
 * in the extractor's side table; a pointer with no element of its own (a missing property) takes
 * the element of its nearest ancestor in the table, the item that should carry it.
 */
import type { SchemaResult } from "../types.ts";
import { LineIndex } from "./line-column.ts";
import type { ItemBlock } from "./item-block.ts";

export function locateItemIssues(results: SchemaResult[], block: ItemBlock, page: string): void {
  let lines: LineIndex | null = null;
  for (const result of results) {
    result.syntax = block.syntax;
    for (const list of [result.errors, result.warnings]) {
      for (const issue of list) {
        if (issue.line !== undefined) continue;
        const offset = offsetOf(issue.path === "" ? result.path : issue.path, block.offsets);
        if (offset === undefined) continue;
        lines ??= new LineIndex(page);
        const at = lines.at(offset);
        issue.line = at.line;
        issue.column = at.column;
      }
    }
  }
}

function offsetOf(pointer: string, offsets: Map<string, number>): number | undefined {
  let p = pointer;
  for (;;) {
    const found = offsets.get(p);
    if (found !== undefined) return found;
    const slash = p.lastIndexOf("/");
    if (slash <= 0) return undefined;
    p = p.slice(0, slash);
  }
}

/** The result that says a cap cut the syntax's extraction short. */
export function itemBlockCapResult(block: ItemBlock, blockIndex: number, base: (type: string, block: number, path: string, reason: string) => SchemaResult): SchemaResult {
  const label = block.syntax === "microdata" ? "Microdata" : "RDFa";
  const result = base("(block)", blockIndex, "", `The page's ${label} passes sdv's limits; the rest was not read.`);
  result.valid = false;
  result.errors.push({
    severity: "error",
    property: "(block)",
    code: "too-large",
    message: `The page's ${label} was read only in part: ${block.truncated}.`,
    fix: "Real structured data has tens of items, a few levels deep: remove the generated or repeated markup.",
    path: "",
  });
  return result;
}

/** The type of the result standing for a top-level Microdata item without itemtype. */
export const UNTYPED_ITEM_TYPE = "(no itemtype)";

/**
 * True when every result stands for an untyped item: such a page holds nothing a rich result can come
 * from, so callers answer it like a page without structured data (the API's 422 no_jsonld_found, free),
 * whose message already names the untyped items.
 */
export function onlyUntypedItems(schemas: ReadonlyArray<{ type: string }>): boolean {
  return schemas.length > 0 && schemas.every((schema) => schema.type === UNTYPED_ITEM_TYPE);
}

/**
 * One result per top-level Microdata item without itemtype: valid (itemscope alone is correct
 * Microdata) and unchecked, with a warning at the item's line and column, since no rich result can
 * come from an item the search engine cannot type. Typed items held as its property values are
 * named: they are not read either, being no top-level item.
 */
export function untypedItemResults(block: ItemBlock, blockIndex: number, page: string, base: (type: string, block: number, path: string, reason: string) => SchemaResult): SchemaResult[] {
  const out: SchemaResult[] = [];
  if (block.untyped === undefined) return out;
  const lines = new LineIndex(page);
  for (const item of block.untyped) {
    const result = base(UNTYPED_ITEM_TYPE, blockIndex, "", "The Microdata item has no itemtype, so no rich result can come from it.");
    result.properties_found = item.properties;
    result.syntax = block.syntax;
    const at = lines.at(item.offset);
    const hidden = item.typedValues.length === 0 ? "" : ` The typed items it holds under ${item.typedValues.map((k) => `"${k}"`).join(", ")} are not read either: they are properties of this untyped item, not items of their own.`;
    result.warnings.push({
      severity: "warning",
      property: "@type",
      code: "missing-type",
      message: `itemscope without itemtype: this item has no type, so no rich result can come from it.${hidden}`,
      fix:
        item.typedValues.length === 0
          ? 'Add an itemtype with the Schema.org type the item describes, e.g. itemtype="https://schema.org/Product"; or remove itemscope if the markup is not meant as structured data.'
          : `Add an itemtype to this item, or remove its itemscope and the itemprop of the typed items under ${item.typedValues.map((k) => `"${k}"`).join(", ")} so that they become top-level items.`,
      path: "",
      line: at.line,
      column: at.column,
    });
    out.push(result);
  }
  return out;
}
