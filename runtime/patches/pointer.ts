/** Reading a parsed block by JSON Pointer (RFC 6901), for the patch pass. */
import { isObject } from "../json.ts";

export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((s) => (s.indexOf("~") === -1 ? s : s.replace(/~1/g, "/").replace(/~0/g, "~")));
}

/** The array index a segment names ("0", "12"; not "01" or "-"), or -1. */
function arrayIndex(segment: string): number {
  if (segment.length === 0 || (segment.length > 1 && segment.charCodeAt(0) === 48)) return -1;
  let n = 0;
  for (let i = 0; i < segment.length; i++) {
    const d = segment.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** The value at `pointer`, or undefined when nothing is there. Walks the pointer in place (it runs per fixable issue). */
export function valueAt(root: unknown, pointer: string): unknown {
  let current = root;
  let start = 1;
  while (start <= pointer.length && pointer.length > 0) {
    let end = pointer.indexOf("/", start);
    if (end === -1) end = pointer.length;
    let segment = pointer.slice(start, end);
    if (segment.indexOf("~") !== -1) segment = segment.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current)) {
      const index = arrayIndex(segment);
      if (index < 0) return undefined;
      current = current[index];
    } else if (isObject(current)) {
      if (!Object.hasOwn(current, segment)) return undefined;
      current = current[segment];
    } else return undefined;
    start = end + 1;
  }
  return current;
}

/** The pointer of the container holding `pointer` ("" for a top-level member). */
export function parentPointer(pointer: string): string {
  return pointer.slice(0, pointer.lastIndexOf("/"));
}
