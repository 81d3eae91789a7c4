/**
 * A return policy's recommendations depend on its category (rules-src `recommended_when`): "The
 * following properties are recommended when returnPolicyCategory is set to
 * MerchantReturnFiniteReturnWindow or MerchantReturnUnlimitedWindow" (return policy page), and
 * returnMethod "is only recommended if you set the returnPolicyCategory to either ..." (merchant
 * listing page). A policy of no returns is asked for none of them; a finite window still needs its days.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const CONDITIONAL = ["merchantReturnDays", "returnFees", "returnMethod", "returnPolicyCountry", "itemCondition", "refundType", "returnLabelSource"];
const policy = (category: string) => ({ "@type": "MerchantReturnPolicy", applicableCountry: "US", returnPolicyCategory: `https://schema.org/${category}` });
const organization = (category: string) => ({ "@context": "https://schema.org", "@type": "Organization", name: "Shop", url: "https://shop.example", hasMerchantReturnPolicy: policy(category) });
const offer = (category: string) => ({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Anvil",
  image: "https://shop.example/a.jpg",
  offers: { "@type": "Offer", price: 12, priceCurrency: "USD", hasMerchantReturnPolicy: policy(category) },
});
const about = (doc: object) =>
  validateValue(doc).schemas.flatMap((s) => [...s.errors, ...s.warnings]).filter((i) => CONDITIONAL.some((p) => i.property.endsWith(`hasMerchantReturnPolicy.${p}`))).map((i) => `${i.code} ${i.property.split(".").pop()}`).sort();

test("no returns: none of the window's properties is asked for, at Organization or Offer level", () => {
  assert.equal(about(organization("MerchantReturnNotPermitted")), []);
  assert.equal(about(offer("MerchantReturnNotPermitted")), []);
});

test("a finite window: its days are required, the rest recommended; an unlimited one: recommended, no days", () => {
  const finite = about(organization("MerchantReturnFiniteReturnWindow"));
  assert.ok(finite.includes("missing-required merchantReturnDays"), finite.join("; "));
  for (const p of ["returnFees", "returnMethod"]) assert.ok(finite.includes(`missing-recommended ${p}`), `${p}: ${finite.join("; ")}`);
  const unlimited = about(offer("MerchantReturnUnlimitedWindow"));
  assert.not.ok(unlimited.some((i) => i.endsWith("merchantReturnDays")), unlimited.join("; "));
  for (const p of ["returnFees", "returnMethod"]) assert.ok(unlimited.includes(`missing-recommended ${p}`), `${p}: ${unlimited.join("; ")}`);
});

test("the message says when the property is recommended", () => {
  const [s] = validateValue(offer("MerchantReturnUnlimitedWindow")).schemas;
  const warning = s.warnings.find((w) => w.property.endsWith("returnFees"))!;
  // The sibling is named by its full path, as the property is ("offers.hasMerchantReturnPolicy.returnFees").
  assert.match(warning.message, /recommended when "offers\.hasMerchantReturnPolicy\.returnPolicyCategory" is MerchantReturnFiniteReturnWindow or MerchantReturnUnlimitedWindow/);
});

test.run();
