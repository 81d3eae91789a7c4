/**
 * The playground in Chromium (the built pages of dist/web, served by the service):
 * - its JavaScript: every script the page loads (entry, chunks, the validation worker with the engine and
 *   the vocabulary), gzip bytes each and in total; budget <= 300 KB (issue 11).
 * - in-browser validation of the 2 KB and 150 KB benchmark inputs, timed inside the worker (the engine
 *   alone, no messaging), next to the same validation in Node (dist/lib, `validate` with the same format),
 *   both medians of batches; the ratio is the figure that holds across machines.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { errorMessage, medianNs, printTable, type BenchContext } from "./util.ts";

const BUDGET_GZIP_BYTES = 300 * 1024;
const webRoot = fileURLToPath(new URL("../dist/web", import.meta.url));

type Validate = (text: string, options: { format: "json" | "html" }) => unknown;

const INPUTS = [
  { name: "2 KB (jsonld/event.json)", file: ["jsonld", "event.json"], format: "json" as const },
  { name: "150 KB (html/typical.html)", file: ["html", "typical.html"], format: "html" as const },
];

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
    // No service worker: every script must come from the network to be counted.
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

    const rows: string[][] = [["script", "bytes", "gzip bytes"]];
    let total = 0;
    for (const [path, body] of [...scripts].sort()) {
      const bytes = await body;
      const gz = gzipSync(bytes, { level: 9 }).length;
      total += gz;
      rows.push([path, String(bytes.length), String(gz)]);
    }
    rows.push(["total", "", String(total)]);
    printTable(rows);
    const workerPath = [...scripts.keys()].find((p) => /\/worker-[^/]*\.js$/.test(p));
    console.log(`playground JS budget: <= ${BUDGET_GZIP_BYTES / 1024} KB gzip (all scripts the page loads, -9): ${(total / 1024).toFixed(1)} KB: ${workerPath && total <= BUDGET_GZIP_BYTES ? "PASS" : "FAIL"}`);
    if (!workerPath) return void console.log("in-browser validation: n/a: the page loaded no validation worker");

    const timing: string[][] = [["input", "bytes", "node us", "chromium us", "chromium/node"]];
    for (const input of INPUTS) {
      const file = join(ctx.benchDir, ...input.file);
      if (!existsSync(file)) {
        timing.push([input.name, "n/a", "n/a", "n/a", "n/a"]);
        continue;
      }
      const text = readFileSync(file, "utf8");
      const nodeNs = medianNs(() => validate(text, { format: input.format }));
      const browserNs = await inWorkerMedianNs(page, workerPath, text, input.format);
      timing.push([input.name, String(Buffer.byteLength(text)), us(nodeNs), us(browserNs), `${(browserNs / nodeNs).toFixed(2)}x`]);
    }
    printTable(timing);
    console.log("in-browser validation: timed inside the worker (engine only), batches of >= 5 ms, medians; node: dist/lib validate()");
    await context.close();
  } catch (err) {
    console.log(`playground: failed: ${errorMessage(err)}`);
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
}

/**
 * Median per-validation time in a fresh validation worker: warm-up, then batches (the worker's `repeat`).
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
  return samples.length % 2 ? samples[m] : (samples[m - 1] + samples[m]) / 2;
}`;

async function inWorkerMedianNs(page: Page, workerPath: string, text: string, format: "json" | "html"): Promise<number> {
  const ms = (await page.evaluate(`(${IN_WORKER})(${JSON.stringify({ workerPath, text, format })})`)) as number;
  return ms * 1e6;
}

function us(ns: number): string {
  const u = ns / 1000;
  return u >= 100 ? u.toFixed(0) : u >= 10 ? u.toFixed(1) : u.toFixed(2);
}
