/**
 * Digits of a code (an article number, a model, a SKU) are no price and no count: "SKU: ANV-1299",
 * "Art.-Nr. 1299" or "Réf. 1299" on a page do not show a price of 1,299 or 1,299 reviews. Each planted
 * defect (the price or count shown only inside a code) has a twin that shows it as an amount, in three
 * languages' formats, in JSON-LD and Microdata. Currencies written in letters before the digits stay
 * amounts ("EUR-1299", "Rp1.299"), and a rating is not asked (a "4.8-star" display shows 4.8).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { jsonLd, page, product, truthIssues } from "./helpers.ts";

const PRICE = ["Product not-visible offers.price"];
const COUNT = ["Product not-visible aggregateRating.reviewCount"];

const anvil = (price: number, currency: string) =>
  jsonLd(product({ offers: { "@type": "Offer", price, priceCurrency: currency, availability: "https://schema.org/InStock" } }));
const shows = (text: string, lang: string, currency = "EUR") => truthIssues(page(`<h1>Executive Anvil</h1><p>${text}</p><p>4.8 (120)</p>`, anvil(1299, currency), lang));

test("a price shown only inside a code is not shown; beside the code, as an amount, it is (en, de, fr)", () => {
  const cases: Array<[string, string, string, string]> = [
    // [lang, currency, the code holding 1299, the price shown]
    ["en", "USD", "SKU: ANV-1299", "$1,299.00"],
    ["en", "USD", "Item #1299", "$1,299.00"],
    ["en", "USD", "Model 1299", "$1,299"],
    ["de", "EUR", "Art.-Nr. 1299", "1.299,00 €"],
    ["de", "EUR", "Artikelnummer: 1299", "1.299 €"],
    ["fr", "EUR", "Réf. 1299", "1 299,00 €"],
    ["fr", "EUR", "Modèle X-1299", "1 299 €"],
  ];
  for (const [lang, currency, code, price] of cases) {
    assert.equal(shows(code, lang, currency), PRICE, `${code}: the code alone`);
    assert.equal(shows(`${code} · ${price}`, lang, currency), [], `${code} beside ${price}`);
  }
  // A code and the price in one run of numbers: the code's digits are left out, the price is read.
  assert.equal(shows("ANV-1299 $1,299", "en", "USD"), []);
  assert.equal(shows("ANV-1299 $1,199", "en", "USD"), PRICE);
});

test("a count shown only inside a code is not shown; as a count it is", () => {
  const page1 = (text: string) => truthIssues(page(`<h1>Executive Anvil</h1><p>1.299,00 € · ${text}</p><p>4,8</p>`, anvil(1299, "EUR"), "de"));
  assert.equal(page1("Art.-Nr. 120"), COUNT);
  assert.equal(page1("Art.-Nr. 77 · 120 Bewertungen"), []);
});

test("currencies in letters before the digits stay amounts: EUR-1299, Rs1299, Rp1.299, R 1 299", () => {
  assert.equal(shows("EUR-1299", "en"), []);
  assert.equal(shows("Rs-1299", "en", "INR"), []);
  assert.equal(shows("Rs1299", "en", "INR"), []);
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>Rp1.299</p><p>4.8 (120)</p>`, anvil(1299, "IDR"), "id")), []);
  assert.equal(shows("R 1 299,00", "en-ZA", "ZAR"), []);
  // A price after a range's hyphen is an amount: "$999-1,299".
  assert.equal(shows("$999-1,299", "en", "USD"), []);
});

test("a rating is not asked: a 4.8-star display and a rating after a code's hyphen show 4.8", () => {
  const rated = (text: string) => truthIssues(page(`<h1>Executive Anvil</h1><p>1.299,00 € (120)</p><p>${text}</p>`, anvil(1299, "EUR"), "de"));
  assert.equal(rated("4.8-Sterne-Bewertung"), []);
  assert.equal(rated("Note-4,8"), []);
  assert.equal(rated("Note 4,2"), ["Product not-visible aggregateRating.ratingValue"]);
});

test("Microdata: a price in <meta content> shown only inside a code is not shown", () => {
  const microdata = (shown: string) =>
    page(`<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Executive Anvil</h1><img itemprop="image" src="https://example.com/a.jpg">
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="1299"><meta itemprop="priceCurrency" content="USD"><link itemprop="availability" href="https://schema.org/InStock"></div>
<p>${shown}</p></div>`);
  assert.equal(truthIssues(microdata("SKU: ANV-1299")), PRICE);
  assert.equal(truthIssues(microdata("SKU: ANV-1299 · $1,299.00")), []);
});

test.run();
