/**
 * An offer's shipping region: "the region must be a 2- or 3-digit ISO 3166-2 subdivision code, without
 * country prefix" (merchant listing, DefinedRegion). "US-NY" is told; "NY" is not.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const product = (addressRegion: string) => ({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Anvil",
  image: "https://example.com/anvil.jpg",
  offers: {
    "@type": "Offer",
    price: 10,
    priceCurrency: "USD",
    shippingDetails: {
      "@type": "OfferShippingDetails",
      shippingRate: { "@type": "MonetaryAmount", value: 3.49, currency: "USD" },
      shippingDestination: { "@type": "DefinedRegion", addressCountry: "US", addressRegion },
    },
  },
});
const regionIssues = (region: string) =>
  validateValue(product(region))
    .schemas.flatMap((s) => [...s.errors, ...s.warnings])
    .filter((i) => i.property === "offers.shippingDetails.shippingDestination.addressRegion");

test("a region with its country prefix is told, as a warning", () => {
  for (const region of ["US-NY", "New York"]) {
    const issues = regionIssues(region);
    assert.is(issues.length, 1, region);
    assert.is(issues[0].code, "invalid-format");
    assert.is(issues[0].severity, "warning");
    assert.match(issues[0].message, /without the country prefix/);
  }
});

test("the twin with the subdivision code alone is not", () => {
  for (const region of ["NY", "NSW", "13"]) assert.equal(regionIssues(region), [], region);
});

test.run();
