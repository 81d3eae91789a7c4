/**
 * The whole-page report with and without the page truth checks (runtime/page-truth: visible text,
 * duplicates, self-serving reviews) on the bench pages, and one hostile page of each kind the checks
 * must stay bounded on (a 20 MB body of text, 100,000 hidden elements, 5,000 duplicated products).
 * Budget (DESIGN.md section 8): with the checks at most 1.3x the time without them.
 *
 *   npm run bench -- page-truth     (or, built: node --import tsx bench/run.ts page-truth)
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { errorMessage, medianNs, printTable, type BenchContext } from "./util.ts";

const BUDGET_X = 1.3;

type Engine = {
  prepareHtml: (html: string, url: string | null) => unknown;
  onlyForComparison: (p: unknown) => unknown;
  validatePrepared: (p: unknown, registry: unknown) => { schemas: unknown[] };
  ruleSetFor: unknown;
};

/** The tsc build in dist/, as production runs it (`npm run bench` builds first). */
async function loadEngine(): Promise<Engine | string> {
  const engineUrl = new URL("../dist/runtime/engine.js", import.meta.url);
  const registryUrl = new URL("../dist/generated/index.js", import.meta.url);
  if (!existsSync(engineUrl) || !existsSync(registryUrl)) return "sdv engine not built (dist/ missing: run npm run build)";
  try {
    const engine = await import(engineUrl.href);
    const { ruleSetFor } = await import(registryUrl.href);
    if (typeof engine.onlyForComparison !== "function") return "dist/ predates the page truth checks: run npm run build";
    return { ...engine, ruleSetFor } as Engine;
  } catch (err) {
    return `sdv engine failed to load: ${errorMessage(err)}`;
  }
}

const PRODUCT = JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Executive Anvil",
  sku: "ANV-1",
  image: "https://example.com/a.jpg",
  offers: { "@type": "Offer", price: 1299, priceCurrency: "EUR" },
  aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, reviewCount: 120 },
});

function hostilePages(): Array<{ name: string; html: string }> {
  const script = `<script type="application/ld+json">${PRODUCT}</script>`;
  return [
    { name: "hostile: 20 MB of text", html: `<html><head>${script}</head><body><p>${"word 1.299,00 ".repeat(1_500_000)}</p></body></html>` },
    { name: "hostile: 100,000 hidden elements", html: `<html><head>${script}</head><body>${'<div hidden><span style="display:none">x</span></div>'.repeat(100_000)}</body></html>` },
    { name: "hostile: 5,000 duplicated products", html: `<html><head>${script.repeat(5000)}</head><body><p>Executive Anvil</p></body></html>` },
  ];
}

export async function run(ctx: BenchContext): Promise<void> {
  const engine = await loadEngine();
  if (typeof engine === "string") {
    console.log(`SKIP page-truth: ${engine}`);
    return;
  }
  const dir = join(ctx.benchDir, "html");
  const pages = readdirSync(dir)
    .filter((f) => f.endsWith(".html"))
    .sort()
    .map((f) => ({ name: f, html: readFileSync(join(dir, f), "utf8") }));
  const url = "https://shop.example/page";
  const report = (html: string, checks: boolean) => {
    const prepared = engine.prepareHtml(html, url);
    return engine.validatePrepared(checks ? prepared : engine.onlyForComparison(prepared), engine.ruleSetFor).schemas.length;
  };
  const rows: string[][] = [["page", "bytes", "without us", "with us", "x", "budget"]];
  for (const p of pages) {
    const without = medianNs(() => report(p.html, false), { warmupMs: 300, sampleMs: 600 });
    const withChecks = medianNs(() => report(p.html, true), { warmupMs: 300, sampleMs: 600 });
    const x = withChecks / without;
    rows.push([p.name, String(p.html.length), (without / 1e3).toFixed(0), (withChecks / 1e3).toFixed(0), x.toFixed(2), x <= BUDGET_X ? `ok <= ${BUDGET_X}x` : `FAIL > ${BUDGET_X}x`]);
  }
  printTable(rows);
  // Hostile pages: one timed call each (they are the bound, not a rate).
  const hostile: string[][] = [["hostile page", "MB", "without ms", "with ms"]];
  for (const p of hostilePages()) {
    let t = performance.now();
    report(p.html, false);
    const without = performance.now() - t;
    t = performance.now();
    report(p.html, true);
    const withChecks = performance.now() - t;
    hostile.push([p.name, (p.html.length / 1e6).toFixed(1), without.toFixed(0), withChecks.toFixed(0)]);
  }
  printTable(hostile);
}
