/**
 * A block's patches located in one walk (locatePatches) give each patch the edits it gets alone: `sdv
 * fix`, SARIF fixes and the language server's "fix all" locate a block's pointers once, not per patch.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { locatePatches, patchTextEdits } from "../../../runtime/patches/text-edits.ts";
import type { JsonPatchOperation } from "../../../runtime/types.ts";

test("shared places: the same edits as each patch located alone, and null where a pointer is missing", () => {
  const doc = {
    "@context": "https://schema.org",
    "@graph": Array.from({ length: 30 }, (_, i) => ({ "@type": "Product", name: `P${i}`, offers: [{ "@type": "Offer", price: "$1", priceCurrency: "USD" }, { "@type": "Offer" }] })),
  };
  const text = JSON.stringify(doc, null, 2);
  const patches: JsonPatchOperation[][] = [];
  for (let i = 0; i < 30; i++) {
    patches.push([{ op: "replace", path: `/@graph/${i}/offers/0/price`, value: "1" }]);
    patches.push([{ op: "add", path: `/@graph/${i}/offers/1/price`, value: "1" }]);
  }
  patches.push([{ op: "replace", path: "/@graph/99/name", value: "x" }]);
  const starts = locatePatches(text, patches);
  for (const patch of patches) assert.equal(patchTextEdits(text, patch, starts), patchTextEdits(text, patch), JSON.stringify(patch));
  assert.is(patchTextEdits(text, patches[patches.length - 1], starts), null);
  assert.is(patchTextEdits(text, patches[0], starts)!.length, 1);
});

test.run();
