/**
 * `sdv validate --render` and `validateUrl(url, { render: true })`: a loopback page whose JSON-LD a script
 * adds is found rendered (marked added by JavaScript in the text and JSON output), and without --render the
 * command says that the page loads scripts and suggests rendering. Needs Chromium (skipped without it).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { startServer, type Fixture } from "../fetch/fixtures.ts";
import { findChromium } from "../../fetch/render/chromium-path.ts";
import { sdv } from "./sdv-process.ts";
import { closeRenderer, validateUrl } from "../../lib/index.ts";

const chromium = findChromium(process.env.CHROMIUM_PATH ?? null);
if (chromium === null) console.log("skip: --render tests (Chromium not found: apt-get install chromium, or set CHROMIUM_PATH)");
const withBrowser = chromium === null ? test.skip : test;

const PRODUCT = JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: "Blue mug", offers: { "@type": "Offer", price: "10.00", priceCurrency: "EUR" } });

function route(_req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(200, { "content-type": "text/html" });
  res.end(
    `<!doctype html><html><head><title>t</title><script>const s = document.createElement("script"); s.type = "application/ld+json"; s.textContent = ${JSON.stringify(PRODUCT)}; document.head.appendChild(s);</script></head><body>mug</body></html>`,
  );
}

let site: Fixture;
const env = { RENDER_SETTLE_MS: "200" };

test.before(async () => {
  site = await startServer(route);
});

test.after(async () => {
  await closeRenderer();
  await site.close();
});

test("without --render: exit 2, the message says the page loads scripts and suggests --render", async () => {
  const out = await sdv(["validate", `http://127.0.0.1:${site.port}/`, "--allow-host", `127.0.0.1:${site.port}`], { env });
  assert.is(out.code, 2);
  assert.match(out.stdout, "no_jsonld_found");
  assert.match(out.stdout, "--render");
});

withBrowser("sdv validate --render: found, marked added by JavaScript (text and JSON)", async () => {
  const text = await sdv(["validate", `http://127.0.0.1:${site.port}/`, "--allow-host", `127.0.0.1:${site.port}`, "--render"], { env });
  assert.match(text.stdout, "Product");
  assert.match(text.stdout, "added by JavaScript");
  assert.match(text.stdout, "1 added by JavaScript");
  const json = await sdv(["validate", `http://127.0.0.1:${site.port}/`, "--allow-host", `127.0.0.1:${site.port}`, "--render", "--json"], { env });
  const body = JSON.parse(json.stdout).results[0];
  assert.is(body.schemas[0].rendering, "added-by-javascript");
  assert.is(body.summary.rendering.added_by_javascript, 1);
});

withBrowser("validateUrl(url, { render: true }) in the library", async () => {
  const page = await validateUrl(`http://127.0.0.1:${site.port}/`, { render: true, allowPrivateHosts: [`127.0.0.1:${site.port}`] });
  assert.is(page.schemas_found, 1);
  assert.is(page.schemas[0].rendering, "added-by-javascript");
  const raw = await validateUrl(`http://127.0.0.1:${site.port}/`, { allowPrivateHosts: [`127.0.0.1:${site.port}`] });
  assert.is(raw.schemas_found, 0);
});

test.run();
