/**
 * `visibility` is inherited, and CSS lets a descendant set it back: inside an element an inline
 * `visibility:hidden` hides, one whose inline style says `visibility:visible` is shown (CSS Display 3).
 * A price shown that way is visible; the hidden element's own text, and what `display:none` or the
 * `hidden` attribute hides (which no descendant can undo), are not. Each page has its twin, in three
 * languages' formats, in JSON-LD and in Microdata.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { jsonLd, page, product, truthIssues } from "./helpers.ts";

const PRICE = ["Product not-visible offers.price"];

const withPrice = (price: number, currency: string, lang: string, shown: string) =>
  truthIssues(
    page(
      `<h1>Executive Anvil</h1>${shown}<p>4.8 (120)</p>`,
      jsonLd(product({ offers: { "@type": "Offer", price, priceCurrency: currency, availability: "https://schema.org/InStock" } })),
      lang,
    ),
  );

test("a price an inline visibility:visible shows inside a visibility:hidden element is visible (en, de, fr); the twin's price is not", () => {
  const cases: Array<[string, string, number, number, string]> = [
    ["en", "USD", 12.5, 13.5, `<div style="visibility:hidden">Sold out <p style="visibility:visible">$12.50</p></div>`],
    ["en", "USD", 12.5, 13.5, `<div style="visibility: hidden"><span style="VISIBILITY: VISIBLE">$12</span><span style="visibility:visible">.50</span></div>`],
    ["de", "EUR", 1299, 1199, `<ul style="visibility:collapse"><li>Ausverkauft<li style="visibility:visible">1.299,00&nbsp;€</ul>`],
    ["fr", "EUR", 1299, 1199, `<section style="visibility:hidden"><div><p style="color:red; visibility:visible !important">1 299,00 €</p></div></section>`],
  ];
  for (const [lang, currency, price, other, shown] of cases) {
    assert.equal(withPrice(price, currency, lang, shown), [], `${shown} shows ${price}`);
    assert.equal(withPrice(other, currency, lang, shown), PRICE, `${shown} does not show ${other}`);
  }
});

test("the hidden element's own text, and what display:none or the hidden attribute hides, stay hidden", () => {
  for (const shown of [
    `<div style="visibility:hidden">$12.50 <p style="visibility:visible">Buy now</p></div>`,
    `<div style="visibility:hidden"><p style="visibility:visible">Buy now</p>$12.50</div>`,
    `<div style="display:none"><p style="visibility:visible">$12.50</p></div>`,
    `<div hidden style="visibility:hidden"><p style="visibility:visible">$12.50</p></div>`,
    `<div style="visibility:hidden"><p style="visibility:visible; display:none">$12.50</p></div>`,
    `<div style="visibility:hidden"><p style="visibility:visible;visibility:hidden">$12.50</p></div>`,
    `<div style="visibility:hidden"><p style="visibility:visible">Buy now</p><p>$12.50</p></div>`,
  ]) {
    assert.equal(withPrice(12.5, "USD", "en", shown), PRICE, shown);
  }
});

test("Microdata: a name shown again inside a hidden element is visible; its twin, the name only in the hidden element's text, is not", () => {
  const item = (body: string) =>
    page(
      `<div itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Executive Anvil"><link itemprop="image" href="https://example.com/a.jpg"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="1299"><meta itemprop="priceCurrency" content="EUR"></div>${body}</div><p>1.299,00 €</p>`,
      "",
      "de",
    );
  assert.equal(truthIssues(item(`<div style="visibility:hidden">Neu <h1 style="visibility:visible">Executive Anvil</h1></div>`)), []);
  assert.equal(truthIssues(item(`<div style="visibility:hidden">Executive Anvil <h1 style="visibility:visible">Neu</h1></div>`)), ["Product not-visible name"]);
});

test.run();
