/**
 * Property and reference names that are also names of every JavaScript object (`__proto__`,
 * `constructor`, `toString`) are read as any other name: a Microdata or RDFa property of that name is
 * an unknown property, not a prototype set or a property dropped, and `&constructor;` is no reference.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml } from "../../../runtime/validate.ts";
import { decodeEntities } from "../../../runtime/extract/html-text.ts";
import { validateJsonText } from "../../../runtime/validate.ts";

const unknownProperties = (html: string) =>
  validateHtml(html).schemas.flatMap((s) => s.warnings.filter((w) => w.code === "unknown-property").map((w) => `${s.syntax} ${w.property}`)).sort();

test("Microdata and RDFa properties named __proto__ and constructor are unknown properties", () => {
  const microdata = `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Anvil</span><span itemprop="__proto__">x</span><span itemprop="constructor">y</span></div>`;
  const rdfa = `<div vocab="https://schema.org/" typeof="Product"><span property="name">Anvil</span><span property="__proto__">x</span><span property="toString">y</span></div>`;
  assert.equal(unknownProperties(`<html><body>${microdata}${rdfa}</body></html>`), [
    "microdata __proto__",
    "microdata constructor",
    "rdfa __proto__",
    "rdfa toString",
  ]);
});

test("an item merged into the node of its itemid keeps a __proto__ property as its own", () => {
  const html = `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","@id":"https://shop.example/#anvil","name":"Anvil"}</script></head>
<body><div itemscope itemtype="https://schema.org/Product" itemid="https://shop.example/#anvil"><span itemprop="__proto__">x</span></div></body></html>`;
  assert.ok(unknownProperties(html).some((p) => p.endsWith("__proto__")), JSON.stringify(unknownProperties(html)));
});

test("a JSON-LD __proto__ key is an unknown property when the node is copied: prefixed terms, more than 200 keys", () => {
  // The key written in the JSON text: parsed, it is an own property, as in a page's markup.
  const withProto = (json: string) =>
    validateJsonText(json.replace('"PROTO"', '"__proto__"')).schemas.flatMap((s) => s.warnings.filter((w) => w.code === "unknown-property").map((w) => w.property));
  const prefixed = `{"@context": {"schema": "https://schema.org/"}, "@type": "schema:Product", "schema:name": "Anvil", "PROTO": {"schema:sku": "x"}}`;
  assert.ok(withProto(prefixed).includes("__proto__"), JSON.stringify(withProto(prefixed)));
  const junk = Object.fromEntries(Array.from({ length: 220 }, (_, i) => [`junk${i}`, i]));
  const wide = JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: "Anvil", PROTO: { sku: "x" }, ...junk });
  assert.ok(withProto(wide).includes("__proto__"), "the first 200 keys are checked, __proto__ among them");
});

test("&constructor; and &toString; are text, not references", () => {
  assert.is(decodeEntities("A &constructor; B &toString; C &__proto__; &amp;"), "A &constructor; B &toString; C &__proto__; &");
  const r = validateHtml(`<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">A &constructor; B</span></div>`);
  assert.ok(JSON.stringify(r).indexOf("native code") === -1);
});

test.run();
