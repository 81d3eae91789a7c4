/**
 * A rating outside its scale is a malformed ratingValue, which the review snippet documentation
 * makes required in every Rating: an error even where the rating itself is only recommended.
 * Percentages and fractions carry their own scale; a certification class is a letter, no scale.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const review = (reviewRating: Record<string, unknown>) => ({
  "@context": "https://schema.org",
  "@type": "Review",
  itemReviewed: { "@type": "Restaurant", name: "Legal Seafood" },
  author: { "@type": "Person", name: "Bob Smith" },
  datePublished: "2024-03-31",
  reviewRating: { "@type": "Rating", ...reviewRating },
});

test("a reviewRating above its bestRating is an error whose fix cites the documentation", () => {
  const [s] = validateValue(review({ ratingValue: 6, bestRating: 5, worstRating: 1 })).schemas;
  assert.is(s.errors.length, 1);
  const [e] = s.errors;
  assert.is(e.code, "out-of-range");
  assert.is(e.property, "reviewRating.ratingValue");
  assert.ok(e.message.includes("above bestRating 5"), e.message);
  assert.ok(e.fix.includes("Review snippet") && e.fix.includes("5-point scale"), e.fix);
  assert.not.ok(s.rich_result_eligible);
});

test("below worstRating, and above the default scale of 5, are errors too", () => {
  for (const rating of [{ ratingValue: 0, worstRating: 1, bestRating: 10 }, { ratingValue: 8 }]) {
    const [s] = validateValue(review(rating)).schemas;
    assert.equal(s.errors.map((e) => `${e.code} ${e.property}`), ["out-of-range reviewRating.ratingValue"], JSON.stringify(rating));
  }
});

for (const ratingValue of [4, "4.5", "60%", "6 / 10", "88"]) {
  const rating = ratingValue === "88" ? { ratingValue, bestRating: 100, worstRating: 0 } : { ratingValue };
  test(`a rating of ${JSON.stringify(rating)} is within its scale`, () => {
    const [s] = validateValue(review(rating)).schemas;
    assert.equal(s.errors, []);
    assert.not.ok(s.warnings.some((w) => w.code === "out-of-range"));
  });
}

test("a JSON-LD value object is its value: {\"@value\": 4.5} is a rating, {\"@value\": 6} above the scale", () => {
  const [inScale] = validateValue(review({ ratingValue: { "@value": 4.5 }, bestRating: { "@value": "5", "@type": "Number" } })).schemas;
  assert.equal(inScale.errors, [], inScale.errors.map((e) => e.message).join("; "));
  assert.ok(inScale.rich_result_eligible);
  const [above] = validateValue(review({ ratingValue: { "@value": 6 }, bestRating: 5 })).schemas;
  assert.equal(above.errors.map((e) => e.code), ["out-of-range"]);
});

test("a product's certification class (a letter) is not judged on a numeric scale", () => {
  const [s] = validateValue({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Car",
    image: "https://example.com/car.jpg",
    offers: { "@type": "Offer", price: 30000, priceCurrency: "EUR", availability: "https://schema.org/InStock" },
    hasCertification: { "@type": "Certification", issuedBy: { "@type": "Organization", name: "BAFA" }, name: "Vehicle_CO2_Class", certificationRating: { "@type": "Rating", ratingValue: "D" } },
  }).schemas;
  assert.not.ok([...s.errors, ...s.warnings].some((i) => i.property.startsWith("hasCertification")), JSON.stringify(s.warnings));
});

test.run();
