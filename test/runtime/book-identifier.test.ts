/**
 * A book sold as a product ("@type": ["Product", "Book"]) is identified by its ISBN: the merchant
 * listing page lists `gtin | gtin8 | gtin12 | gtin13 | gtin14 | isbn` as one group, so an isbn meets
 * the recommended identifier group; its twin without one is asked for it. The rule for isbn itself
 * (`co_typed: [Book]`) applies only to nodes typed Book as well.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const book = (extra: Record<string, unknown>, type: unknown = ["Product", "Book"]) => ({
  "@context": "https://schema.org",
  "@type": type,
  name: "The Catcher in the Rye",
  image: "https://example.com/catcher.jpg",
  offers: { "@type": "Offer", price: 12.5, priceCurrency: "USD", availability: "https://schema.org/InStock" },
  ...extra,
});
const warnings = (data: unknown) => validateValue(data).schemas[0].warnings.map((w) => `${w.code} ${w.property}`);

test("an isbn meets the merchant listing's identifier group; without one the group is asked for", () => {
  assert.not.ok(warnings(book({ isbn: "9780316769532" })).includes("missing-one-of gtin"));
  assert.ok(warnings(book({})).includes("missing-one-of gtin"));
});

test("on a Product that is no Book the isbn still identifies it (the merchant listing page lists it) but is not Schema.org's", () => {
  const plain = warnings(book({ isbn: "9780316769532" }, "Product"));
  assert.not.ok(plain.includes("missing-one-of gtin"));
  assert.ok(plain.includes("unknown-property isbn"));
});

test.run();
