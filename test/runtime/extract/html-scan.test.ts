/**
 * The shared tokenizer (html-scan.ts) where its two readers depend on its edges: tags with more
 * attributes than one recorded page, the item-attribute hint, raw-text-only mode.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { HtmlScanner, mayHoldItems, mentionsItemref } from "../../../runtime/extract/html-scan.ts";
import { extractJsonLdBlocks } from "../../../runtime/extract/extract-jsonld.ts";

const many = (k: number) => Array.from({ length: k }, (_, i) => `data-a${i}="${i}"`).join(" ");

test("a type after 70 other attributes is still read, and the first type still wins", () => {
  const J = '{"@type":"Thing"}';
  assert.equal(extractJsonLdBlocks(`<script ${many(70)} type="application/ld+json">${J}</script>`).map((b) => b.text), [J]);
  assert.equal(extractJsonLdBlocks(`<script ${many(70)} type="text/plain" type="application/ld+json">${J}</script>`), []);
  assert.equal(extractJsonLdBlocks(`<script type="text/plain" ${many(70)} type="application/ld+json">${J}</script>`), []);
});

test("itemscope or typeof on any start tag sets the hint, past 64 attributes too; end tags and text do not", () => {
  const hint = (html: string) => {
    const hints = { itemAttributes: false };
    extractJsonLdBlocks(html, hints);
    return hints.itemAttributes;
  };
  assert.is(hint(`<div ${many(70)} ItemScope>x</div>`), true);
  assert.is(hint(`<span typeof="Thing">x</span>`), true);
  assert.is(hint(`<style itemscope>p{}</style>`), true);
  assert.is(hint(`<p>itemscope typeof</p><!-- <div itemscope> --></div itemscope>`), false);
  // A start tag cut off by the end of the page is dropped, and its attributes with it.
  assert.is(hint(`<p>x</p><div itemscope`), false);
});

test("attributes come in pages of 64, in order, with their values", () => {
  const s = new HtmlScanner(`<a ${many(130)} last=z>`);
  assert.ok(s.next());
  const names: string[] = [];
  do for (let k = 0; k < s.attrCount; k++) names.push(s.attributeValue(k));
  while (s.moreAttributes());
  assert.equal(names, [...Array.from({ length: 130 }, (_, i) => String(i)), "z"]);
});

test("the scanner reports start and end tags, skipping comments and raw text", () => {
  const html = `<!-- <b> --><div id=x><script>"<p>"</script></DIV><?pi><br/>`;
  const s = new HtmlScanner(html);
  const seen: string[] = [];
  while (s.next()) seen.push(`${s.isEndTag ? "/" : ""}${html.slice(s.nameStart, s.nameEnd)}${s.rawText ? `[${html.slice(s.tagEnd, s.rawTextEnd)}]` : ""}`);
  assert.equal(seen, ["div", 'script["<p>"]', "/DIV", "br"]);
  const raw = new HtmlScanner(html, true);
  const rawSeen: string[] = [];
  while (raw.next()) rawSeen.push(html.slice(raw.nameStart, raw.nameEnd));
  assert.equal(rawSeen, ["script"]);
});

test("mayHoldItems: attribute names in lower or upper case, not words in text", () => {
  assert.is(mayHoldItems(`<div itemscope>`), true);
  assert.is(mayHoldItems(`<div ITEMSCOPE>`), true);
  assert.is(mayHoldItems(`<div typeof="x">`), true);
  assert.is(mayHoldItems(`<p>if (typeof x) itemscopes</p>`), false);
  // A mention in text does not hide a later attribute, in either spelling.
  assert.is(mayHoldItems(`<p>typeof x, ITEMSCOPE</p><div ITEMSCOPE>`), true);
  assert.is(mayHoldItems(`<p>itemscope TYPEOF</p><div TYPEOF = "x">`), true);
  assert.is(mayHoldItems(`<div itemscope>`), true, "a second call on the same page starts from its beginning");
  assert.is(mayHoldItems(`<p>typeof</p>`), false);
});

test("mentionsItemref: the word anywhere, in any case (React writes itemRef)", () => {
  assert.is(mentionsItemref(`<div itemref="a">`), true);
  assert.is(mentionsItemref(`<p>ITEMREF</p>`), true);
  assert.is(mentionsItemref(`<div itemRef="a">`), true);
  assert.is(mentionsItemref(`<div itemscope item-ref="a">`), false);
});

test("tagName is the name in lower case, for names met again, non-ASCII names and more names than the table holds", () => {
  const names = [...Array.from({ length: 600 }, (_, i) => `Tag${i}`), "DİV", "x".repeat(40), "DIV", "div", "Div"];
  const html = [...names, ...names].map((n) => `<${n} a=1></${n}>`).join("");
  const s = new HtmlScanner(html);
  const seen: string[] = [];
  while (s.next()) if (!s.isEndTag) seen.push(s.tagName());
  assert.equal(seen, [...names, ...names].map((n) => n.toLowerCase()));
});

test("scanners that live at the same time keep their own attributes; a finished one leaves its buffer to the next", () => {
  const done = new HtmlScanner(`<a x=1>`);
  while (done.next());
  const a = new HtmlScanner(`<a one=1><a three=3>`);
  const b = new HtmlScanner(`<b two=2><b four=4>`);
  const values: string[] = [];
  for (let round = 0; round < 2; round++) {
    assert.ok(a.next() && b.next());
    values.push(a.attributeValue(0), b.attributeValue(0));
  }
  assert.equal(values, ["1", "2", "3", "4"]);
});

test.run();
