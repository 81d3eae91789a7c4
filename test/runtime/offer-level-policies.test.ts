/**
 * A return policy node referenced by @id from offers is an offer-level policy: the merchant listing
 * page's offer-level table applies, not the organization-level page's further recommendations
 * (runtime/graph/offer-level-policies.ts). Each case beside its twin referenced from an organization.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const ORGANIZATION_LEVEL_ONLY = ["itemCondition", "refundType", "returnLabelSource", "returnPolicyCountry"];
const policy = {
  "@context": "https://schema.org",
  "@type": "MerchantReturnPolicy",
  "@id": "#return_policy",
  applicableCountry: "US",
  returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
  merchantReturnDays: 60,
  returnMethod: "https://schema.org/ReturnByMail",
  returnFees: "https://schema.org/FreeReturn",
};
const product = (offer: Record<string, unknown>) => ({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Coat",
  image: "https://example.com/coat.jpg",
  offers: { price: 39.99, priceCurrency: "USD", hasMerchantReturnPolicy: { "@id": "#return_policy" }, ...offer },
});
const organization = { "@context": "https://schema.org", "@type": "OnlineStore", name: "Shop", url: "https://example.com/", hasMerchantReturnPolicy: { "@id": "#return_policy" } };

const policyResult = (graph: unknown[]) => validateValue(graph).schemas.find((s) => s.type === "MerchantReturnPolicy")!;
const organizationLevel = (graph: unknown[]) => policyResult(graph).warnings.filter((w) => ORGANIZATION_LEVEL_ONLY.includes(w.property)).map((w) => w.property).sort();

test("referenced from an Offer: no organization-level recommendations, the score without them", () => {
  const result = policyResult([product({ "@type": "Offer" }), policy]);
  assert.equal(organizationLevel([product({ "@type": "Offer" }), policy]), []);
  assert.equal(result.properties_missing_recommended.filter((p) => ORGANIZATION_LEVEL_ONLY.includes(p)), []);
  assert.is(result.score, 100);
});

test("an offer written without @type counts as the Offer it is read as", () => {
  assert.equal(organizationLevel([product({}), policy]), []);
});

test("referenced from an organization, from both, or from nothing: the organization-level page's recommendations", () => {
  assert.equal(organizationLevel([organization, policy]), [...ORGANIZATION_LEVEL_ONLY].sort());
  assert.equal(organizationLevel([organization, product({ "@type": "Offer" }), policy]), [...ORGANIZATION_LEVEL_ONLY].sort());
  assert.equal(organizationLevel([policy]), [...ORGANIZATION_LEVEL_ONLY].sort());
});

test("the offer-level table's own recommendations still apply to a policy the offers reference", () => {
  const { returnFees: _fees, ...withoutFees } = policy;
  const result = policyResult([product({ "@type": "Offer" }), withoutFees]);
  assert.ok(result.warnings.some((w) => w.property === "returnFees"), result.warnings.map((w) => w.property).join());
});

test.run();
