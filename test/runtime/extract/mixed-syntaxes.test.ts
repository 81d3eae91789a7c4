/**
 * One page, three syntaxes: each node says where it came from (syntax, block, path, line and
 * column), and a node known by the same IRI in two syntaxes is reported once, with the properties
 * of both.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml } from "../../../runtime/validate.ts";

const JSONLD = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","@id":"https://shop.example/p/1","name":"Anvil","offers":{"@type":"Offer","price":"10.00","priceCurrency":"USD"}}</script>`;
const MICRODATA_SAME = `<div itemscope itemtype="https://schema.org/Product" itemid="https://shop.example/p/1">\n  <div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating"><meta itemprop="ratingValue" content="4.4"><meta itemprop="reviewCount" content="89"></div>\n</div>`;
const MICRODATA_OTHER = `<div itemscope itemtype="https://schema.org/Organization"><span itemprop="name">ACME</span></div>`;
const RDFA = `<div vocab="https://schema.org/" typeof="BreadcrumbList">\n<div property="itemListElement" typeof="ListItem"><meta property="position" content="1"><span property="name">Home</span><link property="item" href="https://shop.example/"></div>\n</div>`;

test("three syntaxes on one page: one result each, with syntax and block", () => {
  const page = `<html><head>${JSONLD}</head><body>${MICRODATA_OTHER}\n${RDFA}</body></html>`;
  const result = validateHtml(page);
  assert.equal(
    result.schemas.map((s) => [s.type, s.syntax, s.block, s.path]),
    [
      ["Product", "json-ld", 0, ""],
      ["Organization", "microdata", 1, "/0"],
      ["BreadcrumbList", "rdfa", 2, "/0"],
    ],
  );
  assert.is(result.blocks_found, 3);
});

test("the same IRI in JSON-LD and Microdata is one node with the properties of both", () => {
  const result = validateHtml(`<html><head>${JSONLD}</head><body>${MICRODATA_SAME}</body></html>`);
  const products = result.schemas.filter((s) => s.type === "Product");
  assert.is(products.length, 1, JSON.stringify(result.schemas.map((s) => [s.type, s.syntax])));
  assert.ok(products[0].properties_found.includes("aggregateRating"), products[0].properties_found.join(","));
  assert.ok(products[0].properties_found.includes("offers"));
});

test("the same IRI in Microdata and RDFa is one node", () => {
  const microdata = `<div itemscope itemtype="https://schema.org/Product" itemid="https://shop.example/p/2"><span itemprop="name">Hammer</span></div>`;
  const rdfa = `<div vocab="https://schema.org/" typeof="Product" resource="https://shop.example/p/2"><div property="offers" typeof="Offer"><meta property="price" content="5"><meta property="priceCurrency" content="EUR"></div></div>`;
  const result = validateHtml(`<body>${microdata}${rdfa}</body>`);
  const products = result.schemas.filter((s) => s.type === "Product");
  assert.is(products.length, 1);
  assert.equal(products[0].properties_found.sort(), ["name", "offers"]);
  assert.equal(products[0].errors, []);
});

test("an issue of a Microdata node carries the line and column of the element, and the pointer of the node", () => {
  const page = `<html>\n<body>\n  <div itemscope itemtype="https://schema.org/Product">\n    <span itemprop="description">no name</span>\n  </div>\n</body></html>`;
  const [product] = validateHtml(page).schemas;
  const missing = product.errors.find((e) => e.property === "name")!;
  assert.ok(missing, JSON.stringify(product.errors));
  assert.is(missing.line, 3);
  assert.is(missing.column, 3);
  assert.is(missing.path.startsWith("/0"), true);
});

test("an issue on a property value points at the element carrying it", () => {
  const page = `<div vocab="https://schema.org/" typeof="Event">\n<span property="name">Jazz</span>\n  <span property="startDate">next Tuesday</span>\n</div>`;
  const [event] = validateHtml(page).schemas;
  const bad = [...event.errors, ...event.warnings].find((e) => e.property === "startDate")!;
  assert.ok(bad, JSON.stringify(event.errors));
  assert.is(bad.line, 3);
  assert.is(bad.column, 3);
});

test("relative item URLs: resolved against the page URL, else the canonical link, else kept", () => {
  const item = `<div itemscope itemtype="https://schema.org/Article"><h1 itemprop="headline">T</h1><img itemprop="image" src="/a.jpg"></div>`;
  const image = (html: string, url: string | null) => validateHtml(html, url).schemas[0].warnings.filter((w) => w.property === "image").map((w) => w.code);
  assert.equal(image(item, "https://ex.com/p"), []);
  assert.equal(image(`<link rel="canonical" href="https://ex.com/p">${item}`, null), []);
  assert.equal(image(`<link rel="canonical" href="/p">${item}`, null), ["invalid-format"]);
  assert.equal(image(item, null), ["invalid-format"]);
});

test("a page without itemscope or typeof attributes gives exactly the JSON-LD results", () => {
  const page = `<html><head><meta property="og:title" content="x">${JSONLD}<script>if (typeof x === "y") {}</script></head></html>`;
  const result = validateHtml(page);
  assert.equal(result.schemas.map((s) => s.syntax), ["json-ld"]);
});

test.run();
