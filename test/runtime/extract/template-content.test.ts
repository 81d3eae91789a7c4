/**
 * A <template>'s content is a document fragment of its own (HTML section 4.12.3), no part of the page's
 * tree: its text is not the text of the element around it, in Microdata or RDFa, and a <base href> in
 * it is not the document's base. Each case has a twin that differs only in the template: an element
 * that is part of the tree, whose text and base count as before.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { textContent } from "../../../runtime/extract/html-text.ts";
import { extractHtmlItems } from "../../../runtime/extract/extract-items.ts";
import { validateHtml } from "../../../runtime/validate.ts";

/** The first item's properties in the page's first block (Microdata or RDFa). */
function firstItem(html: string): Record<string, unknown> {
  return extractHtmlItems(html)[0].items[0] as Record<string, unknown>;
}

const offer = (inner: string) =>
  `<div itemscope itemtype="https://schema.org/Offer"><span itemprop="price">${inner}</span><meta itemprop="priceCurrency" content="USD"></div>`;

test("Microdata: a price's text leaves out the former price kept in a template", () => {
  assert.is(firstItem(offer("12.99<template><em>was 15.99</em></template>")).price, "12.99");
});

test("Microdata twin: the same former price in an element of the page is part of the text", () => {
  assert.is(firstItem(offer("12.99<span><em>was 15.99</em></span>")).price, "12.99was 15.99");
});

const product = (price: string) =>
  `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">N</span><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">${price}</span><meta itemprop="priceCurrency" content="USD"></div></div>`;

/** The codes of the issues on the product's offer price. */
function priceIssues(html: string): string[] {
  const issues = validateHtml(html).schemas.flatMap((s) => [...s.errors, ...s.warnings]);
  return issues.filter((i) => i.path === "/0/offers/price").map((i) => i.code);
}

test("Microdata: a template in a price gives no invalid-format error", () => {
  assert.equal(priceIssues(product("12.99<template><em>was 15.99</em></template>")), []);
});

test("Microdata twin: the same text in an element of the page is an invalid price", () => {
  assert.equal(priceIssues(product("12.99<span><em>was 15.99</em></span>")), ["invalid-format"]);
});

test("RDFa: a property's text leaves out a template's", () => {
  const html = `<div vocab="https://schema.org/" typeof="Product"><span property="name">A<template>Hidden</template>B</span></div>`;
  assert.is(firstItem(html).name, "AB");
});

test("RDFa twin: the same text in an element of the page is part of it", () => {
  const html = `<div vocab="https://schema.org/" typeof="Product"><span property="name">A<span>Hidden</span>B</span></div>`;
  assert.is(firstItem(html).name, "AHiddenB");
});

test("textContent: nested templates, and a </template> in a script inside one, end where the outer template ends", () => {
  const html = `a<template>x<template>y</template>z<script>"</template>"</script>w</template>b`;
  assert.is(textContent(html, 0, html.length), "ab");
});

test("textContent twin: the same markup with elements of the page for the templates is text", () => {
  const html = `a<span>x<span>y</span>z<script>"</template>"</script>w</span>b`;
  assert.is(textContent(html, 0, html.length), "axyzwb");
});

const page = (first: string) =>
  `<html><head>${first}<base href="https://right.example/r/"></head><body><div itemscope itemtype="https://schema.org/Product"><img itemprop="image" src="i.png"></div></body></html>`;

test("a <base href> inside a template is not the document's base", () => {
  assert.is(firstItem(page(`<template><base href="https://wrong.example/t/"></template>`)).image, "https://right.example/r/i.png");
});

test("twin: the first <base href> of the page is the base", () => {
  assert.is(firstItem(page(`<base href="https://wrong.example/t/">`)).image, "https://wrong.example/t/i.png");
});

test.run();
