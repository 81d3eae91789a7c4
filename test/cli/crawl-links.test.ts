/**
 * Issue 26: `sdv crawl` of a loopback site without a sitemap. Before, it found no page (exit 2) and did
 * not even check the start page; now it follows links (--discover both, the default) within the bounds,
 * and the server sees no request for a disallowed, nofollow-only or out-of-folder page. --urls-file
 * validates exactly the listed URLs.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sdv } from "./sdv-process.ts";

const product = (name: string) => ({ "@context": "https://schema.org", "@type": "Product", name, image: "https://shop.example/k.jpg", offers: { "@type": "Offer", price: "25.00", priceCurrency: "USD", availability: "https://schema.org/InStock" } });
const html = (body: string, data?: unknown) =>
  `<!doctype html><html><head>${data ? `<script type="application/ld+json">${JSON.stringify(data)}</script>` : ""}</head><body>${body}</body></html>`;

let server: Server;
let origin = "";
let port = 0;
const requested: string[] = [];

test.before(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    requested.push(path);
    const send = (body: string, status = 200, type = "text/html") => {
      res.writeHead(status, { "content-type": type });
      res.end(body);
    };
    if (path === "/robots.txt") return send("User-agent: *\nDisallow: /admin/\n", 200, "text/plain");
    if (path === "/") return send(html(`<a href="/products/">shop</a> <a href="/admin/">admin</a> <a href="/ads" rel="nofollow">ad</a> <a href="/blog/2026/launch">news</a>`));
    if (path === "/products/") return send(html(`<a href="kettle">k</a> <a href="teapot">t</a> <a href="/products/mug#reviews">m</a>`));
    const item = /^\/products\/(kettle|teapot|mug)$/.exec(path);
    if (item) return send(html(`<a href="/products/">back</a>`, product(item[1])));
    if (path === "/blog/2026/launch") return send(html(`<a href="/blog/2026/older">older</a>`));
    if (path === "/blog/2026/older") return send(html(`<a href="/blog/2025/oldest">oldest</a>`));
    if (path === "/blog/2025/oldest") return send(html("the end"));
    send("not found", 404, "text/plain");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
test.after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const common = () => ["--allow-host", `127.0.0.1:${port}`, "--delay", "0", "--format", "json", "--fail-on", "never"];
const sources = (stdout: string) => (JSON.parse(stdout).results as Array<{ source: string }>).map((r) => r.source.slice(origin.length));

test("no sitemap: the pages the start page's links reach, within --max-depth; none disallowed or nofollow", async () => {
  requested.length = 0;
  const r = await sdv(["crawl", `${origin}/`, ...common(), "--max-depth", "2"]);
  assert.is(r.code, 0, r.stderr);
  assert.equal(sources(r.stdout).sort(), ["/", "/blog/2026/launch", "/blog/2026/older", "/products/", "/products/kettle", "/products/mug", "/products/teapot"]);
  for (const never of ["/admin/", "/ads", "/blog/2025/oldest"]) assert.not.ok(requested.includes(never), `${never} not requested`);
  assert.is(requested.filter((p) => p === "/products/kettle").length, 1, "each page fetched once");

  const sitemapOnly = await sdv(["crawl", `${origin}/`, ...common(), "--discover", "sitemap"]);
  assert.is(sitemapOnly.code, 2, "without links, a site without a sitemap has no page (as before)");
  // Nothing at the start URL (a 404) and no sitemap: no page was found to validate either (docs/crawl.md).
  const nothing = await sdv(["crawl", `${origin}/gone/`, ...common()]);
  assert.is(nothing.code, 2, nothing.stderr);
  assert.match(nothing.stderr, /no page found to validate/);
});

test("a start URL with a path crawls its folder; --max-pages bounds the crawl", async () => {
  const r = await sdv(["crawl", `${origin}/products/`, ...common()]);
  assert.equal(sources(r.stdout), ["/products/", "/products/kettle", "/products/teapot", "/products/mug"]);
  const bounded = await sdv(["crawl", `${origin}/`, ...common(), "--max-pages", "3"]);
  assert.equal(sources(bounded.stdout), ["/", "/products/", "/blog/2026/launch"], "breadth first, three pages");
});

test("--urls-file: exactly the listed URLs (robots.txt still decides), no link followed", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sdv-urls-"));
  const file = join(dir, "urls.txt");
  writeFileSync(file, `# pages to check\n${origin}/products/kettle\n\n${origin}/admin/\n${origin}/blog/2026/launch#top\n${origin}/products/kettle\n`);
  requested.length = 0;
  const r = await sdv(["crawl", "--urls-file", file, ...common()]);
  assert.is(r.code, 0, r.stderr);
  assert.equal(sources(r.stdout), ["/products/kettle", "/blog/2026/launch"]);
  assert.equal(requested.filter((p) => p !== "/robots.txt").sort(), ["/blog/2026/launch", "/products/kettle"]);

  writeFileSync(file, "not a url\n");
  const bad = await sdv(["crawl", "--urls-file", file]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /line 1 is not an http\(s\) URL/);
  const both = await sdv(["crawl", `${origin}/`, "--urls-file", file]);
  assert.is(both.code, 2);
  const mode = await sdv(["crawl", `${origin}/`, "--discover", "everything"]);
  assert.match(mode.stderr, /--discover takes one of both, sitemap, links/);
});

test("templates in the JSON, text and HTML reports; --format html is one self-contained page", async () => {
  const json = JSON.parse((await sdv(["crawl", `${origin}/`, ...common()])).stdout);
  const products = json.templates.find((t: { template: string }) => t.template === "/products/*");
  assert.is(products.pages, 3, JSON.stringify(json.templates));
  assert.is(products.features.Product.eligible + products.features.Product.not_eligible, 3);
  assert.equal(
    json.templates.map((t: { template: string }) => t.template).sort(),
    ["/", "/blog/*/*", "/products/", "/products/*"],
    "the blog posts by year collapse into one template",
  );
  const text = await sdv(["crawl", `${origin}/`, ...common().filter((a) => a !== "json" && a !== "--format")]);
  assert.match(text.stdout, /By template:\n.*template\s+pages[\s\S]*\/products\/\*\s+3/);
  const html = await sdv(["crawl", `${origin}/`, ...common().filter((a) => a !== "json" && a !== "--format"), "--format", "html"]);
  assert.is(html.code, 0, html.stderr);
  assert.match(html.stdout, /^<!doctype html>/);
  assert.match(html.stdout, /<h2>Pages by template<\/h2>[\s\S]*<td>\/products\/\*<\/td><td>3<\/td>/);
  assert.match(html.stdout, /<h2>Rich-result features<\/h2>[\s\S]*<h3>Product<\/h3><p>\d+ valid, \d+ valid with warnings, \d+ invalid<\/p>/);
  assert.not.match(html.stdout, /<script|<link |src="|url\(|@import/i, "self-contained: nothing loaded from anywhere");
  assert.match(html.stderr, /^sdv: exit 0: /m);
});

test.run();
