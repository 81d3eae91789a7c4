/**
 * Markup the merchant listing page documents, placed in an otherwise complete product: a size given as
 * a SizeSpecification node, and a member price that only gives the points a member earns. Neither is
 * a defect; each has a twin that still is one.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const product = (extra: Record<string, unknown>, offer: Record<string, unknown> = {}) => ({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Nice trinket",
  image: "https://example.com/t.jpg",
  brand: { "@type": "Brand", name: "ACME" },
  offers: { "@type": "Offer", price: 10, priceCurrency: "GBP", ...offer },
  ...extra,
});
const issuesOf = (doc: object) => {
  const s = validateValue(doc).schemas[0];
  return [...s.errors, ...s.warnings].map((i) => `${i.code} ${i.property}`);
};

test("size as a SizeSpecification node (the page's \"Text or SizeSpecification\") is a size; another type is not", () => {
  const size = (value: unknown) => issuesOf(product({ size: value })).filter((i) => i.endsWith(" size"));
  assert.equal(size({ "@type": "SizeSpecification", name: "XL", sizeSystem: "https://schema.org/WearableSizeSystemUS" }), []);
  assert.equal(size("XL"), []);
  assert.equal(size({ "@type": "Place", name: "XL" }), ["wrong-type size"]);
});

test("a member price of points only (membershipPointsEarned, validForMemberTier) is not asked for a price; a price specification of neither is", () => {
  const tier = { "@type": "MemberProgramTier", "@id": "https://www.example.com/com/members#tier_gold" };
  const spec = (value: Record<string, unknown>) => issuesOf(product({}, { priceSpecification: { "@type": "UnitPriceSpecification", ...value } })).filter((i) => i.includes("priceSpecification"));
  assert.equal(spec({ membershipPointsEarned: 20, validForMemberTier: tier }), []);
  assert.ok(spec({ validForMemberTier: tier }).includes("missing-recommended offers.priceSpecification.price"), spec({ validForMemberTier: tier }).join(", "));
});

test.run();
