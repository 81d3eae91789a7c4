/**
 * duplicate-entity and conflicting-values: the same product twice (a theme's Microdata and a plugin's
 * JSON-LD; two JSON-LD blocks), and the clean twins (joined by @id, or two different products).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml } from "../../../runtime/validate.ts";
import { jsonLd, page, product, truthIssues, issuesOf } from "./helpers.ts";

const SHOWN = `<h1>Executive Anvil</h1><p>$1,299.00 - $1,199.00</p><p>4.8 out of 5 (120 reviews)</p>`;

const microdata = (price: string, extra = "") => `<div itemscope itemtype="https://schema.org/Product"${extra}><span itemprop="name">Executive Anvil</span><meta itemprop="sku" content="ANV-1">
  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">${price}</span><meta itemprop="priceCurrency" content="EUR"></div></div>`;

test("Microdata and JSON-LD of one product, different prices: duplicate-entity and conflicting-values offers.price", () => {
  const result = validateHtml(page(SHOWN + microdata("1199"), jsonLd(product())), "https://shop.example/anvil");
  const first = result.schemas[0];
  assert.is(first.syntax, "json-ld");
  const issues = issuesOf(first);
  assert.equal(issues.map((i) => `${i.code} ${i.property}`), ["duplicate-entity sku", "conflicting-values offers.price"]);
  assert.match(issues[0].message, "the Microdata item at line 1");
  assert.match(issues[0].message, "JSON-LD block 0");
  assert.match(issues[0].fix, "itemid");
  assert.match(issues[1].message, '"1299"');
  assert.match(issues[1].message, '"1199"');
  assert.is(issues[1].path, "/offers/price");
  // One issue per entity: the second description carries none of its own.
  assert.equal(issuesOf(result.schemas[1]), []);
});

test("the same product, same price: duplicate-entity only; joined by @id / itemid: nothing", () => {
  assert.equal(truthIssues(page(SHOWN + microdata("1299"), jsonLd(product()))), ["Product duplicate-entity sku"]);
  // A German theme's "1.299,00 €" is the price's format error (on the Microdata item), not a price of
  // 1.299 against the plugin's 1299.
  const german = validateHtml(page(SHOWN + microdata("1.299,00 €"), jsonLd(product())), "https://shop.example/anvil");
  assert.equal(german.schemas.flatMap((s) => issuesOf(s).map((i) => `${i.code} ${i.property}`)), ["duplicate-entity sku"]);
  assert.ok(german.schemas[1].errors.some((i) => i.property === "offers.price"), "the Microdata price's own error");
  // One name with its accent composed, the other with it apart: the same name.
  const accents = jsonLd(product({ name: "Café Amboss" })) + jsonLd(product({ name: "Cafe\u0301 Amboss" }));
  assert.equal(truthIssues(page(`<h1>Café Amboss</h1><p>$1,299.00</p><p>4.8 (120)</p>`, accents)), ["Product duplicate-entity sku"]);
  // One name with its "&" escaped as a character reference, as plugins write JSON-LD, the other plain: the same name.
  const escaped = jsonLd(product({ name: "Salt &amp; Pepper Anvil" })) + jsonLd(product({ name: "Salt & Pepper Anvil" }));
  assert.equal(truthIssues(page(`<h1>Salt &amp; Pepper Anvil</h1><p>$1,299.00</p><p>4.8 (120)</p>`, escaped)), ["Product duplicate-entity sku"]);
  const joined = page(SHOWN + microdata("1299", ' itemid="https://shop.example/anvil#product"'), jsonLd(product({ "@id": "https://shop.example/anvil#product" })));
  assert.equal(truthIssues(joined), []);
  // A relative @id is resolved against the page's URL, as JSON-LD resolves it and as a Microdata itemid is.
  const relative = page(SHOWN + microdata("1299", ' itemid="https://shop.example/anvil#product"'), jsonLd(product({ "@id": "#product" })));
  assert.equal(truthIssues(relative), []);
  // The twin: the same fragment on another page is another node.
  const elsewhere = page(SHOWN + microdata("1299", ' itemid="https://shop.example/other#product"'), jsonLd(product({ "@id": "#product" })));
  assert.equal(truthIssues(elsewhere), ["Product duplicate-entity sku"]);
});

test("the same GTIN written as gtin13 and as gtin14 (a leading zero): the issue quotes and points at the first node's own GTIN", () => {
  const a = product({ sku: undefined, gtin13: "4006381333931" });
  const b = product({ sku: undefined, gtin14: "04006381333931" });
  const first = validateHtml(page(SHOWN, jsonLd(a) + jsonLd(b)), "https://shop.example/anvil").schemas[0];
  const issues = issuesOf(first);
  assert.equal(issues.map((i) => `${i.code} ${i.property} ${i.path}`), ["duplicate-entity gtin13 /gtin13"]);
  assert.match(issues[0].message, '(the same gtin13, "4006381333931")');
  // The twin: another GTIN is another product.
  const other = product({ sku: undefined, gtin14: "04006381333948" });
  assert.equal(truthIssues(page(SHOWN, jsonLd(a) + jsonLd(other))), []);
});

test("one name with a site suffix, the other without (\"Anvil | Acme Tools\" and \"Anvil\"): the same name, no conflict; another name is one", () => {
  const microdataNamed = (name: string) => microdata("1299").replace("Executive Anvil</span>", `${name}</span>`);
  assert.equal(truthIssues(page(SHOWN + microdataNamed("Executive Anvil"), jsonLd(product({ name: "Executive Anvil | Acme Tools" })))), ["Product duplicate-entity sku"]);
  assert.equal(truthIssues(page(SHOWN + microdataNamed("Executive Anvil | Acme Tools"), jsonLd(product()))), ["Product duplicate-entity sku"]);
  // The twins: a variant's name after the same separator, and another name, disagree.
  assert.equal(truthIssues(page(SHOWN + microdataNamed("Executive Anvil - Red"), jsonLd(product({ name: "Executive Anvil - Blue" })))), ["Product conflicting-values name", "Product duplicate-entity sku"]);
  assert.equal(truthIssues(page(SHOWN + microdataNamed("Executive Hammer"), jsonLd(product({ name: "Executive Anvil | Acme Tools" })))), ["Product conflicting-values name", "Product duplicate-entity sku"]);
});

test("names that differ only by accents or by the brand's name at one's start or end agree; another name with the brand does not", () => {
  const conflicts = (a: string, b: string, brand: string | null) =>
    truthIssues(page(`<h1>${a}</h1><h2>${b}</h2>${SHOWN}`, jsonLd(product(brand === null ? { name: a } : { name: a, brand: { "@type": "Brand", name: brand } })) + jsonLd(product({ name: b })))).filter((i) =>
      i.includes("conflicting-values"),
    );
  assert.equal(conflicts("Executive Anvil", "Acme Executive Anvil", "Acme"), []);
  assert.equal(conflicts("Executive Anvil", "Executive Anvil Acme", "Acme"), []);
  assert.equal(conflicts("Café Anvil", "Cafe Anvil", null), []);
  // The twins: without the brand the names differ; another name with the brand differs too.
  assert.equal(conflicts("Executive Anvil", "Acme Executive Anvil", null), ["Product conflicting-values name"]);
  assert.equal(conflicts("Executive Anvil", "Acme Heavy Anvil", "Acme"), ["Product conflicting-values name"]);
  assert.equal(conflicts("Café Anvil", "Cafe Hammer", null), ["Product conflicting-values name"]);
});

test("a Microdata number in the page's format (\"1.234\", \"1 234\", \"4,8\", \"1.299,00\") and the JSON-LD's 1234, 4.8 and 1299: no conflict; another number is one", () => {
  const markup = jsonLd(product({ aggregateRating: { "@type": "AggregateRating", ratingValue: "4.8", reviewCount: "1234" } }));
  const item = (rating: string, count: string, price: string) =>
    `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Executive Anvil</h1><meta itemprop="sku" content="ANV-1">
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">${price}</span> <meta itemprop="priceCurrency" content="EUR"></div>
    <div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating"><span itemprop="ratingValue">${rating}</span> (<span itemprop="reviewCount">${count}</span>)</div></div>`;
  const issues = (body: string, lang: string) => truthIssues(page(body, markup, lang)).filter((i) => i.includes("conflicting-values"));
  assert.equal(issues(item("4,8", "1.234", "1.299"), "de"), []);
  assert.equal(issues(item("4,8", "1 234", "1 299"), "ru"), []);
  assert.equal(issues(item("4,8", "1&nbsp;234", "1&nbsp;299,00"), "fr"), []);
  assert.equal(issues(item("4.8", "1'234", "1'299.00"), "de-CH"), []);
  // The twins: another count, another price.
  assert.equal(issues(item("4,8", "1.243", "1.299"), "de"), ["Product conflicting-values aggregateRating.reviewCount"]);
  assert.equal(issues(item("4,8", "1 234", "1 199"), "ru"), ["Product conflicting-values offers.price"]);
  // Numbers only the page's format reads (no markup number at all: "1.199,00", "4,2") are compared as it reads them.
  assert.equal(issues(item("4,8", "1.234", "1.299,00"), "de"), []);
  assert.equal(issues(item("4,8", "1.234", "1.199,00"), "de"), ["Product conflicting-values offers.price"]);
  assert.equal(issues(item("4,8", "1&nbsp;234", "1&nbsp;199,00"), "fr"), ["Product conflicting-values offers.price"]);
  assert.equal(issues(item("4,2", "1.234", "1.299,00"), "de"), ["Product conflicting-values aggregateRating.ratingValue"]);
});

test("a currency as its sign or in lower case and an availability as shown text are the same values; another currency or availability conflicts", () => {
  const offered = (currency: string, availability: string) =>
    `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Executive Anvil</h1><meta itemprop="sku" content="ANV-1">
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">1299</span><meta itemprop="priceCurrency" content="${currency}">${availability}</div></div>`;
  const conflicts = (body: string, currency = "EUR") =>
    truthIssues(page(body, jsonLd(product({ offers: { "@type": "Offer", price: 1299, priceCurrency: currency, availability: "https://schema.org/InStock" } })))).filter((i) => i.includes("conflicting-values"));
  const inStock = `<link itemprop="availability" href="http://schema.org/InStock">`;
  assert.equal(conflicts(offered("€", inStock)), []);
  assert.equal(conflicts(offered("eur", inStock)), []);
  assert.equal(conflicts(offered("$", inStock), "USD"), []);
  assert.equal(conflicts(offered("EUR", `<span itemprop="availability">In stock</span>`)), []);
  assert.equal(conflicts(offered("EUR", `<span itemprop="availability">in_stock</span>`)), []);
  // Signs several currencies share, and a member's URL with a trailing slash.
  assert.equal(conflicts(offered("¥", inStock), "JPY"), []);
  assert.equal(conflicts(offered("kr", inStock), "SEK"), []);
  assert.equal(conflicts(offered("Fr.", inStock), "CHF"), []);
  assert.equal(conflicts(offered("EUR", `<link itemprop="availability" href="https://schema.org/InStock/">`)), []);
  // The twins: a sign of another currency, another availability.
  assert.equal(conflicts(offered("¥", inStock)), ["Product conflicting-values offers.priceCurrency"]);
  assert.equal(conflicts(offered("kr", inStock)), ["Product conflicting-values offers.priceCurrency"]);
  assert.equal(conflicts(offered("$", inStock)), ["Product conflicting-values offers.priceCurrency"]);
  assert.equal(conflicts(offered("£", inStock)), ["Product conflicting-values offers.priceCurrency"]);
  assert.equal(conflicts(offered("EUR", `<span itemprop="availability">Out of stock</span>`)), ["Product conflicting-values offers.availability"]);
});

test("a url written without its scheme is that host: www.acme.example and https://acme.example/ are one organization's", () => {
  const org = (url: string) => ({ "@context": "https://schema.org", "@type": "Organization", name: "Acme", url });
  assert.equal(truthIssues(page(SHOWN, jsonLd(org("www.acme.example")) + jsonLd(org("https://acme.example/"))), "https://shop.example/anvil"), ["Organization duplicate-entity url"]);
  // The twin: another host is another organization.
  assert.equal(truthIssues(page(SHOWN, jsonLd(org("www.acme.example")) + jsonLd(org("https://acme-tools.example/"))), "https://shop.example/anvil"), []);
});

test("two JSON-LD blocks, the same url; a different availability and currency", () => {
  const a = product({ url: "https://shop.example/anvil", sku: undefined });
  const b = product({ url: "https://www.shop.example/anvil/", sku: undefined, offers: { "@type": "Offer", price: 1299, priceCurrency: "USD", availability: "https://schema.org/OutOfStock" } });
  assert.equal(truthIssues(page(SHOWN, jsonLd(a) + jsonLd(b))), [
    "Product conflicting-values offers.availability",
    "Product conflicting-values offers.priceCurrency",
    "Product duplicate-entity url",
  ]);
});

test("ratings are compared on their scales, a rounded one agreeing with the other: 4.83 and 4.8, 4.8 of 5 and 96 of 100; 4.8 and 4.2 conflict", () => {
  const rated = (rating: Record<string, unknown>) => product({ aggregateRating: { "@type": "AggregateRating", reviewCount: 120, ...rating } });
  // Only these two codes: how the page shows a 96-of-100 rating is the not-visible check's question.
  const two = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    truthIssues(page(SHOWN, jsonLd(rated(a)) + jsonLd(rated(b)))).filter((i) => / (duplicate-entity|conflicting-values) /.test(i));
  assert.equal(two({ ratingValue: 4.83 }, { ratingValue: "4.8" }), ["Product duplicate-entity sku"]);
  assert.equal(two({ ratingValue: 4.8 }, { ratingValue: 96, bestRating: 100 }), ["Product duplicate-entity sku"]);
  assert.equal(two({ ratingValue: "4,8" }, { ratingValue: 4.83 }), ["Product duplicate-entity sku"]);
  assert.equal(two({ ratingValue: 4.8 }, { ratingValue: 4.2 }), ["Product conflicting-values aggregateRating.ratingValue", "Product duplicate-entity sku"]);
  assert.equal(two({ ratingValue: 4.83 }, { ratingValue: 4.7 }), ["Product conflicting-values aggregateRating.ratingValue", "Product duplicate-entity sku"]);
  assert.equal(two({ ratingValue: 4.8 }, { ratingValue: 90, bestRating: 100 }), ["Product conflicting-values aggregateRating.ratingValue", "Product duplicate-entity sku"]);
});

test("one description gives one offer, the other every variant's: no conflict; each gives a price the other lacks: a conflict", () => {
  const offer = (price: number, priceCurrency = "EUR") => ({ "@type": "Offer", price, priceCurrency, availability: "https://schema.org/InStock" });
  const shown = `<h1>Executive Anvil</h1><p>1,299 1,199 1,399 € $1,099</p><p>4.8 out of 5 (120 reviews)</p>`;
  const variants = jsonLd(product({ offers: [offer(1299), offer(1199), offer(1399)] }));
  assert.equal(truthIssues(page(shown, jsonLd(product()) + variants)), ["Product duplicate-entity sku"]);
  // Another currency beside the same: the one-currency description is the other's part.
  assert.equal(truthIssues(page(shown, jsonLd(product()) + jsonLd(product({ offers: [offer(1299), offer(1099, "USD")] })))), ["Product duplicate-entity sku"]);
  // 1299 and 1199 against 1299 and 1399: each has a price the other does not.
  const other = jsonLd(product({ offers: [offer(1299), offer(1399)] }));
  assert.equal(truthIssues(page(shown, jsonLd(product({ offers: [offer(1299), offer(1199)] })) + other)), ["Product conflicting-values offers.price", "Product duplicate-entity sku"]);
});

test("not the same thing: other sku, other colour, other names at one url, other events at one url", () => {
  assert.equal(truthIssues(page(SHOWN, jsonLd(product()) + jsonLd(product({ sku: "ANV-2" })))), []);
  assert.equal(truthIssues(page(SHOWN, jsonLd(product({ color: "red" })) + jsonLd(product({ color: "blue" })))), []);
  const url = "https://shop.example/anvils";
  assert.equal(truthIssues(page(SHOWN + "<p>Mallet</p>", jsonLd(product({ sku: undefined, url })) + jsonLd(product({ sku: undefined, url, name: "Mallet" })))), []);
  const event = (startDate: string) => ({ "@context": "https://schema.org", "@type": "Event", name: "Anvil fair", url, startDate, location: { "@type": "Place", name: "Hall", address: "1 Main St" } });
  assert.equal(truthIssues(page("<h1>Anvil fair</h1>", jsonLd(event("2026-05-01T10:00:00+02:00")) + jsonLd(event("2026-05-02T10:00:00+02:00")))), []);
});

test("Organization and WebSite: the same name is the same entity; branches with their own addresses are not", () => {
  const org = (extra: object) => ({ "@context": "https://schema.org", "@type": "Organization", name: "Acme", logo: "https://acme.example/logo.png", ...extra });
  assert.equal(truthIssues(page("", jsonLd(org({ url: "https://acme.example/" })) + jsonLd(org({})))), ["Organization duplicate-entity name"]);
  const branch = (street: string) => ({ "@context": "https://schema.org", "@type": "Store", name: "Acme", url: "https://acme.example/", address: { "@type": "PostalAddress", streetAddress: street } });
  assert.equal(truthIssues(page("", jsonLd(branch("1 Main St")) + jsonLd(branch("9 High St")))), []);
  const site = (name: string) => ({ "@context": "https://schema.org", "@type": "WebSite", name, url: "https://acme.example/" });
  assert.equal(truthIssues(page("", jsonLd(site("Acme")) + jsonLd(site("Acme")))), ["WebSite duplicate-entity url"]);
});

test("5,000 copies of one product: one issue, bounded by the node cap", () => {
  const copies = Array.from({ length: 5000 }, () => product()).map((p) => jsonLd(p)).join("");
  const started = performance.now();
  const result = validateHtml(page(SHOWN, copies), "https://shop.example/anvil");
  const ms = performance.now() - started;
  const dup = result.schemas.flatMap((s) => issuesOf(s)).filter((i) => i.code === "duplicate-entity");
  assert.is(dup.length, 1);
  assert.match(dup[0].message, "and ");
  assert.ok(ms < 5000, `${ms} ms`);
});


const graph = (nodes: object[]) => jsonLd({ "@context": "https://schema.org", "@graph": nodes });
const truthOf = (nodes: object[], url: string) => truthIssues(page("<h1>Joe's Pizza</h1><h2>Careers</h2>", graph(nodes)), url).filter((i) => !i.includes("not-visible"));

test("a brand's Organization beside two branches with their own addresses (same name and url): no group through the brand; with one branch, a duplicate", () => {
  const brand = { "@type": "Organization", "@id": "https://joespizza.example/#organization", name: "Joe's Pizza", url: "https://joespizza.example/" };
  const branch = (street: string, telephone: string) => ({ "@type": "Restaurant", name: "Joe's Pizza", url: "https://joespizza.example/", address: { "@type": "PostalAddress", streetAddress: street }, telephone });
  const soho = branch("1 Prince St", "+1 212 555 0100");
  const tribeca = branch("2 Duane St", "+1 212 555 0200");
  const url = "https://joespizza.example/locations/soho";
  for (const nodes of [[brand, soho, tribeca], [soho, brand, tribeca], [soho, tribeca, brand]]) assert.equal(truthOf(nodes, url), []);
  // The twins: the brand and its one location, and a branch written twice beside the others.
  assert.equal(truthOf([brand, soho], url), ["Organization duplicate-entity url"]);
  assert.equal(truthOf([soho, soho, brand, tribeca], url), ["LocalBusiness duplicate-entity url"]);
});

test("job postings and events at one url told apart by a nested Place's address, and postings by their titles; articles by their headlines", () => {
  const job = (city: string, title = "Software Engineer") => ({ "@type": "JobPosting", title, url: "https://acme.example/careers", description: "x", datePosted: "2024-01-01", hiringOrganization: { "@type": "Organization", name: "Acme" }, jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: city } } });
  const careers = "https://acme.example/careers";
  assert.equal(truthOf([job("Berlin"), job("Munich")], careers), []);
  assert.equal(truthOf([job("Berlin", "Software Engineer"), job("Berlin", "Product Designer")], careers), []);
  assert.equal(truthOf([job("Berlin"), job("Berlin")], careers), ["JobPosting duplicate-entity url"]);
  const event = (city: string) => ({ "@type": "Event", name: "Anvil Tour", url: "https://acme.example/tour", startDate: "2025-05-01", location: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: city } } });
  assert.equal(truthOf([event("Berlin"), event("Munich")], careers), []);
  assert.equal(truthOf([event("Berlin"), event("Berlin")], careers), ["Event duplicate-entity url"]);
  const post = (headline: string) => ({ "@type": "BlogPosting", headline, url: "https://acme.example/blog" });
  assert.equal(truthOf([post("Why anvils"), post("How to forge")], careers), []);
  assert.equal(truthOf([post("Why anvils"), post("Why anvils | Acme Blog")], careers), ["Article duplicate-entity url"]);
});

test("names at one url are one name with a site's name after it, a brand or a legal form; not a name that only begins or holds the other", () => {
  const item = (name: string, extra: object = {}) => ({ "@type": "Product", name, url: "https://acme.example/shop", ...extra });
  const shop = "https://acme.example/shop";
  assert.equal(truthOf([item("Pen"), item("Pencil")], shop), []);
  assert.equal(truthOf([item("Pen"), item("Pen | Acme")], shop), ["Product duplicate-entity url"]);
  assert.equal(truthOf([item("Executive Anvil"), item("Acme Executive Anvil", { brand: { "@type": "Brand", name: "Acme" } })], shop), ["Product duplicate-entity url"]);
  // A recipe and the glaze beside it, a product and its stand, a place and its tower: two things at one url.
  const recipe = (name: string) => ({ "@type": "Recipe", name, url: shop });
  assert.equal(truthOf([recipe("Lemon Cake"), recipe("Lemon Cake Glaze")], shop), []);
  assert.equal(truthOf([recipe("Banana Bread"), recipe("Vegan Banana Bread")], shop), []);
  assert.equal(truthOf([item("Anvil"), item("Anvil Stand")], shop), []);
  assert.equal(truthOf([item("東京"), item("東京タワー")], shop), []);
  // A business: its legal form is its name's; a branch named after the brand is another business.
  const org = (type: string, name: string, extra: object = {}) => ({ "@type": type, name, url: "https://acme.example/", ...extra });
  for (const legal of ["Acme Inc.", "Acme L.L.C.", "Acme GmbH & Co. KG", "Acme S.A.", "Acme B.V.", "Acme s.r.o.", "Acme Incorporated"]) {
    assert.equal(truthOf([org("Organization", "Acme"), org("Organization", legal)], shop), ["Organization duplicate-entity url"], legal);
  }
  // A branch written with a dash is a branch, not the brand with a site's name.
  assert.equal(truthOf([org("Organization", "Acme"), org("Plumber", "Acme – Springfield", { telephone: "+1 555 0100" })], shop), []);
  // A product's name with a remark in brackets is its name.
  assert.equal(truthOf([item("Anvil"), item("Anvil (Black)")], shop), ["Product duplicate-entity url"]);
  assert.equal(truthOf([org("Organization", "Acme"), org("Plumber", "Acme Springfield", { telephone: "+1 555 0100" })], shop), []);
  assert.equal(truthOf([org("Organization", "Acme"), org("NewsMediaOrganization", "Acme News")], shop), []);
});

test("a game on two platforms and a film and its remake at one url are two things; the same game twice is one", () => {
  const url = "https://games.example/anvil-quest";
  const game = (gamePlatform: string) => ({ "@type": "VideoGame", name: "Anvil Quest", url, gamePlatform });
  assert.equal(truthOf([game("PlayStation 5"), game("Nintendo Switch")], url), []);
  assert.equal(truthOf([game("PlayStation 5"), game("PlayStation 5")], url), ["Game duplicate-entity url"]);
  const film = (datePublished: string, director: string) => ({ "@type": "Movie", name: "The Anvil", url, datePublished, director: { "@type": "Person", name: director } });
  assert.equal(truthOf([film("1958", "A. Smith"), film("2024", "B. Jones")], url), []);
  assert.equal(truthOf([film("2024", "B. Jones"), film("2024", "B. Jones")], url), ["Movie duplicate-entity url"]);
});

test("a link's placeholder (javascript:void(0), #, mailto:) as url is no key; an http url still is", () => {
  const card = (name: string, href: string) => `<div itemscope itemtype="https://schema.org/Product"><h3 itemprop="name">${name}</h3><a itemprop="url" href="${href}">more</a></div>`;
  for (const href of ["javascript:void(0)", "#", "mailto:shop@acme.example"]) assert.equal(truthIssues(page(card("Pen", href) + card("Pen", href)), "https://acme.example/shop"), [], href);
  assert.equal(truthIssues(page(card("Pen", "/pen") + card("Pen", "/pen")), "https://acme.example/shop"), ["Product duplicate-entity url"]);
});

test("linked nodes (parentOrganization, subEvent by @id) and a series beside its event are two things; unlinked copies one", () => {
  const acme = { "@type": "Organization", "@id": "https://acme.example/#org", name: "Acme", url: "https://acme.example/" };
  const child = { "@type": "Organization", name: "Acme", url: "https://acme.example/", parentOrganization: { "@id": "https://acme.example/#org" } };
  const home = "https://acme.example/";
  assert.equal(truthOf([acme, child], home), []);
  assert.equal(truthOf([acme, { ...child, parentOrganization: undefined }], home), ["Organization duplicate-entity url"]);
  const series = { "@type": "EventSeries", "@id": "https://acme.example/tour#series", name: "Anvil Tour", url: "https://acme.example/tour" };
  const show = { "@type": "Event", name: "Anvil Tour", url: "https://acme.example/tour", startDate: "2025-05-01" };
  assert.equal(truthOf([series, show], home), []);
  assert.equal(truthOf([{ ...series, "@type": "Event", "@id": undefined, subEvent: undefined }, show], home), ["Event duplicate-entity url"]);
  assert.equal(truthOf([{ ...show, "@id": "https://acme.example/tour#may" }, { ...show, startDate: undefined, subEvent: { "@id": "https://acme.example/tour#may" } }], home), []);
});

test("a template's placeholder identifier (sku \"N/A\", \"-\", \"0\") names no product; variants that differ by suggestedGender or suggestedAge are two", () => {
  const card = (name: string, sku: string) => `<div itemscope itemtype="https://schema.org/Product"><h2 itemprop="name">${name}</h2><span itemprop="sku">${sku}</span></div>`;
  const shop = "https://shop.example/shop/";
  for (const placeholder of ["N/A", "n/a", "-", "0", "none"]) assert.equal(truthIssues(page(card("Anvil", placeholder) + card("Hammer", placeholder)), shop), [], placeholder);
  // The twin: a real sku twice is one product.
  assert.equal(truthIssues(page(card("Anvil", "ANV-1") + card("Anvil", "ANV-1")), shop), ["Product duplicate-entity sku"]);
  const coat = (suggestedGender: string, price: number) => ({ "@type": "Product", name: "Coat", url: "https://shop.example/coat/", suggestedGender, offers: { "@type": "Offer", price, priceCurrency: "EUR" } });
  assert.equal(truthOf([coat("female", 100), coat("male", 120)], "https://shop.example/coat/"), []);
  assert.equal(truthOf([coat("female", 100), coat("female", 120)], "https://shop.example/coat/"), ["Product conflicting-values offers.price", "Product duplicate-entity url"]);
  // One gender written as a word and as its member's URL.
  assert.equal(truthOf([coat("male", 100), coat("https://schema.org/Male", 120)], "https://shop.example/coat/"), ["Product conflicting-values offers.price", "Product duplicate-entity url"]);
});

test("the messages quote the values as the markup writes them, and the fix's example identifier is the page's own address", () => {
  const body = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Joe’s Hammer – 2 kg</h1><meta itemprop="sku" content="A1">
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">1.199,00</span><meta itemprop="priceCurrency" content="EUR"></div></div>`;
  const markup = jsonLd({ "@context": "https://schema.org", "@type": "Product", name: "Joe's Anvil™ (50 kg)", sku: "A1", offers: { "@type": "Offer", price: "1,299.00", priceCurrency: "EUR" } });
  const issues = issuesOf(validateHtml(page(body, markup, "de"), "https://shop.example/p/anvil#top").schemas[0]);
  const byCode = (code: string, property: string) => issues.find((i) => i.code === code && i.property === property)!;
  assert.match(byCode("conflicting-values", "name").message, `"Joe's Anvil™ (50 kg)" in the JSON-LD block 0`);
  assert.match(byCode("conflicting-values", "name").message, `"Joe’s Hammer – 2 kg" in the Microdata item`);
  assert.match(byCode("conflicting-values", "offers.price").message, `"1,299.00" in the JSON-LD block 0`);
  assert.match(byCode("conflicting-values", "offers.price").message, `"1.199,00" in the Microdata item`);
  assert.match(byCode("duplicate-entity", "sku").fix, `"https://shop.example/p/anvil#product"`);
});

test("a <base href> is the document's base for JSON-LD's relative @id as for Microdata's itemid: \"#product\" in both is one node", () => {
  const body = (itemid: string) => `<div itemscope itemtype="https://schema.org/Product" itemid="${itemid}"><h1 itemprop="name">Executive Anvil</h1><meta itemprop="sku" content="ANV-1"></div>`;
  const markup = jsonLd({ "@context": "https://schema.org", "@type": "Product", "@id": "#product", name: "Executive Anvil", sku: "ANV-1" });
  const head = (base: string) => `<base href="${base}">${markup}`;
  const duplicates = (html: string) => truthIssues(html, "https://shop.example/p/anvil").filter((i) => i.includes("duplicate-entity"));
  assert.equal(duplicates(page(body("#product"), head("https://shop.example/"))), []);
  assert.equal(duplicates(page(body("#product"), head("/"))), []);
  // The twins: without a base the two resolve alike too; ids that name two nodes are two.
  assert.equal(duplicates(page(body("#product"), markup)), []);
  assert.equal(duplicates(page(body("#other"), head("https://shop.example/"))), ["Product duplicate-entity sku"]);
});

test("values that tell entities apart are compared as what they mean: one instant with or without seconds or as UTC, one telephone number with or without its country code, one coordinate as a number or a text", () => {
  const url = "https://venue.example/events/jazz/";
  const event = (startDate: string) => ({ "@type": "MusicEvent", name: "Jazz Night", url, startDate });
  assert.equal(truthOf([event("2025-05-01T20:00:00+02:00"), event("2025-05-01T20:00+02:00")], url), ["Event duplicate-entity url"]);
  assert.equal(truthOf([event("2025-05-01T20:00:00+02:00"), event("2025-05-01T18:00:00Z")], url), ["Event duplicate-entity url"]);
  // The twins: another hour, another day.
  assert.equal(truthOf([event("2025-05-01T20:00:00+02:00"), event("2025-05-01T21:00+02:00")], url), []);
  assert.equal(truthOf([event("2025-05-01T20:00:00+02:00"), event("2025-05-02T20:00:00+02:00")], url), []);
  const home = "https://joesdiner.example/";
  const diner = (extra: object) => ({ "@type": "Restaurant", name: "Joe's Diner", url: home, ...extra });
  assert.equal(truthOf([diner({ telephone: "+1 555-555-0100" }), diner({ telephone: "(555) 555-0100" })], home), ["LocalBusiness duplicate-entity url"]);
  assert.equal(truthOf([diner({ telephone: "+1 555-555-0100" }), diner({ telephone: "(555) 555-0199" })], home), []);
  assert.equal(truthOf([diner({ telephone: "+1 212-555-0100" }), diner({ telephone: "+1 312-555-0100" })], home), []);
  assert.equal(truthOf([diner({ telephone: "+44 20 7946 0958" }), diner({ telephone: "020 7946 0958" })], home), ["LocalBusiness duplicate-entity url"]);
  const geo = (latitude: number | string, longitude: number | string) => diner({ geo: { "@type": "GeoCoordinates", latitude, longitude } });
  assert.equal(truthOf([geo(40.1, -75.2), geo("40.1", "-75.2")], home), ["LocalBusiness duplicate-entity url"]);
  assert.equal(truthOf([geo(40.1, -75.2), geo("40.2", "-75.2")], home), []);
});

test.run();
