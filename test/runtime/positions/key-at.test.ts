/**
 * keyAt: the JSON Pointer of the key under an offset (the language server's hover). A table of places,
 * and a document nested 20,000 deep: it walks the text once (it measured every container it passed,
 * which read the rest of the text at each level).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { keyAt } from "../../../runtime/positions/key-at.ts";

const DOC = `{"@type":"Product","name":"A","offers":[{"@type":"Offer","price":1},{"x":{"y":[1,2,{"z":"q\\"}"}]}}],"b":{},"c~/d":2}`;
const at = (needle: string, shift = 1) => DOC.indexOf(needle) + shift;

test("keys at every depth, in objects and arrays; values, punctuation and the text's ends name none", () => {
  const cases: Array<[number, string | null]> = [
    [at('"@type"'), "/@type"],
    [at('"name"'), "/name"],
    [at('"offers"'), "/offers"],
    [at('"price"'), "/offers/0/price"],
    [at('"x"'), "/offers/1/x"],
    [at('"y"'), "/offers/1/x/y"],
    [at('"z"'), "/offers/1/x/y/2/z"],
    [at('"b"'), "/b"],
    [at('"c~/d"'), "/c~0~1d"],
    [at('"A"'), null],
    [at('"q'), null],
    [at(":1"), null],
    [0, null],
    [DOC.length, null],
  ];
  for (const [offset, pointer] of cases) assert.is(keyAt(DOC, offset), pointer, `at ${offset}: ${DOC.slice(offset, offset + 8)}`);
});

test("a key 20,000 levels deep, and a key after them", () => {
  const depth = 20_000;
  const doc = `{"a":`.repeat(depth) + `{"name":1}` + "}".repeat(depth);
  const pointer = keyAt(doc, doc.indexOf('"name"') + 2);
  assert.is(pointer, `${"/a".repeat(depth)}/name`);
  const after = `[${doc},{"last":1}]`;
  assert.is(keyAt(after, after.indexOf('"last"') + 1), "/1/last");
});

test.run();
