/**
 * An audit with `render: true` validates each page as the service's browser sees it after scripts: a site
 * whose only Product is added by a script is found validated and eligible when rendered, and holds no markup
 * when read raw. Without a browser the page fails as `render_unavailable` and its credit is given back.
 *
 * Needs Chromium for the rendered run; without it that test is skipped (counted as skipped).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { startServer, type Fixture } from "../../fetch/fixtures.ts";
import { findChromium } from "../../../fetch/render/chromium-path.ts";
import { signup, startApp, type TestApp } from "../helpers.ts";
import { allPages, settled } from "./helpers.ts";

const chromium = findChromium(process.env.CHROMIUM_PATH ?? null);
if (chromium === null) console.log("skip: rendered audit test (Chromium not found: apt-get install chromium, or set CHROMIUM_PATH)");
const withBrowser = chromium === null ? test.skip : test;

const PRODUCT = JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Blue mug",
  image: "https://example.com/mug.jpg",
  offers: { "@type": "Offer", price: "10.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
});
const ADD_PRODUCT = `const s = document.createElement("script"); s.type = "application/ld+json"; s.textContent = ${JSON.stringify(PRODUCT)}; document.head.appendChild(s);`;

let site: Fixture;
const pageUrl = () => `http://127.0.0.1:${site.port}/mug`;

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0];
  if (path === "/sitemap.xml") {
    res.writeHead(200, { "content-type": "application/xml" });
    res.end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${pageUrl()}</loc></url></urlset>`);
  } else if (path === "/mug") {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><title>Mug</title><script>${ADD_PRODUCT}</script></head><body><p>mug</p></body></html>`);
  } else {
    res.writeHead(404).end();
  }
}

test.before(async () => {
  site = await startServer(route);
});
test.after(async () => {
  await site.close();
});

const env = () => ({ FETCH_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${site.port}`, AUDIT_HOST_DELAY_MS: "0", RENDER_SETTLE_MS: "200", RENDER_TIMEOUT_MS: "10000", RATE_LIMIT_PER_MINUTE: "1000", LOG_LEVEL: "warn" });

async function audit(t: TestApp, key: string, render: boolean): Promise<{ audit: Record<string, any>; page: Record<string, any> }> {
  const res = await t.app.inject({ method: "POST", url: "/api/v1/audits", headers: { "x-api-key": key }, payload: { sitemap_url: `http://127.0.0.1:${site.port}/sitemap.xml`, render } });
  assert.is(res.statusCode, 202, res.body);
  const id = res.json().id as string;
  const done = await settled(t.app, key, id);
  const { items } = await allPages(t.app, key, id);
  assert.is(items.length, 1, JSON.stringify(items));
  return { audit: done, page: items[0] };
}

withBrowser("render: true validates the page after its scripts ran (eligible); the same site read raw holds no markup", async () => {
  const t = await startApp(env());
  try {
    const { key } = await signup(t.app);
    const rendered = await audit(t, key, true);
    assert.is(rendered.page.status, "validated", JSON.stringify(rendered.page));
    assert.equal(rendered.page.types, ["Product"]);
    assert.ok(rendered.page.eligible.includes("merchant-listing"), JSON.stringify(rendered.page.eligible));
    assert.is(rendered.audit.credits_used, 1);

    const raw = await audit(t, key, false);
    assert.is(raw.page.status, "no_markup", JSON.stringify(raw.page));
  } finally {
    await t.close();
  }
});

test("render: true without a browser: the page fails as render_unavailable and costs no credit", async () => {
  const t = await startApp({ ...env(), CHROMIUM_PATH: "/nonexistent/chromium" });
  try {
    const { key } = await signup(t.app);
    const { audit: done, page } = await audit(t, key, true);
    assert.is(page.status, "failed", JSON.stringify(page));
    assert.is(page.problem.code, "render_unavailable");
    assert.is(done.credits_used, 0);
    const account = await t.app.inject({ method: "GET", url: "/api/auth/account", headers: { "x-api-key": key } });
    assert.is(account.json().requests_used, 0);
  } finally {
    await t.close();
  }
});

test.run();
