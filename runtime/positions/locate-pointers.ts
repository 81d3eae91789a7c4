/**
 * Finds where JSON Pointers land in JSON text, for issue line and column. Runs only when a block
 * has issues, and skips every subtree that leads to none of the wanted pointers.
 */
import { escapePointer } from "../json.ts";

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** `termOf`: the key as the pointers name it, for a block whose keys were rewritten (graph/schema-terms.ts). */
export function locatePointers(text: string, pointers: Iterable<string>, termOf?: (key: string) => string): Map<string, number> {
  const wanted = new Set<string>();
  const prefixes = new Set<string>([""]);
  for (const p of pointers) {
    wanted.add(p);
    let i = p.indexOf("/", 1);
    while (i > 0) {
      prefixes.add(p.slice(0, i));
      i = p.indexOf("/", i + 1);
    }
    prefixes.add(p);
  }
  const found = new Map<string, number>();
  let pos = 0;
  const n = text.length;

  const skipWs = () => {
    while (pos < n && isWs(text.charCodeAt(pos))) pos++;
  };
  const readString = (): string => {
    // pos at the opening quote
    const start = ++pos;
    let hasEscape = false;
    while (pos < n) {
      const c = text.charCodeAt(pos);
      if (c === 0x5c) {
        hasEscape = true;
        pos += 2;
        continue;
      }
      if (c === 0x22) break;
      pos++;
    }
    const raw = text.slice(start, pos);
    pos++;
    if (!hasEscape) return raw;
    try {
      return JSON.parse(`"${raw}"`) as string;
    } catch {
      return raw;
    }
  };
  /**
   * pos at the opening quote; after it, pos after the closing one. A value's text is not needed, only its
   * end: the native search jumps over long strings (descriptions, review bodies) instead of a loop per character.
   */
  const skipString = (): void => {
    let q = text.indexOf('"', pos + 1);
    for (;;) {
      if (q === -1) {
        pos = n;
        return;
      }
      // A quote after an odd number of backslashes is escaped.
      let backslashes = 0;
      while (text.charCodeAt(q - 1 - backslashes) === 0x5c) backslashes++;
      if (backslashes % 2 === 0) break;
      q = text.indexOf('"', q + 1);
    }
    pos = q + 1;
  };
  const skipValue = () => {
    skipWs();
    const c = text.charCodeAt(pos);
    if (c === 0x22) return skipString();
    if (c !== 0x7b && c !== 0x5b) {
      while (pos < n) {
        const d = text.charCodeAt(pos);
        if (d === 0x2c || d === 0x7d || d === 0x5d || isWs(d)) break;
        pos++;
      }
      return;
    }
    let depth = 0;
    while (pos < n) {
      const d = text.charCodeAt(pos);
      if (d === 0x22) {
        skipString();
        continue;
      }
      if (d === 0x7b || d === 0x5b) depth++;
      else if (d === 0x7d || d === 0x5d) {
        depth--;
        if (depth === 0) {
          pos++;
          return;
        }
      }
      pos++;
    }
  };

  // Explicit stack of containers being walked: [pointer, isArray, nextIndex].
  const stack: Array<{ pointer: string; array: boolean; index: number }> = [];
  const enterValue = (pointer: string): void => {
    skipWs();
    if (wanted.has(pointer)) found.set(pointer, pos);
    if (!prefixes.has(pointer) || found.size === wanted.size) return skipValue();
    const c = text.charCodeAt(pos);
    if (c === 0x7b || c === 0x5b) {
      stack.push({ pointer, array: c === 0x5b, index: 0 });
      pos++;
    } else skipValue();
  };

  const enterContained = (pointer: string): void => {
    skipWs();
    if (text.charCodeAt(pos) !== 0x5b || !prefixes.has(pointer) || found.size === wanted.size) return skipValue();
    stack.push({ pointer, array: true, index: 0 });
    pos++;
  };

  enterValue("");
  while (stack.length && pos < n && found.size < wanted.size) {
    const top = stack[stack.length - 1];
    skipWs();
    const c = text.charCodeAt(pos);
    if (c === 0x2c) {
      pos++;
      continue;
    }
    if (c === 0x7d || c === 0x5d) {
      pos++;
      stack.pop();
      continue;
    }
    if (top.array) {
      enterValue(`${top.pointer}/${top.index++}`);
    } else {
      if (c !== 0x22) break; // not JSON we understand; give up quietly
      const key = termOf ? termOf(readString()) : readString();
      skipWs();
      if (text.charCodeAt(pos) === 0x3a) pos++;
      // A list or set object is read as the array it holds (graph/list-containers.ts): its items are the pointer's.
      if (key === "@list" || key === "@set") enterContained(top.pointer);
      else enterValue(`${top.pointer}/${escapePointer(key)}`);
    }
  }
  return found;
}
