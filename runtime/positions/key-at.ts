/**
 * The JSON Pointer of the member whose key is under an offset of a JSON text (the language server's
 * hover). A small scanner: the text may be half-typed, so anything it does not understand ends the scan
 * with no answer instead of an error.
 */
import { escapePointer } from "../json.ts";
import { valueEnd } from "../patches/text-edits.ts";

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

export function keyAt(text: string, offset: number): string | null {
  let pos = 0;
  const n = text.length;
  const skip = () => {
    while (pos < n && isSpace(text.charCodeAt(pos))) pos++;
  };
  // Containers being walked: their pointer, and the next array index.
  const stack: Array<{ pointer: string; array: boolean; index: number }> = [];
  skip();
  const first = text.charCodeAt(pos);
  if (first !== 0x7b && first !== 0x5b) return null;
  stack.push({ pointer: "", array: first === 0x5b, index: 0 });
  pos++;
  while (stack.length && pos < n) {
    skip();
    const top = stack[stack.length - 1];
    const c = text.charCodeAt(pos);
    if (c === 0x2c) {
      pos++;
      continue;
    }
    if (c === 0x7d || c === 0x5d) {
      stack.pop();
      pos++;
      continue;
    }
    let pointer: string;
    if (top.array) pointer = `${top.pointer}/${top.index++}`;
    else {
      if (c !== 0x22) return null;
      const keyStart = pos;
      pos = valueEnd(text, pos);
      let key: string;
      try {
        key = JSON.parse(text.slice(keyStart, pos)) as string;
      } catch {
        return null;
      }
      pointer = `${top.pointer}/${escapePointer(key)}`;
      if (offset >= keyStart && offset < pos) return pointer;
      skip();
      if (text.charCodeAt(pos) !== 0x3a) return null;
      pos++;
      skip();
    }
    const v = text.charCodeAt(pos);
    if (v === 0x7b || v === 0x5b) {
      // Past the offset no key can hold it. Before it, a container is walked into rather than measured
      // first: measuring each of 20,000 nested ones read the rest of the text at each (3 s a hover).
      if (pos > offset) return null;
      stack.push({ pointer, array: v === 0x5b, index: 0 });
      pos++;
    } else {
      const end = valueEnd(text, pos);
      if (end === pos) return null;
      pos = end;
    }
  }
  return null;
}
