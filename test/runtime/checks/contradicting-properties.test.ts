/**
 * Properties the merchant listing page says not to give together (runtime/checks/contradicting-properties.ts),
 * each beside its twin without the contradiction.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { regionAndPostalCode, returnFeeAmountWithoutFee, strikethroughMemberPrice } from "../../../runtime/checks/contradicting-properties.ts";

const fee = { "@type": "MonetaryAmount", value: 4.99, currency: "USD" };

test("a return fee amount goes only with ReturnShippingFees", () => {
  assert.match(String(returnFeeAmountWithoutFee({ returnFees: "https://schema.org/FreeReturn", returnShippingFeesAmount: fee })), "returnFees is FreeReturn");
  assert.match(String(returnFeeAmountWithoutFee({ returnFees: "ReturnFeesCustomerResponsibility", returnShippingFeesAmount: fee })), "ReturnFeesCustomerResponsibility");
  assert.is(returnFeeAmountWithoutFee({ returnFees: "https://schema.org/ReturnShippingFees", returnShippingFeesAmount: fee }), null);
  assert.is(returnFeeAmountWithoutFee({ returnFees: "https://schema.org/FreeReturn" }), null);
  assert.is(returnFeeAmountWithoutFee({ returnFees: "https://schema.org/FreeReturn", returnShippingFeesAmount: "" }), null);
});

test("a price specification is a strikethrough price or a member price", () => {
  const tier = { "@id": "https://example.com/member-plan#gold" };
  assert.ok(strikethroughMemberPrice({ priceType: "https://schema.org/StrikethroughPrice", validForMemberTier: tier }));
  assert.is(strikethroughMemberPrice({ priceType: "https://schema.org/StrikethroughPrice" }), null);
  assert.is(strikethroughMemberPrice({ validForMemberTier: tier }), null);
});

test("a shipping destination is regions or postal codes", () => {
  assert.ok(regionAndPostalCode({ addressCountry: "US", addressRegion: "NY", postalCode: "10001" }));
  assert.ok(regionAndPostalCode({ addressCountry: "US", addressRegion: ["NY"], postalCode: ["10001", "10002"] }));
  assert.is(regionAndPostalCode({ addressCountry: "US", addressRegion: "NY" }), null);
  assert.is(regionAndPostalCode({ addressCountry: "US", postalCode: "10001" }), null);
  assert.is(regionAndPostalCode({ addressCountry: "US", addressRegion: [], postalCode: "10001" }), null);
});

test.run();
