/**
 * The structured data carousel (beta) lists its items' rating and offer properties as recommended
 * (carousels-beta, "Recommended properties": aggregateRating.ratingValue, aggregateRating.ratingCount,
 * offers.price, offers.lowPrice): a rating without a count or an offer without a price is told as a
 * warning, and the carousel stays eligible. Its twin that lacks a required item property (image) is
 * not eligible.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

type Item = Record<string, unknown>;
const carousel = (items: Item[]) => ({
  "@context": "https://schema.org",
  "@type": "ItemList",
  itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, item })),
});
const product = (n: number, extra: Item = {}): Item => ({
  "@type": "Product",
  name: `Item ${n}`,
  image: [`https://example.com/photos/${n}.jpg`],
  url: `https://www.example.com/item-${n}`,
  ...extra,
});
const betaFeature = (value: unknown) => validateValue(value).schemas[0].features?.find((f) => f.feature === "carousels-beta");

test("partial ratings and offers on beta carousel items: warnings, the carousel stays eligible", () => {
  const list = carousel([
    product(1, { aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5 } }),
    product(2, { aggregateRating: { "@type": "AggregateRating", reviewCount: 12 } }),
    product(3, { offers: { "@type": "AggregateOffer", highPrice: 20, priceCurrency: "EUR" } }),
    product(4, { offers: { "@type": "Offer", priceCurrency: "EUR" } }),
  ]);
  const s = validateValue(list).schemas[0];
  assert.equal(s.errors, []);
  const feature = betaFeature(list);
  assert.ok(feature?.eligible, JSON.stringify(feature));
  const told = s.warnings.map((w) => w.property);
  for (const property of ["itemListElement.item.aggregateRating.ratingCount", "itemListElement.item.aggregateRating.ratingValue", "itemListElement.item.offers.lowPrice", "itemListElement.item.offers.price"]) {
    assert.ok(told.includes(property), `${property} in ${JSON.stringify(told)}`);
  }
  assert.not.ok(s.warnings.some((w) => w.code === "feature-requirement"), JSON.stringify(s.warnings));
});

test("the twin without an item image (required there) is not eligible for the beta carousel", () => {
  const { image: _image, ...withoutImage } = product(3);
  const feature = betaFeature(carousel([product(1), product(2), withoutImage]));
  assert.ok(feature !== undefined && !feature.eligible, JSON.stringify(feature));
  assert.match(feature!.reason, /image/);
});

test.run();
