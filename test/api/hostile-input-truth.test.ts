/**
 * Issue 25, the page truth checks on hostile pages through the real route (GET /api/v1/validate?url=):
 * a page as large as the fetcher takes that is all text, one of 100,000 hidden elements, one of
 * 5,000 copies of a product, one of a million numbers apart by spaces, and one whose markup values are
 * long runs against backtracking regexes. Each answers 200, and
 * /health answers within 100 ms while they are validated (large pages are validated off the event loop).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { startServer, type Fixture } from "../fetch/fixtures.ts";
import { signup, startApp, type TestApp } from "./helpers.ts";
import { DEFAULT_MAX_BYTES } from "../../fetch/guarded-fetch.ts";

const PRODUCT = `<script type="application/ld+json">${JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Executive Anvil",
  sku: "ANV-1",
  image: "https://example.com/a.jpg",
  offers: { "@type": "Offer", price: 1299, priceCurrency: "EUR" },
  aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, reviewCount: 120 },
})}</script>`;

const PAGES: Record<string, string> = {
  "/text": `<html><head>${PRODUCT}</head><body><p>${"word 1.299,00 ".repeat(Math.floor((DEFAULT_MAX_BYTES - 2000) / 14))}</p></body></html>`,
  "/hidden": `<html><head>${PRODUCT}</head><body>${"<i hidden>x</i><b style=display:none>y</b>".repeat(50_000)}</body></html>`,
  "/duplicates": `<html><head>${PRODUCT.repeat(5000)}</head><body><p>Executive Anvil</p></body></html>`,
  // One "number" of a million pieces apart by spaces: read piece by piece, not in runs (price-text.ts).
  "/numbers": `<html lang="fr"><head>${PRODUCT}</head><body><p>${"1 ".repeat(1_000_000)}</p></body></html>`,
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

let fixture: Fixture;
let t: TestApp;

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const page = PAGES[(req.url ?? "/").split("?")[0]];
  if (page === undefined) {
    res.writeHead(404);
    return void res.end();
  }
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(page);
}

test.before(async () => {
  fixture = await startServer(route);
  t = await startApp({ FETCH_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${fixture.port}`, RATE_LIMIT_PER_MINUTE: "1000" });
});
test.after(async () => {
  await t.close();
  await fixture.close();
});

test("/health within 100 ms while hostile pages run the truth checks; each answers 200", async () => {
  for (const [path, page] of Object.entries(PAGES)) assert.ok(page.length <= DEFAULT_MAX_BYTES, `${path}: ${page.length} bytes fit the fetcher's cap`);
  const { key } = await signup(t.app);
  const get = (path: string) =>
    t.app.inject({ method: "GET", url: `/api/v1/validate?url=${encodeURIComponent(`http://127.0.0.1:${fixture.port}${path}`)}`, headers: { "x-api-key": key } });
  let running = true;
  const hostile = Promise.all(Object.keys(PAGES).map(get)).finally(() => (running = false));
  const latencies: number[] = [];
  while (running) {
    const started = performance.now();
    const health = await t.app.inject({ method: "GET", url: "/health" });
    if (running) latencies.push(performance.now() - started);
    assert.is(health.statusCode, 200);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const answers = await hostile;
  for (const a of answers) assert.is(a.statusCode, 200, a.body.slice(0, 200));
  const duplicates = JSON.parse(answers[2].body);
  const codes = duplicates.schemas.flatMap((s: any) => s.warnings.map((w: any) => w.code));
  assert.is(codes.filter((c: string) => c === "duplicate-entity").length, 1, "one duplicate-entity for the 5,000 copies");
  assert.ok(latencies.length > 0, "/health was asked while the hostile requests ran");
  const worst = Math.max(...latencies);
  assert.ok(worst < 100, `worst /health latency ${worst.toFixed(0)} ms`);
});

test.run();
