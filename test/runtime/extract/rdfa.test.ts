/**
 * RDFa extraction against the examples of RDFa Lite 1.1 and the RDFa 1.1 Primer (vocab, typeof,
 * property, resource, prefix, chaining), and the RDFa 1.1 Core forms the search engine's
 * examples use (the undeclared schema: prefix, rel with hanging objects, content, datatype),
 * written as small inline fixtures with the nodes they give.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildItemTree } from "../../../runtime/extract/html-items.ts";
import { extractRdfa } from "../../../runtime/extract/rdfa.ts";

function nodes(html: string, base: string | null = null): unknown[] {
  return extractRdfa(buildItemTree(html), html, base).items;
}

const CTX = { "@context": "https://schema.org" };

const CASES: Array<[string, string, unknown[], string?]> = [
  [
    "a title's and a textarea's content is text, not markup (as Microdata reads them): a tag-like word stays",
    `<html vocab="https://schema.org/" typeof="WebPage"><head><title property="name">Fish &amp; <Chips> co</title></head><body><textarea property="description">A <b>B</b></textarea><span property="alternativeHeadline">C <b>D</b></span></body></html>`,
    [{ ...CTX, "@type": "WebPage", name: "Fish & <Chips> co", description: "A <b>B</b>", alternativeHeadline: "C D" }],
  ],
  [
    "a page's blank node _:b0 is its own: the nodes sdv names never take its label (the offer stays the product's offer)",
    `<div vocab="https://schema.org/" typeof="Product" resource="_:b0"><span property="name">W</span><div property="offers" typeof="Offer"><span property="price">10.00</span></div></div>`,
    [{ ...CTX, "@type": "Product", name: "W", offers: { "@type": "Offer", price: "10.00" } }],
  ],
  [
    "RDFa Lite: vocab, typeof, property (text and src)",
    `<p vocab="http://schema.org/" typeof="Person">My name is <span property="name">Manu Sporny</span> and you can give me a ring via <span property="telephone">1-800-555-0199</span>.<img property="image" src="http://manu.sporny.org/images/manu.png" /></p>`,
    [{ ...CTX, "@type": "Person", name: "Manu Sporny", telephone: "1-800-555-0199", image: "http://manu.sporny.org/images/manu.png" }],
  ],
  [
    "RDFa Lite: resource names the node, resolved against the base",
    `<p vocab="http://schema.org/" resource="#manu" typeof="Person"><span property="name">Manu Sporny</span></p>`,
    [{ ...CTX, "@type": "Person", "@id": "http://manu.sporny.org/about#manu", name: "Manu Sporny" }],
    "http://manu.sporny.org/about",
  ],
  [
    "RDFa Lite: prefix adds a vocabulary next to vocab",
    `<p vocab="http://schema.org/" prefix="ov: http://open.vocab.org/terms/" resource="#manu" typeof="Person"><span property="name">Manu Sporny</span> likes the <span property="ov:preferredAnimal">Liger</span>.</p>`,
    [{ ...CTX, "@type": "Person", "@id": "#manu", name: "Manu Sporny", "http://open.vocab.org/terms/preferredAnimal": "Liger" }],
  ],
  [
    "RDFa Lite: chaining with property + typeof (the inner node is the value)",
    `<div vocab="https://schema.org/" typeof="Person"><span property="name">Manu</span><div property="knows" typeof="Person" resource="#gregg"><span property="name">Gregg</span></div></div>`,
    [{ ...CTX, "@type": "Person", name: "Manu", knows: { "@type": "Person", "@id": "#gregg", name: "Gregg" } }],
  ],
  [
    "property + typeof + href: the href names the typed node (breadcrumb form)",
    `<ol vocab="https://schema.org/" typeof="BreadcrumbList"><li property="itemListElement" typeof="ListItem"><a property="item" typeof="WebPage" href="https://example.com/books"><span property="name">Books</span></a><meta property="position" content="1"></li></ol>`,
    [{ ...CTX, "@type": "BreadcrumbList", itemListElement: { "@type": "ListItem", item: { "@type": "WebPage", "@id": "https://example.com/books", name: "Books" }, position: "1" } }],
  ],
  [
    "Core: the undeclared schema: prefix, hanging rel completed by a typed child, rel with resource",
    `<div typeof="schema:Product"><div rel="schema:review"><div typeof="schema:Review"><div property="schema:name" content="Good"></div></div></div><div rel="schema:image" resource="https://example.com/a.jpg"></div><div property="schema:name" content="Anvil"></div></div>`,
    [{ ...CTX, "@type": "Product", review: { "@type": "Review", name: "Good" }, image: "https://example.com/a.jpg", name: "Anvil" }],
  ],
  [
    "Core: a hanging rel completed by a property child makes a blank node",
    `<div vocab="http://schema.org/" typeof="Book"><div rel="schema:author"><span property="schema:name">Ann</span></div></div>`,
    [{ ...CTX, "@type": "Book", author: { name: "Ann" } }],
  ],
  [
    "Core: a plain img and a under hanging rels are their objects",
    `<div vocab="http://schema.org/" typeof="Product"><div rel="schema:image"><img src="https://example.com/a.jpg"></div><p rel="schema:url"><a href="https://example.com/p">page</a></p><a href="https://example.com/other">not a value</a></div>`,
    [{ ...CTX, "@type": "Product", image: "https://example.com/a.jpg", url: "https://example.com/p" }],
  ],
  [
    "Core: about sets the subject; datatype keeps the literal",
    `<div vocab="http://schema.org/" about="https://example.com/e" typeof="Event"><span property="startDate" datatype="xsd:dateTime">2025-01-01T10:00:00Z</span><span property="endDate" content="2025-01-02"></span></div>`,
    [{ ...CTX, "@type": "Event", "@id": "https://example.com/e", startDate: "2025-01-01T10:00:00Z", endDate: "2025-01-02" }],
  ],
  [
    "Primer: property with href gives a link, and several values",
    `<div vocab="http://schema.org/" typeof="Person"><a property="sameAs" href="https://a.example/">a</a><a property="sameAs" href="https://b.example/">b</a></div>`,
    [{ ...CTX, "@type": "Person", sameAs: ["https://a.example/", "https://b.example/"] }],
  ],
  [
    "vocab is inherited and can be reset; untyped subjects (dc:title on the page) are not reported",
    `<body vocab="http://purl.org/dc/terms/"><h2 property="title">The Trouble with Bob</h2><div vocab="http://schema.org/" typeof="Thing"><span property="name">T</span></div></body>`,
    [{ ...CTX, "@type": "Thing", name: "T" }],
  ],
  ["both http and https schema.org vocabularies", `<div vocab="https://schema.org/" typeof="Thing"><span property="name">A</span></div><div vocab="http://schema.org/" typeof="Thing"><span property="name">B</span></div>`, [{ ...CTX, "@type": "Thing", name: "A" }, { ...CTX, "@type": "Thing", name: "B" }]],
  ["Open Graph meta tags alone give nothing", `<html prefix="og: https://ogp.me/ns#"><head><meta property="og:title" content="T"><meta property="og:type" content="article"></head></html>`, []],
  ["FOAF images of a CMS are left out", `<img typeof="foaf:Image" src="a.jpg"><div vocab="http://schema.org/" typeof="Thing"><span property="name">T</span></div>`, [{ ...CTX, "@type": "Thing", name: "T" }]],
  [
    "a node linked from two places is embedded in both; a cycle becomes a reference",
    `<div vocab="http://schema.org/"><div typeof="Person" resource="https://e.x/a"><span property="name">A</span><link property="knows" href="https://e.x/b"></div><div typeof="Person" resource="https://e.x/b"><span property="name">B</span><link property="knows" href="https://e.x/a"></div></div>`,
    [
      { ...CTX, "@type": "Person", "@id": "https://e.x/a", name: "A", knows: { "@type": "Person", "@id": "https://e.x/b", name: "B", knows: { "@id": "https://e.x/a" } } },
    ],
  ],
  [
    "HTML+RDFa 3.1: a time element's datetime stands for its text (content still wins; no datetime, the text)",
    `<div vocab="https://schema.org/" typeof="Event"><time property="startDate" datetime="2025-07-21T19:00-05:00">July 21, 7pm</time><time property="endDate" datetime="2025-07-21T23:00-05:00" content="2025-07-22T00:00-05:00">late</time><time property="doorTime">18:30</time><time property="previousStartDate" datatype="xsd:dateTime" datetime="2025-07-20T19:00-05:00">July 20</time></div>`,
    [{ ...CTX, "@type": "Event", startDate: "2025-07-21T19:00-05:00", endDate: "2025-07-22T00:00-05:00", doorTime: "18:30", previousStartDate: "2025-07-20T19:00-05:00" }],
  ],
  [
    "a template's content is no part of the page (HTML 4.12.3)",
    `<div vocab="https://schema.org/" typeof="Product"><span property="name">Widget</span><template><span property="sku">T1</span></template></div>`,
    [{ ...CTX, "@type": "Product", name: "Widget" }],
  ],
];

for (const [name, html, expected, base] of CASES) {
  test(`rdfa: ${name}`, () => {
    assert.equal(nodes(html, base ?? null), expected);
  });
}

test("rdfa: the side table points at the elements", () => {
  const html = `<div vocab="http://schema.org/" typeof="Thing">\n<span property="name">T</span></div>`;
  const block = extractRdfa(buildItemTree(html), html, null);
  assert.is(block.offsets.get("/0"), 0);
  assert.is(block.offsets.get("/0/name"), html.indexOf("<span"));
});

test.run();
