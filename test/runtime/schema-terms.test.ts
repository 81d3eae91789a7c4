/**
 * JSON-LD as processors read it: Schema.org terms written as compact IRIs (`schema:name`, or a prefix the
 * @context defines) or full IRIs (`https://schema.org/name`, the http variant) are the same terms as
 * `name`, as keys and as @type values, with line and column still pointing into the text.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validate } from "../../lib/index.ts";

const place = { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Town", addressCountry: "US" } };
const plain = { "@context": "https://schema.org", "@type": "Event", name: "Fair", startDate: "2026-07-21T19:00-05:00", location: place };

const summaryOf = (value: unknown) => {
  const r = validate(value, { profile: "spec" });
  const s = r.schemas[0];
  return { type: s.type, valid: s.valid, eligible: s.rich_result_eligible, errors: s.errors.map((e) => `${e.code} ${e.property}`), warnings: s.warnings.map((w) => `${w.code} ${w.property}`).sort() };
};
const expected = summaryOf(plain);

test("schema:name with the Schema.org context reads as name", () => {
  const compact = { "@context": "https://schema.org", "@type": "Event", "schema:name": "Fair", "schema:startDate": "2026-07-21T19:00-05:00", "schema:location": place };
  assert.equal(summaryOf(compact), expected);
  assert.is(expected.valid, true, "the plain event is valid: the comparison means something");
});

test('a prefix of the @context: {"s": "https://schema.org/"}, keys and @type "s:Event"', () => {
  const prefixed = { "@context": { s: "https://schema.org/" }, "@type": "s:Event", "s:name": "Fair", "s:startDate": "2026-07-21T19:00-05:00", "s:location": { ...place, "@type": "s:Place" } };
  assert.equal(summaryOf(prefixed), expected);
});

test('the http://schema.org/ variant and "@type": "schema:Product"', () => {
  const http = { "@context": { schema: "http://schema.org/" }, "@type": "schema:Event", "schema:name": "Fair", "schema:startDate": "2026-07-21T19:00-05:00", "schema:location": place };
  assert.equal(summaryOf(http), expected);
  const product = validate({ "@context": "https://schema.org", "@type": "schema:Product", "schema:name": "Kettle" }, { profile: "spec" });
  assert.is(product.schemas[0].type, "Product");
  assert.not.ok(product.schemas[0].errors.some((e) => e.property === "name"), "name is present");
});

test("full IRIs as keys: https://schema.org/name and http://www.schema.org/startDate", () => {
  const full = { "@context": "https://schema.org", "@type": "https://schema.org/Event", "https://schema.org/name": "Fair", "http://www.schema.org/startDate": "2026-07-21T19:00-05:00", "https://schema.org/location": place };
  assert.equal(summaryOf(full), expected);
});

test("one IRI key deep in an otherwise plain block, in capitals and as schema:, is read as its term", () => {
  const { address, ...rest } = place;
  const deep = { ...plain, location: { ...rest, "HTTPS://SCHEMA.ORG/address": address } };
  assert.equal(summaryOf(deep), expected);
  const compactDeep = { ...plain, location: { ...rest, "schema:address": address } };
  assert.equal(summaryOf(compactDeep), expected);
  const unread = summaryOf({ ...plain, location: { ...rest, "og:address": address } });
  assert.not.equal(unread, expected, "a key that is no Schema.org IRI is not read as address: the comparison means something");
});

test("a block whose only IRI is a nested @type in capitals is read as that type", () => {
  // No IRI key and no @context defining terms: the @type alone makes the block one to read again.
  const typed = { ...plain, location: { ...place, "@type": "HTTPS://SCHEMA.ORG/Place" } };
  assert.equal(summaryOf(typed), expected);
});

test("other vocabularies' prefixes are left alone, and an undefined prefix is not Schema.org", () => {
  const og = validate({ "@context": "https://schema.org", "@type": "Event", "og:name": "Fair", startDate: "2026-07-21T19:00-05:00", location: place }, { profile: "spec" });
  assert.ok(og.schemas[0].errors.some((e) => e.code === "missing-required" && e.property === "name"), "og:name is not name");
});

test("a plain key beside its IRI twin wins; the caller's value is not changed", () => {
  const both = { "@context": "https://schema.org", "@type": "Product", name: "Kettle", "schema:name": 42 };
  const before = JSON.stringify(both);
  const r = validate(both, { profile: "spec" });
  assert.not.ok(r.schemas[0].errors.some((e) => e.property === "name"), JSON.stringify(r.schemas[0].errors));
  assert.is(JSON.stringify(both), before);
});

test("line and column point at the compact key in the text", () => {
  const text = `{\n  "@context": {"s": "https://schema.org/"},\n  "@type": "s:Event",\n  "s:name": "Fair",\n  "s:startDate": "21/07/2026",\n  "s:location": ${JSON.stringify(place)}\n}`;
  const r = validate(text, { format: "json", profile: "spec" });
  const startDate = r.schemas[0].errors.find((e) => e.property === "startDate");
  assert.ok(startDate, JSON.stringify(r.schemas[0].errors));
  assert.equal([startDate!.line, startDate!.column], [5, 18]);
});

test("@id references across compact keys still resolve", () => {
  const graph = {
    "@context": "https://schema.org",
    "@graph": [
      { "@id": "#hall", "@type": "Place", "schema:name": "Hall", "schema:address": place.address },
      { "@type": "Event", "schema:name": "Fair", "schema:startDate": "2026-07-21T19:00-05:00", "schema:location": { "@id": "#hall" } },
    ],
  };
  const event = validate(graph, { profile: "spec" }).schemas.find((s) => s.type === "Event")!;
  assert.equal(event.errors, []);
});

// Croissant (mlcommons.org/croissant), the ML dataset format Hugging Face, Kaggle and Dataverse publish as
// JSON-LD: "@type": "sc:Dataset" with "sc" defined as Schema.org, and Croissant's own terms ("md5",
// "conformsTo") mapped by the @context to other vocabularies. mlcommons/croissant#725: Search Console read
// Harvard Dataverse's Croissant as a Dataset and reported its cr:FileObject distributions.
const croissantContext = {
  "@language": "en",
  "@vocab": "https://schema.org/",
  sc: "https://schema.org/",
  cr: "http://mlcommons.org/croissant/",
  dct: "http://purl.org/dc/terms/",
  citeAs: "cr:citeAs",
  conformsTo: "dct:conformsTo",
  data: { "@id": "cr:data", "@type": "@json" },
  fileObject: "cr:fileObject",
  md5: "cr:md5",
  recordSet: "cr:recordSet",
  field: "cr:field",
  source: "cr:source",
  extract: "cr:extract",
  column: "cr:column",
  dataType: { "@id": "cr:dataType", "@type": "@vocab" },
};
const croissantDataset = (type: string, distributionType: string) => ({
  "@context": croissantContext,
  "@type": type,
  name: "storm-events",
  description: "Storm events recorded by the National Weather Service, 1950 to 2013: dates, places, damage and casualties.",
  conformsTo: "http://mlcommons.org/croissant/1.0",
  citeAs: "@misc{storms}",
  url: "https://data.example.org/storm-events",
  license: "https://creativecommons.org/licenses/by/4.0/",
  creator: { "@type": "Organization", name: "National Weather Service", url: "https://www.weather.gov/" },
  distribution: [{ "@type": distributionType, "@id": "storms.csv", name: "storms.csv", contentUrl: "https://data.example.org/storms.csv", encodingFormat: "text/csv", md5: "5bd5bfa3e3b2d8a0d1c0a7b0c1d2e3f4" }],
});

test('Croissant: "@type": "sc:Dataset" is a Dataset, judged as the plain one is', () => {
  const prefixed = validate(croissantDataset("sc:Dataset", "DataDownload"), { profile: "google" }).schemas[0];
  const plainTwin = validate(croissantDataset("Dataset", "DataDownload"), { profile: "google" }).schemas[0];
  assert.is(prefixed.type, "Dataset", JSON.stringify(prefixed.errors));
  assert.equal(prefixed.errors, [], JSON.stringify(prefixed.errors));
  assert.is(prefixed.rich_result_eligible, true);
  assert.equal(prefixed.warnings.map((w) => `${w.code} ${w.property}`), plainTwin.warnings.map((w) => `${w.code} ${w.property}`));
});

test("terms the @context maps to another vocabulary are that vocabulary's, not unknown Schema.org properties", () => {
  const r = validate(croissantDataset("sc:Dataset", "DataDownload"), { profile: "google" }).schemas[0];
  const unknown = r.warnings.filter((w) => w.code === "unknown-property").map((w) => w.property);
  assert.equal(unknown, [], JSON.stringify(r.warnings));
  // The twin without the definitions: the same keys are unknown Schema.org properties.
  const bare = { ...croissantDataset("Dataset", "DataDownload"), "@context": "https://schema.org" };
  const warned = validate(bare, { profile: "google" }).schemas[0].warnings.filter((w) => w.code === "unknown-property").map((w) => w.property).sort();
  assert.equal(warned, ["citeAs", "conformsTo", "distribution.md5"]);
});

test("Croissant's cr:FileObject distribution is not a DataDownload, as Search Console says (mlcommons/croissant#725)", () => {
  const r = validate(croissantDataset("sc:Dataset", "cr:FileObject"), { profile: "google" }).schemas[0];
  assert.is(r.type, "Dataset");
  assert.ok([...r.errors, ...r.warnings].some((i) => i.property === "distribution" && i.code === "wrong-type"), JSON.stringify([...r.errors, ...r.warnings]));
});

test("a term defined as a Schema.org IRI under another name is that property; keyword aliases stay keys", () => {
  const aliased = { "@context": { sc: "https://schema.org/", titel: "sc:name" }, "@type": "sc:Product", titel: "Kettle" };
  const r = validate(aliased, { profile: "spec" }).schemas[0];
  assert.is(r.type, "Product");
  assert.not.ok(r.errors.some((e) => e.property === "name"), JSON.stringify(r.errors));
  const twin = validate({ "@context": { sc: "https://schema.org/" }, "@type": "sc:Product", titel: "Kettle" }, { profile: "spec" }).schemas[0];
  assert.ok(twin.errors.some((e) => e.property === "name"), "without the definition, titel is no name");
});

test("a block whose @context defines nothing that changes a name keeps its patches and positions", () => {
  const block = (context: string) =>
    `{\n  "@context": ${context},\n  "@type": "Product",\n  "name": "Kettle",\n  "offers": {"@type": "Offer", "price": "12.00", "priceCurrency": "usd"}\n}`;
  const currency = (context: string) => {
    const product = validate(block(context), { format: "json", profile: "google" }).schemas[0];
    const issue = [...product.errors, ...product.warnings].find((e) => e.property === "offers.priceCurrency");
    return issue && { line: issue.line, patch: issue.patch };
  };
  const plainContext = currency('"https://schema.org"');
  assert.ok(plainContext?.patch, "the plain block's currency error has a patch: the comparison means something");
  assert.equal(currency('["https://schema.org", {"csvw": "https://www.w3.org/ns/csvw#"}]'), plainContext);
  assert.equal(currency('{"@vocab": "https://schema.org/", "cr": "http://mlcommons.org/croissant/", "md5": "cr:md5"}'), plainContext);
  // A full or schema: IRI as the type is read as the type anyway: no copy, the patch stays.
  const typed = (type: string) => {
    const product = validate(block('"https://schema.org"').replace('"Product"', type), { format: "json", profile: "google" }).schemas[0];
    assert.is(product.type, "Product");
    return [...product.errors, ...product.warnings].find((e) => e.property === "offers.priceCurrency")?.patch;
  };
  assert.equal(typed('"https://schema.org/Product"'), plainContext!.patch);
  assert.equal(typed('["schema:Product"]'), plainContext!.patch);
});

test.run();
