/**
 * The rule language's features, each on a small fixture rule file compiled here with the real
 * compiler and passed to the engine as its registry (not the committed rules).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";
import type { SchemaResult } from "../../runtime/types.ts";
import { compileFixture, type FixtureRegistry } from "./fixture-registry.ts";

/** A rule file: the fixed header, then `body` (properties, features, ...). */
const ruleFile = (type: string, body: string, header = "") => `type: ${type}
status: supported
tier: 1
${header}google_docs_url: https://developers.google.com/search/docs/appearance/structured-data/search-gallery
rich_result: Fixture result
verified_on: 2026-11-24
sources:
  - url: https://developers.google.com/search/docs/appearance/structured-data/search-gallery
${body}
examples:
  valid: [{ name: fixture, data: { "@type": ${type} } }]
  invalid: [{ name: fixture, data: { "@type": ${type} }, expect: [{ code: missing-required, property: name }] }]
`;

const FILES = {
  "ImageObject.yaml": ruleFile("ImageObject", `properties:
  license: { level: recommended, expect: URL }
  creditText: { level: recommended, expect: Text }
one_of:
  - { level: required, properties: [contentUrl, url] }`, "opt_in: { triggers: [license, creditText] }\n"),
  "MerchantReturnPolicy.yaml": ruleFile("MerchantReturnPolicy", `properties:
  returnPolicyCategory: { level: required, values: [MerchantReturnFiniteReturnWindow, MerchantReturnNotPermitted] }
  merchantReturnDays: { level: recommended, required_when: { property: returnPolicyCategory, values: [MerchantReturnFiniteReturnWindow] }, expect: Integer }
  returnFees: { level: optional, required_when: { property: merchantReturnLink, absent: true }, values: [FreeReturn] }`),
  "BreadcrumbList.yaml": ruleFile("BreadcrumbList", `properties:
  itemListElement:
    level: required
    expect:
      - type: ListItem
        properties:
          item: { level: required, not_on_last_item: true, malformed: warning, expect: URL, format: absolute-url }`),
  "Event.yaml": ruleFile("Event", `properties:
  name: { level: required, expect: Text }`, "also_matches: vocabulary\nnot_matches: [BroadcastEvent]\n"),
  "JobPosting.yaml": ruleFile("JobPosting", `properties:
  title: { level: required, expect: Text, max_length: 10 }
  employmentType: { level: recommended, expect: Text, text_values: [FULL_TIME, PART_TIME] }
  jobLocation: { level: optional, max_items: 2, expect: [Place] }`),
  "Person.yaml": ruleFile("Person", `properties:
  name: { level: required, expect: Text, max_length: { length: 10, costs: the byline is not shown } }`),
  "LocalBusiness.yaml": ruleFile("LocalBusiness", `properties:
  name: { level: required, expect: Text }
  servesCuisine: { level: recommended, only_for: [FoodEstablishment], expect: Text }`, "also_matches: vocabulary\n"),
  "Article.yaml": ruleFile("Article", `properties:
  headline: { level: required, expect: Text }
features:
  - id: paywall
    name: Paywalled content
    google_docs_url: https://developers.google.com/search/docs/appearance/structured-data/paywalled-content
    opt_in: { triggers: [isAccessibleForFree!=true, hasPart.cssSelector] }
    properties:
      isAccessibleForFree: { level: required, expect: Boolean }`),
  "Product.yaml": ruleFile("Product", `properties:
  name: { level: required, expect: Text }
  color: { level: optional, recommended_when: { property: isVariantOf, absent: true }, expect: Text }
  isSimilarTo:
    level: optional
    expect:
      - type: Product
        link_only: { link: url }
        properties:
          name: { level: required, expect: Text }
          url: { level: optional, expect: URL, format: absolute-url }
features:
  - id: listing
    name: Merchant listing
    google_docs_url: https://developers.google.com/search/docs/appearance/structured-data/merchant-listing
    enhancements: [{ property: offers.shippingDetails, name: shipping details enhancement }]
    properties:
      offers:
        level: required
        expect:
          - type: Offer
            properties:
              price: { level: required, expect: Number }
              shippingDetails:
                level: recommended
                expect:
                  - type: OfferShippingDetails
                    properties:
                      deliveryTime: { level: required, expect: [ShippingDeliveryTime] }`, "link_only: { link: url, with: [isVariantOf, inProductGroupWithID], reason: Fixture variant link. }\n"),
};

let fixture: FixtureRegistry;
test.before(async () => {
  fixture = await compileFixture(FILES);
});
test.after(() => fixture?.cleanup());

const only = (data: unknown): SchemaResult => {
  const result = validateValue({ "@context": "https://schema.org", ...(data as object) }, fixture.registry);
  assert.is(result.schemas.length, 1);
  return result.schemas[0];
};
const props = (issues: Array<{ code: string; property: string }>) => issues.map((i) => `${i.code} ${i.property}`).sort();

test("opt-in rule set: no trigger, not detected, no errors and no warnings", () => {
  const s = only({ "@type": "ImageObject", caption: "A puppy", width: 100 });
  assert.equal([...props(s.errors), ...props(s.warnings)], []);
  assert.is(s.valid, true);
  assert.is(s.rich_result_eligible, false);
  assert.match(s.rich_result.reason, /^Not detected: the node has no license or creditText/);
});

test("opt-in rule set: one trigger applies every requirement", () => {
  const s = only({ "@type": "ImageObject", creditText: "Studio" });
  assert.equal(props(s.errors), ["missing-one-of contentUrl"]);
  assert.equal(props(s.warnings), ["missing-recommended license"]);
});

test("one-of: property is the leading member, one_of lists all, named in properties_missing_required", () => {
  const s = only({ "@type": "ImageObject", license: "https://example.com/l" });
  const [error] = s.errors;
  assert.is(error.property, "contentUrl");
  assert.equal(error.one_of, ["contentUrl", "url"]);
  assert.equal(s.properties_missing_required, ["contentUrl"]);
});

const conditional: Array<[string, object, string[]]> = [
  ["finite window without days", { returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow", returnFees: "FreeReturn" }, ["missing-required merchantReturnDays"]],
  ["finite window as a short name", { returnPolicyCategory: "MerchantReturnFiniteReturnWindow", returnFees: "FreeReturn" }, ["missing-required merchantReturnDays"]],
  ["finite window with days", { returnPolicyCategory: "MerchantReturnFiniteReturnWindow", merchantReturnDays: 30, returnFees: "FreeReturn" }, []],
  ["no returns, no days", { returnPolicyCategory: "MerchantReturnNotPermitted", returnFees: "FreeReturn" }, []],
  ["sibling absent: required", { returnPolicyCategory: "MerchantReturnNotPermitted" }, ["missing-required returnFees"]],
  ["sibling present: not required", { returnPolicyCategory: "MerchantReturnNotPermitted", merchantReturnLink: "https://example.com/r" }, []],
];
for (const [name, data, errors] of conditional) {
  test(`required_when: ${name}`, () => {
    assert.equal(props(only({ "@type": "MerchantReturnPolicy", ...data }).errors), errors);
  });
}

test("required_when: without the condition, the level applies (recommended: a warning)", () => {
  const s = only({ "@type": "MerchantReturnPolicy", returnPolicyCategory: "MerchantReturnNotPermitted", returnFees: "FreeReturn" });
  assert.equal(props(s.warnings), ["missing-recommended merchantReturnDays"]);
});

const trails: Array<[string, object[], string[], string[]]> = [
  ["last without item", [{ "@type": "ListItem", item: "https://e.com/a" }, { "@type": "ListItem" }], [], []],
  ["middle without item", [{ "@type": "ListItem", item: "https://e.com/a" }, { "@type": "ListItem" }, { "@type": "ListItem" }], ["missing-required itemListElement.item"], []],
  ["a single item is the last", [{ "@type": "ListItem" }], [], []],
  ["malformed item: a warning", [{ "@type": "ListItem", item: "/a" }, { "@type": "ListItem" }], [], ["invalid-format itemListElement.item"]],
];
for (const [name, items, errors, warnings] of trails) {
  test(`not_on_last_item / malformed: ${name}`, () => {
    const s = only({ "@type": "BreadcrumbList", itemListElement: items });
    assert.equal(props(s.errors), errors);
    assert.equal(props(s.warnings), warnings);
  });
}

const limits: Array<[string, object, string[], string[]]> = [
  ["within every limit", { title: "Cook", employmentType: ["FULL_TIME", "PART_TIME"], jobLocation: [{ "@type": "Place" }, { "@type": "Place" }] }, [], []],
  ["text too long (required: an error)", { title: "Senior line cook", employmentType: "FULL_TIME" }, ["too-long title"], []],
  ["a fixed text in another case (recommended: a warning)", { title: "Cook", employmentType: "Full-time" }, [], ["invalid-enum employmentType"]],
  ["a fixed text that is an enumeration URL is no match", { title: "Cook", employmentType: "https://schema.org/FULL_TIME" }, [], ["invalid-enum employmentType"]],
  ["too many values", { title: "Cook", employmentType: "FULL_TIME", jobLocation: [{ "@type": "Place" }, { "@type": "Place" }, { "@type": "Place" }] }, [], ["too-many-values jobLocation"]],
];
for (const [name, data, errors, warnings] of limits) {
  test(`max_length / text_values / max_items: ${name}`, () => {
    const s = only({ "@type": "JobPosting", ...data });
    assert.equal(props(s.errors), errors);
    assert.equal(props(s.warnings), warnings);
  });
}

test("max_length with a cost: too long is a warning saying what it costs, even where required; missing stays an error", () => {
  const long = only({ "@type": "Person", name: "Jane Doe-Smithson" });
  assert.equal(props(long.errors), []);
  assert.equal(props(long.warnings), ["too-long name"]);
  assert.match(long.warnings[0].message, /Longer, the byline is not shown/);
  assert.is(long.valid, true);
  assert.equal(props(only({ "@type": "Person", name: "Jane" }).warnings), []);
  assert.equal(props(only({ "@type": "Person" }).errors), ["missing-required name"]);
});

const subtypeOnly: Array<[string, object, string[]]> = [
  ["a store is not asked for a cuisine", { "@type": "Store", name: "Shop" }, []],
  ["a restaurant is", { "@type": "Restaurant", name: "Diner" }, ["missing-recommended servesCuisine"]],
  ["so is a node typed both ways", { "@type": ["Store", "Bakery"], name: "Bakery shop" }, ["missing-recommended servesCuisine"]],
];
for (const [name, data, warnings] of subtypeOnly) {
  test(`only_for: ${name}`, () => {
    assert.equal(props(only(data).warnings), warnings);
  });
}

test("not_matches: a standalone BroadcastEvent is not checked as an Event; MusicEvent is", () => {
  assert.is(only({ "@type": "BroadcastEvent", isLiveBroadcast: true }).checked, false);
  const music = only({ "@type": "MusicEvent" });
  assert.is(music.type, "Event");
  assert.equal(props(music.errors), ["missing-required name"]);
});

const paywall: Array<[string, object, boolean, string[]]> = [
  ["no trigger: not detected", { hasPart: { "@type": "WebPageElement" } }, false, []],
  ["a paywalled section without the flag: detected, absence reported", { hasPart: { "@type": "WebPageElement", cssSelector: ".paywall" } }, true, ["feature-requirement isAccessibleForFree"]],
  ["the flag alone: detected and met", { isAccessibleForFree: false }, true, []],
  ["the flag as Schema.org's False: detected", { isAccessibleForFree: "https://schema.org/False" }, true, []],
  ["content marked free (a value trigger's excluded value): not detected", { isAccessibleForFree: true }, false, []],
  ["content marked free as text: not detected", { isAccessibleForFree: "True" }, false, []],
  ["marked free with a paywalled section: the section's trigger detects it", { isAccessibleForFree: true, hasPart: { "@type": "WebPageElement", cssSelector: ".paywall" } }, true, []],
];
for (const [name, data, detected, warnings] of paywall) {
  test(`opt-in feature with a dotted trigger: ${name}`, () => {
    const s = only({ "@type": "Article", headline: "H", ...data });
    const feature = s.features!.find((f) => f.feature === "paywall")!;
    assert.is(feature.reason.startsWith("Not detected"), !detected, feature.reason);
    assert.equal(props(s.warnings), warnings);
    assert.equal(s.errors, []);
  });
}

const listing = (offer: object) => {
  const s = only({ "@type": "Product", name: "Anvil", offers: { "@type": "Offer", ...offer } });
  return { s, feature: s.features!.find((f) => f.feature === "listing")! };
};

test("enhancements: a requirement of optional markup inside a feature decides the enhancement, not the feature", () => {
  const { s, feature } = listing({ price: 10, shippingDetails: { "@type": "OfferShippingDetails" } });
  assert.is(feature.eligible, true, feature.reason);
  const w = s.warnings.find((i) => i.property === "offers.shippingDetails.deliveryTime")!;
  assert.is(w.code, "feature-requirement");
  assert.match(w.message, /The shipping details enhancement needs it \(the Merchant listing does not\)/);
  assert.equal(s.errors, []);
});

test("enhancements: the feature's own requirements outside it still decide the feature", () => {
  const { feature } = listing({ price: "ten", shippingDetails: { "@type": "OfferShippingDetails" } });
  assert.is(feature.eligible, false);
  assert.equal(feature.missing, ["offers.price"]);
});

test("a value trigger's property holding another value detects the feature: a flag that is no boolean is its error", () => {
  const s = only({ "@type": "Article", headline: "H", isAccessibleForFree: "sometimes" });
  const feature = s.features!.find((f) => f.feature === "paywall")!;
  assert.is(feature.eligible, false);
  assert.not.match(feature.reason, /^Not detected/);
  assert.ok(feature.missing.includes("isAccessibleForFree"), feature.reason);
});

test("not detected by a value trigger's excluded value: the reason says what the node has", () => {
  const feature = only({ "@type": "Article", headline: "H", isAccessibleForFree: true }).features!.find((f) => f.feature === "paywall")!;
  assert.is(feature.reason, "Not detected: the node has isAccessibleForFree true and no hasPart.cssSelector.");
});


test("recommended_when absent: missing is a warning while the sibling is absent, nothing once it is there", () => {
  const colors = (data: object) => props(only({ "@type": "Product", name: "Coat", ...data }).warnings).filter((w) => w.endsWith(" color"));
  assert.equal(colors({}), ["missing-recommended color"]);
  assert.equal(colors({ isVariantOf: { "@id": "#coat" } }), []);
  assert.equal(colors({ color: "green" }), []);
});

test("link_only: a node with only its link and a tie to its group is not detected; anything more, or no tie, is checked", () => {
  const link = only({ "@type": "Product", url: "https://shop.example/coat/green", isVariantOf: { "@id": "#coat" } });
  assert.equal([...props(link.errors), ...props(link.warnings)], []);
  assert.is(link.valid, true);
  assert.is(link.rich_result_eligible, false);
  assert.is(link.rich_result.reason, "Fixture variant link.");
  assert.equal(link.features ?? [], []);
  assert.is(only({ "@type": "Product", url: "https://shop.example/coat/green", inProductGroupWithID: "44E01" }).valid, true);
  // The twins: a property beyond the link and the tie, or no tie, and the node is a product to check.
  assert.equal(props(only({ "@type": "Product", url: "https://shop.example/coat/green", isVariantOf: { "@id": "#coat" }, color: "green" }).errors), ["missing-required name"]);
  assert.equal(props(only({ "@type": "Product", url: "https://shop.example/coat/green" }).errors), ["missing-required name"]);
  assert.equal(props(only({ "@type": "Product", isVariantOf: { "@id": "#coat" } }).errors), ["missing-required name"]);
});

test("link_only on a nested value: a value with only its link has the link checked and nothing else", () => {
  // The fixture's merchant listing asks for offers: only what is said of the nested value counts here.
  const similar = (value: object) => {
    const s = only({ "@type": "Product", name: "Coat", isSimilarTo: value });
    return [...props(s.errors), ...props(s.warnings)].filter((i) => i.includes("isSimilarTo"));
  };
  assert.equal(similar({ url: "https://shop.example/coat/green" }), []);
  assert.equal(similar({ "@type": "Product", url: "https://shop.example/coat/green" }), []);
  // The link is still checked; a value with more than its link has every requirement.
  assert.equal(similar({ url: "green coat page" }), ["invalid-format isSimilarTo.url"]);
  assert.equal(similar({ url: "https://shop.example/coat/green", color: "green" }), ["missing-required isSimilarTo.name"]);
});

test.run();
