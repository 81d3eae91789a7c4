/**
 * A feature can take valid markup and still not list it: "Product snippets accept an Offer or
 * AggregateOffer but merchant listings require an Offer as the merchant has to be the seller of the
 * product" (merchant-listing page). WooCommerce writes an AggregateOffer for every variable product.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const product = (offers: unknown) => ({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Hoodie",
  image: "https://shop.example/hoodie.jpg",
  offers,
});
const aggregate = { "@type": "AggregateOffer", lowPrice: "42.00", highPrice: "45.00", offerCount: 4, priceCurrency: "USD", price: "42.00" };
const offer = { "@type": "Offer", price: "42.00", priceCurrency: "USD", availability: "https://schema.org/InStock" };
const merchant = (offers: unknown) => {
  const [s] = validateValue(product(offers)).schemas;
  return { node: s, feature: s.features!.find((f) => f.feature === "merchant-listing")! };
};

test("an AggregateOffer: a valid product snippet, not a merchant listing, with the documentation's reason", () => {
  const { node, feature } = merchant(aggregate);
  assert.is(node.valid, true);
  assert.is(node.rich_result_eligible, true, "the product snippet takes it");
  assert.is(feature.eligible, false);
  assert.match(feature.reason, /need an Offer .*not an AggregateOffer/);
  assert.equal(feature.missing, []);
});

test("an AggregateOffer only: the merchant listing's other needs are not reported (they could not make it eligible); beside an Offer they are", () => {
  const bare = (offers: unknown) => validateValue({ "@context": "https://schema.org", "@type": "Product", name: "Hoodie", offers }).schemas[0];
  const alone = bare(aggregate);
  const feature = alone.features!.find((f) => f.feature === "merchant-listing")!;
  assert.match(feature.reason, /need an Offer .*not an AggregateOffer/);
  assert.equal(feature.missing, []);
  const fromTheListing = alone.warnings.filter((w) => w.code === "feature-requirement" || / \(Merchant listing\)$/.test(w.message) || w.property === "gtin");
  assert.equal(fromTheListing.map((w) => w.property), []);
  // Its twin with an Offer beside the AggregateOffer is a merchant listing candidate: its missing image is reported.
  const withOffer = bare([aggregate, offer]);
  assert.ok(withOffer.warnings.some((w) => w.code === "feature-requirement" && w.property === "image"), withOffer.warnings.map((w) => `${w.code} ${w.property}`).join());
  assert.ok(withOffer.warnings.some((w) => w.property === "gtin"));
});

test("an Offer, or an Offer beside the AggregateOffer: a merchant listing", () => {
  assert.is(merchant(offer).feature.eligible, true);
  assert.is(merchant([aggregate, offer]).feature.eligible, true);
});

test("an offer written without @type is read as the Offer the page asks for: a merchant listing, checked as an Offer", () => {
  const { feature } = merchant({ price: "42.00", priceCurrency: "USD" });
  assert.is(feature.eligible, true, feature.reason);
  // Its twin without a price: the Offer's requirements apply to it.
  const broken = merchant({ priceCurrency: "USD" });
  assert.ok(broken.node.errors.some((e) => e.property === "offers.price"), broken.node.errors.map((e) => e.property).join());
});

test("offers that are there but broken: the reason says what is wrong with them, not that they are missing", () => {
  // The product snippet takes the valid Offer (the text is a warning); the merchant listing does not take the text.
  const { node, feature } = merchant(["cheap", offer]);
  assert.is(node.rich_result_eligible, true);
  assert.is(feature.eligible, false);
  assert.equal(feature.missing, ["offers"]);
  assert.match(feature.reason, /needs offers fixed \("offers" should be Offer.*not the text "cheap"\)/);
  // A property that is not there at all (the currency only the merchant listing requires) is named plainly.
  const absent = merchant({ "@type": "Offer", price: "42.00" });
  assert.is(absent.node.rich_result_eligible, true);
  assert.match(absent.feature.reason, /needs offers\.priceCurrency\.$/);
});

test.run();
