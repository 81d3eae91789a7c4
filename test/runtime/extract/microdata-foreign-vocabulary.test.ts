/**
 * The names of a Microdata item typed only in another vocabulary than Schema.org's are that
 * vocabulary's (the W3C's Microdata to RDF mapping: the first type up to its last `#` or `/`, then the
 * name), and are written as its IRIs, as RDFa's are: the vocabulary check reads them as no Schema.org
 * property, so an item sdv does not check (its type is not Schema.org's) gets no "unknown-property"
 * warning for each of its names. Each case has a twin that differs only in the type: a Schema.org one,
 * whose names are Schema.org's and checked.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildItemTree } from "../../../runtime/extract/html-items.ts";
import { extractMicrodata } from "../../../runtime/extract/microdata.ts";
import { validateHtml, validateJsonText } from "../../../runtime/validate.ts";
import type { EngineResult } from "../../../runtime/types.ts";

function items(html: string): unknown[] {
  return extractMicrodata(buildItemTree(html), html, null).items;
}

/** Where the page's unknown-property warnings are. */
function unknownProperties(result: EngineResult): string[] {
  return result.schemas.flatMap((s) => s.warnings.filter((w) => w.code === "unknown-property").map((w) => w.path ?? ""));
}

const recipe = (type: string) =>
  `<div itemscope itemtype="${type}"><span itemprop="flavour">sweet</span><div itemprop="chef" itemscope><span itemprop="name">C</span></div>` +
  `<div itemprop="creator" itemscope itemtype="https://schema.org/Person"><span itemprop="name">P</span></div></div>`;

test("an item of another vocabulary: its names, and those of an untyped item in it, are that vocabulary's IRIs; a Schema.org item in it keeps Schema.org's", () => {
  assert.equal(items(recipe("https://example.org/Recipe")), [
    {
      "@type": "https://example.org/Recipe",
      "https://example.org/flavour": "sweet",
      "https://example.org/chef": { "https://example.org/name": "C" },
      "https://example.org/creator": { "@type": "Person", name: "P" },
    },
  ]);
});

test("twin: a Schema.org item's names are Schema.org's", () => {
  assert.equal(items(recipe("https://schema.org/Recipe")), [
    { "@context": "https://schema.org", "@type": "Recipe", flavour: "sweet", chef: { name: "C" }, creator: { "@type": "Person", name: "P" } },
  ]);
});

test("an item of another vocabulary gets no unknown-property warning", () => {
  assert.equal(unknownProperties(validateHtml(recipe("https://example.org/Recipe"))), []);
});

test("twin: a Schema.org item with the same names gets one for each name Schema.org lacks", () => {
  assert.equal(unknownProperties(validateHtml(recipe("https://schema.org/Recipe"))), ["/0/flavour", "/0/chef"]);
});

const product = (specType: string) =>
  `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">N</span>` +
  `<div itemprop="additionalProperty" itemscope itemtype="${specType}"><span itemprop="colour">red</span></div></div>`;

test("an item of another vocabulary nested in a Schema.org item gets no unknown-property warning", () => {
  assert.equal(unknownProperties(validateHtml(product("https://example.org/Spec"))), []);
});

test("twin: a Schema.org item nested there gets one", () => {
  assert.equal(unknownProperties(validateHtml(product("https://schema.org/PropertyValue"))), ["/0/additionalProperty/colour"]);
});

test("twin in JSON-LD: a node typed in another vocabulary under the Schema.org context still gets one (its names are Schema.org terms there)", () => {
  const json = JSON.stringify({ "@context": "https://schema.org", "@type": "https://example.org/Recipe", flavour: "sweet" });
  assert.equal(unknownProperties(validateJsonText(json)), ["/flavour"]);
});

test.run();
