/**
 * The spec profile's own verdicts (runtime/options/spec-profile.ts): "a schema can be valid but not
 * eligible (e.g. a Product without offers or image)", recommended properties give "warnings, not
 * errors", and an Event's name is a string. Each case beside its twin under the google profile, which
 * follows the search engine, and beside the complete markup that is eligible under both.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validate } from "../../lib/index.ts";

const image = "https://shop.example/anvil.jpg";
const offer = { "@type": "Offer", price: "119.99", priceCurrency: "USD", availability: "https://schema.org/InStock" };
const rating = { "@type": "AggregateRating", ratingValue: 4.4, reviewCount: 89 };
const product = (extra: object) => ({ "@context": "https://schema.org", "@type": "Product", name: "Executive Anvil", ...extra });
const verdict = (doc: object, profile: "spec" | "google") => {
  const [s] = validate(doc, { profile }).schemas;
  return { valid: s.valid, eligible: s.rich_result_eligible, errors: s.errors.map((e) => `${e.code} ${e.property}`), warnings: s.warnings, reason: s.rich_result.reason };
};

test("spec: a Product with neither offers, review nor rating is valid, not eligible, with a warning; google: an error", () => {
  for (const extra of [{}, { image }]) {
    const spec = verdict(product(extra), "spec");
    assert.equal([spec.valid, spec.eligible, spec.errors], [true, false, []]);
    const group = spec.warnings.find((w) => w.code === "missing-one-of");
    assert.ok(group && group.property === "review" && /warning under the service's rules/.test(group.message), group?.message);
    assert.match(spec.reason, /needs one of "review", "aggregateRating", "offers"/);
    const google = verdict(product(extra), "google");
    assert.equal([google.valid, google.eligible, google.errors], [false, false, ["missing-one-of review"]]);
  }
});

test("spec: a Product is eligible only with offers and an image; google: a rating or offers alone make the product snippet", () => {
  assert.equal([verdict(product({ image, offers: offer }), "spec").eligible, verdict(product({ image, offers: offer }), "google").eligible], [true, true]);
  for (const extra of [{ offers: offer }, { image, aggregateRating: rating }, { aggregateRating: rating }]) {
    const spec = verdict(product(extra), "spec");
    assert.equal([spec.valid, spec.eligible, spec.errors], [true, false, []], JSON.stringify(extra));
    assert.match(spec.reason, /eligible only with "offers" and "image"/);
    assert.equal([verdict(product(extra), "google").valid, verdict(product(extra), "google").eligible], [true, true], JSON.stringify(extra));
  }
});

test("spec: an offers value that breaks its type is a warning, not an error, and no offer for eligibility", () => {
  const spec = verdict(product({ image, offers: "cheap" }), "spec");
  assert.equal([spec.valid, spec.eligible, spec.errors], [true, false, []]);
  assert.ok(spec.warnings.some((w) => w.code === "wrong-type" && w.property === "offers"));
  assert.equal(verdict(product({ image, offers: "cheap" }), "google").errors.sort(), ["missing-one-of review", "wrong-type offers"]);
  // One good offer beside a broken one is an offer.
  assert.is(verdict(product({ image, offers: ["cheap", offer] }), "spec").eligible, true);
  // A broken required value inside an offer stays an error under both: the offer is malformed.
  const noPrice = verdict(product({ image, offers: { ...offer, price: "free" } }), "spec");
  assert.equal([noPrice.valid, noPrice.errors.some((e) => e.endsWith("offers.price"))], [false, true]);
});

test("spec: a Review with neither rating nor date is valid, not eligible; an ImageObject without rights information too", () => {
  const review = { "@context": "https://schema.org", "@type": "Review", author: { "@type": "Person", name: "Ann" }, itemReviewed: { "@type": "Product", name: "Anvil" } };
  assert.equal([verdict(review, "spec").valid, verdict(review, "spec").eligible, verdict(review, "google").valid], [true, false, false]);
  assert.is(verdict({ ...review, reviewRating: { "@type": "Rating", ratingValue: 4 } }, "spec").eligible, true);
  const picture = { "@context": "https://schema.org", "@type": "ImageObject", contentUrl: image, acquireLicensePage: "https://shop.example/license" };
  assert.equal([verdict(picture, "spec").valid, verdict(picture, "spec").eligible, verdict(picture, "google").valid], [true, false, false]);
  assert.is(verdict({ ...picture, creditText: "Shop" }, "spec").eligible, true);
});

test("spec: an Event name written as a number is a wrong-type error; google reads it as its text", () => {
  const place = { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Town", addressCountry: "US" } };
  const event = (name: unknown) => ({ "@context": "https://schema.org", "@type": "Event", name, startDate: "2026-07-21T19:00-05:00", location: place });
  const spec = validate(event(2026), { profile: "spec" }).schemas[0];
  assert.equal([spec.valid, spec.errors.map((e) => `${e.code} ${e.property} ${e.path}`)], [false, ["wrong-type name /name"]]);
  assert.match(spec.errors[0].fix, /service spec's Event table/);
  assert.is(verdict(event(2026), "google").eligible, true);
  assert.is(verdict(event("2026 Jazz Night"), "spec").eligible, true);
});

test.run();
