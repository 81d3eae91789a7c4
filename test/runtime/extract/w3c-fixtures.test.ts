/**
 * The W3C/WHATWG test pages of ../shared/corpus/formats/w3c (gathered by extruct from the HTML
 * standard's Microdata section, RDFa Lite and the RDFa/RDF 1.1 Primers), each with the items the
 * standard's JSON conversion gives, in sdv's node form (the names of an item in another vocabulary than
 * Schema.org's are that vocabulary's IRIs, as the W3C's Microdata to RDF mapping makes them). The
 * Primers' Dublin Core and FOAF examples give no node: sdv reports typed nodes of the vocabularies the
 * search engine reads (README).
 * Skips visibly when the corpus is absent.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { corpusDir } from "../../corpus-dir.ts";
import { buildItemTree } from "../../../runtime/extract/html-items.ts";
import { extractMicrodata } from "../../../runtime/extract/microdata.ts";
import { extractRdfa } from "../../../runtime/extract/rdfa.ts";

const CTX = { "@context": "https://schema.org" };
const NEIL = { name: "Neil", band: "Four Parts Water", nationality: "British" };
const MANU = { ...CTX, "@type": "Person", "@id": "#manu", name: "Manu Sporny", telephone: "1-800-555-0199", image: "http://manu.sporny.org/images/manu.png" };
/** Names of an item in another vocabulary than Schema.org's are written as that vocabulary's IRIs. */
const inVocabulary = (vocabulary: string, properties: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(properties).map(([name, value]) => [name.startsWith("@") ? name : vocabulary + name, value]));
const MD = (properties: Record<string, unknown>) => inVocabulary("http://md.example.com/", properties);
const WORK = (work: string, title: string) =>
  inVocabulary("http://n.whatwg.org/", { "@type": "http://n.whatwg.org/work", work, title, license: "http://www.opensource.org/licenses/mit-license.php" });

const EXPECTED: Array<[string, unknown[]]> = [
  ["microdata.4.2.data.html", [{ "product-id": "9678AOU879" }]],
  ["microdata.4.2.meter.html", [{ ...CTX, "@type": "Product", name: "Panasonic White 60L Refrigerator", aggregateRating: { "@type": "AggregateRating", ratingValue: "3.5", reviewCount: "11" } }]],
  ["microdata.4.2.strings.html", [NEIL]],
  ["microdata.4.2.strings.unclean.html", [NEIL]],
  [
    "microdata.5.2.html",
    [
      MD({ "@type": ["http://md.example.com/loco", "http://md.example.com/lighting"], name: "Tank Locomotive (DB 80)", "product-code": "33041", scale: "HO", digital: "Delta" }),
      MD({ "@type": ["http://md.example.com/track", "http://md.example.com/lighting"], name: "Turnout Lantern Kit", "product-code": "74470", "track-type": "C", scale: "HO" }),
      MD({ "@type": "http://md.example.com/passengers", name: "Express Train Passenger Car (DB Am 203)", "product-code": "8710", scale: "Z" }),
    ],
  ],
  // The standard's point: these four items are the same, whatever the order and itemref.
  ["microdata.5.3.html", [{ a: ["1", "2"], b: "test" }, { b: "test", a: ["1", "2"] }, { a: ["1", "2"], b: "test" }, { a: ["1", "2"], b: "test" }]],
  ["microdata.5.5.html", [WORK("images/house.jpeg", "The house I found."), WORK("images/mailbox.jpeg", "The mailbox.")]],
  [
    "microdata.7.1.html",
    [
      {
        ...CTX,
        "@type": "BlogPosting",
        headline: "Progress report",
        datePublished: "2013-08-29",
        url: "?comments=0",
        comment: [
          { "@type": "UserComments", url: "#c1", creator: { "@type": "Person", name: "Greg" }, commentTime: "2013-08-29" },
          { "@type": "UserComments", url: "#c2", creator: { "@type": "Person", name: "Charlotte" }, commentTime: "2013-08-29" },
        ],
      },
    ],
  ],
  ["microdata.object.html", [{ ...CTX, "@type": "Thing", object: "foo" }]],
  ["w3c.rdfalite.example003.html", [{ ...CTX, "@type": "Person", name: "Manu Sporny", telephone: "1-800-555-0199", url: "http://manu.sporny.org/" }]],
  ["w3c.rdfalite.example004.html", [MANU]],
  ["w3c.rdfalite.example005.html", [{ ...MANU, "http://open.vocab.org/terms/preferredAnimal": "Liger" }]],
  ["w3c.rdf11primer.example014.html", []],
  ["w3c.rdfaprimer.example008.html", []],
  ["w3c.rdfaprimer.example015.html", []],
];

const corpus = corpusDir();
if (!corpus) {
  test.skip("w3c fixtures (../shared/corpus not found)", () => {});
} else {
  for (const [file, expected] of EXPECTED) {
    test(`formats/w3c/${file}`, () => {
      const html = readFileSync(join(corpus, "formats", "w3c", file), "utf8");
      const tree = buildItemTree(html);
      const items = file.startsWith("microdata") ? extractMicrodata(tree, html, null, true).items : extractRdfa(tree, html, null).items;
      assert.equal(items, expected);
    });
  }
}

test.run();
