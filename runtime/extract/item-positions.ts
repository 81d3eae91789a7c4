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
