/** The no-structured-data message: it names the three syntaxes and what the page carries instead. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { noStructuredDataMessage } from "../../../runtime/extract/unreadable-markup.ts";

const CASES: Array<[string, string, string[], string[]]> = [
  ["a plain page", "<html><body><p>hi</p></body></html>", [], ["Open Graph", "microformats", "Twitter"]],
  ["Open Graph tags", `<meta property="og:title" content="x">`, ["Open Graph"], ["microformats"]],
  ["a Twitter card", `<meta name="twitter:card" content="summary">`, ["Twitter card"], ["Open Graph"]],
  ["microformats2", `<article class="h-entry"><p class="p-name">x</p></article>`, ["microformats"], ["Open Graph"]],
  ["classic microformats", `<div class="vcard"><span class="fn">x</span></div>`, ["microformats"], []],
  ["an untyped Microdata item", `<div itemscope><span itemprop="a">x</span></div>`, ["without an itemtype"], []],
  ["Drupal's FOAF RDFa", `<img typeof="foaf:Image" src="a.jpg">`, ["RDFa types outside Schema.org"], []],
];

for (const [name, html, present, absent] of CASES) {
  test(`no structured data: ${name}`, () => {
    const message = noStructuredDataMessage(html);
    for (const word of ["JSON-LD", "Microdata", "RDFa"]) assert.match(message, word);
    for (const word of present) assert.match(message, word);
    for (const word of absent) assert.not.match(message, word);
  });
}

test.run();
