/**
 * A merchant listing's offer needs its current price (merchant listing page, "Pricing"): a strikethrough
 * price (priceType) or a member price (validForMemberTier) alone is no price to list, and a price
 * specification with both is ignored. Each defect has its clean twin.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { activePriceProblem } from "../../../runtime/checks/active-price.ts";
import { validateValue } from "../../../runtime/validate.ts";

const strike = { "@type": "UnitPriceSpecification", priceType: "https://schema.org/StrikethroughPrice", price: 15, priceCurrency: "USD" };
const member = { "@type": "UnitPriceSpecification", validForMemberTier: { "@id": "https://shop.example/#gold" }, price: 8, priceCurrency: "USD" };
const active = { "@type": "UnitPriceSpecification", price: 10, priceCurrency: "USD" };

test("only a strikethrough or a member price: no active price", () => {
  assert.ok(activePriceProblem({ priceSpecification: strike }));
  assert.ok(activePriceProblem({ priceSpecification: [member] }));
  assert.ok(activePriceProblem({ priceSpecification: [{ ...strike, validForMemberTier: member.validForMemberTier }] }), "both: ignored");
});

test("an offer price, or a specification with neither marker, is the active price; no price at all is the price group's to report", () => {
  assert.is(activePriceProblem({ price: 10, priceSpecification: strike }), null);
  assert.is(activePriceProblem({ priceSpecification: [strike, active] }), null);
  assert.is(activePriceProblem({ priceSpecification: [member, active] }), null);
  assert.is(activePriceProblem({}), null);
});

const listing = (offer: object) => {
  const s = validateValue({ "@context": "https://schema.org", "@type": "Product", name: "Anvil", image: "https://shop.example/a.jpg", offers: { "@type": "Offer", priceCurrency: "USD", ...offer } }).schemas[0];
  return s.features!.find((f) => f.feature === "merchant-listing")!;
};

test("in a merchant listing: the strikethrough price alone ends the listing; with the sale price it is eligible", () => {
  const alone = listing({ priceSpecification: strike });
  assert.is(alone.eligible, false);
  assert.ok(alone.missing.includes("offers.price"), alone.reason);
  assert.is(listing({ price: 10, priceSpecification: strike }).eligible, true);
});

test.run();
