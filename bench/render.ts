/**
 * Rendered validation ("a rendered page validated in at most its settle time plus
 * 200 ms of our own work; pages rendered a minute reported"). One loopback product page whose JSON-LD an
 * external script adds, validated raw (fetch + validate) and rendered (render + raw fetch + compare),
 * side by side: median time, this process's RSS, Chromium's processes' RSS; then pages rendered a minute
 * at the renderer's concurrency for RUN_MS. Reports; never gates. Skips without Chromium.
 */
import http from "node:http";
import { readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fetchPage } from "../fetch/guarded-fetch.ts";
import { findChromium } from "../fetch/render/chromium-path.ts";
import { Renderer } from "../fetch/render/renderer.ts";
import { RENDER_DEFAULTS } from "../fetch/render/config.ts";
import { validateHtml, validateRenderedHtml } from "../runtime/validate.ts";
import { recordResults, type Figure } from "./results.ts";
import { errorMessage, printTable, type BenchContext } from "./util.ts";

const REPEATS = 10;
const RUN_MS = 30_000;
const SETTLE_MS = RENDER_DEFAULTS.limits.settleMs;
/** Our own work on top of the page's settle time. */
const OWN_WORK_BUDGET_MS = 200;

const PRODUCT = JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Blue mug",
  image: "https://example.com/mug.jpg",
  description: "A mug.",
  sku: "M-1",
  brand: { "@type": "Brand", name: "Mugs" },
  offers: { "@type": "Offer", price: "10.00", priceCurrency: "EUR", availability: "https://schema.org/InStock", url: "https://example.com/mug" },
});
const FILLER = Array.from({ length: 300 }, (_, i) => `<li class="item"><a href="/p/${i}">Product ${i}</a> <span>${"lorem ipsum ".repeat(8)}</span></li>`).join("\n");
const PAGE = `<!doctype html><html><head><title>Blue mug</title><script src="/app.js" defer></script></head><body><h1>Blue mug</h1><ul>${FILLER}</ul></body></html>`;
const SCRIPT = `const s = document.createElement("script"); s.type = "application/ld+json"; s.textContent = ${JSON.stringify(PRODUCT)}; document.head.appendChild(s);`;

export async function run(_ctx: BenchContext): Promise<void> {
  if (findChromium(process.env.CHROMIUM_PATH ?? null) === null) {
    console.log("SKIP render: Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)");
    return;
  }
  const server = http.createServer((req, res) => {
    const js = req.url === "/app.js";
    res.writeHead(200, { "content-type": js ? "text/javascript" : "text/html" });
    res.end(js ? SCRIPT : PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/mug`;
  const allow = { allowPrivateHosts: [`127.0.0.1:${port}`] };
  const renderer = new Renderer(RENDER_DEFAULTS);
  const rows: string[][] = [["mode", "median ms", "p90 ms", "this process RSS MB", "Chromium RSS MB", "nodes found"]];
  try {
    const raw = await timed(async () => {
      const page = await fetchPage(url, allow);
      return validateHtml(page.body, url).schemas.length;
    });
    rows.push(["raw: fetch + validate", raw.median.toFixed(1), raw.p90.toFixed(1), mb(process.memoryUsage().rss), "-", String(raw.found)]);

    const launchStarted = performance.now();
    await renderer.render(url, allow);
    const launchMs = performance.now() - launchStarted;
    const rendered = await timed(async () => {
      const page = await renderer.render(url, allow);
      const rawPage = await fetchPage(url, allow);
      return validateRenderedHtml(page.html, rawPage.body, url).schemas.length;
    });
    rows.push(["rendered: render + raw fetch + compare", rendered.median.toFixed(1), rendered.p90.toFixed(1), mb(process.memoryUsage().rss), mb(descendantsRss()), String(rendered.found)]);
    printTable(rows);
    console.log(`first render (starts the browser): ${launchMs.toFixed(0)} ms; rendered / raw: ${(rendered.median / raw.median).toFixed(0)}x`);
    const own = rendered.median - SETTLE_MS;
    console.log(`${own <= OWN_WORK_BUDGET_MS ? "PASS" : "FAIL"} rendered page: ${own.toFixed(0)} ms beyond the ${SETTLE_MS} ms settle time (budget ${OWN_WORK_BUDGET_MS} ms)`);
    const figures: Figure[] = [
      { id: "raw.ms", label: "a product page validated raw (fetch and validate), median", value: raw.median, unit: "ms", digits: 0 },
      { id: "rendered.ms", label: "the same page rendered (render, raw fetch, compare), median", value: rendered.median, unit: "ms", digits: 0 },
      { id: "own.ms", label: `of which beyond the ${SETTLE_MS} ms settle time`, value: own, unit: "ms", digits: 0, budget: `<= ${OWN_WORK_BUDGET_MS} ms` },
    ];

    // Throughput: as many pages as the renderer takes at once, for RUN_MS.
    let done = 0;
    let failed = 0;
    const until = performance.now() + RUN_MS;
    await Promise.all(
      Array.from({ length: RENDER_DEFAULTS.concurrency }, async () => {
        while (performance.now() < until) {
          await renderer.render(url, allow).then(
            () => done++,
            () => failed++,
          );
        }
      }),
    );
    const perMinute = (done * 60_000) / RUN_MS;
    console.log(`rendered pages a minute: ${perMinute.toFixed(0)} (${done} in ${RUN_MS / 1000} s at ${RENDER_DEFAULTS.concurrency} at once, ${failed} failed); Chromium RSS now ${mb(descendantsRss())} MB`);
    figures.push(
      { id: "per-minute", label: `rendered pages a minute, ${RENDER_DEFAULTS.concurrency} at once`, value: perMinute, unit: "", digits: 0 },
      { id: "chromium.mb", label: "Chromium's processes' memory (RSS) after them", value: Number(mb(descendantsRss())), unit: "MB", digits: 0 },
    );
    recordResults("render", figures);
  } catch (err) {
    console.log(`render bench failed: ${errorMessage(err)}`);
  } finally {
    await renderer.close();
    server.close();
  }
}

async function timed(fn: () => Promise<number>): Promise<{ median: number; p90: number; found: number }> {
  await fn();
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < REPEATS; i++) {
    const started = performance.now();
    found = await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], p90: times[Math.min(times.length - 1, Math.floor(times.length * 0.9))], found };
}

/** RSS of every process below this one (the browser and its renderers), from /proc; 0 where there is none. */
function descendantsRss(): number {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return 0;
  }
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const pid of entries) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      parent.set(Number(pid), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      rss.set(Number(pid), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  for (const [pid, bytes] of rss) {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) {
      if (p === process.pid) {
        total += bytes;
        break;
      }
    }
  }
  return total;
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}
