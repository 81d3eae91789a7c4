/**
 * A software app's currency is recommended only for a price above 0 (rules-src `recommended_when` with
 * `above`): the software app page recommends priceCurrency "if the price is above 0", and its free
 * app's example gives `"price": 0` alone.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const app = (offer: object) => ({
  "@context": "https://schema.org",
  "@type": "SoftwareApplication",
  name: "Anvil Tracker",
  applicationCategory: "GameApplication",
  aggregateRating: { "@type": "AggregateRating", ratingValue: 4.6, ratingCount: 8864 },
  offers: { "@type": "Offer", ...offer },
});
const currencyWarnings = (offer: object) =>
  validateValue(app(offer)).schemas[0].warnings.filter((w) => w.property === "offers.priceCurrency").map((w) => w.code);

test("a free app (price 0, as a number or text): no currency asked for", () => {
  assert.equal(currencyWarnings({ price: 0 }), []);
  assert.equal(currencyWarnings({ price: "0.00" }), []);
});

test("a paid app without its currency: a missing-recommended warning that says why", () => {
  assert.equal(currencyWarnings({ price: 1.99 }), ["missing-recommended"]);
  assert.equal(currencyWarnings({ price: "1.99" }), ["missing-recommended"]);
  const w = validateValue(app({ price: 1.99 })).schemas[0].warnings.find((i) => i.property === "offers.priceCurrency")!;
  assert.match(w.message, /above 0/);
});

test("a price that is no number: the currency is still asked for (the price's own check reports it)", () => {
  assert.equal(currencyWarnings({ price: "free" }), ["missing-recommended"]);
});

test.run();
