/**
 * Hostile inputs whose cost once grew with the square of their size, or worse (backtracking regular
 * expressions, searches to the page's end once per item, lists asked for each token, references
 * checked at each place): each family validated at a size n and at 4n, side by side. A linear path
 * takes about 4x as long for 4x the input; the verdict flags a family past 8x whose larger input also
 * takes over 20 ms (below that, timer noise decides the ratio). test/runtime/hostile-scaling.test.ts
 * checks the same families' results.
 *
 *   npm run bench -- scaling     (or, built: node --import tsx bench/run.ts scaling)
 */
import { existsSync } from "node:fs";
import { printTable, errorMessage, type BenchContext } from "./util.ts";

/** 4x the input may take at most this many times as long. */
const MAX_RATIO = 8;
/** Below this the larger input's time is noise: no verdict. */
const NOISE_MS = 20;

type Validate = {
  validateHtml: (html: string, url: string | null) => unknown;
  validateValue: (value: unknown) => unknown;
  /** What a page without structured data is told (the CLI's and the service's 422, an audit's page). */
  noStructuredDataMessage: (html: string) => string;
};
type Family = { name: string; n: number; run: (v: Validate, n: number) => unknown };

const ld = (value: object) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const page = (head: string, body: string) => `<html lang="en"><head>${head}</head><body>${body}</body></html>`;
const product = (extra: object) => ({ "@context": "https://schema.org", "@type": "Product", name: "Anvil", offers: { "@type": "Offer", price: "1", priceCurrency: "EUR" }, ...extra });
const URL_OF_PAGE = "https://a.example/";

const FAMILIES: Family[] = [
  { name: "product name of spaces", n: 50_000, run: (v, n) => v.validateHtml(page(ld(product({ name: `${" ".repeat(n)}x (m/w/d` })), "<p>x</p>"), URL_OF_PAGE) },
  { name: "review body of \"<\"", n: 50_000, run: (v, n) => v.validateHtml(page(ld(product({ review: { "@type": "Review", reviewBody: "<".repeat(n) } })), "<p>x</p>"), URL_OF_PAGE) },
  { name: "price \"?1a1a...\"", n: 25_000, run: (v, n) => v.validateValue(product({ offers: { "@type": "Offer", price: `?${"1a".repeat(n)} x`, priceCurrency: "EUR" } })) },
  { name: "two events, url of slashes", n: 50_000, run: (v, n) => v.validateHtml(page(ld({ "@context": "https://schema.org", "@type": "Event", name: "J", url: `https://a.example/${"/".repeat(n)}a` }).repeat(2), "<p>J</p>"), URL_OF_PAGE) },
  { name: "page of \"<meta\": no structured data, why", n: 50_000, run: (v, n) => v.noStructuredDataMessage(page("", "<meta".repeat(n / 5))) },
  { name: "references fanned out k x k x k", n: 40, run: (v, n) => v.validateValue(fanOut(n)) },
  { name: "price looked up in a run of digits", n: 50_000, run: (v, n) => v.validateHtml(page(ld(product({})), `<h1>Anvil</h1><p>${"21".repeat(n / 2)}</p>`), URL_OF_PAGE) },
  { name: "rel=nofollow links beside an item", n: 500_000, run: (v, n) => v.validateHtml(page("", `<div itemscope itemtype="https://schema.org/Thing"><span itemprop="name">A</span></div>${'<a rel="nofollow" href="/x">x</a>'.repeat(n / 32)}é`), URL_OF_PAGE) },
  { name: "itemprop of many names", n: 25_000, run: (v, n) => v.validateHtml(page("", `<div itemscope itemtype="https://schema.org/Thing"><span itemprop="name ${names(n / 4, "p")}">A</span></div>`), URL_OF_PAGE) },
  { name: "typeof of many types", n: 25_000, run: (v, n) => v.validateHtml(page("", `<div vocab="https://schema.org/" typeof="Thing ${names(n / 10, "schema:T")}"><span property="name">A</span></div>`), URL_OF_PAGE) },
  { name: "tag of many attributes, then hidden", n: 100_000, run: (v, n) => v.validateHtml(page(ld(product({})), `<div${" a=1".repeat(n / 4)} hidden>Anvil</div>`), URL_OF_PAGE) },
  { name: "duplicates of a product with a long colour", n: 250_000, run: (v, n) => v.validateHtml(page(ld(product({ sku: "A1", color: "red ".repeat(n / 4) })) + ld(product({ sku: "A1", color: "blue" })).repeat(100), "<h1>Anvil</h1>"), URL_OF_PAGE) },
  { name: "a listing named with many words", n: 25_000, run: (v, n) => v.validateHtml(page(ld({ "@context": "https://schema.org", "@type": "WebSite", name: names(n / 8, "w"), url: URL_OF_PAGE }) + ld({ "@context": "https://schema.org", "@type": "LocalBusiness", name: names(n / 8, "b"), url: URL_OF_PAGE, aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 2 } }), "<p>x</p>"), URL_OF_PAGE) },
  { name: "rating counts not shown, a text of \"1k\"", n: 250_000, run: (v, n) => v.validateHtml(page(Array.from({ length: 20 }, (_, i) => ld(product({ sku: `S${i}`, name: `P${i}`, aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 5000 + i * 7919 } }))).join(""), `<p>${"1k ".repeat(n / 3)}</p>`), URL_OF_PAGE) },
  { name: "RDFa node of many values linked from many", n: 25_000, run: (v, n) => v.validateHtml(page("", `<div vocab="https://schema.org/" resource="#x" typeof="Thing">${'<span property="description">d</span>'.repeat(n / 20)}</div>${Array.from({ length: n / 200 }, (_, i) => `<div vocab="https://schema.org/" typeof="Thing" resource="#t${i}"><link property="subjectOf" href="#x"></div>`).join("")}`), URL_OF_PAGE) },
  { name: "RDFa prefixes, then one per element", n: 25_000, run: (v, n) => v.validateHtml(page("", `<div vocab="https://schema.org/" prefix="${Array.from({ length: n / 25 }, (_, i) => `p${i}: https://e.example/${i}/`).join(" ")}" typeof="Thing"><span property="name">A</span>${Array.from({ length: n / 25 }, (_, i) => `<span prefix="q${i}: https://q.example/"></span>`).join("")}</div>`), URL_OF_PAGE) },
  { name: "Microdata items sharing one itemref", n: 25_000, run: (v, n) => v.validateHtml(page("", `<div id="r">${'<span itemprop="description">d</span>'.repeat(n / 50)}</div>${'<div itemscope itemtype="https://schema.org/Thing" itemref="r"></div>'.repeat(n / 5)}`), URL_OF_PAGE) },
  { name: "prices not shown, one per 1,000 characters of \"4.5\"s", n: 50_000, run: (v, n) => v.validateHtml(page(ld(Array.from({ length: n / 1000 }, (_, i) => product({ name: `P${i}`, offers: { "@type": "Offer", price: 4.5 + (i + 1) / 10_000, priceCurrency: "EUR" } }))), `<p>${"4.5 ".repeat(n / 4)}</p>`), URL_OF_PAGE) },
  { name: "names of common words, 23 brands each", n: 8_000, run: (v, n) => v.validateHtml(page("", `<p>${"an ".repeat(n / 17)}</p>${ld({ "@context": "https://schema.org", "@graph": Array.from({ length: Math.ceil(n / 2_700) }, () => ({ "@type": "Product", name: Array(30).fill(`${"an ".repeat(24)}c0 an`), brand: Array.from({ length: 23 }, (_, k) => "an ".repeat(k + 1).trim()) })) })}`), URL_OF_PAGE) },
  { name: "512 Microdata properties left open", n: 8_192, run: (v, n) => v.validateHtml(page("", `<div itemscope itemtype="https://schema.org/Thing">${"<b itemprop=x>".repeat(512)}${"< ".repeat(n / 2)}`), URL_OF_PAGE) },
  { name: "<li> after 512 open elements", n: 8_192, run: (v, n) => v.validateHtml(page("", `<div itemscope>${"<b>".repeat(512)}${"<li>".repeat(n / 4)}`), URL_OF_PAGE) },
  { name: "reviews of a business with many names", n: 8_000, run: (v, n) => v.validateHtml(page(ld({ "@context": "https://schema.org", "@graph": [{ "@id": "urn:o", "@type": "Organization", url: URL_OF_PAGE, name: Array(Math.ceil(n / 380)).fill(names(32, "a")) }, { "@type": "WebSite", url: URL_OF_PAGE, name: Array(Math.ceil(n / 380)).fill(names(32, "b")) }, ...Array.from({ length: n / 160 }, () => ({ "@type": "Review", itemReviewed: { "@id": "urn:o" } }))] }), ""), URL_OF_PAGE) },
  { name: "products referencing one review of many issues", n: 8_000, run: (v, n) => v.validateValue({ "@context": "https://schema.org", "@graph": [{ "@id": "urn:r", "@type": "Review", positiveNotes: { "@type": "ItemList", itemListElement: Array(Math.ceil(n / 140)).fill({ "@type": "ListItem", name: "", position: "z" }) } }, ...Array.from({ length: Math.ceil(n / 160) }, () => ({ "@type": "Product", name: "x", review: { "@id": "urn:r" } }))] }) },
  { name: "page text of lone \"<\" between blanks", n: 40_000, run: (v, n) => v.validateHtml(page(ld(product({})), `<p>${"< ".repeat(n)}</p>`), URL_OF_PAGE) },
  { name: "end tags after 100,001 open in a hidden element", n: 4_000, run: (v, n) => v.validateHtml(page(ld(product({})), `<div hidden>${"<b>".repeat(100_001)}${"<x></x>".repeat(n)}</div><p>Anvil</p>`), URL_OF_PAGE) },
  { name: "a review of nulls referred to from many nodes", n: 10_000, run: (v, n) => v.validateHtml(page(ld({ "@context": "https://schema.org", "@graph": [{ "@id": "#r", "@type": "Review", reviewBody: Array(n).fill(null) }, ...Array.from({ length: 200 }, (_, i) => product({ sku: `s${i}`, review: Array(100).fill({ "@id": "#r" }) }))] }), "<p>Anvil</p>"), URL_OF_PAGE) },
  { name: "an offer of many properties written in place at many", n: 500, run: (v, n) => v.validateValue(inPlaceOffers(n)) },
  { name: "nodes of one @id with many properties each", n: 40, run: (v, n) => v.validateValue(oneIdManyDefinitions(n)) },
  { name: "an item of many types itemref'd from many", n: 250, run: (v, n) => v.validateHtml(page("", `<div id="t" itemprop="subjectOf" itemscope itemtype="${names(20_000, "https://schema.org/T")}"></div>${'<div itemscope itemtype="https://schema.org/Thing" itemref="t"></div>'.repeat(n)}`), URL_OF_PAGE) },
  { name: "an RDFa subject of many types linked from many", n: 250, run: (v, n) => v.validateHtml(page("", `<div vocab="https://schema.org/" resource="#t" typeof="${names(20_000, "T")}"></div>${Array.from({ length: n }, (_, i) => `<div vocab="https://schema.org/" typeof="Thing" resource="#s${i}"><link property="subjectOf" href="#t"></div>`).join("")}`), URL_OF_PAGE) },
  { name: "long <base href>, many item urls", n: 250_000, run: (v, n) => v.validateHtml(page(`<base href="https://b.example/${"x".repeat(n)}/">`, `<div itemscope itemtype="https://schema.org/Thing">${'<link itemprop="url" href="p">'.repeat(n / 50)}</div>`), URL_OF_PAGE) },
];

function names(count: number, prefix: string): string {
  return Array.from({ length: count }, (_, i) => `${prefix}${i}`).join(" ");
}

/** An offer of 2,000 properties written in place (`{"@id", "@type"}`) n times in its products. */
function inPlaceOffers(n: number): object {
  const offer: Record<string, unknown> = { "@id": "#o", "@type": "Offer", price: 1, priceCurrency: "EUR" };
  for (let j = 0; j < 2_000; j++) offer[`https://e.example/p${j}`] = 1;
  const perProduct = 200;
  const products = Array.from({ length: Math.ceil(n / perProduct) }, (_, i) => ({ "@type": "Product", name: `p${i}`, offers: Array.from({ length: perProduct }, () => ({ "@id": "#o", "@type": "Offer" })) }));
  return { "@context": "https://schema.org", "@graph": [offer, ...products] };
}

/** 200 definitions of one @id, each with k properties of its own. */
function oneIdManyDefinitions(k: number): object {
  let c = 0;
  const graph = Array.from({ length: 200 }, () => {
    const node: Record<string, unknown> = { "@id": "#same", "@type": "Product" };
    for (let j = 0; j < k; j++) node[`p${(c++).toString(36)}`] = 1;
    return node;
  });
  return { "@context": "https://schema.org", "@graph": graph };
}

function fanOut(k: number): object {
  const refs = (id: string) => Array.from({ length: k }, () => ({ "@id": id }));
  return {
    "@context": "https://schema.org",
    "@graph": [
      { "@type": "Product", name: "x", offers: refs("#o") },
      { "@id": "#o", "@type": "Offer", price: 1, priceCurrency: "EUR", shippingDetails: refs("#s") },
      { "@id": "#s", "@type": "OfferShippingDetails", deliveryTime: refs("#d") },
      { "@id": "#d", "@type": "ShippingDeliveryTime", handlingTime: { "@type": "QuantitativeValue", minValue: 0, maxValue: 1 } },
    ],
  };
}

/** The fastest of three calls, in ms (each input is large: one call is the measure). */
function fastest(f: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    f();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

export async function run(_ctx: BenchContext): Promise<void> {
  const url = new URL("../dist/runtime/validate.js", import.meta.url);
  if (!existsSync(url)) {
    console.log("SKIP scaling: sdv engine not built (dist/ missing: run npm run build)");
    return;
  }
  const { noStructuredDataMessage } = (await import(new URL("../dist/runtime/extract/unreadable-markup.js", import.meta.url).href)) as Pick<Validate, "noStructuredDataMessage">;
  const v = { ...((await import(url.href)) as Validate), noStructuredDataMessage };
  const rows: string[][] = [["family", "n", "ms at n", "ms at 4n", "x", "verdict"]];
  for (const family of FAMILIES) {
    try {
      family.run(v, family.n);
      const small = fastest(() => family.run(v, family.n));
      const large = fastest(() => family.run(v, family.n * 4));
      const x = large / small;
      const verdict = large < NOISE_MS ? "ok (fast)" : x <= MAX_RATIO ? `ok <= ${MAX_RATIO}x` : `FAIL > ${MAX_RATIO}x`;
      rows.push([family.name, String(family.n), small.toFixed(1), large.toFixed(1), x.toFixed(1), verdict]);
    } catch (err) {
      rows.push([family.name, String(family.n), "failed", errorMessage(err), "", ""]);
    }
  }
  printTable(rows);
}
