/**
 * The product variants page's multi-page examples: each page describes its own variants in full and
 * lists the variants of the other page by URL only, nested (`{"url": ...}` in hasVariant) or as a
 * top-level Product with only isVariantOf and url. Those links are no products to check: no errors,
 * no warnings about the properties their own page gives. Each has a twin that still is checked.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";
import type { SchemaResult } from "../../runtime/types.ts";

const PAGE = "https://www.example.com/coat/lightblue?size=small";
const all = (doc: unknown): SchemaResult[] => validateValue(doc).schemas;
const issues = (s: SchemaResult) => [...s.errors, ...s.warnings].map((i) => `${i.code} ${i.property}`);

const variant = (name: string, url: string, extra: Record<string, unknown> = {}) => ({
  "@type": "Product",
  name,
  description: `${name} for the winter season`,
  image: "https://www.example.com/coat_lightblue.jpg",
  sku: `44E01-${name.length}`,
  color: "light blue",
  size: name.startsWith("Small") ? "small" : "large",
  offers: { "@type": "Offer", url, price: 39.99, priceCurrency: "USD", availability: "https://schema.org/InStock" },
  ...extra,
});

const group = {
  "@context": "https://schema.org/",
  "@type": "ProductGroup",
  name: "Wool winter coat",
  description: "Wool coat, new for the coming winter season",
  brand: { "@type": "Brand", name: "Good brand" },
  productGroupID: "44E01",
  variesBy: ["https://schema.org/size", "https://schema.org/color"],
};

test("nested: a variant of the other page given as {url} only has nothing to report; one with more is checked", () => {
  const nested = (other: object) => ({
    ...group,
    hasVariant: [variant("Small light blue coat", PAGE), variant("Large light blue coat", "https://www.example.com/coat/lightblue?size=large"), other],
  });
  const [pg] = all(nested({ url: "https://www.example.com/coat/green?size=small" }));
  assert.equal(issues(pg).filter((i) => i.includes("hasVariant")), []);
  assert.is(pg.valid, true);
  // The twins: the link is still a URL to check, and a variant with a name beside it is a variant.
  assert.equal(issues(all(nested({ url: "green coat page" }))[0]).filter((i) => i.includes("hasVariant")), ["invalid-format hasVariant.url"]);
  const named = issues(all(nested({ url: "https://www.example.com/coat/green?size=small", name: "Small green coat" }))[0]);
  // A variant needs what a product snippet needs at least (offers, a review or a rating): an error.
  assert.ok(named.includes("missing-one-of hasVariant.offers") && named.includes("missing-one-of hasVariant.sku"), named.join(", "));
});

test("separate: a top-level Product with only isVariantOf and url is a link, not a product missing its name", () => {
  const separate = (other: object) => [
    { ...group, "@id": "#coat_parent" },
    { "@context": "https://schema.org", ...variant("Small light blue coat", PAGE), isVariantOf: { "@id": "#coat_parent" } },
    { "@context": "https://schema.org", "@type": "Product", isVariantOf: { "@id": "#coat_parent" }, ...other },
  ];
  const link = all(separate({ url: "https://www.example.com/coat/green?size=small" }))[2];
  assert.equal(issues(link), []);
  assert.is(link.valid, true);
  assert.is(link.rich_result_eligible, false);
  assert.match(link.rich_result.reason, /listed by its URL only/);
  // The twin: a variant that says more than its URL is a product, and its missing name an error.
  const more = all(separate({ url: "https://www.example.com/coat/green?size=small", color: "green" }))[2];
  assert.ok(more.errors.some((e) => e.code === "missing-required" && e.property === "name"), issues(more).join(", "));
  assert.is(more.valid, false);
});

test("a variant tied to its group with isVariantOf is not asked for the brand its group gives; a product alone still is", () => {
  const brandWarnings = (s: SchemaResult) => issues(s).filter((i) => i.endsWith(" brand"));
  const [, tied] = all([
    { ...group, "@id": "#coat_parent" },
    { "@context": "https://schema.org", ...variant("Small light blue coat", PAGE), isVariantOf: { "@id": "#coat_parent" } },
  ]);
  assert.equal(brandWarnings(tied), []);
  const [alone] = all({ "@context": "https://schema.org", ...variant("Small light blue coat", PAGE) });
  assert.equal(brandWarnings(alone), ["missing-recommended brand"]);
});

test.run();
