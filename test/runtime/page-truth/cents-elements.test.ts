/**
 * Cents in an element of their own, without a decimal mark: "$12<span class="cents">50</span>" shows
 * $12.50 as "$12<sup>50</sup>" does (a stylesheet raises them). Each page that shows the markup's price
 * this way has a twin with another price, in three languages' formats, in JSON-LD and Microdata. Elements
 * that do not name cents ("text-center", "discount-percent", a rating beside its count) stay numbers of
 * their own.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { jsonLd, page, product, truthIssues } from "./helpers.ts";

const PRICE = ["Product not-visible offers.price"];

const offer = (price: number, currency: string) => ({ "@type": "Offer", price, priceCurrency: currency, availability: "https://schema.org/InStock" });
const withPrice = (price: number, currency: string, lang: string, shown: string, rating = "<p>4.8 (120)</p>") =>
  truthIssues(page(`<h1>Executive Anvil</h1><p>${shown}</p>${rating}`, jsonLd(product({ offers: offer(price, currency) })), lang));

test("cents in an element a class names are cents (en, pt-BR, de); the twin's price is not shown", () => {
  const cases: Array<[string, string, number, number, string]> = [
    // [lang, currency, the price shown, another price, the page's text]
    ["en", "USD", 12.5, 13.5, `$12<span class="cents">50</span>`],
    ["en", "USD", 12.5, 13.5, `$12<span class="price__cents">50</span>`],
    ["en", "USD", 12.5, 13.5, `<span class="price-dollars">$12</span> <span class="price-cents">50</span>`],
    ["en", "USD", 12.99, 12.49, `$<span class="whole">12</span><span class="a-price-fraction">99</span>`],
    ["en", "USD", 12.5, 13.5, `$12<span class="priceCents">50</span>`],
    ["pt-BR", "BRL", 37.9, 39.9, `R$ 37<span class="price-cents">90</span>`],
    ["de", "EUR", 1299.99, 1299, `1.299<span class="cents">99</span> €`],
    ["de", "EUR", 12.5, 12, `12<small class="decimals">50</small> €`],
    // Themes' raised classes: "sup", "price-sup", "dec".
    ["en", "USD", 19.99, 18.99, `$19<span class="sup">99</span>`],
    ["en", "USD", 19.99, 18.99, `$19<span class="price-sup">99</span>`],
    ["en", "USD", 19.99, 18.99, `$19<span class="dec">99</span>`],
  ];
  for (const [lang, currency, price, other, shown] of cases) {
    assert.equal(withPrice(price, currency, lang, shown), [], `${shown} shows ${price}`);
    assert.equal(withPrice(other, currency, lang, shown), PRICE, `${shown} does not show ${other}`);
  }
});

test("cents raised by an inline vertical-align are cents; lowered or on the baseline they are not", () => {
  const raised = (style: string) => `<span style="vertical-align:.75ex">$</span><span>12</span><span style="${style}">50</span>`;
  for (const style of ["vertical-align:.75ex", "vertical-align: super", "vertical-align:top", "font-size:10px;vertical-align:0.5em"]) {
    assert.equal(withPrice(12.5, "USD", "en", raised(style)), [], style);
    assert.equal(withPrice(13.5, "USD", "en", raised(style)), PRICE, `${style}, another price`);
  }
  for (const style of ["vertical-align:baseline", "vertical-align:0", "vertical-align:-0.5em", "color:red"]) {
    assert.equal(withPrice(12.5, "USD", "en", raised(style)), PRICE, `${style}: two numbers, 12 and 50`);
    assert.equal(withPrice(12, "USD", "en", raised(style)), [], `${style}: 12 is shown`);
  }
});

test("elements that do not name cents stay numbers of their own", () => {
  // A class that mentions "cent" in another word: the 12 is shown, 12.50 is not.
  for (const cls of ["text-center", "discount-percent", "centered", "accent", "support", "decoration", "footnote-sup", "note_sup", "qty-dec"]) {
    const shown = `$12<span class="${cls}">50</span>`;
    assert.equal(withPrice(12, "USD", "en", shown), [], `${cls}: 12`);
    assert.equal(withPrice(12.5, "USD", "en", shown), PRICE, `${cls}: not 12.50`);
  }
  // More than two digits, or other text, in the cents element: not cents.
  assert.equal(withPrice(12, "USD", "en", `$12<span class="cents">500</span>`), []);
  assert.equal(withPrice(12, "USD", "en", `$12<span class="cents">50 off</span>`), []);
  // A rating beside its count, in spans a stylesheet spaces: two numbers.
  const ratingAndCount = `<p><span class="rating">4</span><span class="count">12</span></p>`;
  const rated = (ratingValue: number, reviewCount: number) =>
    truthIssues(page(`<h1>Executive Anvil</h1><p>$1,299</p>${ratingAndCount}`, jsonLd(product({ offers: offer(1299, "USD"), aggregateRating: { "@type": "AggregateRating", ratingValue, reviewCount } })), "en"));
  assert.equal(rated(4, 12), []);
});

test("Microdata: the price in a meta, shown with its cents in a span", () => {
  const microdata = (price: string) =>
    page(
      `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Executive Anvil</h1><img itemprop="image" src="https://example.com/anvil.jpg" alt="">` +
        `<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR"><meta itemprop="price" content="${price}">` +
        `<link itemprop="availability" href="https://schema.org/InStock"><p>12<span class="cents">50</span> €</p></div></div>`,
      "",
      "fr",
    );
  assert.equal(truthIssues(microdata("12.50")), []);
  assert.equal(truthIssues(microdata("13.50")), PRICE);
});

test.run();
