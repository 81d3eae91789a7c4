/**
 * Top-level nodes whose @type is no Schema.org type: an error with a did-you-mean where a close
 * name exists (the rich result is lost); other vocabularies' names are left alone; nested unknown
 * types stay vocabulary warnings; a node without @type is reported once and scored as invalid.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const ctx = "https://schema.org";
const product = { name: "Shoe", offers: { "@type": "Offer", price: 30, priceCurrency: "USD" } };

// [case, document, expected fix (a did-you-mean) or null for "no error"]
const cases: Array<[string, unknown, RegExp | null]> = [
  ["misspelt type", { "@context": ctx, "@type": "Prodcut", ...product }, /Did you mean "Product"/],
  ["wrong case", { "@context": ctx, "@type": "recipe", name: "x" }, /"Recipe"/],
  ["swapped letters", { "@context": ctx, "@type": "Evnet", name: "x" }, /"Event"/],
  ["nothing close", { "@context": ctx, "@type": "Zzqxjw", name: "x" }, /schema\.org\/docs\/full\.html/],
  ["every written type unknown", { "@context": ctx, "@type": ["Prodcut", "Carr"], ...product }, /Did you mean/],
  ["in a @graph", { "@context": ctx, "@graph": [{ "@type": "Organizaton", name: "x" }] }, /"Organization"/],
  ["without any @context", { "@type": "Prodcut", ...product }, /"Product"/],
  ["no Schema.org @context and nothing close (a page's own data block)", { "@type": "Categorization", tags: [{ "@type": "Category", name: "Course" }] }, null],
  ["a known type", { "@context": ctx, "@type": "Product", ...product }, null],
  ["a known type beside an unknown one", { "@context": ctx, "@type": ["Product", "Prodcut"], ...product }, null],
  ["a full Schema.org IRI", { "@context": ctx, "@type": "https://schema.org/Product", ...product }, null],
  ["a Schema.org IRI in quote marks (a template that quoted itemtype twice)", { "@context": ctx, "@type": "'https://schema.org/Product'", ...product }, /itemtype="https:\/\/schema\.org\/Product"/],
  ["a Schema.org IRI in typographic quotes", { "@context": ctx, "@type": "\u201chttps://schema.org/Product\u201d", ...product }, /"@type": "Product"/],
  ["another vocabulary's IRI", { "@context": ctx, "@type": "http://purl.org/goodrelations/v1#ProductOrService", name: "x" }, null],
  ["a prefixed name", { "@context": ["https://schema.org", { og: "https://ogp.me/ns#" }], "@type": "og:Article", name: "x" }, null],
  ["a term the node's @context defines", { "@context": ["https://schema.org", { Widget: "https://example.com/Widget" }], "@type": "Widget", name: "x" }, null],
  ["a term of another vocabulary's @context", { "@context": { "@vocab": "http://xmlns.com/foaf/0.1/" }, "@type": "Agent", name: "x" }, null],
];

for (const [name, doc, fix] of cases) {
  test(`top-level @type: ${name}`, () => {
    const r = validateValue(doc);
    const typeErrors = r.schemas.flatMap((s) => s.errors.filter((e) => e.code === "unknown-type"));
    if (fix === null) return assert.equal(typeErrors, [], JSON.stringify(typeErrors));
    assert.is(typeErrors.length, 1, "one error per node");
    assert.is(typeErrors[0].property, "@type");
    assert.match(typeErrors[0].fix, fix);
    const [s] = r.schemas;
    assert.is(s.valid, false);
    assert.is(s.rich_result_eligible, false);
    // Reported once: the vocabulary walk does not repeat it as a warning.
    assert.equal(s.warnings.filter((w) => w.code === "unknown-type" && w.path === typeErrors[0].path), []);
    assert.ok(r.summary.score < 50, `score ${r.summary.score}`);
  });
}

test("nested unknown types stay warnings", () => {
  const r = validateValue({ "@context": ctx, "@type": "Product", ...product, brand: { "@type": "Brnad", name: "B" } });
  assert.equal(r.schemas[0].errors.filter((e) => e.code === "unknown-type"), []);
  assert.ok(r.schemas[0].warnings.some((w) => w.code === "unknown-type" && w.property === "brand.@type"));
});

const untyped: Array<[string, unknown]> = [
  ["plain", { "@context": ctx, name: "x" }],
  ["wrapping a typed object", { "@context": ctx, article: { "@type": "NewsArticle", headline: "x" } }],
  ["in a @graph", { "@context": ctx, "@graph": [{ name: "x" }, { "@id": "#ref" }] }],
];

for (const [name, doc] of untyped) {
  test(`a node without @type is reported once and scored as invalid: ${name}`, () => {
    const r = validateValue(doc);
    assert.is(r.schemas.length, 1);
    const issues = [...r.schemas[0].errors, ...r.schemas[0].warnings];
    assert.equal(issues.map((i) => i.code), ["missing-type"]);
    assert.is(r.summary.total_errors, 1);
    assert.is(r.summary.invalid_schemas, 1);
    assert.ok(r.summary.score < 50, `score ${r.summary.score}`);
  });
}

test("an untyped wrapper names the typed markup it hides", () => {
  const r = validateValue({ "@context": ctx, article: { "@type": "NewsArticle", headline: "x" } });
  assert.match(r.schemas[0].errors[0].message, /"article"/);
});

test("Microdata: an itemtype in quote marks names no type (an error), the same itemtype without them a Product", async () => {
  const { validate } = await import("../../lib/index.ts");
  const page = (itemtype: string) =>
    `<div itemscope itemtype="${itemtype}"><h1 itemprop="name">Anvil</h1><span itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">12.00</span><meta itemprop="priceCurrency" content="USD"></span></div>`;
  const quoted = await validate(page("'https://schema.org/Product'"), { format: "html" });
  const clean = await validate(page("https://schema.org/Product"), { format: "html" });
  assert.equal(quoted.schemas[0].errors.map((e) => e.code), ["unknown-type"]);
  assert.is(clean.schemas[0].type, "Product");
  assert.equal(clean.schemas[0].errors, []);
});

test.run();
