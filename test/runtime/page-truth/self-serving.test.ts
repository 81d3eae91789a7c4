/**
 * self-serving-review: a business's rating of itself on its own site takes the review snippet away
 * (the node stays valid and eligible for its own rich result); on another host, or for a Product, it
 * does not; without a page URL the check does not run and the node says so.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml, validateJsonText } from "../../../runtime/validate.ts";
import { jsonLd, page, issuesOf } from "./helpers.ts";

const business = (extra: object = {}) => ({
  "@context": "https://schema.org",
  "@type": "Restaurant",
  name: "Joe's Diner",
  address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Springfield" },
  url: "https://joes.example/",
  aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 20 },
  ...extra,
});
const BODY = "<h1>Joe's Diner</h1><p>4.5 stars from 20 reviews</p>";

test("on its own site (www. or not): self-serving-review, review snippet not eligible, the rest unchanged", () => {
  const s = validateHtml(page(BODY, jsonLd(business())), "https://www.joes.example/menu").schemas[0];
  const issues = issuesOf(s);
  assert.equal(issues.map((i) => `${i.code} ${i.property} ${i.path}`), ["self-serving-review aggregateRating /aggregateRating"]);
  assert.match(issues[0].message, "ineligible for star review feature");
  assert.ok(s.valid, "valid");
  assert.ok(s.rich_result_eligible, "still eligible for the local business rich result");
  const feature = s.features?.find((f) => f.feature === "review-snippet");
  assert.ok(feature && !feature.eligible, "review snippet not eligible");
});

test("on a subdomain of its own site (order.joes.example): self-serving; a business on a subdomain of the page's host: not", () => {
  const sub = validateHtml(page(BODY, jsonLd(business())), "https://order.joes.example/menu").schemas[0];
  assert.equal(issuesOf(sub).map((i) => i.code), ["self-serving-review"]);
  const platform = validateHtml(page(BODY, jsonLd(business({ url: "https://joes.platform.example/" }))), "https://platform.example/directory/joes").schemas[0];
  assert.equal(issuesOf(platform), []);
  // A host that merely ends with the same letters is another site.
  const other = validateHtml(page(BODY, jsonLd(business())), "https://notjoes.example/").schemas[0];
  assert.equal(issuesOf(other), []);
});

test("the same markup on a review site's page: nothing", () => {
  const s = validateHtml(page(BODY, jsonLd(business())), "https://reviews.example/joes-diner").schemas[0];
  assert.equal(issuesOf(s), []);
  assert.is(s.features?.find((f) => f.feature === "review-snippet"), undefined);
});

test("an @id on the review site's host never overrules the url; without a url, @id or sameAs decide", () => {
  const withId = business({ "@id": "https://reviews.example/joes-diner#business" });
  assert.equal(issuesOf(validateHtml(page(BODY, jsonLd(withId)), "https://reviews.example/joes-diner").schemas[0]), []);
  const noUrl = business({ url: undefined, "@id": "#business" });
  assert.equal(issuesOf(validateHtml(page(BODY, jsonLd(noUrl)), "https://joes.example/").schemas[0]).length, 1);
  const sameAs = business({ url: undefined, sameAs: ["https://facebook.example/joes", "https://joes.example/"] });
  assert.equal(issuesOf(validateHtml(page(BODY, jsonLd(sameAs)), "https://joes.example/").schemas[0]).length, 1);
  assert.equal(issuesOf(validateHtml(page(BODY, jsonLd(sameAs)), "https://reviews.example/joes").schemas[0]), []);
});

test("a url written without its scheme (www.joes.example, joes.example/menu) is the business's own host, not a path on the review site; a trailing dot changes no host", () => {
  for (const url of ["www.joes.example", "joes.example/menu", "www.joes.example:8080/"]) {
    const onReviewSite = validateHtml(page(BODY, jsonLd(business({ url }))), "https://reviews.example/biz/joes-diner").schemas[0];
    assert.equal(issuesOf(onReviewSite), [], url);
    // The twin: the same markup on the business's own site is self-serving.
    const onOwnSite = validateHtml(page(BODY, jsonLd(business({ url }))), "https://joes.example/").schemas[0];
    assert.equal(issuesOf(onOwnSite).map((i) => i.code), ["self-serving-review"], url);
  }
  // A host written with the root's trailing dot is the same host, on either side.
  assert.equal(issuesOf(validateHtml(page(BODY, jsonLd(business({ url: "https://joes.example./" }))), "https://joes.example/").schemas[0]).map((i) => i.code), ["self-serving-review"]);
  assert.equal(issuesOf(validateHtml(page(BODY, jsonLd(business())), "https://joes.example./menu").schemas[0]).map((i) => i.code), ["self-serving-review"]);
  assert.equal(issuesOf(validateHtml(page(BODY, jsonLd(business({ url: "https://joes.example./" }))), "https://reviews.example/joes").schemas[0]), []);
  // A relative path is still on the page's host, and a file name is no host.
  const path = validateHtml(page(BODY, jsonLd(business({ url: "menu.html" }))), "https://joes.example/").schemas[0];
  assert.equal(issuesOf(path).map((i) => i.code), ["self-serving-review"]);
});

test("a url without its scheme on an internationalized domain (пицца.рф, xn--p1ai, 中国) is that host, not a path on the review site", () => {
  for (const url of ["пицца.рф", "joes-diner.xn--p1ai/menu", "joes.中国"]) {
    const onReviewSite = validateHtml(page(BODY, jsonLd(business({ url }))), "https://reviews.example/biz/joes-diner").schemas[0];
    assert.equal(issuesOf(onReviewSite), [], url);
    // The twin: on the business's own host (written as the browser writes it, in punycode) it is self-serving.
    const own = new URL(`https://${url}`).origin + "/";
    assert.equal(issuesOf(validateHtml(page(BODY, jsonLd(business({ url }))), own).schemas[0]).map((i) => i.code), ["self-serving-review"], url);
  }
});

test("a directory that gives the business its own listing page as url, and names its site in WebSite markup as another's: not self-serving, with a note", () => {
  const listingUrl = "https://guide.example/places/joes-diner";
  const listing = business({ url: listingUrl });
  const website = (name: string, publisher: object = { "@type": "Organization", name: "Guide Media" }) =>
    jsonLd({ "@context": "https://schema.org", "@type": "WebSite", url: "https://guide.example/", name, publisher });
  const run = (site: string) => validateHtml(page(BODY, jsonLd(listing) + site), listingUrl).schemas[0];
  const directory = run(website("Springfield Food Guide"));
  assert.equal(issuesOf(directory), []);
  assert.ok(directory.notes?.some((n) => n.includes("names the site as another entity's")), "the note says why");
  // The twins: the page's site is the business's own (its name, its domain as a name, or the business as publisher).
  assert.equal(issuesOf(run(website("Joe's Diner"))).map((i) => i.code), ["self-serving-review"]);
  assert.equal(issuesOf(run(website("joesdiner.example"))).map((i) => i.code), ["self-serving-review"]);
  const own = business({ url: listingUrl, "@id": "https://guide.example/#business" });
  const published = validateHtml(page(BODY, jsonLd(own) + website("Springfield Food Guide", { "@id": "https://guide.example/#business" })), listingUrl).schemas[0];
  assert.equal(issuesOf(published).map((i) => i.code), ["self-serving-review"]);
  // Without WebSite markup the page does not say whose site it is: the url decides, as before.
  assert.equal(issuesOf(run("")).map((i) => i.code), ["self-serving-review"]);
  // A WebSite of another host says nothing about this one.
  const elsewhere = jsonLd({ "@context": "https://schema.org", "@type": "WebSite", url: "https://other.example/", name: "Springfield Food Guide" });
  assert.equal(issuesOf(run(elsewhere)).map((i) => i.code), ["self-serving-review"]);
});

test("a Product's reviews are never self-serving", () => {
  const product = { "@context": "https://schema.org", "@type": "Product", name: "Joe's Diner", image: "https://joes.example/a.jpg", url: "https://joes.example/", aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 20 } };
  assert.equal(issuesOf(validateHtml(page(BODY, jsonLd(product)), "https://joes.example/").schemas[0]), []);
});

test("a business's review of a product it sells is about the product: not self-serving; of the business itself, or of no named thing: self-serving", () => {
  const reviewOf = (itemReviewed?: object) => ({ "@type": "Review", ...(itemReviewed ? { itemReviewed } : {}), author: { "@type": "Person", name: "Ann" }, reviewRating: { "@type": "Rating", ratingValue: 5 } });
  const shop = (review: object | object[]) => business({ aggregateRating: undefined, review });
  const codes = (markup: object) => issuesOf(validateHtml(page(BODY, jsonLd(markup)), "https://joes.example/").schemas[0]).map((i) => `${i.code} ${i.property}`);
  assert.equal(codes(shop(reviewOf({ "@type": "Product", name: "Joe's hot sauce" }))), []);
  assert.equal(codes(shop([reviewOf({ "@type": "Book", name: "Joe's cookbook" }), reviewOf({ "@type": "Product", name: "Joe's hot sauce" })])), []);
  // The twins: the review names the business (or an organization), names nothing, or one of several does not say.
  assert.equal(codes(shop(reviewOf({ "@type": "Restaurant", name: "Joe's Diner" }))), ["self-serving-review review"]);
  assert.equal(codes(shop(reviewOf())), ["self-serving-review review"]);
  assert.equal(codes(shop([reviewOf({ "@type": "Product", name: "Joe's hot sauce" }), reviewOf()])), ["self-serving-review review"]);
  // A rating about a product beside one about the business: the business's own rating counts.
  assert.equal(codes(business({ review: reviewOf({ "@type": "Product", name: "Joe's hot sauce" }) })), ["self-serving-review aggregateRating"]);
});

test("a Review of the business on its own site: the Review loses its review snippet, stays valid", () => {
  const review = { "@context": "https://schema.org", "@type": "Review", itemReviewed: business({ aggregateRating: undefined }), author: { "@type": "Person", name: "Ann" }, reviewRating: { "@type": "Rating", ratingValue: 5 } };
  const s = validateHtml(page(BODY, jsonLd(review)), "https://joes.example/").schemas[0];
  assert.equal(issuesOf(s).map((i) => i.code), ["self-serving-review"]);
  assert.ok(s.valid);
  assert.not.ok(s.rich_result_eligible);
});

test("without a page URL (HTML without one, JSON-LD alone): not checked, and the node's notes say so", () => {
  for (const s of [validateHtml(page(BODY, jsonLd(business())), null).schemas[0], validateJsonText(JSON.stringify(business())).schemas[0]]) {
    assert.equal(issuesOf(s), []);
    assert.match(s.notes?.join(" ") ?? "", "not checked");
  }
});

test("HTML without its URL is judged at its canonical link's address: a business's own site, or a review site's", () => {
  const own = validateHtml(page(BODY, `<link rel="canonical" href="https://joes.example/">${jsonLd(business())}`), null).schemas[0];
  assert.equal(issuesOf(own).map((i) => i.code), ["self-serving-review"]);
  const listed = validateHtml(page(BODY, `<link rel="canonical" href="https://reviews.example/joes-diner">${jsonLd(business())}`), null).schemas[0];
  assert.equal(issuesOf(listed), []);
  assert.not.match(listed.notes?.join(" ") ?? "", "not checked");
  // A relative canonical link names no address: not checked, as without one.
  const relative = validateHtml(page(BODY, `<link rel="canonical" href="/joes">${jsonLd(business())}`), null).schemas[0];
  assert.match(relative.notes?.join(" ") ?? "", "not checked");
});

test("overrides apply: off removes the issue and its effect; error makes the node invalid", () => {
  const html = page(BODY, jsonLd(business()));
  const off = validateHtml(html, "https://joes.example/", undefined, { overrides: [{ code: "self-serving-review", severity: "off" }] }).schemas[0];
  assert.equal(issuesOf(off), []);
  assert.is(off.features?.find((f) => f.feature === "review-snippet"), undefined);
  const error = validateHtml(html, "https://joes.example/", undefined, { overrides: [{ code: "self-serving-review", severity: "error" }] }).schemas[0];
  assert.equal(error.errors.map((e) => e.code), ["self-serving-review"]);
  assert.not.ok(error.valid);
  const ignored = validateHtml(page("<h1>Other</h1>", jsonLd(business())), "https://reviews.example/", undefined, { overrides: [{ code: "not-visible", severity: "off" }] }).schemas[0];
  assert.equal(issuesOf(ignored), []);
});

test("a widget's shop rating, a name and a rating only: self-serving when the name is the page's WebSite's or its publisher's on this host", () => {
  const shopUrl = "https://example-shop.com/p/1";
  const rating = { "@type": "AggregateRating", ratingValue: "4.82", bestRating: "5.00", ratingCount: "1523" };
  const widget = (name: string) => jsonLd({ "@context": "https://schema.org", "@type": "Organization", name, aggregateRating: rating });
  const website = (extra: object) => jsonLd({ "@context": "https://schema.org", "@type": "WebSite", url: "https://example-shop.com/", ...extra });
  const shown = "<h1>Example Shop</h1><p>4.82 / 5.00 from 1523 ratings</p>";
  const organization = (html: string, url = shopUrl) => validateHtml(page(shown, html), url).schemas.find((s) => s.type === "Organization")!;
  const named = organization(website({ name: "Example Shop" }) + widget("Example Shop"));
  assert.equal(issuesOf(named).map((i) => i.code), ["self-serving-review"]);
  assert.not.ok(named.features?.find((f) => f.feature === "review-snippet")?.eligible);
  // The site's publisher's name counts as the site's; case and spacing do not matter.
  const published = organization(website({ name: "Shop", publisher: { "@type": "Organization", name: "Example  SHOP" } }) + widget("Example Shop"));
  assert.equal(issuesOf(published).map((i) => i.code), ["self-serving-review"]);
  // Twins: another name, a WebSite of another host, no WebSite at all, a name that is only part of the site's.
  assert.equal(issuesOf(organization(website({ name: "Example Shop" }) + widget("Springfield Bakery"))), []);
  const elsewhere = jsonLd({ "@context": "https://schema.org", "@type": "WebSite", url: "https://reviews.example/", name: "Example Shop" });
  assert.equal(issuesOf(organization(elsewhere + widget("Example Shop"))), []);
  assert.equal(issuesOf(organization(widget("Example Shop"))), []);
  assert.equal(issuesOf(organization(website({ name: "Example Shop" }) + widget("Example"))), []);
  // An address of its own decides instead of the name: a url on another host is another business.
  const withUrl = jsonLd({ "@context": "https://schema.org", "@type": "Organization", name: "Example Shop", url: "https://elsewhere.example/", aggregateRating: rating });
  assert.equal(issuesOf(organization(website({ name: "Example Shop" }) + withUrl)), []);
});

test("a directory whose name shares its city or trade with the business it lists is still another's site; the business's own site named with more words is its own", () => {
  const listingUrl = "https://berlinfoodguide.example/listing/curry-36-berlin";
  const website = (name: string) => jsonLd({ "@context": "https://schema.org", "@type": "WebSite", url: "https://berlinfoodguide.example/", name });
  const run = (name: string, site: string) => issuesOf(validateHtml(page(`<h1>${name}</h1><p>4.5 stars from 20 reviews</p>`, jsonLd(business({ name, url: listingUrl })) + website(site)), listingUrl).schemas[0]).map((i) => i.code);
  assert.equal(run("Curry 36 Berlin", "Berlin Food Guide"), []);
  assert.equal(run("Hotel Adlon Kempinski", "Best Hotels Berlin"), []);
  assert.equal(run("Restaurant Zur Linde", "Restaurant Finder"), []);
  // The twins: the site named as the business, with a tagline or without its legal suffix.
  assert.equal(run("Curry 36 Berlin", "Curry 36 Berlin | Best currywurst since 1981"), ["self-serving-review"]);
  assert.equal(run("Acme Plumbing Services", "Acme Plumbing"), ["self-serving-review"]);
});


test("a directory or travel site whose name begins with the business's trade or city word (Hotels.com, Berlin Food Guide): a listing, not self-serving; the twins at home are", () => {
  const site = (name: string, host: string) => jsonLd({ "@context": "https://schema.org", "@type": "WebSite", url: `https://${host}/`, name });
  const listed = (name: string, host: string, siteName: string) =>
    issuesOf(validateHtml(page(`<h1>${name}</h1>`, jsonLd(business({ name, url: `https://${host}/places/1` })) + site(siteName, host)), `https://${host}/places/1`).schemas[0])
      .map((i) => i.code)
      .filter((code) => code === "self-serving-review");
  assert.equal(listed("Hotel Adlon", "hotels.example", "Hotels.com"), []);
  assert.equal(listed("Berlin Burger", "guide.example", "Berlin Food Guide"), []);
  assert.equal(listed("Pizza Hut", "pizzatoday.example", "Pizza Today"), []);
  // The twins: more than half of the name is the site's, the name runs together as the site's domain does,
  // or the site's whole name begins the business's (a legal form or a trade after it).
  assert.equal(listed("Hotel Adlon", "adlon.example", "Hotel Adlon Berlin"), ["self-serving-review"]);
  assert.equal(listed("Joe's Diner", "joesdiner.example", "joesdiner.example"), ["self-serving-review"]);
  for (const [name, siteName] of [["Acme Ltd", "Acme"], ["Acme GmbH", "Acme"], ["Acme Plumbing", "Acme"], ["Joe's Diner", "Joe's"], ["Bella Italia Ristorante Pizzeria", "Bella Italia"], ["Acme Plumbing & Heating Ltd", "Acme Plumbing"]]) {
    assert.equal(listed(name, "acme.example", siteName), ["self-serving-review"], `${name} on ${siteName}`);
  }
});

test("a business whose url is the site's home page is the site's own whatever the site's name; a listing page of the same site is not", () => {
  const site = jsonLd({ "@context": "https://schema.org", "@type": "WebSite", url: "https://smithjones.example/", name: "Smith Jones" });
  const run = (url: string) => issuesOf(validateHtml(page(BODY, jsonLd(business({ name: "Jones Law Group LLP", url })) + site), "https://smithjones.example/about").schemas[0]);
  const home = run("https://smithjones.example/");
  assert.equal(home.map((i) => i.code), ["self-serving-review"]);
  assert.match(home[0].message, `its url "https://smithjones.example/" is on this page's host (smithjones.example)`);
  assert.equal(run("/").map((i) => i.code), ["self-serving-review"]);
  // The home page however a CMS links it: with a campaign's query, a language's home, index.html.
  for (const home of ["https://smithjones.example/?utm_source=gbp", "https://smithjones.example/en/", "https://smithjones.example/index.html"]) {
    assert.equal(run(home).map((i) => i.code), ["self-serving-review"], home);
  }
  // The twin: a page of the site that is not its home, under a name the site's does not make (a listing).
  assert.equal(run("https://smithjones.example/firms/42").map((i) => i.code), []);
});

test('a link placeholder as url ("#", a Microdata href="#"): names no site; the business is judged by its @id and sameAs', () => {
  const directory = "https://dir.example/plumbers/austin/";
  const card = (href: string) =>
    `<div itemscope itemtype="https://schema.org/Plumber"><a itemprop="url" href="${href}"><span itemprop="name">Ace Plumbing</span></a>` +
    `<div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating"><span itemprop="ratingValue">4.5</span> from <span itemprop="reviewCount">20</span></div></div>`;
  assert.equal(validateHtml(page(card("#"), ""), directory).schemas.flatMap(issuesOf), []);
  assert.equal(validateHtml(page(card("#top"), ""), directory).schemas.flatMap(issuesOf), []);
  assert.equal(issuesOf(validateHtml(page(BODY, jsonLd(business({ url: "#" }))), directory).schemas[0]), []);
  // The twins: the card's link names the business's page on this host; a JSON-LD "#" beside an @id on this host.
  assert.equal(validateHtml(page(card("/ace-plumbing"), ""), directory).schemas.flatMap(issuesOf).map((i) => i.code), ["self-serving-review"]);
  const byId = issuesOf(validateHtml(page(BODY, jsonLd(business({ url: "#", "@id": "https://dir.example/#business" }))), directory).schemas[0]);
  assert.equal(byId.map((i) => i.code), ["self-serving-review"]);
  assert.match(byId[0].message, `its @id "https://dir.example/#business" is on this page's host`);
});

test.run();
