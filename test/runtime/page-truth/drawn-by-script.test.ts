/**
 * An app shell (a page whose scripts draw its content: almost no text in its HTML, and a script that
 * runs) is not checked for not-visible without rendering: its values are not drawn yet, and the note
 * says to render it. Twins: the same page without a script that runs, with a few words more, or with
 * Microdata items in its HTML, is read as the page it is. The rendered case is in rendered.test.ts.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml } from "../../../runtime/validate.ts";
import { jsonLd, page, product, truthIssues } from "./helpers.ts";

const ALL_NOT_VISIBLE = [
  "Product not-visible aggregateRating.ratingValue",
  "Product not-visible aggregateRating.reviewCount",
  "Product not-visible name",
  "Product not-visible offers.price",
];

const notesOf = (html: string) => validateHtml(html, "https://shop.example/anvil").schemas.flatMap((s) => s.notes ?? []);

const SHELLS: Record<string, string> = {
  react: `<div id="root"></div><script src="/static/js/main.3f2a.js"></script>`,
  module: `<div id="app"></div><script type="module" src="/assets/index-4b1c.js"></script>`,
  next: `<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{"props":{}}</script><script src="/_next/static/chunks/main.js" defer></script>`,
  loading: `<app-root><p>Loading...</p></app-root><noscript>Please enable JavaScript to use this shop.</noscript><script>window.boot()</script>`,
  typed: `<div id="root"></div><script type="text/javascript">boot()</script>`,
};

for (const [name, body] of Object.entries(SHELLS)) {
  test(`an app shell (${name}): no not-visible, and a note says the script draws the page`, () => {
    const html = page(body, jsonLd(product()));
    assert.equal(truthIssues(html), []);
    assert.ok(notesOf(html).some((n) => n.includes("Validate it with render")), "the note says to render");
  });
}

test("twin: the same shell without a script that runs (JSON-LD, JSON and templates draw nothing) is read as it is", () => {
  const body = `<div id="root"></div><script type="application/json">{"a":1}</script><script type="text/template"><p>x</p></script>`;
  assert.equal(truthIssues(page(body, jsonLd(product()))), ALL_NOT_VISIBLE);
  assert.not.ok(notesOf(page(body, jsonLd(product()))).some((n) => n.includes("render")));
  assert.equal(truthIssues(page(`<div id="root"></div>`, jsonLd(product()))), ALL_NOT_VISIBLE);
});

test("twin: a page that shows more than a few words is not a shell, whatever scripts it runs", () => {
  const body = `<header><a href="/">Home</a> <a href="/shop">Shop</a> <a href="/cart">Cart</a> <a href="/help">Help</a></header><div id="root"></div><script src="/app.js"></script>`;
  assert.equal(truthIssues(page(body, jsonLd(product()))), ALL_NOT_VISIBLE);
  // The rating shown wrong on an otherwise empty page with a script: four words, read as the page it is.
  const wrong = `<p>4.2 out of 5</p><script src="/app.js"></script>`;
  assert.equal(truthIssues(page(wrong, jsonLd(product()))), ALL_NOT_VISIBLE);
});

test("twin: a page of a word or two with Microdata items in its HTML and a script is read as it is", () => {
  const body = `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Anvil</span><meta itemprop="sku" content="A-1"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="1299"><meta itemprop="priceCurrency" content="EUR"></div></div><script src="/app.js"></script>`;
  assert.equal(truthIssues(page(body)), ["Product not-visible offers.price"]);
});

test("an app shell still has its duplicates reported: they do not depend on what the page shows", () => {
  const body = `<div id="root"></div><script src="/app.js"></script>`;
  const html = page(body, jsonLd(product()) + jsonLd(product({ offers: { "@type": "Offer", price: 1199, priceCurrency: "EUR" } })));
  assert.equal(truthIssues(html), ["Product conflicting-values offers.price", "Product duplicate-entity sku"]);
});

test.run();
