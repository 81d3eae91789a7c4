/**
 * An element's text is read with the page's tag scanner: a `>` inside a quoted attribute value does
 * not end the tag (issue 25: `<abbr title="x>y">XL</abbr>` gave `y">XL`), and comments, bogus
 * comments and raw-text elements inside a value follow the same rules as everywhere else.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { textContent } from "../../../runtime/extract/html-text.ts";
import { buildItemTree } from "../../../runtime/extract/html-items.ts";
import { extractMicrodata } from "../../../runtime/extract/microdata.ts";
import { extractRdfa } from "../../../runtime/extract/rdfa.ts";

const TEXTS: Array<[string, string, string]> = [
  ["a quoted > in an attribute", `<abbr title="x>y">XL</abbr>`, "XL"],
  ["a single-quoted > in an attribute", `<b data-x='a>b' class=c>bold</b> text`, "bold text"],
  ["a > in an end tag's attribute", `<i>one</i title="a>b"> two`, "one two"],
  ["a comment holding a tag", `a<!-- <b title=">"> -->b`, "ab"],
  ["a short comment", `a<!-->b`, "ab"],
  // A bogus comment ends at its first `>`, quoted or not (the HTML tokenizer's rule).
  ["bogus comments", `a<!DOCTYPE x>b<?php echo ">" ?>c`, `ab" ?>c`],
  ["script content left out, even with a quoted >", `x<script>if (a > b) document.write("<b>")</script>y`, "xy"],
  ["style content left out", `x<style>b > i { color: red }</style>y`, "xy"],
  ["textarea content is text, not markup", `<textarea><b>not bold</b></textarea>`, "<b>not bold</b>"],
  ["a lone < is text", `1 < 2 and 3 <= 4`, "1 < 2 and 3 <= 4"],
  ["block starts separate words", `<p>one</p><p>two</p><br>three`, "one two three"],
  ["references decoded", `caf&eacute; &amp; <b title="&gt;">bar</b>`, "café & bar"],
];

for (const [name, html, expected] of TEXTS) {
  test(`textContent: ${name}`, () => {
    assert.is(textContent(html, 0, html.length), expected);
  });
}

test("a tag cut off by the end of the slice ends the text", () => {
  const html = `kept<b title="never closed`;
  assert.is(textContent(html, 0, html.length), "kept");
});

test('Microdata: <abbr title="x>y"> inside an itemprop element gives the element\'s text', () => {
  const html = `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Shirt</span> size <span itemprop="size"><abbr title="x>y">XL</abbr></span></div>`;
  const items = extractMicrodata(buildItemTree(html), html, null, true).items as Array<Record<string, unknown>>;
  assert.is(items[0].size, "XL");
  assert.is(items[0].name, "Shirt");
});

test('RDFa: the same value read through the same scanner', () => {
  const html = `<div vocab="https://schema.org/" typeof="Product"><span property="name">Shirt</span><span property="size"><abbr title="x>y">XL</abbr></span></div>`;
  const items = extractRdfa(buildItemTree(html), html, null).items as Array<Record<string, unknown>>;
  assert.is(items[0].size, "XL");
});

test.run();
