/**
 * An offer may give its price in its priceSpecification instead of `price` (the merchant listing
 * documentation requires "price or priceSpecification.price"): that price is the offer's, and the page
 * must show it as it must show `offers.price`. Each planted defect (the markup's price is not the one
 * shown) has a twin that differs only in the defect, in JSON-LD and Microdata, in three languages'
 * formats. Reference prices (a StrikethroughPrice, a ListPrice) and member prices are not looked up.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml } from "../../../runtime/validate.ts";
import { issuesOf, jsonLd, page, product, truthIssues } from "./helpers.ts";

const SPEC_PRICE = ["Product not-visible offers.priceSpecification.price"];

const specification = (price: number, currency: string, extra: Record<string, unknown> = {}) => ({ "@type": "UnitPriceSpecification", price, priceCurrency: currency, ...extra });
const offerWith = (priceSpecification: unknown, own: Record<string, unknown> = {}) => ({
  offers: { "@type": "Offer", ...own, priceSpecification, availability: "https://schema.org/InStock" },
});

/** A page in `lang` showing `shown` with the product's offer as `offers`. */
const withOffer = (shown: string, lang: string, offers: Record<string, unknown>) =>
  truthIssues(page(`<h1>Executive Anvil</h1><p>${shown}</p><p>4.8 (120)</p>`, jsonLd(product(offers)), lang));

// [lang, currency, the page's display of 1,299]
const DISPLAYS: Array<[string, string, string]> = [
  ["en", "USD", "$1,299.00"],
  ["de", "EUR", "1.299,00 €"],
  ["fr", "EUR", "1 299,00 €"],
];

test("an offer's price given only in its priceSpecification must be shown (JSON-LD, en, de, fr)", () => {
  for (const [lang, currency, shown] of DISPLAYS) {
    assert.equal(withOffer(shown, lang, offerWith(specification(1299, currency))), [], `${shown}: the price shown`);
    assert.equal(withOffer(shown, lang, offerWith(specification(1199, currency))), SPEC_PRICE, `${shown}: another price`);
  }
});

test("the warning names the specification's price, its value and a fix", () => {
  const html = page("<h1>Executive Anvil</h1><p>$1,299.00</p><p>4.8 (120)</p>", jsonLd(product(offerWith(specification(1199, "USD")))));
  const [issue] = validateHtml(html, "https://shop.example/anvil").schemas.flatMap(issuesOf);
  assert.is(issue.property, "offers.priceSpecification.price");
  assert.is(issue.path, "/offers/priceSpecification/price");
  assert.match(issue.message, /"offers\.priceSpecification\.price" is 1199 in the markup/);
  assert.match(issue.fix, /Show the price on the page/);
});

test("a list of specifications: the current price is looked up, a reference or member price is not", () => {
  const current = (price: number) => specification(price, "USD");
  const former = specification(1499, "USD", { priceType: "https://schema.org/StrikethroughPrice" });
  const list = specification(1599, "USD", { priceType: "ListPrice" });
  const member = specification(999, "USD", { validForMemberTier: { "@type": "MemberProgramTier", "@id": "https://shop.example/#gold" } });
  assert.equal(withOffer("$1,299.00", "en", offerWith([current(1299), former, list, member])), [], "only the current price, shown");
  assert.equal(withOffer("$1,299.00", "en", offerWith([current(1199), former, list, member])), SPEC_PRICE, "the current price not shown");
  const sale = specification(1199, "USD", { priceType: "https://schema.org/SalePrice" });
  assert.equal(withOffer("$1,299.00", "en", offerWith([sale])), SPEC_PRICE, "a sale price is what a buyer pays now");
});

test("an offer with a price of its own is judged by it; its specification is not looked up again", () => {
  assert.equal(withOffer("$1,299.00", "en", offerWith(specification(1299, "USD"), { price: 1299, priceCurrency: "USD" })), []);
  assert.equal(withOffer("$1,299.00", "en", offerWith(specification(1199, "USD"), { price: 1299, priceCurrency: "USD" })), [], "the offer's own price decides");
  assert.equal(withOffer("$1,299.00", "en", offerWith(specification(1199, "USD"), { price: 1199, priceCurrency: "USD" })), ["Product not-visible offers.price"]);
});

test("the specification's currency reads the amount; without one, its offer's does", () => {
  // 129.000 on a page in English: 129,000 dong (a currency without decimals), not 129 with three decimals.
  assert.equal(withOffer("129.000₫", "en", offerWith(specification(129000, "VND"))), []);
  assert.equal(withOffer("129.000₫", "en", offerWith({ "@type": "UnitPriceSpecification", price: 129000 }, { priceCurrency: "VND" })), []);
  assert.equal(withOffer("129.000₫", "en", offerWith({ "@type": "UnitPriceSpecification", price: 129000 })), SPEC_PRICE, "no currency: the page's own reading");
});

test("Microdata: a specification's price in <meta content> is looked up; one in the element's text is shown", () => {
  const microdata = (priceElement: string, shown: string, lang: string) =>
    page(
      `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Executive Anvil</h1><img itemprop="image" src="https://example.com/a.jpg">
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><link itemprop="availability" href="https://schema.org/InStock">
<div itemprop="priceSpecification" itemscope itemtype="https://schema.org/UnitPriceSpecification">${priceElement}<meta itemprop="priceCurrency" content="EUR"></div></div>
<p>${shown}</p></div>`,
      "",
      lang,
    );
  for (const [lang, , shown] of DISPLAYS) {
    assert.equal(truthIssues(microdata(`<meta itemprop="price" content="1299.00">`, shown, lang)), [], `${lang}: shown`);
    assert.equal(truthIssues(microdata(`<meta itemprop="price" content="1199.00">`, shown, lang)), SPEC_PRICE, `${lang}: not shown`);
  }
  assert.equal(truthIssues(microdata(`<span itemprop="price">1199</span>`, "", "en")), [], "the element's text is the value, shown");
});

test("conflicting-values: a duplicate's price written in its priceSpecification is compared as its price", () => {
  // A theme's Microdata gives offers.price, a plugin's JSON-LD the price in its UnitPriceSpecification.
  const microdata = (price: string) => `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Executive Anvil</span><meta itemprop="sku" content="ANV-1">
  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="${price}"><meta itemprop="priceCurrency" content="USD"></div></div>`;
  const shown = "<h1>Executive Anvil</h1><p>$1,299.00 - $1,199.00</p><p>4.8 (120)</p>";
  const plugin = jsonLd(product(offerWith(specification(1299, "USD"))));
  assert.equal(truthIssues(page(shown + microdata("1299"), plugin)), ["Product duplicate-entity sku"], "the same price");
  const result = validateHtml(page(shown + microdata("1199"), plugin), "https://shop.example/anvil");
  const issues = result.schemas.flatMap(issuesOf).map((i) => `${i.code} ${i.property} ${i.path}`);
  assert.equal(issues, ["duplicate-entity sku /sku", "conflicting-values offers.price /offers/priceSpecification/price"], "another price");
});

test.run();
