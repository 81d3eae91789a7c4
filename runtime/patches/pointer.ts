/** Reading a parsed block by JSON Pointer (RFC 6901), for the patch pass. */
import { isObject } from "../json.ts";

export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((s) => (s.indexOf("~") === -1 ? s : s.replace(/~1/g, "/").replace(/~0/g, "~")));
}

/** The value at `pointer`, or undefined when nothing is there. */
export function valueAt(root: unknown, pointer: string): unknown {
  let current = root;
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(current)) {
      if (!/^(?:0|[1-9]\d*)$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else if (isObject(current)) {
      if (!Object.hasOwn(current, segment)) return undefined;
      current = current[segment];
    } else return undefined;
  }
  return current;
}

/** The pointer of the container holding `pointer` ("" for a top-level member). */
export function parentPointer(pointer: string): string {
  return pointer.slice(0, pointer.lastIndexOf("/"));
}
