/**
 * An issue of a feature's requirements links that feature's page of the search engine's documentation
 * (the paywalled content page for an Article's paywall markup, the merchant listing page for a Product's
 * offer details), and the type's own requirements keep the type's page.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const DOCS = "https://developers.google.com/search/docs/appearance/structured-data/";

test("an Article's paywall error links the paywalled content page; its own warnings the article page", () => {
  const result = validateValue({
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: "Article headline",
    image: "https://example.org/thumbnail1.jpg",
    datePublished: "2025-02-05T08:00:00+08:00",
    author: { "@type": "Person", name: "John Doe", url: "https://example.com/profile/johndoe123" },
    hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".paywall" },
  });
  const article = result.schemas[0];
  const paywall = article.errors.find((e) => e.property === "isAccessibleForFree");
  assert.ok(paywall, JSON.stringify(article.errors));
  assert.is(paywall!.google_docs_url, `${DOCS}paywalled-content`);
  const dateModified = article.warnings.find((w) => w.property === "dateModified");
  assert.ok(dateModified, JSON.stringify(article.warnings));
  assert.is(dateModified!.google_docs_url, `${DOCS}article`);
});

test("a Product's merchant listing issues link the merchant listing page; its snippet issues the product snippet page", () => {
  const result = validateValue({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Anvil",
    image: "https://example.com/anvil.jpg",
    offers: { "@type": "Offer", price: 10, priceCurrency: "USD" },
  });
  const product = result.schemas[0];
  const issues = [...product.errors, ...product.warnings];
  const listing = issues.filter((i) => i.rule_url?.includes("#merchant-listing:"));
  assert.ok(listing.length > 0, JSON.stringify(issues.map((i) => i.rule_url)));
  for (const issue of listing) assert.is(issue.google_docs_url, `${DOCS}merchant-listing`, issue.property);
  const snippet = issues.filter((i) => i.rule_url !== undefined && !i.rule_url.includes("#merchant-listing:"));
  assert.ok(snippet.length > 0, JSON.stringify(issues.map((i) => i.rule_url)));
  for (const issue of snippet) assert.is(issue.google_docs_url, `${DOCS}product-snippet`, issue.property);
});

test.run();
