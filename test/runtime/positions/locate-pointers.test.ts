/**
 * locatePointers (runtime/positions/locate-pointers.ts) answers where each JSON Pointer's value starts in
 * the text, for an issue's line and column. It skips what leads to no wanted pointer without reading it
 * (strings by searching for their closing quote); a reference parser that records the offset of every
 * value says where they really start. Compared over strings that end in escaped quotes and backslashes,
 * generated documents, and the corpus's JSON-LD files, asking for every pointer at once and for each alone.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { locatePointers } from "../../../runtime/positions/locate-pointers.ts";
import { escapePointer } from "../../../runtime/json.ts";
import { corpusDir } from "../../corpus-dir.ts";

/** Every value's pointer and the offset its text starts at, by a plain recursive descent over valid JSON. */
function referenceOffsets(text: string): Map<string, number> {
  const out = new Map<string, number>();
  let pos = 0;
  const ws = () => {
    while (pos < text.length && " \t\n\r".includes(text[pos])) pos++;
  };
  const string = (): string => {
    const start = pos;
    pos++;
    while (text[pos] !== '"') pos += text[pos] === "\\" ? 2 : 1;
    pos++;
    return JSON.parse(text.slice(start, pos)) as string;
  };
  const value = (pointer: string): void => {
    ws();
    out.set(pointer, pos);
    const c = text[pos];
    if (c === "{") {
      pos++;
      ws();
      if (text[pos] === "}") return void pos++;
      for (;;) {
        ws();
        const key = string();
        ws();
        pos++; // :
        value(`${pointer}/${escapePointer(key)}`);
        ws();
        if (text[pos++] === "}") return;
      }
    }
    if (c === "[") {
      pos++;
      ws();
      if (text[pos] === "]") return void pos++;
      for (let i = 0; ; i++) {
        value(`${pointer}/${i}`);
        ws();
        if (text[pos++] === "]") return;
      }
    }
    if (c === '"') return void string();
    while (pos < text.length && !",}] \t\n\r".includes(text[pos])) pos++;
  };
  value("");
  return out;
}

function agree(text: string, label: string): number {
  const expected = referenceOffsets(text);
  const all = locatePointers(text, expected.keys());
  for (const [pointer, offset] of expected) {
    assert.is(all.get(pointer), offset, `${label}: ${pointer} (all pointers at once)`);
    assert.is(locatePointers(text, [pointer]).get(pointer), offset, `${label}: ${pointer} (alone)`);
  }
  return expected.size;
}

test("strings whose ends are escaped quotes and backslashes are skipped to their real end", () => {
  const tricky = ['a\\"b', "\\\\", 'x\\\\\\"y', "\\\\\\\\", '\\"', "ends with \\\\", "\\u0022 quote", "}]{[,:", "caf\u00e9 \u20ac \ud83d\ude00"];
  for (const s of tricky) {
    const value = JSON.parse(`"${s}"`) as string;
    const doc = { "@type": "Product", description: value, name: "after", offers: [{ price: 1, note: value }, { price: 2 }], [value]: { deep: [value, 3] } };
    agree(JSON.stringify(doc), JSON.stringify(s));
    agree(JSON.stringify(doc, null, 2), `${JSON.stringify(s)} (indented)`);
  }
});

test("generated documents: every pointer where the reference parser finds it", () => {
  let seed = 7;
  const rnd = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n);
  const pieces = ['"', "\\", "a", "/", "~", " ", "{", "]", ",", ":", "\u00e9"];
  const str = () => Array.from({ length: rnd(8) }, () => pieces[rnd(pieces.length)]).join("");
  const gen = (depth: number): unknown => {
    const k = depth > 3 ? rnd(3) : rnd(6);
    if (k === 0) return str();
    if (k === 1) return rnd(2) === 0 ? rnd(1000) / 10 : rnd(3) === 0 ? null : true;
    if (k === 2) return "";
    if (k === 3) return Array.from({ length: rnd(4) }, () => gen(depth + 1));
    return Object.fromEntries(Array.from({ length: rnd(5) }, () => [str(), gen(depth + 1)]));
  };
  let pointers = 0;
  for (let i = 0; i < 800; i++) {
    const doc = gen(0);
    pointers += agree(JSON.stringify(doc, null, i % 3), `document ${i}`);
  }
  assert.ok(pointers > 2000, `${pointers} pointers compared`);
});

const corpus = corpusDir();
// Without the corpus the test is registered as skipped (counted so), not run as one that passes.
(corpus === null ? test.skip : test)("the corpus's JSON-LD documents" + (corpus === null ? " (../shared/corpus not found)" : ""), () => {
  const dir = join(corpus!, "google-examples");
  let files = 0;
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const text = readFileSync(join(dir, name), "utf8");
    try {
      JSON.parse(text);
    } catch {
      continue;
    }
    agree(text, name);
    files++;
  }
  assert.ok(files > 50, `${files} documents compared`);
});

test.run();
