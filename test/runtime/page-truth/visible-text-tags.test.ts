/**
 * The visible text reads tags with the page's tokenizer (issue 25: "one scanner reads tags,
 * everywhere"): a quoted `>` inside an attribute does not end the tag, and hiding is read from the
 * attributes in any case and spacing. Each case failed on the walk that found a tag's end with
 * indexOf(">") and looked for the hiding words in lower case only; each has its clean twin.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readVisibleText } from "../../../runtime/page-truth/visible-text.ts";
import { normalizeText } from "../../../runtime/page-truth/text-match.ts";
import { TruthPage } from "../../../runtime/page-truth/truth-page.ts";
import { extractJsonLdBlocks } from "../../../runtime/extract/extract-jsonld.ts";
import { jsonLd, page, product, truthIssues } from "./helpers.ts";

const visible = (body: string): string => normalizeText(readVisibleText(page(body)).text);

const PRICE_HIDDEN = ["Product not-visible offers.price"];
const shows = (priceHtml: string) => page(`<h1>Executive Anvil</h1>${priceHtml}<p>4.8 (120)</p>`, jsonLd(product()));

test("a quoted `>` in an attribute does not end the tag: the attribute's text is no visible text", () => {
  assert.is(visible(`<abbr title="x>y">XL</abbr> size`), "xl size");
  assert.is(visible(`<img alt='price > 1299'><p>shown</p>`), "shown");
  // A price only in an attribute behind a quoted `>` is not shown; the same price as text is.
  assert.equal(truthIssues(shows(`<img alt="was > $1,299.00" src="a.jpg">`)), PRICE_HIDDEN);
  assert.equal(truthIssues(shows(`<img alt="was" src="a.jpg"> $1,299.00`)), []);
});

test("an SVG or MathML element closed by `/>` hides only itself; an HTML element's `/>` means nothing", () => {
  assert.is(visible(`<svg><use href="#cart" style="display:none"/></svg><p>shown</p>`), "shown");
  assert.is(visible(`<svg style="display:none"/><p>shown</p>`), "shown");
  assert.is(visible(`<svg hidden><svg/><p>inside</p></svg><p>shown</p>`), "shown");
  assert.equal(truthIssues(shows(`<svg><use href="#i" style="display:none"/></svg><p>$1,299.00</p>`)), []);
  // `<div hidden/>` opens a div, as a browser reads it: what follows inside it is hidden.
  assert.is(visible(`<p>shown</p><div hidden/><p>inside</p>`), "shown");
});

test("a hidden paragraph ends where HTML ends it: at a block's start tag or its parent's end tag", () => {
  assert.is(visible(`<p hidden>Sold out<div>shown</div>`), "shown");
  assert.is(visible(`<div><p style="display:none">Sold out</div><p>shown</p>`), "shown");
  assert.is(visible(`<p style="display:none"><div>shown</div></p>`), "shown");
  assert.equal(truthIssues(shows(`<p hidden>Sold out<div>$1,299.00</div>`)), []);
  // Inline content stays in the paragraph: hidden with it.
  assert.is(visible(`<p hidden>Sold <b>out</b> $1,299.00</p><p>shown</p>`), "shown");
  assert.equal(truthIssues(shows(`<p hidden>Sold <b>out</b> $1,299.00</p>`)), PRICE_HIDDEN);
});

test("a hidden element whose end tag is left out ends where HTML ends it: its parent's end tag, a sibling's start", () => {
  assert.is(visible(`<ul><li>Home<li hidden>Old</ul><h1>Anvil</h1>`), "home anvil");
  assert.is(visible(`<table><tr><td>a<td hidden>b</tr><tr><td>c</table><p>d</p>`), "a c d");
  assert.is(visible(`<table><tbody hidden><tr><td>a</table><p>b</p>`), "b");
  assert.is(visible(`<dl><dt>Size<dd hidden>XL</dl><p>shown</p>`), "size shown");
  assert.is(visible(`<dl><dd hidden>XL<dt>Colour</dl>`), "colour");
  assert.is(visible(`<select><option>S<option hidden>XL</select><p>shown</p>`), "s shown");
  assert.is(visible(`<div><span hidden>old</div><p>shown</p>`), "shown");
  assert.is(visible(`<section><div style="display:none">old</section><p>shown</p>`), "shown");
  // The page after it is read: the price in it is shown (the rest of the page was hidden before).
  assert.equal(truthIssues(shows(`<ul><li>Home<li hidden>Old</ul><p>$1,299.00</p>`)), []);
  assert.equal(truthIssues(shows(`<ul><li>Home<li hidden>$1,299.00</ul>`)), PRICE_HIDDEN);
});

test("inside a hidden element, what HTML keeps inside stays hidden: a nested list's items, stray end tags", () => {
  // The inner li belongs to the nested list: it does not end the hidden item.
  assert.is(visible(`<ul><li hidden>a<ul><li>b</ul>c<li>d</ul>`), "d");
  // A `<p>` inside a hidden li does not keep the next item from ending it.
  assert.is(visible(`<ul><li hidden><p>a<li>b</ul>`), "b");
  // A stray `</span>` is ignored by the tree builder: it cannot end the hidden div around it.
  assert.is(visible(`<div hidden>a</span>b</div><p>c</p>`), "c");
  assert.is(visible(`<div hidden><div>a</div>b</div><p>c</p>`), "c");
  // An inline hidden element ends at the end tag of the inline element around it; a formatting element
  // (b, i, a, ...) is reopened by the tree builder after it, so only its own end tag ends it.
  assert.is(visible(`<p><b><span hidden>a</b>b</p>`), "b");
  assert.is(visible(`<p><b><i hidden>a</b>b</i>c</p>`), "c");
  // A new <a> ends an open one; a heading's start tag ends an open heading.
  assert.is(visible(`<nav><a hidden>Skip<a>Home</a></nav>`), "home");
  assert.is(visible(`<h2 hidden>Old<h1>New</h1>`), "new");
  // A caption ends at a table part; a row at the next row, past a cell left open.
  assert.is(visible(`<table><caption hidden>cap<tr><td>a</table>`), "a");
  assert.is(visible(`<table><tr hidden><td>x<tr><td>a</table>`), "a");
});

test("ruby: the readings (<rt>) and their parentheses (<rp>) are not the base text; a name given as the base text is shown", () => {
  assert.is(visible(`<h1><ruby>金<rp>(</rp><rt>かな</rt><rp>)</rp>床<rt>とこ</rt></ruby>セット</h1>`), "金床セット");
  // rt's end tag left out: the next rt or the ruby's end ends it, and what follows the ruby is shown.
  assert.is(visible(`<p><ruby>漢<rt>かん<rb>字<rt>じ</ruby>の本</p>`), "漢字の本");
  const recipe = (name: string) => jsonLd({ "@context": "https://schema.org", "@type": "Recipe", name, image: "https://example.com/k.jpg" });
  assert.equal(truthIssues(page(`<h1><ruby>親子<rt>おやこ</rt></ruby>丼</h1>`, recipe("親子丼"), "ja")), []);
  // The twin: another dish is still not shown.
  assert.equal(truthIssues(page(`<h1><ruby>天<rt>てん</rt></ruby>丼</h1>`, recipe("親子丼"), "ja")), ["Recipe not-visible name"]);
});

test("visibility:collapse and content-visibility:hidden hide what they hold; other values of them show it", () => {
  assert.is(visible(`<p>a</p><div style="visibility: collapse">secret</div><p>b</p>`), "a b");
  assert.is(visible(`<p>a</p><div style="content-visibility:hidden">secret</div><p>b</p>`), "a b");
  assert.is(visible(`<p>a</p><div style="content-visibility: auto">shown</div><div style="visibility:visible">too</div>`), "a shown too");
  assert.equal(truthIssues(shows(`<div style="visibility:collapse"><p>$1,299.00</p></div>`)), PRICE_HIDDEN);
  assert.equal(truthIssues(shows(`<div style="content-visibility:auto"><p>$1,299.00</p></div>`)), []);
});

test("a closed <dialog> and a <datalist> are hidden by the browser's own stylesheet; an open dialog is shown", () => {
  assert.is(visible(`<p>a</p><dialog>secret</dialog><p>b</p>`), "a b");
  assert.is(visible(`<dialog open>shown</dialog>`), "shown");
  assert.is(visible(`<input list="s"><datalist id="s"><option>XL</datalist><p>b</p>`), "b");
  assert.equal(truthIssues(shows(`<dialog id="quick-view"><p>$1,299.00</p></dialog>`)), PRICE_HIDDEN);
  assert.equal(truthIssues(shows(`<dialog open><p>$1,299.00</p></dialog>`)), []);
});

test("an SVG's <desc> and <metadata> are never drawn, nor a <canvas>'s fallback: a rating only there is not shown", () => {
  assert.is(visible(`<svg viewBox="0 0 5 1"><desc>Rated 4.8 out of 5</desc><metadata>m</metadata><path d="M0 0"/></svg><p>b</p>`), "b");
  assert.is(visible(`<canvas width="80">4.8 stars</canvas><p>b</p>`), "b");
  const rated = (widget: string) => page(`<h1>Executive Anvil</h1><p>$1,299.00</p>${widget}<p>120 reviews</p>`, jsonLd(product()));
  assert.equal(truthIssues(rated(`<svg><desc>Rated 4.8 out of 5</desc><path d="M0 0"/></svg>`)), ["Product not-visible aggregateRating.ratingValue"]);
  assert.equal(truthIssues(rated(`<svg><path d="M0 0"/></svg><span>Rated 4.8 out of 5</span>`)), []);
});

test("a <video>'s or an <audio>'s content is fallback the browser does not show: a price only there is not shown; a <meter>'s says what its gauge shows", () => {
  assert.is(visible(`<video src="a.mp4"><source src="a.webm"><track src="a.vtt">Your browser cannot play $1,299.00</video><audio controls>fallback</audio><p>b</p>`), "b");
  assert.equal(truthIssues(shows(`<video src="anvil.mp4">Video: the anvil at $1,299.00</video>`)), PRICE_HIDDEN);
  assert.equal(truthIssues(shows(`<video src="anvil.mp4"></video><p>$1,299.00</p>`)), []);
  assert.equal(truthIssues(shows(`<audio controls src="a.mp3">$1,299.00</audio>`)), PRICE_HIDDEN);
  // The Microdata standard's example: the gauge shows the rating its fallback text gives.
  const rated = (widget: string) => page(`<h1>Executive Anvil</h1><p>$1,299.00</p>${widget}<p>120 reviews</p>`, jsonLd(product()));
  assert.equal(truthIssues(rated(`<meter min=0 value=4.8 max=5>Rated 4.8/5</meter>`)), []);
  assert.equal(truthIssues(rated(`<meter min=0 value=4.6 max=5>Rated 4.6/5</meter>`)), ["Product not-visible aggregateRating.ratingValue"]);
});

test("numbers set side by side in inline elements are two numbers; one word cut by an element stays one", () => {
  const raw = (body: string) => readVisibleText(page(body)).text.trim();
  assert.is(raw(`<div><span>4.8</span><span>1,234 reviews</span></div>`), "4.8 1,234 reviews");
  assert.is(raw(`<span class="dropcap">E</span>xecutive Anvil`), "Executive Anvil");
  assert.is(raw(`<p>$19<sup>99</sup></p>`), "$19.99");
  const rated = (body: string) => page(`<h1>Executive Anvil</h1>${body}`, jsonLd(product({ offers: { "@type": "Offer", price: 1199, priceCurrency: "USD" }, aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, reviewCount: 1234 } })));
  // A flex row of a rating and its count, a sale price before the struck-through one: each is shown.
  assert.equal(truthIssues(rated(`<div style="display:flex"><span>4.8</span><span>1,234 reviews</span></div><p><span>$1,199.00</span><s>1,299.00</s></p>`)), []);
  // The twins: another rating, another price.
  assert.equal(truthIssues(rated(`<div style="display:flex"><span>4.6</span><span>1,234 reviews</span></div><p><span>$1,199.00</span><s>1,299.00</s></p>`)), ["Product not-visible aggregateRating.ratingValue"]);
  assert.equal(truthIssues(rated(`<div style="display:flex"><span>4.8</span><span>1,234 reviews</span></div><p><span>$1,099.00</span><s>1,299.00</s></p>`)), ["Product not-visible offers.price"]);
});

test("numbers in other scripts' digits set side by side in inline elements are two numbers too: <span>٤٫٨</span><span>١٬٢٣٤</span>", () => {
  const raw = (body: string) => readVisibleText(page(body)).text.trim();
  assert.is(raw(`<span>٤٫٨</span><span>١٬٢٣٤</span>`), "٤٫٨ ١٬٢٣٤");
  const rated = (body: string) => page(`<h1>Executive Anvil</h1><p>1299</p><p>${body}</p>`, jsonLd(product({ aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, reviewCount: 1234 } })), "ar");
  assert.equal(truthIssues(rated(`<span>٤٫٨</span><span>١٬٢٣٤</span>`)), []);
  // The twins: another rating, another count.
  assert.equal(truthIssues(rated(`<span>٤٫٦</span><span>١٬٢٣٤</span>`)), ["Product not-visible aggregateRating.ratingValue"]);
  assert.equal(truthIssues(rated(`<span>٤٫٨</span><span>١٬٢٣٥</span>`)), ["Product not-visible aggregateRating.reviewCount"]);
});

test("obsolete inline elements (big, strike, tt, acronym, blink) split no word: Anvil X<big>L</big>", () => {
  assert.is(visible(`a<big>b</big>c<STRIKE>d</strike>e<tt>f</tt>g<acronym>h</acronym>i<blink>j</blink>k`), "abcdefghijk");
  // source shares strike's slot and is still void. A custom element stays an edge: web components (a
  // Shopify theme's <product-info>, <price-per-item>) are styled as blocks, which the HTML alone cannot tell.
  assert.is(visible(`a<source>b<strike>c</strike>d`), "a bcd");
  assert.is(visible(`<product-title>Anvil</product-title><product-brand>Acme</product-brand>`), "anvil acme");
  const named = (name: string, heading: string) => truthIssues(page(`<h1>${heading}</h1><p>1299</p><p>4.8 (120)</p>`, jsonLd(product({ name }))));
  assert.equal(named("Anvil XL", "Anvil X<big>L</big>"), []);
  // The twin: another letter is another word.
  assert.equal(named("Anvil XL", "Anvil X<big>S</big>"), ["Product not-visible name"]);
});

test("an inline element whose inline style gives it a block-level display is a block edge, as a div; inline-block stays in the line", () => {
  const two = (style: string) => visible(`<h1><span style="${style}">Why Anvils</span><span style="${style}">Matter Today</span></h1>`);
  for (const style of ["display:block", "DISPLAY : BLOCK", "display:flex !important", "display: grid", "display:list-item", "display:table-cell", "display:flow-root", "display: block flow", "color:red; display:block", "display:inline; display:block"]) {
    assert.is(two(style), "why anvils matter today", style);
  }
  // The twins: displays that keep the element in the line, a later declaration, a custom property, a comment.
  for (const style of ["display:inline-block", "display:inline-flex", "display:inline flow-root", "display:block; display:inline", "--title-display:block", "/* display:block */ color:red", "color:red"]) {
    assert.is(two(style), "why anvilsmatter today", style);
  }
  // Its end tag is an edge too, also where the tree builder ends it (with what was left open inside); a stray one is none.
  assert.is(visible(`<h1><span style="display:block">Why</span>Anvils</h1>`), "why anvils");
  assert.is(visible(`<h1><span style="display:block"><b>Why</span>Anvils</b></h1>`), "why anvils");
  assert.is(visible(`<h1><a style="display:block"><span>W</span>hy</a>Anvils</h1>`), "why anvils");
  assert.is(visible(`<h1><span style="display:block">Why</span>An</span>vils</h1>`), "why anvils");
  assert.is(visible(`<h1><span>Why</span>Anvils</h1>`), "whyanvils");
  const headline = (h1: string) => truthIssues(page(h1, jsonLd({ "@context": "https://schema.org", "@type": "NewsArticle", headline: "Why Anvils Matter Today", image: "https://example.com/a.jpg", datePublished: "2026-01-05T08:00:00+01:00" })));
  assert.equal(headline(`<h1><span style="display:block">Why Anvils</span><span style="display:block">Matter Today</span></h1>`), []);
  assert.equal(headline(`<h1><span style="display:inline-block">Why Anvils</span><span style="display:inline-block">Matter Today</span></h1>`), ["Article not-visible headline"]);
  assert.equal(headline(`<h1><span style="display:block">Why Anvils</span>Matter Today</h1>`), []);
  assert.equal(headline(`<h1><span style="display:inline">Why Anvils</span>Matter Today</h1>`), ["Article not-visible headline"]);
});

test("a block element whose inline style keeps it in the line (a text-splitting library's letters in inline-block divs) is no edge", () => {
  const letters = (word: string, style: string) => [...word].map((c) => `<div style="${style}">${c}</div>`).join("");
  assert.is(visible(`<h1>${letters("Anvils", "position:relative;display:inline-block")}</h1>`), "anvils");
  assert.is(visible(`<h1>${letters("Anvils", "DISPLAY: INLINE")}</h1>`), "anvils");
  assert.is(visible(`<h1><p style="display:inline">Why</p> <p style="display:inline-flex">Anvils</p></h1>`), "why anvils");
  // The end tag of an element inside it, and a block inside it, are still edges of their own.
  assert.is(visible(`<h1><div style="display:inline-block">Why<p>Anvils</p>Matter</div></h1>`), "why anvils matter");
  // The twins: without the style, with a block display last, or a hidden one, the letters stand apart.
  assert.is(visible(`<h1>${letters("Anvils", "position:relative")}</h1>`), "a n v i l s");
  assert.is(visible(`<h1>${letters("Anvils", "display:inline-block;display:block")}</h1>`), "a n v i l s");
  const headline = (h1: string) => truthIssues(page(h1, jsonLd({ "@context": "https://schema.org", "@type": "NewsArticle", headline: "Anvils", image: "https://example.com/a.jpg", datePublished: "2026-01-05T08:00:00+01:00" })));
  assert.equal(headline(`<h1>${letters("Anvils", "position:relative;display:inline-block")}</h1>`), []);
  assert.equal(headline(`<h1>${letters("Anvils", "position:relative")}</h1>`), ["Article not-visible headline"]);
});

test("inline elements a style makes blocks, by the hundred thousand, left open or holding stray end tags: read in bounded time", () => {
  const started = performance.now();
  assert.is(visible(`${'<span style="display:block">x'.repeat(100_000)}<p>shown</p>`).length, 2 * 100_000 + "shown".length);
  assert.ok(visible(`<span style="display:block">a${"<i>b".repeat(5_000)}${"</q>".repeat(100_000)}</span>c`) === `a${"b".repeat(5_000)} c`);
  assert.is(visible(`${'<span style="display:block">x<b>y</b></span>'.repeat(50_000)}`).length, 3 * 50_000 - 1);
  assert.ok(performance.now() - started < 5_000);
});

test("a hidden element holding thousands of elements left open, or of stray end tags, ends at its end tag", () => {
  for (const inner of ["<span>x".repeat(5000), "<option>Zip".repeat(5000), "<li>a".repeat(5000), "<p>a".repeat(5000), "<dt>a<dd>b".repeat(2500)]) {
    assert.is(visible(`<div hidden>${inner}</div><p>shown</p>`), "shown", inner.slice(0, 12));
  }
  assert.is(visible(`<div hidden>${"<div>".repeat(4096)}${"</span>".repeat(20000)}${"</div>".repeat(4097)}<p>shown</p>`), "shown");
});

test("a quoted `>` before the hidden attribute: the element is still hidden", () => {
  assert.is(visible(`<div title="a>b" hidden>secret</div><p>shown</p>`), "shown");
  assert.equal(truthIssues(shows(`<div data-note="x>y" hidden>$1,299.00</div>`)), PRICE_HIDDEN);
  assert.equal(truthIssues(shows(`<div data-note="x>y">$1,299.00</div>`)), []);
});

test("character references are read per text run, as the tokenizer reads them: one never spans a tag", () => {
  const raw = (body: string): string => readVisibleText(page(body)).text.replace(/\s+/g, " ").trim();
  assert.is(raw(`<p>AT&amp;T &euro;1.299,00 &#8364; &#x20AC;</p>`), "AT&T \u20ac1.299,00 \u20ac \u20ac");
  assert.is(raw(`<p>&am<b>p;</b></p>`), "&amp;", "no reference: the tag splits it");
  assert.is(raw(`<p>a &amp;</p><script>&amp;</script><p>&lt;b&gt;</p>`), "a & <b>");
  // A price written with references is shown; one a tag splits is read as the page shows it.
  assert.equal(truthIssues(shows(`<p>&euro;&nbsp;1.299,00</p>`)), []);
});

test("the hidden attribute in any case", () => {
  for (const attr of ["HIDDEN", "Hidden", "hidden=HIDDEN", "HIDDEN=''"]) {
    assert.is(visible(`<div ${attr}>secret</div><p>shown</p>`), "shown", attr);
    assert.equal(truthIssues(shows(`<div ${attr}>$1,299.00</div>`)), PRICE_HIDDEN, attr);
  }
  assert.equal(truthIssues(shows(`<div HIDDEN-NOT>$1,299.00</div>`)), []);
});

test("an inline style read as CSS: comments, the last declaration winning, custom properties", () => {
  for (const style of ["/* display:none */ color: red", "display:none; display:block", "--header-display:none", "color:red /* visibility:hidden */", "display:none /* unclosed"]) {
    const expected = style === "display:none /* unclosed" ? "shown" : "secret shown";
    assert.is(visible(`<div style="${style}">secret</div><p>shown</p>`), expected, style);
  }
  for (const style of ["display:block;display:none", "display: flex; /* x */ display : none !important", "visibility:visible;visibility:hidden", "display:/**/none", "visibility/* x */:hidden"]) {
    assert.is(visible(`<div style="${style}">secret</div><p>shown</p>`), "shown", style);
  }
  // 100,000 unclosed comment openings: read once, not from each.
  const started = performance.now();
  assert.is(visible(`<div style="display:none;${"/*x".repeat(100_000)}">secret</div><p>shown</p>`), "shown");
  assert.ok(performance.now() - started < 2_000);
});

test("Chinese, Japanese and Thai words are not split by a line break or a block edge; other scripts are", () => {
  assert.is(visible(`<h1>プロ用<br class="sp">金床セット</h1>`), "プロ用金床セット");
  assert.is(visible(`<h1>Pro<br>anvil</h1>`), "pro anvil");
  const name = (n: string, shown: string) => truthIssues(page(`<h1>${shown}</h1><p>$1,299.00</p><p>4.8 (120)</p>`, jsonLd(product({ name: n }))));
  assert.equal(name("プロ用金床セット", "プロ用<br>金床セット"), []);
  assert.equal(name("プロ用金床セット", "プロ用<br>鉄床セット"), ["Product not-visible name"]);
});

test("display:none and visibility:hidden in any case and with spaces", () => {
  for (const style of ["DISPLAY : NONE", "Display:None", "color: red; VISIBILITY:\tHIDDEN", "display :none !important"]) {
    assert.is(visible(`<div style="${style}">secret</div><p>shown</p>`), "shown", style);
    assert.equal(truthIssues(shows(`<div STYLE="${style}">$1,299.00</div>`)), PRICE_HIDDEN, style);
  }
  // The twins: shown.
  for (const style of ["DISPLAY : BLOCK", "visibility: visible"]) {
    assert.equal(truthIssues(shows(`<div style="${style}">$1,299.00</div>`)), [], style);
  }
});

test("comments, a lone `<` and a tag cut off by the end of the page", () => {
  assert.is(visible(`a<!-- <p>not shown</p> -->b <?pi x?>c 1 < 2`), "ab c 1 2");
  assert.is(readVisibleText(`<body>shown <div class="cut`).text.trim(), "shown");
});

test("inline, void and skipped elements are told by name in any case, without a name string per tag", () => {
  assert.is(visible(`a<SPAN>b</Span>c<B>d</b>e`), "abcde");
  assert.is(visible(`a<div>b</DIV>c<marx>d</marx>e`), "a b c d e");
  // U+212A (the Kelvin sign) lower-cases to "k": <mar\u212a> is mark, an inline element, as tagName() reads it.
  assert.is(visible(`a<mar\u212a>b</mar\u212a>c`), "abc");
  assert.is(visible(`a<WBR>b<Br>c<IMG src=x>d`), "ab c d");
  assert.is(visible(`a<NOSCRIPT>b</noscript>c<Template>d</TEMPLATE>e`), "a c e");
  assert.is(visible(`<ul><LI hidden>a<li>b</ul>`), "b");
});

test("React's streamed segments (hidden, id S:<hex>) are shown: the page's script moves them into place; other hidden elements are not", () => {
  for (const id of ["S:0", "S:1f", "app-S:3", ":R1:S:0"]) {
    assert.is(visible(`<div hidden id="${id}"><p>late</p></div><p>shown</p>`), "late shown", id);
    assert.equal(truthIssues(shows(`<template id="B:0"></template><div HIDDEN ID='${id}'>$1,299.00</div>`)), [], id);
  }
  // The twins: another id, a segment id with a hiding style, an id where S: is not its end.
  for (const attrs of [`hidden id="price"`, `hidden id="S:0" style="display:none"`, `hidden id="S:0x"`, `hidden id="S:"`, `hidden id="FAQS:3"`]) {
    assert.is(visible(`<div ${attrs}><p>late</p></div><p>shown</p>`), "shown", attrs);
    assert.equal(truthIssues(shows(`<div ${attrs}>$1,299.00</div>`)), PRICE_HIDDEN, attrs);
  }
});

test("a declarative shadow root (template shadowrootmode open or closed) is shown; other templates are not", () => {
  for (const mode of ["open", "closed", "OPEN"]) {
    assert.is(visible(`<product-price><template shadowrootmode="${mode}"><span>$1,299.00</span></template></product-price><p>x</p>`), "1 299 00 x", mode);
    assert.equal(truthIssues(shows(`<product-price><TEMPLATE ShadowRootMode=${mode}><span>$1,299.00</span></TEMPLATE></product-price>`)), [], mode);
  }
  // The twins: no mode, an unknown one, and the attribute browsers no longer read.
  for (const attrs of [``, ` shadowrootmode="half"`, ` shadowrootmode`, ` shadowroot="open"`]) {
    assert.is(visible(`<product-price><template${attrs}><span>$1,299.00</span></template></product-price><p>x</p>`), "x", attrs);
    assert.equal(truthIssues(shows(`<product-price><template${attrs}><span>$1,299.00</span></template></product-price>`)), PRICE_HIDDEN, attrs);
  }
});

test("read from the JSON-LD scan's tag log or by its own scan: the same text, and the same blocks found", () => {
  const pages = [
    page(`<abbr title="x>y">XL</abbr><div HIDDEN>a</div><p style="DISPLAY : NONE">b</p>c<!-- d --><template><p>e</p></template>f`),
    page(`<noscript>${jsonLd(product())}<p>no</p></noscript><p>shown</p><li hidden>g<li>h`),
    `<html><head><script>document.write("<body>x</body>")</script></head><body><p>shown</p></body></html>`,
    // The scan logs tags it steps over without stopping: hiding attributes past 64 others, end tags with
    // attributes, raw-text elements in the body, a tag cut off by the end of the page.
    page(`<div ${Array.from({ length: 70 }, (_, k) => `a${k}=1`).join(" ")} Style="visibility:HIDDEN">far</div><p>x</p ignored="y>z">`),
    page(`<span>1<B>2</B>99</span><SPAN Hidden>3</SPAN><style>p{}</style><textarea>t</textarea><mar\u212a>k</mar\u212a>9<wbr>9`),
    page(`<ul><li>a<li hidden>b<li>c</ul><NoScript>n</NoScript><TEMPLATE>t</TEMPLATE>end<div title="cut`),
    // Styles: only a value with none or hidden is flagged for a second look; unquoted, spaced, any case.
    page(`<p style="color:red">a</p><p style=display:none>b</p><p style='Visibility : Hidden'>c</p><p style="font:bold" hidden>d</p><p style>e</p><p style="nonE">f</p>`),
    // Displays set by a style: a span made a block, letters in divs kept in the line, a comment inside.
    page(`<h1><span style="display:block">Why</span><span style="Display : Block">Anvils</span></h1><h2><div style="display:inline-block">A</div><div style="display:inline">n</div><div style="display:/**/none">x</div></h2>`),
    // Character references, also one cut by inline markup (`&am<b>p;` reads `&amp;` once joined).
    page(`<p>Fish &amp; Chips &euro;12,50 &#8364;3 &#x20AC;4 &nbsp;&bogus; &am<b>p;</b> a&lt;b</p>`),
    // Hidden ancestors with the same name nested inside, hiding in any case, void and raw-text children.
    page(`<div hidden><div>a</div><div><img src=x><script>s</script>b</div></div>c<SECTION Style="DISPLAY:none"><section>d</section></SECTION>e<span HIDDEN><br>f</span>g`),
    // Comments, bogus comments, CDATA (a bogus comment in HTML), lone `<` and `</>` between and inside text runs.
    page(`a<!-- b <p>c</p> -->d<!---->e<!-->f<![CDATA[ g <p>h</p> ]]>i<?pi j?>k</ l>m</>n 1 < 2 <3 <!--x--!>o<!-- never closed <p>p</p>`),
    page(`<template><p>t<noscript>n</noscript>u</p></template>v<noscript><template>w</template>x</noscript>y<Template hidden>z</Template>!`),
    // Unclosed tags and a tag cut off by the end of the page, inside a hidden element.
    page(`<ul><li>a<li>b<p>c<p hidden>d<p>e</ul><div hidden>f<span>g`),
    `<body><p>shown <div hidden>h <span title="cut`,
    // `<body` inside a head script and a head comment; no body tag at all.
    `<html><head><script>var s = "<body class=x><!-- y --></body>"; a < b;</script><!-- <body> --></head><body><p>z</p></body></html>`,
    `<html><head><title>t</title></head><p>no body tag &amp; text</p></html>`,
    // A plaintext element swallows the rest of the page; an unterminated style the rest too.
    page(`a<plaintext>b<p>c</p>`),
    page(`a<style>p { color: red } <p>b</p>`),
    // Streamed segments and declarative shadow roots, with their twins.
    page(`<div hidden id="S:0">a<template id="P:1"></template></div><div hidden id="S:z">b</div><x-el><template shadowrootmode=open><p>c<template>d</template>e</p></template>f</x-el><template shadowroot=open>g</template>h`),
    // Inline elements a style makes blocks (the log flags no such style: the tag is read again), and the twins.
    page(`<h1><span style="display:block">a</span><SPAN STYLE="DISPLAY:FLEX">b</SPAN><b Style='display:inline-block'>c</b><i class="style" title="display:block">d</i><a style=display:grid>e<b>f</a>g</b><span style="display:block" hidden>h</span>i</h1>`),
    // Cents in an element a class names or an inline style raises (the log flags no class: the tag is read again), and the twins.
    page(`<p>$12<span class="cents">50</span> R$ 37<span class=price-cents>90</span> 9<b style="vertical-align:.75ex">99</b> 12<span class="text-center">50</span> 7<span style="vertical-align:0">25</span></p>`),
    // Input buttons show their value; other inputs and hidden buttons do not.
    page(`<form>a<input type=submit value="Buy &ndash; $5">b<input type="hidden" value="x"><input type="text" value="y"><input type=button value=z hidden><input type=reset value="w" style="display:none"></form>`),
    // Elements an inline visibility:visible shows inside one visibility:hidden hides (the log flags a style naming visible: the tag is read again), and the twins.
    page(`<div style="visibility:hidden">a<p style="Visibility: Visible">b</p>c<ul><li>d<li style=visibility:visible>e<li>f</ul></div>g<div style="display:none"><p style="visibility:visible">h</p></div>i`),
    // A body its markup hides until a script shows it: read as shown, what it hides inside as hidden.
    `<html lang="en"><head><title>t</title></head><BODY Style="visibility: hidden"><p>a</p><p hidden>b</p>c</BODY></html>`,
  ];
  assert.is(readVisibleText(pages[pages.length - 4]).text.trim(), "$12.50 R$ 37.90 9.99 12 50 7 25");
  assert.is(readVisibleText(pages[pages.length - 3]).text.trim(), "a Buy \u2013 $5 b");
  assert.is(normalizeText(readVisibleText(pages[pages.length - 2]).text), "b e g i");
  assert.is(normalizeText(readVisibleText(pages[pages.length - 1]).text), "a c");
  for (const html of pages) {
    const tags = TruthPage.tagLogFor(html);
    const logged = extractJsonLdBlocks(html, { itemAttributes: false, tags });
    assert.equal(logged, extractJsonLdBlocks(html), html);
    assert.equal(readVisibleText(html, tags), readVisibleText(html), html);
  }
});

test("a log of many chunks reads as the page; one past its cap stops and leaves the reader to scan the page itself", () => {
  // 256 tags in the first chunk, twice as many in each next: 20,001 tags fill several, the last one part way.
  const many = page(`${"<b>a</b> ".repeat(10_000)}<i>end</i>`);
  const tags = TruthPage.tagLogFor(many);
  extractJsonLdBlocks(many, { itemAttributes: false, tags });
  assert.ok(tags.complete);
  assert.is(tags.count, 20_002 + 3); // the b and i tags, the body's start and end tags, the html end tag
  assert.equal(readVisibleText(many, tags), readVisibleText(many));
  // Past 500,000 tags the log is incomplete; the text is still the page's, read by the reader's own scan.
  const tooMany = page(`${"<b>a</b>".repeat(250_001)}<i>end</i>`);
  const over = TruthPage.tagLogFor(tooMany);
  extractJsonLdBlocks(tooMany, { itemAttributes: false, tags: over });
  assert.not.ok(over.complete);
  assert.is(over.count, 500_000);
  const text = readVisibleText(tooMany, over).text;
  assert.ok(text.trimEnd().endsWith("aaaend"), text.slice(-20));
  assert.equal(readVisibleText(tooMany, over), readVisibleText(tooMany));
});

test.run();
