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

test.run();
