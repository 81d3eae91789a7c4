/**
 * Issue 15's cases: one value broken in otherwise complete markup. A broken required value is a
 * missing one (an error naming it, the node not valid); one only a feature requires ends that
 * feature's eligibility; an ordinary DataFeed is not a book feed.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";
import type { SchemaResult } from "../../runtime/types.ts";

const product = (change: (p: Record<string, any>) => void) => {
  const p: Record<string, any> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Executive Anvil",
    image: "https://example.com/photos/anvil.jpg",
    offers: { "@type": "Offer", price: 119.99, priceCurrency: "USD", availability: "https://schema.org/InStock" },
  };
  change(p);
  return validateValue(p).schemas[0];
};

const errorOn = (s: SchemaResult, property: string) => s.errors.some((e) => e.property === property);
const feature = (s: SchemaResult, id: string) => s.features?.find((f) => f.feature === id);

test("the unbroken product is valid and a merchant listing", () => {
  const s = product(() => {});
  assert.ok(s.valid);
  assert.ok(feature(s, "merchant-listing")?.eligible);
});

for (const price of ["free", "$119.99", "119,99", -5]) {
  test(`offers.price ${JSON.stringify(price)} is no price: an error, not valid, not eligible`, () => {
    const s = product((p) => (p.offers.price = price));
    assert.ok(errorOn(s, "offers.price"), JSON.stringify(s.errors));
    assert.not.ok(s.valid);
    assert.not.ok(s.rich_result_eligible);
  });
}

test('priceCurrency "dollars": the product snippet stays valid, the merchant listing is not eligible', () => {
  const s = product((p) => (p.offers.priceCurrency = "dollars"));
  assert.ok(s.valid);
  assert.not.ok(feature(s, "merchant-listing")?.eligible);
  assert.ok(s.warnings.some((w) => w.property === "offers.priceCurrency" && w.code === "invalid-format"));
});

test('image "not a url": the merchant listing is not eligible', () => {
  const s = product((p) => (p.image = "not a url"));
  assert.not.ok(feature(s, "merchant-listing")?.eligible);
});

test('offers as text is no offer: an error of "offers"', () => {
  const s = product((p) => (p.offers = "119.99 USD"));
  assert.ok(s.errors.some((e) => e.property === "offers" && e.code === "wrong-type"));
});

test('a misspelt nested @type ("Ofer") is an error with a did-you-mean', () => {
  const s = product((p) => (p.offers["@type"] = "Ofer"));
  const issue = s.errors.find((e) => e.property === "offers" && e.code === "wrong-type");
  assert.ok(issue);
  assert.match(issue!.fix, /Did you mean "Offer"\?/);
});

test('ratingCount "many" and no reviewCount: the count group has no valid member', () => {
  const s = product((p) => (p.aggregateRating = { "@type": "AggregateRating", ratingValue: 4.4, ratingCount: "many" }));
  assert.ok(errorOn(s, "aggregateRating.ratingCount"));
  assert.not.ok(s.valid);
});

test('reviewRating "5 stars" is no rating', () => {
  const s = product((p) => (p.review = { "@type": "Review", author: { "@type": "Person", name: "Fred Benson" }, reviewRating: "5 stars" }));
  assert.ok(errorOn(s, "review.reviewRating"));
});

test('a return policy for "Germany" or "60 days" is reported and ends its return policy information, not the merchant listing', () => {
  // "Use the following properties to make your merchant listing eligible to show return policy information."
  for (const [policy, property] of [
    [{ "@type": "MerchantReturnPolicy", applicableCountry: "Germany", returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted" }, "offers.hasMerchantReturnPolicy.applicableCountry"],
    [{ "@type": "MerchantReturnPolicy", applicableCountry: "DE", returnPolicyCategory: "60 days" }, "offers.hasMerchantReturnPolicy.returnPolicyCategory"],
  ] as const) {
    const s = product((p) => (p.offers.hasMerchantReturnPolicy = policy));
    const w = s.warnings.find((i) => i.property === property);
    assert.ok(w && /return policy information needs it/.test(w.message), JSON.stringify(s.warnings));
    assert.ok(feature(s, "merchant-listing")?.eligible, JSON.stringify(policy));
  }
});

test("a required image given as an ImageObject that names no image file is a missing image; one with its URL is an image", () => {
  const recipe = (image: unknown) =>
    validateValue({ "@context": "https://schema.org", "@type": "Recipe", name: "Pina colada", image }).schemas[0];
  for (const image of [{ "@type": "ImageObject", width: 800, height: 600 }, { "@type": "ImageObject", url: "photo.jpg" }, { "@type": "ImageObject", contentUrl: 12 }]) {
    const s = recipe(image);
    assert.ok(errorOn(s, "image"), JSON.stringify(image));
    assert.not.ok(s.valid);
  }
  for (const image of [{ "@type": "ImageObject", url: "https://example.com/colada.jpg" }, { "@type": "ImageObject", contentUrl: "https://example.com/colada.jpg", width: 800 }]) {
    assert.not.ok(errorOn(recipe(image), "image"), JSON.stringify(image));
  }
  // Only the merchant listing requires a product's image: there the listing ends, the product stays valid.
  const s = product((p) => (p.image = { "@type": "ImageObject", caption: "photo" }));
  assert.ok(s.valid);
  assert.not.ok(feature(s, "merchant-listing")?.eligible);
});

const article = (extra: Record<string, unknown>) =>
  validateValue({ "@context": "https://schema.org", "@type": "NewsArticle", headline: "Members-only analysis", datePublished: "2026-03-10T08:00:00+08:00", ...extra }).schemas[0];

test('paywall: isAccessibleForFree "maybe" is an error', () => {
  const s = article({ isAccessibleForFree: "maybe" });
  assert.ok(errorOn(s, "isAccessibleForFree"));
  assert.not.ok(s.valid);
});

test("paywall detected through hasPart.cssSelector without the top-level flag: an error", () => {
  const s = article({ hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".paywall" } });
  assert.ok(s.errors.some((e) => e.property === "isAccessibleForFree" && e.code === "missing-required"));
});

test("ProfilePage: a mainEntity without a name (nor alternateName), or with an empty one, is an error", () => {
  for (const mainEntity of [{ "@type": "Person", description: "Writer" }, { "@type": "Person", name: "" }]) {
    const s = validateValue({ "@context": "https://schema.org", "@type": "ProfilePage", mainEntity }).schemas[0];
    assert.ok(s.errors.some((e) => e.property === "mainEntity.name"), JSON.stringify(s.errors));
  }
});

test('Quiz: eduQuestionType other than "Flashcard" is an error', () => {
  const s = validateValue({
    "@context": "https://schema.org",
    "@type": "Quiz",
    hasPart: { "@type": "Question", eduQuestionType: "Multiple choice", text: "What is 1/2 + 1/4?", acceptedAnswer: { "@type": "Answer", text: "3/4" } },
  }).schemas[0];
  assert.ok(errorOn(s, "hasPart.eduQuestionType"));
});

test("an ordinary DataFeed of DataFeedItems is validated as what it is, not as a book feed", () => {
  const s = validateValue({
    "@context": "https://schema.org",
    "@type": "DataFeed",
    dataFeedElement: [{ "@type": "DataFeedItem", dateModified: "2026-11-20T08:00:00Z", item: { "@type": "Thing", name: "One" } }],
  }).schemas[0];
  assert.equal(s.errors, []);
  assert.not.ok(s.rich_result_eligible);
});

test("an Event location whose address is a number is no address: an error", () => {
  const s = validateValue({ "@context": "https://schema.org", "@type": "Event", name: "Concert", startDate: "2026-05-01T19:00:00-05:00", location: { "@type": "Place", name: "Hall", address: 12345 } }).schemas[0];
  assert.ok(s.errors.some((e) => e.property === "location.address" && e.code === "wrong-type"));
});

test("a relative URL still counts as given (the page's URL completes it): a warning", () => {
  const s = product((p) => (p.image = "/photos/anvil.jpg"));
  assert.ok(s.valid);
  assert.ok(s.warnings.some((w) => w.property === "image" && w.code === "invalid-format"));
});

const shopPolicy = (merchantReturnDays: unknown) =>
  validateValue({
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "Example Shop",
    url: "https://www.example.com",
    hasMerchantReturnPolicy: { "@type": "MerchantReturnPolicy", applicableCountry: "US", returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow", merchantReturnDays },
  }).schemas[0];

for (const days of ["30 days", 30.5, "thirty"]) {
  test(`a shop-wide finite return window of ${JSON.stringify(days)} is no number of days: an error, not valid`, () => {
    const s = shopPolicy(days);
    assert.ok(errorOn(s, "hasMerchantReturnPolicy.merchantReturnDays"), JSON.stringify(s.errors));
    assert.not.ok(s.valid);
  });
}

for (const days of [30, "30", "2026-12-31"]) {
  test(`a shop-wide return window of ${JSON.stringify(days)} (days or a last date) is accepted`, () => {
    assert.not.ok(errorOn(shopPolicy(days), "hasMerchantReturnPolicy.merchantReturnDays"));
  });
}

test("an app category outside the supported app types is a warning (recommended), the app stays eligible", () => {
  const s = validateValue({
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: "Angry Birds",
    applicationCategory: "Games",
    offers: { "@type": "Offer", price: 0 },
    aggregateRating: { "@type": "AggregateRating", ratingValue: 4.6, ratingCount: 8864 },
  }).schemas[0];
  assert.ok(s.warnings.some((w) => w.property === "applicationCategory" && w.code === "invalid-enum"));
  assert.ok(s.rich_result_eligible);
});

for (const unitCode of ["days", "Day", "HUR"]) {
  test(`a shipping handling time in ${JSON.stringify(unitCode)} (not DAY or d) is reported and ends the shipping details enhancement, not the listing`, () => {
    const s = product((p) => {
      p.offers.shippingDetails = {
        "@type": "OfferShippingDetails",
        shippingRate: { "@type": "MonetaryAmount", value: 3.49, currency: "USD" },
        shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" },
        deliveryTime: {
          "@type": "ShippingDeliveryTime",
          handlingTime: { "@type": "QuantitativeValue", minValue: 0, maxValue: 1, unitCode },
          transitTime: { "@type": "QuantitativeValue", minValue: 1, maxValue: 5, unitCode: "d" },
        },
      };
    });
    const w = s.warnings.find((i) => i.property === "offers.shippingDetails.deliveryTime.handlingTime.unitCode");
    assert.ok(w && /shipping details enhancement needs it/.test(w.message), JSON.stringify(s.warnings));
    assert.ok(feature(s, "merchant-listing")?.eligible);
  });
}

test("a paywalled section typed WebPage, not WebPageElement, is named (a warning: hasPart is recommended on the paywall page)", () => {
  const s = validateValue({
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: "Article headline",
    isAccessibleForFree: false,
    hasPart: { "@type": "WebPage", isAccessibleForFree: false, cssSelector: ".paywall" },
  }).schemas[0];
  assert.ok(s.warnings.some((w) => w.property === "hasPart" && w.code === "wrong-type"), JSON.stringify(s.warnings));
});

test.run();
