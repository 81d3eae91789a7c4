/**
 * Crawling (issue 26): `sdv crawl --discover links` of a fast loopback site (pages answer at once, so the
 * crawl is CPU-bound: fetch, validation, link extraction), in pages a second for one process; then a
 * 100,000-URL link graph discovered in bounded memory: the frontier and the seen-set of a link crawl
 * (fetch/site/link-crawl.ts, the code the crawl runs) over synthetic pages of 30 links each (every page
 * links to its two children in a tree, to 25 pages spread over the site, and to a calendar trap), measured
 * in a child process with --expose-gc: peak heap growth and RSS (budget: RSS <= 256 MB).
 *
 * The crawl runs the command as installed (bin/sdv.js and the bundled dist/cli/, which `npm run bench`
 * builds first), not under tsx: tsx's loader would be most of a 600-page crawl's start-up.
 * The figures are recorded in bench/results/crawl.json; the README shows them beside the audits' ratio.
 * Reports; never gates.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { printTable, type BenchContext } from "./util.ts";
import { recordResults, type Figure } from "./results.ts";

const SITE_PAGES = 600;
const GRAPH_PAGES = 100_000;
const RSS_BUDGET_MB = 256;
const root = fileURLToPath(new URL("..", import.meta.url));

function productPage(i: number, pages: number): string {
  const product = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: `Kettle ${i}`,
    image: "https://shop.example/k.jpg",
    description: "A kettle.",
    offers: { "@type": "Offer", price: "25.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
  };
  const links = [2 * i + 1, 2 * i + 2, (i * 7 + 3) % pages, (i * 13 + 5) % pages].filter((j) => j < pages).map((j) => `<a href="/products/${j}">p${j}</a>`);
  return `<!doctype html><html><head><title>${i}</title><script type="application/ld+json">${JSON.stringify(product)}</script></head><body><nav><a href="/">home</a></nav>${links.join(" ")}<p>${"text ".repeat(300)}</p></body></html>`;
}

async function startSite(pages: number): Promise<{ origin: string; host: string; server: Server; requests: () => number }> {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    const path = req.url ?? "/";
    if (path === "/robots.txt") return res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
    if (path === "/") return res.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><html><body><a href="/products/0">shop</a></body></html>`);
    const m = /^\/products\/(\d+)$/.exec(path);
    if (m && Number(m[1]) < pages) return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(productPage(Number(m[1]), pages));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, server, requests: () => requests };
}

function sdvCrawl(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["bin/sdv.js", "crawl", ...args], { cwd: root, env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** The child of the memory measurement (this file with --graph). */
async function graph(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc!;
  const { crawlLinks } = await import("../fetch/site/link-crawl.ts");
  const { crawlScope } = await import("../fetch/site/scope.ts");
  const origin = "https://graph.example";
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
  const t0 = performance.now();
  let visited = 0;
  const result = await crawlLinks({
    seeds: [`${origin}/`],
    followLinks: true,
    maxPages: GRAPH_PAGES,
    maxDepth: 1_000,
    concurrency: 16,
    scope: crawlScope(`${origin}/`),
    robotsRefusal: () => null,
    visit: async (url) => {
      visited++;
      const i = url === `${origin}/` ? -1 : Number(/\/(\d+)(?:\?|$)/.exec(url)![1]);
      const links = [2 * i + 1, 2 * i + 2];
      for (let k = 1; k <= 25; k++) links.push((i * 31 + k * 3_989) % (4 * GRAPH_PAGES));
      const html = `<html><body>${links.map((j) => `<a href="/page/${Math.abs(j)}?ref=nav#top">x</a>`).join("")}<a href="/cal/${i + 1}">next month</a></body></html>`;
      // Nothing of the page is kept (a real crawl keeps its report row): the frontier and the seen-set are measured.
      return { html, finalUrl: url };
    },
  });
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  clearInterval(sample);
  const seconds = (performance.now() - t0) / 1000;
  process.stdout.write(
    `${JSON.stringify({ pages: result.pages.length, visited, seconds, peakMb: (peak - before) / 2 ** 20, rssMb: process.memoryUsage().rss / 2 ** 20, skippedListed: result.skipped.length, moreSkipped: result.moreSkipped })}\n`,
  );
}

export async function run(_ctx: BenchContext): Promise<void> {
  if (!existsSync(join(root, "dist", "cli", "sdv.js"))) {
    console.log("SKIP crawl: the CLI is not built (dist/ missing: run npm run build)");
    return;
  }
  const figures: Figure[] = [];
  const site = await startSite(SITE_PAGES);
  try {
    const rows: string[][] = [["scenario", "pages", "seconds", "pages/s"]];
    for (const concurrency of [1, 4]) {
      const t0 = performance.now();
      const r = await sdvCrawl([`${site.origin}/`, "--discover", "links", "--max-depth", "50", "--max-pages", String(SITE_PAGES + 1), "--delay", "0", "--concurrency", String(concurrency), "--allow-host", site.host, "--format", "json", "--fail-on", "never"]);
      const seconds = (performance.now() - t0) / 1000;
      if (r.code !== 0) throw new Error(`sdv crawl exited ${r.code}: ${r.stderr.slice(0, 500)}`);
      const pages = (JSON.parse(r.stdout) as { results: unknown[] }).results.length;
      rows.push([`sdv crawl --discover links, --concurrency ${concurrency} (one process, start-up included)`, String(pages), seconds.toFixed(1), (pages / seconds).toFixed(0)]);
      figures.push({
        id: `links.c${concurrency}`,
        label: `\`sdv crawl --discover links --concurrency ${concurrency}\` of a ${SITE_PAGES}-page local site answering at once (CPU-bound, one process, start-up included)`,
        value: pages / seconds,
        unit: "pages/s",
        digits: 0,
      });
    }
    printTable(rows);
  } finally {
    site.server.closeAllConnections();
    site.server.close();
  }

  const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--graph"], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  await new Promise((r) => child.once("exit", r));
  const m = JSON.parse(out.trim().split("\n").pop()!) as { pages: number; visited: number; seconds: number; peakMb: number; rssMb: number; skippedListed: number; moreSkipped: number };
  figures.push(
    { id: "graph.rss", label: `RSS after discovering a ${m.pages.toLocaleString("en-US")}-URL link graph by links (28 links a page and a calendar trap)`, value: m.rssMb, unit: "MB", digits: 0, budget: `<= ${RSS_BUDGET_MB} MB` },
    { id: "graph.peak", label: "the link graph's peak heap growth (frontier and seen-set)", value: m.peakMb, unit: "MB", digits: 1 },
  );
  recordResults("crawl", figures);
  console.log(
    `${m.rssMb <= RSS_BUDGET_MB ? "PASS" : "FAIL"} link graph of ${m.pages} pages (${m.visited} visited, 28 links each, a calendar trap; ${(m.pages / m.seconds).toFixed(0)} pages/s of link extraction and frontier work): ` +
      `peak heap +${m.peakMb.toFixed(1)} MB, RSS ${m.rssMb.toFixed(0)} MB (budget ${RSS_BUDGET_MB}); ${m.skippedListed} skipped links listed, ${m.moreSkipped} more counted`,
  );
}

if (process.argv[2] === "--graph") {
  await graph();
}
