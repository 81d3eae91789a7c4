/**
 * A price the page shows only struck through (`<del>`, `<s>`, `<strike>`; rendered, a stylesheet's line-through too) is the
 * former price beside the current one: the offer's price is the price a buyer pays now (the merchant
 * listing documentation puts a former price in a priceSpecification of priceType StrikethroughPrice).
 * Each planted defect (the markup gives the struck price) has a twin that differs only in the defect
 * (the markup gives the current one), in JSON-LD and Microdata, in three languages' formats.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml } from "../../../runtime/validate.ts";
import { issuesOf, jsonLd, page, product, truthIssues } from "./helpers.ts";

const PRICE = ["Product not-visible offers.price"];
const offer = (price: number, currency: string) => ({ offers: { "@type": "Offer", price, priceCurrency: currency, availability: "https://schema.org/InStock" } });

/** A page in `lang` that shows `shown` (a former and a current price) and marks up `price`. */
const withPrice = (shown: string, lang: string, price: number, currency: string) =>
  truthIssues(page(`<h1>Executive Anvil</h1><p>${shown}</p><p>4.8 (120)</p>`, jsonLd(product(offer(price, currency))), lang));

// [lang, currency, the page's display of a former price of 1,499 and a current one of 1,299, with {was} and {now} in place]
const DISPLAYS: Array<[string, string, string]> = [
  ["en", "USD", "<del>$1,499.00</del> <ins>$1,299.00</ins>"],
  ["de", "EUR", `<s class="price-item price-item--regular">1.499,00 €</s> <span class="price-item price-item--sale">1.299,00 €</span>`],
  ["fr", "EUR", "<strike>1 499,00 €</strike> 1 299,00 €"],
  ["en", "USD", "<S>$1,499</S> $1,299"],
  // WooCommerce's sale price: the former price in <del>, its amount in nested spans.
  [
    "en",
    "USD",
    `<del aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>1,499.00</bdi></span></del> <ins><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>1,299.00</bdi></span></ins>`,
  ],
];

test("a price shown only struck through is not the offer's price; the current price beside it is (JSON-LD, en, de, fr)", () => {
  for (const [lang, currency, shown] of DISPLAYS) {
    assert.equal(withPrice(shown, lang, 1499, currency), PRICE, `${shown}: the former price`);
    assert.equal(withPrice(shown, lang, 1299, currency), [], `${shown}: the current price`);
  }
});

test("a struck price that the page also shows unstruck is shown; a page without struck text reads as before", () => {
  assert.equal(withPrice("<del>$1,499.00</del> $1,299.00 <p>List price: $1,499.00</p>", "en", 1499, "USD"), []);
  assert.equal(withPrice("$1,499.00", "en", 1499, "USD"), []);
  // Struck text that is no price: nothing changes.
  assert.equal(withPrice("<s>Free shipping</s> $1,499.00", "en", 1499, "USD"), []);
});

test("the message says the price is shown only struck through, and the fix names StrikethroughPrice", () => {
  const result = validateHtml(page(`<h1>Executive Anvil</h1><p><del>$1,499.00</del> $1,299.00</p><p>4.8 (120)</p>`, jsonLd(product(offer(1499, "USD")))), "https://shop.example/anvil");
  const [issue] = issuesOf(result.schemas[0]);
  assert.match(issue.message, /struck through/);
  assert.match(issue.fix, /StrikethroughPrice/);
  assert.is(issue.severity, "warning");
});

test("Microdata: a price whose element is struck through is a former price, unless the page shows it elsewhere; its twin on the current price is shown", () => {
  const item = (former: string, current: string) => `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Executive Anvil</h1><link itemprop="image" href="https://example.com/a.jpg">
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><del>${former}</del> <span>${current}</span><meta itemprop="priceCurrency" content="EUR"><link itemprop="availability" href="https://schema.org/InStock"></div></div>`;
  const priceIssues = (html: string, lang: string) => truthIssues(page(html, "", lang)).filter((l) => l.endsWith("offers.price"));
  // The value read from the struck element's text, and from its content attribute.
  assert.equal(priceIssues(item(`<span itemprop="price">1.499,00</span> €`, "1.299,00 €"), "de"), PRICE);
  assert.equal(priceIssues(item(`<span itemprop="price" content="1499.00">1.499,00 €</span>`, "1.299,00 €"), "de"), PRICE);
  assert.equal(priceIssues(item("1.499,00 €", `<span itemprop="price">1.299,00</span> €`), "de"), []);
  assert.equal(priceIssues(item("1 499,00 €", `<span itemprop="price" content="1299.00">1 299,00 €</span>`), "fr"), []);
  assert.equal(priceIssues(item(`<span itemprop="price">1,499.00</span>`, "$1,299.00") + "<p>Was $1,499.00</p>", "en"), []);
});

test.run();
