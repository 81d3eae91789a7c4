/**
 * The one key walk that tells which item-holding properties a node has (graph/held-properties.ts)
 * decides which named reads are made: it must never hide a property the reads would find. Every
 * property the look-ups read is tracked (else its read is always made), a node of many keys falls
 * back to the reads, and the items come out the same either way.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CONTAINMENT, BESIDE_RULES } from "../../runtime/graph/contained-entities.ts";
import { MAY_HOLD_ANY, heldBit, heldProperties } from "../../runtime/graph/held-properties.ts";
import { IMAGE_PROPERTIES } from "../../runtime/graph/licensed-images.ts";
import { validateValue } from "../../runtime/validate.ts";

test("every property the look-ups read has a bit of its own", () => {
  const names = [...CONTAINMENT, ...BESIDE_RULES, ...IMAGE_PROPERTIES];
  const bits = new Set(names.map(heldBit));
  assert.not.ok(bits.has(0), "an untracked name would be read every time, not skipped");
  assert.is(bits.size, new Set(names).size, "two names share a bit");
});

test("the walk finds each tracked key, and only those", () => {
  assert.is(heldProperties({ "@type": "Event", name: "x", url: "https://example.com/" }), 0);
  assert.is(heldProperties({ "@type": "WebPage", breadcrumb: {} }), heldBit("breadcrumb"));
  assert.is(heldProperties({ logo: "a.png", mainEntity: {}, name: "x" }), heldBit("logo") | heldBit("mainEntity"));
  // A key given the value undefined is still a key: the read then finds nothing, as before.
  assert.is(heldProperties({ thumbnail: undefined }), heldBit("thumbnail"));
});

test("a node of many keys is answered 'may hold any': its properties are read by name", () => {
  const node: Record<string, unknown> = {};
  for (let i = 0; i < 40; i++) node[`p${i}`] = i;
  assert.is(heldProperties(node), MAY_HOLD_ANY);
});

const licensed = { "@type": "ImageObject", contentUrl: "https://example.com/plot.png", license: "https://example.com/licence" };
const product = { "@type": "Product", name: "Trail shoe", offers: { "@type": "Offer", price: "x", priceCurrency: "EUR" } };

test("items under a tracked property are found, on a small node and past the walk's cap", () => {
  const padding: Record<string, string> = {};
  for (let i = 0; i < 40; i++) padding[`description${i}`] = "x";
  for (const extra of [{}, padding]) {
    const page = validateValue({ "@context": "https://schema.org", "@type": "WebPage", ...extra, mainEntity: product }).schemas;
    assert.ok(
      page.some((s) => s.type === "Product" && s.path === "/mainEntity"),
      "the page's main entity is an item",
    );
    const code = validateValue({ "@context": "https://schema.org", "@type": "SoftwareSourceCode", name: "Plot", ...extra, thumbnail: licensed }).schemas;
    assert.ok(
      code.some((s) => s.type === "ImageObject" && s.path === "/thumbnail"),
      "the licensed thumbnail is an item",
    );
  }
});

test.run();
