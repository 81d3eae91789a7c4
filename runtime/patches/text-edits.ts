/**
 * From a JSON Patch to edits of the JSON text it was computed on: the value at each pointer is replaced
 * where it is written, and an added member goes after the object's last one, on its own line with that
 * line's indentation when the object spans lines. Nothing else of the text changes (indentation, key order,
 * line endings, escapes elsewhere), which is what `sdv fix`, the language server's quick fixes and SARIF
 * `fixes` need.
 */
import { locatePointers } from "../positions/locate-pointers.ts";
import type { JsonPatchOperation } from "../types.ts";
import { parentPointer, pointerSegments } from "./pointer.ts";

/** Replace text[start, end) with `text` (offsets into the JSON text). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** The end (exclusive) of the JSON value starting at `start`. */
export function valueEnd(text: string, start: number): number {
  let pos = start;
  const n = text.length;
  const first = text.charCodeAt(pos);
  if (first === 0x22) {
    pos++;
    while (pos < n) {
      const c = text.charCodeAt(pos);
      if (c === 0x5c) pos += 2;
      else if (c === 0x22) return pos + 1;
      else pos++;
    }
    return n;
  }
  if (first !== 0x7b && first !== 0x5b) {
    while (pos < n) {
      const c = text.charCodeAt(pos);
      if (c === 0x2c || c === 0x7d || c === 0x5d || isSpace(c)) break;
      pos++;
    }
    return pos;
  }
  let depth = 0;
  while (pos < n) {
    const c = text.charCodeAt(pos);
    if (c === 0x22) {
      pos = valueEnd(text, pos);
      continue;
    }
    if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth === 0) return pos + 1;
    }
    pos++;
  }
  return n;
}

/** Where the values the patches touch start in `text`: one walk for many patches (locatePatches' callers). */
export function locatePatches(text: string, patches: Iterable<readonly JsonPatchOperation[]>): Map<string, number> {
  const wanted = new Set<string>();
  for (const patch of patches) {
    for (const op of patch) {
      if (op.op === "replace") wanted.add(op.path);
      else if (op.op === "add") wanted.add(parentPointer(op.path));
    }
  }
  return locatePointers(text, wanted);
}

/**
 * The edits of `patch` on `text` (sorted, not overlapping), or null when a pointer is not found in it.
 * `starts`: the patch's pointers located already (locatePatches over all of a block's patches: a walk of
 * a 1 MB block per patch, a thousand patches a round, took 10 s).
 */
export function patchTextEdits(text: string, patch: readonly JsonPatchOperation[], starts: ReadonlyMap<string, number> = locatePatches(text, [patch])): TextEdit[] | null {
  const edits: TextEdit[] = [];
  for (const op of patch) {
    if (op.op === "test") continue;
    if (op.op === "replace") {
      const start = starts.get(op.path);
      if (start === undefined) return null;
      edits.push({ start, end: valueEnd(text, start), text: JSON.stringify(op.value) });
      continue;
    }
    const objectStart = starts.get(parentPointer(op.path));
    if (objectStart === undefined || text.charCodeAt(objectStart) !== 0x7b) return null;
    edits.push(memberInsertion(text, objectStart, pointerSegments(op.path).pop()!, op.value));
  }
  edits.sort((a, b) => a.start - b.start);
  for (let i = 1; i < edits.length; i++) if (edits[i].start < edits[i - 1].end) return null;
  return edits;
}

/** `"key": value` after the last member of the object at `objectStart`, laid out as its members are. */
function memberInsertion(text: string, objectStart: number, key: string, value: unknown): TextEdit {
  const close = valueEnd(text, objectStart) - 1;
  let last = close - 1;
  while (last > objectStart && isSpace(text.charCodeAt(last))) last--;
  const member = `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  if (last === objectStart) return { start: last + 1, end: last + 1, text: member };
  const lineStart = text.lastIndexOf("\n", last) + 1;
  const multiLine = lineStart > objectStart;
  if (!multiLine) return { start: last + 1, end: last + 1, text: `, ${member}` };
  const indent = /^[ \t]*/.exec(text.slice(lineStart, last + 1))![0];
  const newline = text.charCodeAt(lineStart - 2) === 0x0d ? "\r\n" : "\n";
  return { start: last + 1, end: last + 1, text: `,${newline}${indent}${member}` };
}

/** The text with the edits applied (sorted, not overlapping). */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  let out = "";
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}
