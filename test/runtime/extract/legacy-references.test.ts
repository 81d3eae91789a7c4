/**
 * In an element's text HTML reads the longest name of its table of references that it finds, and a
 * legacy name (Latin-1 and the markup five) needs no `;`: "&copy2024" is "©2024", "Fish&ampChips"
 * "Fish&Chips", as a browser shows them. In an attribute the same name followed by a letter, a digit
 * or `=` is text (a link's "?a=1&copy=2" keeps its query). Each case has the attribute twin, which
 * stays as written.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildItemTree } from "../../../runtime/extract/html-items.ts";
import { extractMicrodata } from "../../../runtime/extract/microdata.ts";
import { extractRdfa } from "../../../runtime/extract/rdfa.ts";

function microdataValue(property: string): unknown {
  const html = `<div itemscope itemtype="https://schema.org/Organization">${property}</div>`;
  return (extractMicrodata(buildItemTree(html), html, null).items[0] as Record<string, unknown>).name;
}

const CASES: Array<[string, string]> = [
  ["&copy2024 Acme", "\u00a92024 Acme"],
  ["Fish&ampChips", "Fish&Chips"],
  ["1&nbsp000", "1 000"],
  ["&notin the list", "\u00acin the list"],
  ["&COPY1", "\u00a91"],
];

for (const [written, shown] of CASES) {
  test(`Microdata text: ${JSON.stringify(written)} is ${JSON.stringify(shown)}`, () => {
    assert.is(microdataValue(`<span itemprop="name">${written}</span>`), shown);
  });
  test(`twin, in a content attribute: ${JSON.stringify(written)} stays as written`, () => {
    assert.is(microdataValue(`<meta itemprop="name" content="${written}">`), written);
  });
}

test("twin: a name that is no legacy one and starts with none stays as written, without its `;`", () => {
  assert.is(microdataValue(`<span itemprop="name">&euro12 &hellip1 &lang=en</span>`), "&euro12 &hellip1 &lang=en");
});

test("RDFa text: the same legacy names without `;`", () => {
  const html = `<div vocab="https://schema.org/" typeof="Organization"><span property="name">&copy2024 Fish&ampChips</span></div>`;
  assert.is((extractRdfa(buildItemTree(html), html, null).items[0] as Record<string, unknown>).name, "\u00a92024 Fish&Chips");
});

test("RDFa twin, in a content attribute: stays as written", () => {
  const html = `<div vocab="https://schema.org/" typeof="Organization"><span property="name" content="&copy2024 Fish&ampChips">x</span></div>`;
  assert.is((extractRdfa(buildItemTree(html), html, null).items[0] as Record<string, unknown>).name, "&copy2024 Fish&ampChips");
});

test.run();
