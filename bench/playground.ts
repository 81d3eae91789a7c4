/**
 * The playground in Chromium (the built pages of dist/web, served by the service):
 * - its JavaScript, gzip bytes (-9): what the page loads before any paste (the page, its chunks, the
 *   validation worker's core), what each benchmark input adds (the rule-set chunks the worker fetches
 *   for it), and every chunk the playground can ever load (for offline, the service worker fetches them
 *   all after the first validation). Budget <= 300 KB (issue 11) for the initial load plus the largest
 *   per-input addition.
 * - in-browser validation of the 2 KB and 150 KB benchmark inputs, timed inside the worker (the engine
 *   alone, no messaging), next to the same validation in Node (dist/lib, `validate` with the same format),
 *   both medians of batches; the ratio is the figure that holds across machines. The first validation
 *   in a fresh worker (fetching and evaluating its rule sets) is reported on its own.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { errorMessage, medianNs, printTable, type BenchContext } from "./util.ts";

const BUDGET_GZIP_BYTES = 300 * 1024;
const webRoot = fileURLToPath(new URL("../dist/web", import.meta.url));

/** The service's page answers under the spec profile: the Node side is timed under the same rules. */
type Validate = (text: string, options: { format: "json" | "html"; profile: "spec" }) => unknown;

const INPUTS = [
  { name: "2 KB (jsonld/event.json)", file: ["jsonld", "event.json"], format: "json" as const },
  { name: "150 KB (html/typical.html)", file: ["html", "typical.html"], format: "html" as const },
];

/** A fresh context (empty HTTP cache, no service worker) on the playground, recording every script it fetches. */
async function openPlayground(browser: Browser, base: string): Promise<{ page: Page; scripts: Map<string, Promise<Buffer>>; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL: base, serviceWorkers: "block" });
  const page = await context.newPage();
  const scripts = new Map<string, Promise<Buffer>>();
  context.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin === base && /\.m?js$/.test(url.pathname)) scripts.set(url.pathname, response.body());
  });
  await page.goto("/");
  await page.locator(".cm-content").waitFor();
  await page.waitForLoadState("networkidle");
  return { page, scripts, close: () => context.close() };
}

const gzipBytes = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every script reachable from these by a static or dynamic relative import: all the playground can load. */
function reachableScripts(from: Iterable<string>): string[] {
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (seen.has(path) || !existsSync(join(webRoot, path))) continue;
    seen.add(path);
    const text = readFileSync(join(webRoot, path), "utf8");
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'`](\.\/[\w.-]+\.js)["'`]/g)) queue.push(new URL(m[1], `http://x${path}`).pathname);
  }
  return [...seen].sort();
}

export async function run(ctx: BenchContext): Promise<void> {
  if (!existsSync(join(webRoot, "index.html"))) return void console.log("playground: n/a: dist/web not built (npm run build)");
  const { chromiumPath, launchChromium } = await import("../test/browser/harness.ts");
  if (chromiumPath() === null) return void console.log("playground: n/a: Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)");
  const libUrl = new URL("../dist/lib/index.js", import.meta.url);
  if (!existsSync(libUrl)) return void console.log("playground: n/a: dist/lib not built (npm run build)");
  const { validate } = (await import(libUrl.href)) as { validate: Validate };

  const { startApp } = await import("../test/api/helpers.ts");
  const server = await startApp({ LOG_LEVEL: "warn" }, { webRoot });
  await server.app.listen({ host: "127.0.0.1", port: 0 });
  const address = server.app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const browser = await launchChromium();
  try {
    // Initial load: every script fetched before any paste.
    const first = await openPlayground(browser, base);
    const rows: string[][] = [["script (initial load)", "bytes", "gzip bytes"]];
    let initial = 0;
    for (const [path, body] of [...first.scripts].sort()) {
      const bytes = await body;
      const gz = gzipBytes(bytes);
      initial += gz;
      rows.push([path, String(bytes.length), String(gz)]);
    }
    rows.push(["initial total", "", String(initial)]);
    printTable(rows);
    const workerPath = [...first.scripts.keys()].find((p) => /\/worker-[^/]*\.js$/.test(p));
    await first.close();
    if (!workerPath) return void console.log("playground: n/a: the page loaded no validation worker");

    const everything = reachableScripts(first.scripts.keys());
    const allGzip = everything.reduce((sum, path) => sum + gzipBytes(readFileSync(join(webRoot, path))), 0);
    console.log(`all scripts the playground can load (initial + every rule-set chunk): ${everything.length} files, ${allGzip} gzip bytes (${kb(allGzip)})`);

    // Per input, in a fresh context: the chunks its first validation fetches, then the timings.
    const perInput: string[][] = [["input", "chunks fetched to validate it", "gzip bytes", "initial + these"]];
    const timing: string[][] = [["input", "bytes", "node us", "chromium us", "chromium/node", "chromium first (cold) ms"]];
    let largestAddition = 0;
    for (const input of INPUTS) {
      const file = join(ctx.benchDir, ...input.file);
      if (!existsSync(file)) {
        perInput.push([input.name, "n/a", "n/a", "n/a"]);
        timing.push([input.name, "n/a", "n/a", "n/a", "n/a", "n/a"]);
        continue;
      }
      const text = readFileSync(file, "utf8");
      const visit = await openPlayground(browser, base);
      try {
        const before = new Set(visit.scripts.keys());
        const { coldMs, warmMs } = await inWorker(visit.page, workerPath, text, input.format);
        const added = [...visit.scripts].filter(([path]) => !before.has(path));
        let addedGzip = 0;
        for (const [, body] of added) addedGzip += gzipBytes(await body);
        largestAddition = Math.max(largestAddition, addedGzip);
        perInput.push([input.name, added.map(([p]) => p.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.js$/, "")).sort().join(" ") || "(none)", String(addedGzip), String(initial + addedGzip)]);
        const nodeNs = medianNs(() => validate(text, { format: input.format, profile: "spec" }));
        const browserNs = warmMs * 1e6;
        timing.push([input.name, String(Buffer.byteLength(text)), us(nodeNs), us(browserNs), `${(browserNs / nodeNs).toFixed(2)}x`, coldMs.toFixed(1)]);
      } finally {
        await visit.close();
      }
    }
    printTable(perInput);
    const budgeted = initial + largestAddition;
    console.log(
      `playground JS budget: <= ${BUDGET_GZIP_BYTES / 1024} KB gzip (-9) for the initial load + the largest per-input load: ${kb(initial)} + ${kb(largestAddition)} = ${kb(budgeted)}: ${budgeted <= BUDGET_GZIP_BYTES ? "PASS" : "FAIL"}; all chunks ${kb(allGzip)} (fetched in the background for offline)`,
    );
    printTable(timing);
    console.log("in-browser validation: timed inside the worker (engine only), batches of >= 5 ms, medians; cold: the first validation in a fresh worker, fetching its rule sets over loopback; node: dist/lib validate()");
  } catch (err) {
    console.log(`playground: failed: ${errorMessage(err)}`);
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
}

/**
 * In a fresh validation worker: the first validation (cold: its rule sets are fetched), then the median
 * per-validation time after warm-up, in batches (the worker's `repeat`).
 * Page code as a string: tsx would otherwise wrap its functions in a helper (__name) the page lacks.
 */
const IN_WORKER = `async ({ workerPath, text, format }) => {
  const worker = new Worker(workerPath, { type: "module" });
  await new Promise((resolve) => { worker.onmessage = (event) => { if (event.data && "hello" in event.data) resolve(); }; });
  let id = 0;
  const ask = (repeat) => new Promise((resolve, reject) => {
    worker.onmessage = (event) => (event.data.ok ? resolve(event.data.ms) : reject(new Error(event.data.message)));
    worker.postMessage({ id: ++id, text, format, repeat });
  });
  const coldMs = await ask(1);
  const t0 = performance.now();
  let calls = 0;
  let engineMs = 0;
  while (performance.now() - t0 < 150 || calls < 3) { engineMs += await ask(1); calls++; }
  const repeat = Math.max(1, Math.ceil(5 / Math.max(engineMs / calls, 0.01)));
  const samples = [];
  const end = performance.now() + 500;
  while (samples.length < 15 || performance.now() < end) samples.push(await ask(repeat));
  worker.terminate();
  samples.sort((a, b) => a - b);
  const m = samples.length >> 1;
  return { coldMs, warmMs: samples.length % 2 ? samples[m] : (samples[m - 1] + samples[m]) / 2 };
}`;

async function inWorker(page: Page, workerPath: string, text: string, format: "json" | "html"): Promise<{ coldMs: number; warmMs: number }> {
  return (await page.evaluate(`(${IN_WORKER})(${JSON.stringify({ workerPath, text, format })})`)) as { coldMs: number; warmMs: number };
}

function us(ns: number): string {
  const u = ns / 1000;
  return u >= 100 ? u.toFixed(0) : u >= 10 ? u.toFixed(1) : u.toFixed(2);
}
