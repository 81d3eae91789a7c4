/**
 * Microdata extraction against the examples of the WHATWG HTML standard ("Microdata" section:
 * the basic syntax, values, nested items, itemref, itemid, several names and types), written as
 * small inline fixtures with the items the standard says they give; plus the search engine's
 * published forms (content= on any element, itemprop on <html itemscope>, itemtype on <meta>).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildItemTree } from "../../../runtime/extract/html-items.ts";
import { extractMicrodata } from "../../../runtime/extract/microdata.ts";

function items(html: string, base: string | null = null): unknown[] {
  return extractMicrodata(buildItemTree(html), html, base, true).items;
}

const CASES: Array<[string, string, unknown[], string?]> = [
  ["a name-value pair", `<div itemscope><p>My name is <span itemprop="name">Elizabeth</span>.</p></div>`, [{ name: "Elizabeth" }]],
  [
    "several properties",
    `<div itemscope><p>My name is <span itemprop="name">Neil</span>.</p><p>My band is called <span itemprop="band">Four Parts Water</span>.</p><p>I am <span itemprop="nationality">British</span>.</p></div>`,
    [{ name: "Neil", band: "Four Parts Water", nationality: "British" }],
  ],
  ["img src, resolved against the base", `<div itemscope><img itemprop="image" src="google-logo.png" alt="Google"></div>`, [{ image: "https://example.com/dir/google-logo.png" }], "https://example.com/dir/page.html"],
  ["data value", `<h1 itemscope><data itemprop="product-id" value="9678AOU879">The Instigator 2000</data></h1>`, [{ "product-id": "9678AOU879" }]],
  [
    "meter value",
    `<div itemscope itemtype="http://schema.org/Product"><span itemprop="name">Panasonic White 60L Refrigerator</span><meter itemprop="aggregateRating" min=0 max=5 value=3.5>3.5/5</meter></div>`,
    [{ "@context": "https://schema.org", "@type": "Product", name: "Panasonic White 60L Refrigerator", aggregateRating: "3.5" }],
  ],
  ["time datetime", `<div itemscope>I was born on <time itemprop="birthday" datetime="2009-05-10">May 10th 2009</time>.</div>`, [{ birthday: "2009-05-10" }]],
  ["time without datetime gives its text", `<div itemscope><time itemprop="t">2009-05-10</time></div>`, [{ t: "2009-05-10" }]],
  [
    "nested item",
    `<div itemscope><p>Name: <span itemprop="name">Amanda</span></p><p>Band: <span itemprop="band" itemscope> <span itemprop="name">Jazz Band</span> (<span itemprop="size">12</span> players)</span></p></div>`,
    [{ name: "Amanda", band: { name: "Jazz Band", size: "12" } }],
  ],
  [
    "itemref, also from a nested item",
    `<div itemscope id="amanda" itemref="a b"></div><p id="a">Name: <span itemprop="name">Amanda</span></p><div id="b" itemprop="band" itemscope itemref="c"></div><div id="c"><p>Band: <span itemprop="name">Jazz Band</span></p><p>Size: <span itemprop="size">12</span> players</p></div>`,
    [{ name: "Amanda", band: { name: "Jazz Band", size: "12" } }],
  ],
  ["several names on one element", `<div itemscope><span itemprop="favorite-color favorite-fruit">orange</span></div>`, [{ "favorite-color": "orange", "favorite-fruit": "orange" }]],
  [
    "one name, several values (li end tags omitted)",
    `<div itemscope><p>Flavors in my favorite ice cream:</p><ul><li itemprop="flavor">Lemon sorbet<li itemprop="flavor">Apricot sorbet</ul></div>`,
    [{ flavor: ["Lemon sorbet", "Apricot sorbet"] }],
  ],
  // The item's vocabulary is not Schema.org's: its names are written as that vocabulary's IRIs.
  [
    "itemid and dt/dd end tags omitted",
    `<dl itemscope itemtype="https://vocab.example.net/book" itemid="urn:isbn:0-330-34032-8"><dt>Title<dd itemprop="title">The Reality Dysfunction<dt>Author<dd itemprop="author">Peter F. Hamilton<dt>Publication date<dd><time itemprop="pubdate" datetime="1996-01-26">26 January 1996</time></dl>`,
    [
      {
        "@type": "https://vocab.example.net/book",
        "@id": "urn:isbn:0-330-34032-8",
        "https://vocab.example.net/title": "The Reality Dysfunction",
        "https://vocab.example.net/author": "Peter F. Hamilton",
        "https://vocab.example.net/pubdate": "1996-01-26",
      },
    ],
  ],
  [
    "several types, link and a/href values",
    `<section itemscope itemtype="https://schema.org/Product https://schema.org/Car"><a itemprop="url" href="https://example.com/car">car</a><link itemprop="availability" href="https://schema.org/InStock"></section>`,
    [{ "@context": "https://schema.org", "@type": ["Product", "Car"], url: "https://example.com/car", availability: "https://schema.org/InStock" }],
  ],
  ["full IRIs as property names", `<div itemscope itemtype="http://schema.org/Thing"><span itemprop="http://schema.org/name">X</span><span itemprop="http://example.org/p">Y</span></div>`, [{ "@context": "https://schema.org", "@type": "Thing", name: "X", "http://example.org/p": "Y" }]],
  ["object data, audio and video src", `<div itemscope><object itemprop="o" data="a.swf"></object><audio itemprop="a" src="a.mp3"></audio><video itemprop="v" src="v.mp4"></video></div>`, [{ o: "a.swf", a: "a.mp3", v: "v.mp4" }]],
  ["meta content and character references", `<div itemscope><meta itemprop="n" content="Fish &amp; Chips &#x2014; &quot;best&quot;"></div>`, [{ n: 'Fish & Chips \u2014 "best"' }]],
  ["text content: markup, comments and scripts dropped, whitespace collapsed", `<div itemscope><p itemprop="d">  Line <b>one</b><!-- x --><script>var a = "<b>";</script>\n  two&nbsp;</p></div>`, [{ d: "Line one two" }]],
  ["an element is a property of its nearest item only", `<div itemscope><span itemprop="a">A</span><div itemprop="b" itemscope><span itemprop="c">C</span></div></div>`, [{ a: "A", b: { c: "C" } }]],
  ["items in page order, top-level only", `<div itemscope><span itemprop="a">1</span></div><div itemscope><span itemprop="a">2</span></div>`, [{ a: "1" }, { a: "2" }]],
  // The search engine's examples as they publish them.
  ["content= on a span wins over its text", `<div itemscope itemtype="https://schema.org/NewsArticle"><span itemprop="datePublished" content="2024-01-05T08:00:00+08:00">January 5, 2024</span></div>`, [{ "@context": "https://schema.org", "@type": "NewsArticle", datePublished: "2024-01-05T08:00:00+08:00" }]],
  [
    "itemprop on the root <html itemscope>, title text, </html> does not end the item",
    `<html itemscope itemprop="VideoObject" itemtype="https://schema.org/VideoObject"><head><title itemprop="name">My &amp; video</title></head><body><meta itemprop="uploadDate" content="2024-07-19"></body></html><meta itemprop="duration" content="PT1M">`,
    [{ "@context": "https://schema.org", "@type": "VideoObject", name: "My & video", uploadDate: "2024-07-19", duration: "PT1M" }],
  ],
  ["itemtype on <meta> names a typed value", `<div itemscope itemtype="https://schema.org/InteractionCounter"><meta itemprop="interactionType" itemtype="https://schema.org/WatchAction"></div>`, [{ "@context": "https://schema.org", "@type": "InteractionCounter", interactionType: { "@type": "WatchAction" } }]],
  [
    "an unclosed li inside a div inside an li is closed by the next li (HTML's li rule)",
    `<ul itemscope itemtype="https://schema.org/ItemList"><li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><div><span itemprop="name">A</span><li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><span itemprop="name">B</span></ul>`,
    [{ "@context": "https://schema.org", "@type": "ItemList", itemListElement: [{ "@type": "ListItem", name: "A" }, { "@type": "ListItem", name: "B" }] }],
  ],
  [
    "a stray </div> in a table cell is ignored (not in scope): the item goes on past the table",
    `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">W</span><table><tr><td>Spec</div></td></tr></table><img itemprop="image" src="w.jpg"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">10.00</span><meta itemprop="priceCurrency" content="USD"></div></div>`,
    [{ "@context": "https://schema.org", "@type": "Product", name: "W", image: "https://e.example/w.jpg", offers: { "@type": "Offer", price: "10.00", priceCurrency: "USD" } }],
    "https://e.example/",
  ],
  [
    "a stray </div> in an <object> is ignored (not in scope)",
    `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">W</span><object data="x.swf"></div></object><img itemprop="image" src="w.jpg"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">10.00</span><meta itemprop="priceCurrency" content="USD"></div></div>`,
    [{ "@context": "https://schema.org", "@type": "Product", name: "W", image: "https://e.example/w.jpg", offers: { "@type": "Offer", price: "10.00", priceCurrency: "USD" } }],
    "https://e.example/",
  ],
  [
    "an extra </span> with a <div> open inside the item's <span> is ignored (HTML's any-other-end-tag step)",
    `<span itemscope itemtype="https://schema.org/Product"><div class="title"><span itemprop="name">W</span></span></div><img itemprop="image" src="w.jpg"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">10.00</span><meta itemprop="priceCurrency" content="USD"></div></span>`,
    [{ "@context": "https://schema.org", "@type": "Product", name: "W", image: "https://e.example/w.jpg", offers: { "@type": "Offer", price: "10.00", priceCurrency: "USD" } }],
    "https://e.example/",
  ],
  [
    "a </b> around an item's <div> leaves the div open (the adoption agency keeps the special element)",
    `<b><div itemscope itemtype="https://schema.org/Product"><span itemprop="name">W</span></b><img itemprop="image" src="w.jpg"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">10.00</span><meta itemprop="priceCurrency" content="USD"></div></div>`,
    [{ "@context": "https://schema.org", "@type": "Product", name: "W", image: "https://e.example/w.jpg", offers: { "@type": "Offer", price: "10.00", priceCurrency: "USD" } }],
    "https://e.example/",
  ],
  [
    "the twin: a </span> with no special element inside its element closes it, and the item ends there",
    `<span itemscope itemtype="https://schema.org/Product"><i><span itemprop="name">W</span></span></i><img itemprop="image" src="w.jpg"></span>`,
    [{ "@context": "https://schema.org", "@type": "Product", name: "W" }],
    "https://e.example/",
  ],
  [
    "itemref on an element without itemscope claims nothing: its target, an item with itemprop and no item above, is reported",
    `<div itemref="prod"></div><div id="prod" itemprop="mainEntity" itemscope itemtype="https://schema.org/Product"><span itemprop="name">W</span></div>`,
    [{ "@context": "https://schema.org", "@type": "Product", name: "W" }],
  ],
  [
    "the twin: an item's itemref claims it (a property of that item, not reported on its own)",
    `<div itemscope itemtype="https://schema.org/WebPage" itemref="prod"></div><div id="prod" itemprop="mainEntity" itemscope itemtype="https://schema.org/Product"><span itemprop="name">W</span></div>`,
    [{ "@context": "https://schema.org", "@type": "WebPage", mainEntity: { "@type": "Product", name: "W" } }],
  ],
  [
    "an unclosed heading ends at the next heading's start tag (HTML pops a heading that is the current element)",
    `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">W<h2>Sub</h2><span itemprop="sku">S1</span></div>`,
    [{ "@context": "https://schema.org", "@type": "Product", name: "W", sku: "S1" }],
  ],
  [
    "the twin: a heading inside a heading's span is not ended (the heading is not the current element)",
    `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">W<span><h2>Sub</h2></span></h1><span itemprop="sku">S1</span></div>`,
    [{ "@context": "https://schema.org", "@type": "Product", name: "WSub", sku: "S1" }],
  ],
  [
    "only <p>, <br>, <li>, <td> and <div> break a text value: <picture>, <param>, <link> and <label> do not",
    `<div itemscope><span itemprop="price">19<picture></picture>.99</span><span itemprop="name">Anvil<br>Black</span><span itemprop="sku">A<label></label>1<link rel="x"></span></div>`,
    [{ price: "19.99", name: "Anvil Black", sku: "A1" }],
  ],
  ["attributes in upper case, unquoted values", `<DIV ITEMSCOPE ITEMTYPE=https://schema.org/Thing><SPAN ITEMPROP=name>N</SPAN></DIV>`, [{ "@context": "https://schema.org", "@type": "Thing", name: "N" }]],
  ["markup in comments and scripts is not read", `<!-- <div itemscope><span itemprop="x">no</span></div> --><script><div itemscope></div></script><div itemscope><span itemprop="y">yes</span></div>`, [{ y: "yes" }]],
  [
    "itemRef in mixed case, as React writes it (attribute names are case-insensitive)",
    `<div itemScope itemType="https://schema.org/Product" itemRef="offer"><span itemProp="name">Anvil</span></div><div id="offer" itemProp="offers" itemScope itemType="https://schema.org/Offer"><span itemProp="price">12</span></div>`,
    [{ "@context": "https://schema.org", "@type": "Product", name: "Anvil", offers: { "@type": "Offer", price: "12" } }],
  ],
  [
    "a template's content is no part of the page: its items and properties do not count (HTML 4.12.3)",
    `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Widget</span><template id="price"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">12.00</span></div></template><span itemprop="sku">W1</span></div><template><div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Nobody</span></div></template>`,
    [{ "@context": "https://schema.org", "@type": "Product", name: "Widget", sku: "W1" }],
  ],
  [
    "an unescaped & in a link keeps its query: &lang= and &copy= are no references in an attribute",
    `<div itemscope><a itemprop="url" href="/p?id=1&lang=en&copy=2&amp;x=&euro;">x</a><img itemprop="image" src="/i?w=1&image=large"></div>`,
    [{ url: "https://e.example/p?id=1&lang=en&copy=2&x=%E2%82%AC", image: "https://e.example/i?w=1&image=large" }],
    "https://e.example/",
  ],
  // HTML's tree builder renames <image> to <img> outside SVG: its src is the value, and it is void (the
  // text after it is not its content). Inside <svg> it stays SVG's own element, which has no src value.
  ["<image src> read as <img>", `<div itemscope><image itemprop="image" src="/a.jpg"><span itemprop="price">10.00</span></div>`, [{ image: "https://example.com/a.jpg", price: "10.00" }], "https://example.com/p"],
  // The standard resolves an empty href against the page; the search engine reads no URL there (Search
  // Console: 'Missing field "item"' for crumbs linked with href=""), so the value is empty, as it reads.
  [
    "an empty href or src is an empty value, not the page's address",
    `<div itemscope><a itemprop="item" href="">Shoes</a><a itemprop="url" href="  ">x</a><img itemprop="image" src=""><a itemprop="next" href="#">n</a></div>`,
    [{ item: "", url: "", image: "", next: "https://example.com/p#" }],
    "https://example.com/p",
  ],
  ["<image> inside <svg> stays SVG's", `<div itemscope><svg><image itemprop="image" src="/a.jpg">x</image></svg></div>`, [{ image: "x" }], "https://example.com/p"],
];

for (const [name, html, expected, base] of CASES) {
  test(`microdata: ${name}`, () => {
    assert.equal(items(html, base ?? null), expected);
  });
}

test("microdata: untyped top-level items are not nodes by default (nothing to validate them against; listed in untyped)", () => {
  const html = `<div itemscope><span itemprop="a">A</span></div><div itemscope itemtype="https://schema.org/Thing"><span itemprop="name">T</span></div>`;
  assert.equal(extractMicrodata(buildItemTree(html), html, null).items, [{ "@context": "https://schema.org", "@type": "Thing", name: "T" }]);
});

test("microdata: the side table points at the element carrying each property", () => {
  const html = `<div itemscope itemtype="https://schema.org/Thing">\n  <span itemprop="name">T</span>\n  <span itemprop="alternateName">A</span><span itemprop="alternateName">B</span>\n</div>`;
  const block = extractMicrodata(buildItemTree(html), html, null);
  assert.is(block.offsets.get("/0"), 0);
  assert.is(block.offsets.get("/0/name"), html.indexOf('<span itemprop="name"'));
  assert.is(block.offsets.get("/0/alternateName/1"), html.lastIndexOf("<span"));
});

test.run();
