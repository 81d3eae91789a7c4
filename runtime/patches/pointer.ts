/** Reading a parsed block by JSON Pointer (RFC 6901), for the patch pass. */
import { isObject } from "../json.ts";

export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((s) => (s.indexOf("~") === -1 ? s : s.replace(/~1/g, "/").replace(/~0/g, "~")));
}

/**
 * The value at `pointer`, or undefined when nothing is there. Walks the pointer in place, without cutting
 * it into segment strings (it runs per fixable issue, and a fresh string per segment cost as much as the
 * fix): a member is found by comparing its key against the pointer where the segment starts.
 */
export function valueAt(root: unknown, pointer: string): unknown {
  return walk(root, pointer, 1, pointer.length);
}

/** The container of the value at `pointer` (the parent object or list), or undefined; "" has none. */
export function holderAt(root: unknown, pointer: string): unknown {
  const cut = pointer.lastIndexOf("/");
  return cut < 0 ? undefined : walk(root, pointer, 1, cut);
}

/** The value the last segment of `pointer` names in `holder` (what holderAt gave), or undefined. */
export function lastMemberOf(holder: unknown, pointer: string): unknown {
  const cut = pointer.lastIndexOf("/");
  return cut < 0 ? undefined : walk(holder, pointer, cut + 1, pointer.length);
}

/** Walks the segments of `pointer` between `start` (after a "/") and `length`, from `current`. */
function walk(current: unknown, pointer: string, start: number, length: number): unknown {
  while (start <= length && length > 0) {
    let end = pointer.indexOf("/", start);
    if (end === -1 || end > length) end = length;
    if (Array.isArray(current)) {
      const index = indexBetween(pointer, start, end);
      if (index < 0) return undefined;
      current = current[index];
    } else if (isObject(current)) {
      const key = memberBetween(current, pointer, start, end);
      if (key === undefined) return undefined;
      current = current[key];
    } else return undefined;
    start = end + 1;
  }
  return current;
}

/** The key of `node` the pointer names between `start` and `end`, or undefined. */
function memberBetween(node: Record<string, unknown>, pointer: string, start: number, end: number): string | undefined {
  const width = end - start;
  const tilde = pointer.indexOf("~", start);
  if (tilde !== -1 && tilde < end) {
    const segment = pointer.slice(start, end).replace(/~1/g, "/").replace(/~0/g, "~");
    return Object.hasOwn(node, segment) ? segment : undefined;
  }
  // A node's first keys are compared in place; past them (a hostile node of 100,000 members) the segment is
  // cut and looked up, so no walk is longer than a few comparisons per step.
  let compared = 0;
  for (const key in node) {
    if (key.length === width && pointer.startsWith(key, start) && Object.hasOwn(node, key)) return key;
    if (++compared === KEYS_COMPARED) {
      const segment = pointer.slice(start, end);
      return Object.hasOwn(node, segment) ? segment : undefined;
    }
  }
  return undefined;
}

/** Keys of one node compared in place before its member is looked up by a cut segment. */
const KEYS_COMPARED = 16;

/** The array index the pointer names between `start` and `end` ("0", "12"; not "01" or "-"), or -1. */
function indexBetween(pointer: string, start: number, end: number): number {
  if (end === start || (end - start > 1 && pointer.charCodeAt(start) === 48)) return -1;
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = pointer.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** The pointer of the container holding `pointer` ("" for a top-level member). */
export function parentPointer(pointer: string): string {
  return pointer.slice(0, pointer.lastIndexOf("/"));
}
