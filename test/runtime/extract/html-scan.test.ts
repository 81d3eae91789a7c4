/**
 * The shared tokenizer (html-scan.ts) where its two readers depend on its edges: tags with more
 * attributes than one recorded page, the item-attribute hint, raw-text-only mode.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { HtmlScanner, mayHoldItems } from "../../../runtime/extract/html-scan.ts";
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
});

test.run();
