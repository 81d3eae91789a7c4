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

const SCRIPT_CASES: Array<[string, string, boolean]> = [
  ["an external script", `<script src="/app.js"></script>`, true],
  ["an inline script", `<script>window.x = 1</script>`, true],
  ["a module", `<script type="module" src="/m.js"></script>`, true],
  ["text/javascript", `<script type="text/javascript">1</script>`, true],
  ["only JSON-LD", `<script type="application/ld+json">{}</script>`, false],
  ["a template", `<script type="text/template"><p></p></script>`, false],
  ["no script", `<p>hi</p>`, false],
];

for (const [name, html, hinted] of SCRIPT_CASES) {
  test(`no structured data, ${name}: ${hinted ? "suggests" : "does not suggest"} rendering`, () => {
    const message = noStructuredDataMessage(html);
    if (hinted) assert.match(message, "render=true");
    else assert.not.match(message, "render");
    assert.not.match(noStructuredDataMessage(html, { rendered: true }), "render=true");
  });
}

test("no structured data after rendering: says the scripts ran", () => {
  assert.match(noStructuredDataMessage("<script src=a.js></script>", { rendered: true }), "even after its scripts ran");
});

test.run();
