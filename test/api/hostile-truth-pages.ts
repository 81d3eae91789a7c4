/**
 * The hostile pages of issue 25 for the page truth checks, built in memory (the route test and
 * `npm run bench -- hostile` share them): a page as large as the fetcher takes that is all text, one
 * of 100,000 hidden elements, one of 5,000 copies of a product, one of a million numbers apart by
 * spaces, and one whose markup values are long runs against backtracking regexes.
 */
import type http from "node:http";
import { DEFAULT_MAX_BYTES } from "../../fetch/guarded-fetch.ts";

/** One product with a price, a rating and a count: what the checks look up, duplicated, hidden or drowned. */
export const PRODUCT_SCRIPT = `<script type="application/ld+json">${JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Executive Anvil",
  sku: "ANV-1",
  image: "https://example.com/a.jpg",
  offers: { "@type": "Offer", price: 1299, priceCurrency: "EUR" },
  aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, reviewCount: 120 },
})}</script>`;

/** Path -> page. `/duplicates` holds 5,000 copies of one product: one duplicate-entity in all. */
export const HOSTILE_TRUTH_PAGES: Readonly<Record<string, string>> = {
  "/text": `<html><head>${PRODUCT_SCRIPT}</head><body><p>${"word 1.299,00 ".repeat(Math.floor((DEFAULT_MAX_BYTES - 2000) / 14))}</p></body></html>`,
  "/hidden": `<html><head>${PRODUCT_SCRIPT}</head><body>${"<i hidden>x</i><b style=display:none>y</b>".repeat(50_000)}</body></html>`,
  "/duplicates": `<html><head>${PRODUCT_SCRIPT.repeat(5000)}</head><body><p>Executive Anvil</p></body></html>`,
  // One "number" of a million pieces apart by spaces: read piece by piece, not in runs (price-text.ts).
  "/numbers": `<html lang="fr"><head>${PRODUCT_SCRIPT}</head><body><p>${"1 ".repeat(1_000_000)}</p></body></html>`,
  // Values built against backtracking regexes: a name of spaces (a site suffix or a closing bracket
  // looked for at each one took 8 s for 80,000), a review body and a duplicate's name of "<" and "<a "
  // (a tag looked for from each one).
  "/long-values": `<html><head>${longValues()}</head><body><p>Executive Anvil</p></body></html>`,
};

function longValues(): string {
  const product = (name: string, reviewBody: string) =>
    `<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name, sku: "ANV-1", offers: { "@type": "Offer", price: 1, priceCurrency: "EUR" }, review: { "@type": "Review", author: { "@type": "Person", name: "A" }, reviewRating: { "@type": "Rating", ratingValue: 5 }, reviewBody } })}</script>`;
  return product(`${" ".repeat(300_000)}x (m/w/d`, "<".repeat(300_000)) + product("<a ".repeat(100_000), `${" ".repeat(200_000)}…x`);
}

/** A page server's handler for these pages, by path (a query is ignored: it only keeps a request out of the cache). */
export function serveHostileTruthPage(req: http.IncomingMessage, res: http.ServerResponse): void {
  const page = HOSTILE_TRUTH_PAGES[(req.url ?? "/").split("?")[0]];
  if (page === undefined) return void res.writeHead(404).end();
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
}
