/**
 * Types sdv cannot check because they are not Schema.org IRIs, though meant as Schema.org (written in
 * another case, without a scheme, with a trailing slash) or retired (data-vocabulary.org): a warning
 * that says why and how to write them, where the node used to be "valid" with a score of 100 and no word.
 * Other vocabularies (FOAF, a site's own) stay silent.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml } from "../../runtime/validate.ts";

const item = (itemtype: string) =>
  `<!doctype html><html><body><div itemscope itemtype="${itemtype}"><h1 itemprop="name">Widget</h1><img itemprop="image" src="https://e.example/w.jpg"></div></body></html>`;
const typeWarnings = (itemtype: string) =>
  validateHtml(item(itemtype), "https://e.example/").schemas.flatMap((s) => s.warnings.filter((w) => w.code === "unknown-type" && w.property === "@type").map((w) => w.fix));

test("meant as Schema.org, written another way: a warning with the IRI to write", () => {
  for (const itemtype of ["HTTPS://SCHEMA.ORG/Product", "schema.org/Product", "//schema.org/Product", "https://schema.org/Product/"]) {
    const fixes = typeWarnings(itemtype);
    assert.is(fixes.length, 1, itemtype);
    assert.match(fixes[0], `"https://schema.org/Product"`, itemtype);
  }
});

test("data-vocabulary.org: a warning that the search engine no longer reads it, with the Schema.org type", () => {
  const [schema] = validateHtml(item("http://data-vocabulary.org/Product"), "https://e.example/").schemas;
  const warning = schema.warnings.find((w) => w.code === "unknown-type")!;
  assert.match(warning.message, /no longer reads for rich results/);
  assert.match(warning.fix, "https://schema.org/Product");
  assert.is(schema.rich_result_eligible, false);
  assert.ok((schema.score ?? 100) < 100);
});

const migrations: Array<[string, string]> = [
  ["http://data-vocabulary.org/Breadcrumb", "https://schema.org/BreadcrumbList"],
  ["http://data-vocabulary.org/Review-aggregate", "https://schema.org/AggregateRating"],
  ["http://data-vocabulary.org/Offer-aggregate", "https://schema.org/AggregateOffer"],
  ["http://data-vocabulary.org/Address", "https://schema.org/PostalAddress"],
  ["http://data-vocabulary.org/Geo", "https://schema.org/GeoCoordinates"],
  ["http://data-vocabulary.org/Review", "https://schema.org/Review"],
];
for (const [retired, replacement] of migrations) {
  test(`data-vocabulary.org: ${retired} is told to become ${replacement} (no type that Schema.org lacks)`, () => {
    const [schema] = validateHtml(item(retired), "https://e.example/").schemas;
    const warning = schema.warnings.find((w) => w.code === "unknown-type")!;
    assert.match(warning.fix, `itemtype="${replacement}"`);
  });
}

test("data-vocabulary.org in RDFa (rdf.data-vocabulary.org/#, old Yoast breadcrumbs): the same warning", () => {
  const html = `<html><body><div xmlns:v="http://rdf.data-vocabulary.org/#"><span typeof="v:Breadcrumb"><a href="/" rel="v:url" property="v:title">Home</a></span></div></body></html>`;
  const [schema] = validateHtml(html, "https://e.example/").schemas;
  const warning = schema.warnings.find((w) => w.code === "unknown-type")!;
  assert.match(warning.message, /no longer reads for rich results/);
  assert.match(warning.fix, "https://schema.org/BreadcrumbList");
});

test("Schema.org as written, and other vocabularies: no such warning", () => {
  for (const itemtype of ["https://schema.org/Product", "http://www.schema.org/Product", "http://xmlns.com/foaf/0.1/Person", "https://vocab.example.net/book"]) {
    assert.equal(typeWarnings(itemtype), [], itemtype);
  }
});

test.run();
