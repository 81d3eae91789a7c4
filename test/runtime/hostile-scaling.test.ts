/**
 * Inputs built against paths whose cost grew with the square of their size (or worse): backtracking
 * regular expressions (a run like `\s*`, `[^>]*` or `\/+` retried from every start of a long run that
 * never completes the match), searches that read to the page's end once per item, lists asked whether
 * they hold each token, references checked at each place. Each once took seconds to hours, or all the
 * memory. Here their results are checked (a rewrite that reads less is caught); how their time grows is
 * bench/scaling.ts's to measure, side by side at n and 4n. The regex cases are sized so that the old
 * paths ran for hours.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { noStructuredDataMessage } from "../../runtime/extract/unreadable-markup.ts";
import { validateHtml, validateValue } from "../../runtime/validate.ts";
import { normalizeUrl } from "../../runtime/page-truth/duplicates.ts";
import { lookupKey, titleKeys } from "../../runtime/page-truth/text-match.ts";
import { price } from "../../runtime/checks/price.ts";
import { withoutTrailingSlashes } from "../../runtime/without-trailing-slashes.ts";
import { shown } from "../../api/config/env.ts";
import { formatQuiet } from "../../cli/formats/quiet.ts";
import { readVisibleText } from "../../runtime/page-truth/visible-text.ts";
import { extractHtmlItems } from "../../runtime/extract/extract-items.ts";

const MB = 1 << 20;

test("a page of \"<meta\" and \"<script\" without \">\": the no-structured-data message (an audit's main thread)", () => {
  assert.match(noStructuredDataMessage("<meta".repeat(MB / 5)), /JSON-LD/);
  assert.match(noStructuredDataMessage("<script".repeat(MB / 7)), /JSON-LD/);
  // The twin: a real Open Graph tag is still named.
  assert.match(noStructuredDataMessage(`${"<meta".repeat(1000)}<meta property="og:title" content="x">`), /Open Graph/);
});

test("a price of \"?1a1a…\": checked and left without a fix, like any price that is no number", () => {
  const value = `?${"1a".repeat(MB / 2)} x`;
  assert.is(price.fix!(value), null);
  const result = validateValue({ "@context": "https://schema.org", "@type": "Product", name: "x", offers: { "@type": "Offer", price: value, priceCurrency: "EUR" } });
  assert.ok(result.schemas[0].errors.some((i) => i.property === "offers.price"));
  // The twins: prices with a currency still get their fix.
  assert.equal(price.fix!("$1,299.00"), { value: "1299.00", currencyWritten: "$" });
  assert.equal(price.fix!("19,99 €"), { value: "19.99", currency: "EUR", currencyWritten: "€" });
});

test("urls with long runs of slashes, names of spaces and values of \"<\" on a page", () => {
  const slashes = "/".repeat(MB);
  assert.is(normalizeUrl(`https://a.example/${slashes}a`, null), `a.example/${slashes}a`);
  assert.is(normalizeUrl(`https://a.example/shop${slashes}`, null), "a.example/shop");
  assert.is(withoutTrailingSlashes(`x${slashes}y${slashes}`), `x${slashes}y`);
  assert.equal(titleKeys(`${" ".repeat(MB)}x (m/w/d`), []);
  assert.is(lookupKey("<".repeat(MB)), "");
  const event = (url: string) => `<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "Event", name: "Jazz", startDate: "2026-07-21T20:00+02:00", url })}</script>`;
  // On a page, a url short enough for the issue quoting it to fit the answer's budget.
  const path = `${"/".repeat(100_000)}a`;
  const result = validateHtml(`<html><head>${event(`https://a.example/${path}`)}${event(`https://a.example/${path}`)}</head><body><p>Jazz</p></body></html>`, "https://a.example/");
  assert.ok(result.schemas[0].warnings.some((w) => w.code === "duplicate-entity"), "the two events are still one entity");
});

test("200 prices not shown over a text of 90,000 \"4.5\"s: each reported, the one shown not", () => {
  const products = Array.from({ length: 200 }, (_, i) => ({
    "@context": "https://schema.org", "@type": "Product", name: "Anvil", sku: `S${i}`, image: "https://a.example/a.jpg",
    offers: { "@type": "Offer", price: i === 7 ? 4.5 : 4.5 + (i + 1) / 10_000, priceCurrency: "EUR" },
  }));
  const html = `<html lang="en"><head><script type="application/ld+json">${JSON.stringify(products)}</script></head><body><h1>Anvil</h1><p>${"4.5 ".repeat(90_000)}</p></body></html>`;
  // Only the truth checks' issues: 200 nodes' recommendations would pass the answer's cap of issues.
  const overrides = ["missing-recommended", "missing-one-of"].map((code) => ({ code, severity: "off" as const }));
  const result = validateHtml(html, "https://a.example/", undefined, { overrides });
  const priceNotShown = result.schemas.map((s) => s.warnings.some((w) => w.code === "not-visible" && w.property === "offers.price"));
  assert.is(priceNotShown.length, 200);
  assert.is(priceNotShown.filter(Boolean).length, 199);
  assert.is(priceNotShown[7], false, "4.5 is on the page");
});

test("512 property elements left open over 32 KB of text: the first values whole, the rest their opening once the page's reading is spent", () => {
  const text = "word ".repeat(6_000);
  const pages = {
    microdata: `<div itemscope itemtype="https://schema.org/Thing">${'<b itemprop="description">'.repeat(512)}${text}`,
    rdfa: `<div vocab="https://schema.org/" typeof="Thing">${'<b property="description">'.repeat(512)}${text}`,
  };
  for (const [syntax, body] of Object.entries(pages)) {
    const block = extractHtmlItems(`<html><body>${body}</body></html>`).find((b) => b.syntax === syntax)!;
    const values = [block.items[0].description].flat().map(String).filter((v) => v !== "");
    // Past the page's budget a value reads 256 characters of its element: the deep ones reach the text,
    // the others only the start tags inside them, and are empty.
    assert.ok(values.length >= 10, `${syntax}: ${values.length} values`);
    assert.ok(values.every((v) => v.startsWith("word word")), syntax);
    assert.is(values[0].length, text.length - 1, `${syntax}: the first value whole`);
  }
  // The twin: one long value, not nested, keeps its text up to the per-value cap, as before.
  const long = `<html><body><div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Anvil</h1><div itemprop="description">${"anvil ".repeat(20_000)}</div></div></body></html>`;
  assert.is(String(extractHtmlItems(long)[0].items[0].description).length, 64_000);
});

test("<li> after 512 open phrasing elements: implied end tags still close what HTML closes", () => {
  const open = "<b>".repeat(600);
  const html = `<html><body><ul itemscope itemtype="https://schema.org/ItemList"><li itemprop="itemListElement">a${open}<li itemprop="itemListElement">b</ul>${"<li>".repeat(8_000)}</body></html>`;
  const result = validateHtml(html, "https://a.example/");
  assert.ok(result.schemas.some((s) => s.type === "ItemList"));
});

test("a @context of arrays 8,000 deep, and a duplicate's colour of arrays 3,000 deep: reports, no stack overflow", () => {
  const deep = (d: number) => `${"[".repeat(d)}${"]".repeat(d)}`;
  for (const key of ["name", "schema:name"]) {
    const text = `{"@context":${deep(8_000)},"@type":"Product","${key}":"x"}`;
    for (const result of [validateValue(JSON.parse(text)), validateHtml(`<script type="application/ld+json">${text}</script>`, "https://a.example/")]) {
      assert.ok(result.schemas.some((s) => s.type === "Product"), key);
      assert.ok(result.schemas.some((s) => s.errors.some((e) => e.code === "too-deep")), key);
    }
  }
  // The twin: a context array that names Schema.org among its entries still makes its prefixes Schema.org's.
  const twin = validateValue({ "@context": [{ s: "https://schema.org/" }, "https://schema.org"], "@type": "Product", "s:name": "Anvil" });
  assert.ok(twin.schemas[0].properties_found.includes("name"), JSON.stringify(twin.schemas[0].properties_found));
  const products = `[{"@context":"https://schema.org","@type":"Product","name":"Anvil","sku":"1","color":${deep(3_000)}},{"@context":"https://schema.org","@type":"Product","name":"Anvil","sku":"1","color":"red"}]`;
  const result = validateHtml(`<h1>Anvil</h1><script type="application/ld+json">${products}</script>`, "https://a.example/");
  assert.is(result.schemas.filter((s) => s.type === "Product").length, 2);
});

test("199 reviews of one business with many names and sameAs: judged once, the same verdict as one review", () => {
  const words = (p: string) => Array.from({ length: 32 }, (_, i) => `${p}${String.fromCharCode(97 + (i >> 4), 97 + (i & 15))}`).join(" ");
  const page = (reviews: number, business: object, site: object | null) =>
    `<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@graph": [{ "@id": "urn:o", "@type": "LocalBusiness", ...business }, ...(site ? [{ "@type": "WebSite", url: "https://a.example/", ...site }] : []), ...Array.from({ length: reviews }, () => ({ "@type": "Review", itemReviewed: { "@id": "urn:o" }, author: { "@type": "Person", name: "A" }, reviewRating: { "@type": "Rating", ratingValue: 5 } }))] })}</script>`;
  const selfServing = (html: string) => validateHtml(html, "https://a.example/").schemas.filter((s) => s.warnings.some((w) => w.code === "self-serving-review")).length;
  // A site named by other words than the business's: a directory's listing, not reported.
  // (The business's url is its listing page: one at the site's home page is the site's own, whatever the names.)
  assert.is(selfServing(page(199, { url: "https://a.example/places/o", name: Array(86).fill(words("a")) }, { name: Array(86).fill(words("b")) })), 0);
  // The twin: the site's name is the business's (its first word and more than half its words): its own site,
  // every review reported. (100 reviews: each also has recommendations, and 199 pass the answer's cap of listed issues.)
  assert.is(selfServing(page(100, { url: "https://a.example/places/o", name: Array(86).fill(words("a")) }, { name: [`Reviews of ${words("a")}`] })), 100);
  // sameAs: the first 64 are read; one on the page's host among them makes it the business's own site.
  assert.is(selfServing(page(100, { name: "Joe's", sameAs: ["https://a.example/joe", ...Array(2_500).fill("h://[")] }, null)), 100);
  assert.is(selfServing(page(3, { name: "Joe's", sameAs: Array(2_500).fill("h://[") }, null)), 0);
  // url: the first 64 are read too (each with a fragment is parsed against the page: 100,000 took 2 s);
  // one on the page's host after them is not read, one among them makes it the business's own site.
  assert.is(selfServing(page(3, { name: "Joe's", url: [...Array(100_000).fill("https://a.example/#top"), "https://a.example/"] }, null)), 0);
  assert.is(selfServing(page(3, { name: "Joe's", url: [...Array(10).fill("https://a.example/#top"), "https://a.example/", ...Array(100_000).fill("https://a.example/#top")] }, null)), 3);
});

test("an FAQ answer of markup referenced from 500 questions, and an element with 7,000 itemprop names: each value read once", () => {
  const answer = "<b>&amp;".repeat(3_000);
  const graph = [
    { "@id": "urn:q", "@type": "Question", name: "n", acceptedAnswer: { "@type": "Answer", text: `Anvils ship in three days. ${answer}` } },
    ...Array.from({ length: 5 }, () => ({ "@type": "FAQPage", mainEntity: Array(100).fill({ "@id": "urn:q" }) })),
  ];
  const faq = (shown: string) => validateHtml(`<p>n</p><p>${shown}</p><script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@graph": graph })}</script>`, "https://a.example/");
  const answerNotShown = (html: ReturnType<typeof faq>) => html.schemas.filter((s) => s.warnings.some((w) => w.code === "not-visible" && w.property.endsWith("acceptedAnswer.text"))).length;
  // (The page's 500 look-ups cover the first FAQPages' questions and answers.)
  assert.ok(answerNotShown(faq("Ships in a week.")) > 0);
  assert.is(answerNotShown(faq("Anvils ship in three days.")), 0);
  const names = Array.from({ length: 7_000 }, (_, i) => i.toString(36));
  const items = extractHtmlItems(`<div itemscope itemtype="https://schema.org/Thing"><a href="http://[" itemprop="${names.join(" ")}">x</a><span itemprop="name description">Anvil</span></div>`);
  const item = items[0].items[0];
  assert.is(item.name, "Anvil");
  assert.is(item.description, "Anvil");
  assert.is(item.zz, item["0"]);
});

test("199 products referencing one review of 900 issues: validated until 10,000 issues are found, the rest counted; a listing of 200 products validated whole", () => {
  const item = { "@type": "ListItem", name: "", position: "z" };
  const review = { "@id": "urn:r", "@type": "Review", author: { "@type": "Person", name: "a" }, positiveNotes: { "@type": "ItemList", itemListElement: Array(228).fill(item) }, negativeNotes: { "@type": "ItemList", itemListElement: Array(228).fill(item) } };
  const graph = [review, ...Array.from({ length: 199 }, () => ({ "@type": "Product", name: "x", review: { "@id": "urn:r" } }))];
  const result = validateValue({ "@context": "https://schema.org", "@graph": graph });
  assert.ok(result.limits !== undefined);
  assert.is(result.limits!.caps.issues_found_per_request, 10_000);
  assert.ok(result.limits!.nodes_not_validated > 100, `${result.limits!.nodes_not_validated} not validated`);
  assert.ok(result.limits!.issues_found >= 10_000 && result.limits!.issues_found < 12_000, `${result.limits!.issues_found} found`);
  // The products validated are reported, the review's errors under their own paths.
  const products = result.schemas.filter((s) => s.type === "Product");
  assert.is(products.length, 199 - result.limits!.nodes_not_validated);
  assert.ok(products[0].errors.some((e) => e.property.startsWith("review.")));
  // The twin: 200 products of a listing, each missing a handful of recommendations, are all validated.
  const listing = Array.from({ length: 200 }, (_, i) => ({ "@context": "https://schema.org", "@type": "Product", name: `P${i}`, image: "https://a.example/p.jpg", offers: { "@type": "Offer", price: 1, priceCurrency: "EUR" } }));
  const whole = validateValue(listing);
  assert.is(whole.schemas.length, 200);
  assert.is(whole.limits?.nodes_not_validated ?? 0, 0);
});

test("a node typed with an IRI of 100,000 characters: the report names it by its first 256", () => {
  const type = `https://example.com/${"q".repeat(100_000)}`;
  const result = validateValue({ "@context": "https://schema.org", "@type": type, name: "x" });
  assert.is(result.schemas[0].type.length, 256);
  assert.ok(result.schemas[0].type.startsWith("https://example.com/qqq") && result.schemas[0].type.endsWith("…"));
  assert.ok(result.schemas[0].rich_result.reason.length < 400);
  // The twin: a type of ordinary length is named whole.
  assert.is(validateValue({ "@context": "https://schema.org", "@type": "https://example.com/Gadget", name: "x" }).schemas[0].type, "https://example.com/Gadget");
});

test("settings echoed in messages: a query of \"?passpass…\" still has its secret-looking value hidden", () => {
  assert.is(shown(`https://h.example/?${"pass".repeat(MB / 4)}`), JSON.stringify(`https://h.example/?${"pass".repeat(14)}pa...`));
  assert.is(shown("https://h.example/x?token=abc&a=1"), JSON.stringify("https://h.example/x?token=***&a=1"));
});

test("--quiet puts a message with a long run of spaces on one line", () => {
  const message = `a${" ".repeat(MB)}b\n  c`;
  const line = formatQuiet([{ source: "p.json", failure: { code: "parse_error", message } } as never], "error");
  assert.is(line.split("\n")[0], `p.json: parse_error a${" ".repeat(MB)}b c`);
});

test("a node referenced k times from each of k places, three levels deep: checked once per rule, its issues once", () => {
  const refs = (id: string, k: number) => Array.from({ length: k }, () => ({ "@id": id }));
  const graph = (k: number) => ({
    "@context": "https://schema.org",
    "@graph": [
      { "@type": "Product", name: "x", image: "https://a.example/a.jpg", offers: refs("#o", k) },
      { "@id": "#o", "@type": "Offer", price: 1, priceCurrency: "EUR", shippingDetails: refs("#s", k) },
      { "@id": "#s", "@type": "OfferShippingDetails", deliveryTime: refs("#d", k) },
      { "@id": "#d", "@type": "ShippingDeliveryTime", handlingTime: { "@type": "QuantitativeValue", minValue: 0, maxValue: 1 } },
    ],
  });
  // k = 250 (10 KB) took 4.5 GB before; the issues of one reference and of 250 are the same.
  const issues = (k: number) => {
    const node = validateValue(graph(k)).schemas[0];
    return [...node.errors, ...node.warnings].map((i) => `${i.code} ${i.property}`);
  };
  const one = issues(1);
  const many = issues(250);
  assert.ok(one.some((i) => i.includes("offers.shippingDetails")), "the referenced nodes are still checked");
  for (const issue of one) assert.ok(many.includes(issue), issue);
  assert.is(new Set(many).size, many.length, "each issue once, not once per reference");
});

test("a page of rel=\"nofollow\" links beside one item, long itemprop and typeof lists, a long <base href>", () => {
  const links = '<a rel="nofollow" href="/x">x</a>'.repeat(MB / 32);
  const item = `<div itemscope itemtype="https://schema.org/Thing"><span itemprop="name">Anvil</span></div>`;
  assert.is(validateHtml(`<html><body>${item}${links}é</body></html>`, "https://a.example/").schemas.length, 1);
  const props = Array.from({ length: 100_000 }, (_, i) => `p${i}`).join(" ");
  const many = validateHtml(`<html><body><div itemscope itemtype="https://schema.org/Thing"><span itemprop="name ${props}">Anvil</span></div></body></html>`, "https://a.example/");
  assert.is(many.schemas[0].type, "Thing");
  const types = Array.from({ length: 30_000 }, (_, i) => `schema:T${i}`).join(" ");
  assert.ok(validateHtml(`<html><body><div vocab="https://schema.org/" typeof="Thing ${types}"><span property="name">Anvil</span></div></body></html>`, "https://a.example/").schemas.length >= 1);
  // A base of 2 MB is not read: the values resolve against the page's URL.
  const base = `<base href="https://b.example/${"x".repeat(2 * MB)}/">`;
  const urls = Array.from({ length: 2000 }, () => '<link itemprop="url" href="p">').join("");
  const resolved = validateHtml(`<html><head>${base}</head><body><div itemscope itemtype="https://schema.org/Thing">${urls}</div></body></html>`, "https://a.example/dir/");
  assert.match(JSON.stringify(resolved.schemas[0]), /a\.example\/dir\/p|"url"/);
});

test("a tag of 200,000 attributes before its hidden, type, shadowrootmode or style attribute", () => {
  const attrs = " a=1".repeat(200_000);
  const html = `<html><body><div${attrs} hidden>secret</div><p>shown</p><script${attrs} type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"x"}</script><template${attrs} shadowrootmode="open"><p>dsd</p></template><div${attrs} style="display:none">late</div></body></html>`;
  assert.is(validateHtml(html, "https://a.example/").schemas.length, 1, "the JSON-LD block is found past the attributes");
  assert.is(readVisibleText(html).text.replace(/\s+/g, " ").trim(), "shown dsd");
});

test("a price looked up in a page of one run of a million digits", () => {
  const html = `<html lang="en"><head><script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: "Anvil", offers: { "@type": "Offer", price: "1", priceCurrency: "EUR" } })}</script></head><body><h1>Anvil</h1><p>${"21".repeat(MB / 2)}</p></body></html>`;
  const warnings = validateHtml(html, "https://a.example/").schemas[0].warnings.filter((w) => w.code === "not-visible").map((w) => w.property);
  assert.equal(warnings, ["offers.price"]);
});

test("page text of a hundred thousand lone \"<\" between blanks: every one is text, and a separator owed still joins Japanese", () => {
  const text = readVisibleText(`<html><body><p>${"< ".repeat(100_000)}</p><p>ホーム</p><h1>金床</h1></body></html>`).text;
  assert.is((text.match(/</g) ?? []).length, 100_000);
  assert.ok(text.endsWith("ホーム金床"), JSON.stringify(text.slice(-20)));
});

test("end tags after 100,001 elements left open in a hidden element: the element still ends at its own end tag", () => {
  const html = `<html><body><div hidden>${"<b>".repeat(100_001)}${"<x></x>".repeat(5_000)}secret</div><p>Anvil</p></body></html>`;
  assert.is(readVisibleText(html).text.trim(), "Anvil");
  // The twin: with fewer inside, the same.
  assert.is(readVisibleText(`<html><body><div hidden>${"<b>".repeat(10)}<x></x>secret</div><p>Anvil</p></body></html>`).text.trim(), "Anvil");
});

test("a review whose body is 100,000 nulls, referred to 100 times from each of 200 products: looked at up to the cap", () => {
  const products = Array.from({ length: 200 }, (_, i) => ({ "@type": "Product", name: `P${i}`, sku: `s${i}`, offers: { "@type": "Offer", price: 1, priceCurrency: "EUR" }, review: Array(100).fill({ "@id": "#r" }) }));
  const html = `<html lang="en"><body><script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@graph": [{ "@id": "#r", "@type": "Review", reviewBody: Array(100_000).fill(null) }, ...products] })}</script><p>P1</p></body></html>`;
  const result = validateHtml(html, "https://a.example/");
  assert.ok(result.schemas.some((s) => s.type === "Product"));
});

test("an offer of 8,000 properties written in place ({\"@id\", \"@type\"}) 8,000 times: read as the offer; an own value beside the @id is still checked", () => {
  const offer: Record<string, unknown> = { "@id": "#o", "@type": "Offer", price: 1, priceCurrency: "EUR" };
  for (let j = 0; j < 8_000; j++) offer[`https://e.example/p${j}`] = 1;
  const products = Array.from({ length: 20 }, (_, i) => ({ "@type": "Product", name: `p${i}`, offers: Array(400).fill({ "@id": "#o", "@type": "Offer" }) }));
  const result = validateValue({ "@context": "https://schema.org", "@graph": [offer, ...products] });
  const product = result.schemas.find((s) => s.type === "Product")!;
  assert.not.ok([...product.errors, ...product.warnings].some((i) => i.property === "offers.price" || i.property === "offers.priceCurrency"));
  // The twin: a place that gives its own broken price is reported.
  const broken = validateValue({ "@context": "https://schema.org", "@graph": [offer, { "@type": "Product", name: "q", offers: [{ "@id": "#o", "@type": "Offer" }, { "@id": "#o", "@type": "Offer", price: "lots" }] }] });
  assert.ok(broken.schemas.find((s) => s.type === "Product")!.errors.some((i) => i.property === "offers.price"));
});

test("200 definitions of one @id with 450 properties each: each still holds what the first gives", () => {
  let c = 0;
  const graph = Array.from({ length: 200 }, (_, i) => {
    const node: Record<string, unknown> = { "@id": "#same", "@type": "Product", ...(i === 0 ? { name: "Anvil", offers: { "@type": "Offer", price: 1, priceCurrency: "EUR" } } : {}) };
    for (let j = 0; j < 450; j++) node[`p${(c++).toString(36)}`] = 1;
    return node;
  });
  const result = validateValue({ "@context": "https://schema.org", "@graph": graph });
  assert.ok(result.schemas.length > 1);
  for (const s of result.schemas) assert.not.ok(s.errors.some((i) => i.property === "name"), "the first definition's name is every definition's");
});

test("an item of 20,000 types itemref'd from 1,000 items, an RDFa subject of 20,000 types linked from 1,000: each written out with its first 64 types", () => {
  const types = Array.from({ length: 20_000 }, (_, i) => `https://schema.org/T${i}`).join(" ");
  const md = extractHtmlItems(`<html><body><div id="t" itemprop="subjectOf" itemscope itemtype="${types}"></div>${'<div itemscope itemtype="https://schema.org/Thing" itemref="t"></div>'.repeat(1_000)}</body></html>`, "https://a.example/");
  const mdItems = md.flatMap((b) => b.items) as Array<Record<string, unknown>>;
  const mdNested = mdItems.map((i) => i.subjectOf as Record<string, unknown> | undefined).filter((v) => v !== undefined);
  assert.is(mdNested.length, 1_000);
  assert.is((mdNested[0]["@type"] as string[]).length, 64);
  assert.is((mdNested[999]["@type"] as string[])[0], "T0");
  const rdfaTypes = Array.from({ length: 20_000 }, (_, i) => `T${i}`).join(" ");
  const links = Array.from({ length: 1_000 }, (_, i) => `<div vocab="https://schema.org/" typeof="Thing" resource="#s${i}"><link property="subjectOf" href="#t"></div>`).join("");
  const rdfa = extractHtmlItems(`<html><body><div vocab="https://schema.org/" resource="#t" typeof="${rdfaTypes}"></div>${links}</body></html>`, "https://a.example/");
  const rdfaNested = (rdfa.flatMap((b) => b.items) as Array<Record<string, unknown>>).map((i) => i.subjectOf as Record<string, unknown> | undefined).filter((v) => v !== undefined);
  assert.is(rdfaNested.length, 1_000);
  assert.is((rdfaNested[0]["@type"] as string[]).length, 64);
});

test.run();
