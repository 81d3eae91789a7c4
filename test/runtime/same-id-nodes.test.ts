/**
 * Node objects with the same @id are one node (JSON-LD; graph/node-views.ts): a value written in place
 * with an @id is checked with what the page's other definitions of that @id add, a reference finds every
 * definition, and two top-level blocks describing one @id are each judged with both. Each case has a twin
 * where the other definition lacks the property, and the issue stays.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml, validateValue } from "../../runtime/validate.ts";
import type { SchemaResult } from "../../runtime/types.ts";

const issues = (s: SchemaResult) => [...s.errors, ...s.warnings].filter((i) => i.code !== "missing-recommended").map((i) => `${i.severity} ${i.code} ${i.property}`);
const page = (...blocks: object[]) => `<!doctype html><html><head>${blocks.map((b) => `<script type="application/ld+json">${JSON.stringify(b)}</script>`).join("")}</head><body></body></html>`;

const PERSON = "https://site.example/#/schema/person/1";
const yoastArticle = (person: Record<string, unknown>) => ({
  "@context": "https://schema.org",
  "@graph": [
    {
      "@type": "Article",
      "@id": "https://site.example/post/#article",
      headline: "One-pot chicken",
      image: "https://site.example/a.jpg",
      datePublished: "2026-01-02T08:00:00+00:00",
      // As Yoast writes it: the Person's name in place, its url and sameAs on the graph's Person.
      author: { name: "Nagi", "@id": PERSON },
    },
    { "@type": "Person", "@id": PERSON, name: "Nagi", ...person },
  ],
});

test("an author written in place with an @id is read with the graph's Person of that @id", () => {
  const [article] = validateValue(yoastArticle({ url: "https://site.example/about", sameAs: ["https://x.example/nagi"] })).schemas;
  assert.equal(issues(article).filter((i) => i.includes("author")), []);
  const [bare] = validateValue(yoastArticle({})).schemas;
  assert.ok(issues(bare).includes("warning missing-one-of author.url"), issues(bare).join("; "));
});

const event = (place: Record<string, unknown>, location: Record<string, unknown> = { "@id": "#hall", name: "The Hall" }) => ({
  "@context": "https://schema.org",
  "@graph": [
    {
      "@type": "Event",
      name: "Spring concert",
      startDate: "2026-05-01T19:00:00-05:00",
      location,
    },
    { "@type": "Place", "@id": "#hall", name: "The Hall", ...place },
  ],
});
const ADDRESS = { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Springfield", postalCode: "12345", addressCountry: "US" };

test("a required property held by the other definition of a location's @id: valid; without it anywhere: an error", () => {
  const [withAddress] = validateValue(event({ address: ADDRESS })).schemas;
  assert.is(withAddress.valid, true, issues(withAddress).join("; "));
  const [without] = validateValue(event({})).schemas;
  assert.ok(issues(without).includes("error missing-required location.address"), issues(without).join("; "));
  assert.is(without.valid, false);
});

test("a reference finds every definition: the first a stub, the address on a later one", () => {
  const doc = event({ address: ADDRESS }, { "@id": "#hall" });
  // A stub with the @id before the full Place: the index's first definition holds only a type.
  (doc["@graph"] as object[]).unshift({ "@type": "WebPage", "@id": "https://site.example/", about: { "@id": "#hall", "@type": "Place" } });
  const schemas = validateValue(doc).schemas;
  const ev = schemas.find((s) => s.type === "Event")!;
  assert.is(ev.valid, true, issues(ev).join("; "));
});

const productBlocks = (id2: string) => [
  { "@context": "https://schema.org", "@type": "Product", "@id": "https://shop.example/p/1#product", name: "Anvil", image: "https://shop.example/a.jpg" },
  // A review app's block: the same @id, the rating and the offer.
  {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": id2,
    offers: { "@type": "Offer", price: "12.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 3 },
  },
];

test("two blocks describing one @id: each is judged with both; with different @ids each lacks what the other has", () => {
  const same = validateHtml(page(...productBlocks("https://shop.example/p/1#product")), "https://shop.example/p/1").schemas;
  assert.is(same.length, 2);
  for (const s of same) assert.is(s.valid, true, issues(s).join("; "));
  const apart = validateHtml(page(...productBlocks("https://shop.example/p/2#product")), "https://shop.example/p/1").schemas;
  assert.ok(issues(apart[0]).includes("error missing-one-of review"), issues(apart[0]).join("; "));
  assert.ok(issues(apart[1]).includes("error missing-required name"), issues(apart[1]).join("; "));
  // A relative @id names the same node as the absolute one on its page.
  const relative = validateHtml(page(...productBlocks("#product").map((b, i) => (i === 0 ? { ...b, "@id": "https://shop.example/p/1#product" } : b))), "https://shop.example/p/1").schemas;
  for (const s of relative) assert.is(s.valid, true, issues(s).join("; "));
});

test("a block adding properties to an @id without repeating its @type is part of the typed node, not an untyped item", () => {
  const untyped = (id2: string) => productBlocks(id2).map((b, i) => (i === 1 ? Object.fromEntries(Object.entries(b).filter(([k]) => k !== "@type")) : b));
  const same = validateHtml(page(...untyped("https://shop.example/p/1#product")), "https://shop.example/p/1").schemas;
  assert.equal(same.map((s) => s.type), ["Product"]);
  assert.is(same[0].valid, true, issues(same[0]).join("; "));
  // Written first, the part still belongs to the Product that follows.
  const first = validateHtml(page(...untyped("https://shop.example/p/1#product").reverse()), "https://shop.example/p/1").schemas;
  assert.equal(first.map((s) => s.type), ["Product"]);
  // The twin: an @id no typed node has is an untyped item, and its error stays.
  const apart = validateHtml(page(...untyped("https://shop.example/p/2#product")), "https://shop.example/p/1").schemas;
  assert.ok(apart.some((s) => s.errors.some((e) => e.code === "missing-type")), apart.map((s) => s.type).join(", "));
});

test("an issue about a property another definition of the @id writes is placed where it is written", () => {
  const rating = (ratingValue: unknown) => ({ "@context": "https://schema.org", "@id": "https://shop.example/p/1#product", aggregateRating: { "@type": "AggregateRating", ratingValue, reviewCount: 3 } });
  const html = (ratingValue: unknown) =>
    `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(productBlocks("x")[0])}</script>\n\n<script type="application/ld+json">\n${JSON.stringify(rating(ratingValue))}</script></head><body></body></html>`;
  const [product] = validateHtml(html("4,5"), "https://shop.example/p/1").schemas;
  const error = product.errors.find((e) => e.property === "aggregateRating.ratingValue");
  assert.ok(error, issues(product).join("; "));
  assert.is(error.line, 4);
  assert.is(error.column, html("4,5").split("\n")[3].indexOf('"4,5"') + 1);
  // The twin: a valid rating is no issue.
  const [fine] = validateHtml(html(4.5), "https://shop.example/p/1").schemas;
  assert.not.ok(fine.errors.some((e) => e.property.startsWith("aggregateRating")), issues(fine).join("; "));
});

test("an unknown property is reported where it is written, once", () => {
  const doc = yoastArticle({ url: "https://site.example/about", favouriteColour: "blue" });
  const schemas = validateValue(doc).schemas;
  const unknown = schemas.flatMap((s) => s.warnings.filter((w) => w.property.includes("favouriteColour")).map((w) => `${s.type} ${w.property}`));
  assert.equal(unknown, ["Person favouriteColour"]);
});

test.run();
