/**
 * A button drawn by an input shows its value: `<input type="submit" value="Add to cart – $12.50">` shows
 * the price as a `<button>` would. Each page has a twin with another price, in three languages' formats;
 * the values of other inputs (hidden, text) and of hidden buttons show nothing.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { jsonLd, page, product, truthIssues } from "./helpers.ts";

const PRICE = ["Product not-visible offers.price"];

const withPrice = (price: number, currency: string, lang: string, shown: string) =>
  truthIssues(
    page(
      `<h1>Executive Anvil</h1><form>${shown}</form><p>4.8 (120)</p>`,
      jsonLd(product({ offers: { "@type": "Offer", price, priceCurrency: currency, availability: "https://schema.org/InStock" } })),
      lang,
    ),
  );

test("an input button's label shows its price (en, de, fr); the twin's price is not shown", () => {
  const cases: Array<[string, string, number, number, string]> = [
    ["en", "USD", 12.5, 13.5, `<input type="submit" value="Add to cart – $12.50">`],
    ["en", "USD", 12.5, 13.5, `<INPUT TYPE=BUTTON VALUE='Buy now: $12.50'>`],
    ["de", "EUR", 1299, 1199, `<input value="In den Warenkorb &ndash; 1.299,00&nbsp;&euro;" type="submit">`],
    ["fr", "EUR", 1299, 1199, `<input type="reset" value="1 299,00 € · Effacer">`],
  ];
  for (const [lang, currency, price, other, shown] of cases) {
    assert.equal(withPrice(price, currency, lang, shown), [], `${shown} shows ${price}`);
    assert.equal(withPrice(other, currency, lang, shown), PRICE, `${shown} does not show ${other}`);
  }
});

test("other inputs' values, and hidden buttons, show nothing", () => {
  for (const shown of [
    `<input type="hidden" value="$12.50">`,
    `<input type="text" value="$12.50">`,
    `<input value="$12.50">`,
    `<input type="image" alt="$12.50" src="/buy.png">`,
    `<input type="submit" value="$12.50" hidden>`,
    `<input type="submit" value="$12.50" style="display:none">`,
    `<div hidden><input type="submit" value="$12.50"></div>`,
    `<template><input type="submit" value="$12.50"></template>`,
  ]) {
    assert.equal(withPrice(12.5, "USD", "en", shown), PRICE, shown);
  }
});

test.run();
