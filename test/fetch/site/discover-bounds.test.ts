/**
 * Sitemap discovery keeps bounded lists, whatever the sitemaps list:
 * - an index queues only the sitemaps that can still be read (MAX_SITEMAPS, 100): an index of 500 child
 *   sitemaps has 100 read, each once, however often the indexes repeat them;
 * - past --max-pages, skipped pages are listed up to 10,000 and the rest counted (`skippedNotListed`);
 * - a gzipped sitemap (.xml.gz) is read as before (unzipped off the event loop).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { gzipSync } from "node:zlib";
import { discover } from "../../../fetch/site/discover.ts";
import { fakeResolver, recorder, startServer, type Fixture } from "../fixtures.ts";

let site: Fixture;
const dns = fakeResolver({ "site.test": "127.0.0.1" });
const rec = recorder();
const siteUrl = (path: string) => `http://site.test:${site.port}${path}`;
const fetchOptions = () => ({ resolver: dns.resolve, connectGuard: rec.guard, allowPrivateHosts: ["site.test"], timeoutMs: 5000 });
const requested: string[] = [];

const urlset = (paths: string[]) => `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${siteUrl(p)}</loc></url>`).join("")}</urlset>`;
const index = (paths: string[]) => `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<sitemap><loc>${siteUrl(p)}</loc></sitemap>`).join("")}</sitemapindex>`;

function routes(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = req.url ?? "/";
  requested.push(path);
  const xml = (body: string | Buffer) => {
    res.writeHead(200, { "content-type": "application/xml" });
    res.end(body);
  };
  // An index of 500 children, the first ones listed again by each child index.
  if (path === "/fanout.xml") return xml(index(Array.from({ length: 500 }, (_, i) => `/child-${i}.xml`)));
  const child = /^\/child-(\d+)\.xml$/.exec(path);
  if (child) return xml(Number(child[1]) % 2 === 0 ? index(["/child-1.xml", "/child-3.xml", "/fanout.xml"]) : urlset([`/page-${child[1]}`]));
  if (path === "/big.xml") return xml(urlset(Array.from({ length: 20_000 }, (_, i) => `/p/${i}`)));
  if (path === "/zipped.xml.gz") return xml(gzipSync(urlset(["/z/1", "/z/2"])));
  res.writeHead(404);
  res.end();
}

test.before(async () => {
  site = await startServer(routes, { host: "127.0.0.1" });
});
test.after(async () => {
  await site.close();
  assert.equal(rec.offBox, []);
});

test("an index of 500 sitemaps: 100 read, none twice", async () => {
  requested.length = 0;
  const found = await discover(siteUrl("/fanout.xml"), { maxPages: 1000, fetchOptions: fetchOptions(), beforeFetch: async () => {} });
  const sitemapFetches = requested.filter((p) => p.endsWith(".xml"));
  assert.is(found.sitemaps.length, 100);
  assert.is(sitemapFetches.length, 100);
  assert.is(new Set(sitemapFetches).size, 100, "no sitemap fetched twice");
  // The first 99 children after the index, in its order: the odd ones are pages.
  assert.equal(found.pages, Array.from({ length: 99 }, (_, i) => i).filter((i) => i % 2 === 1).map((i) => siteUrl(`/page-${i}`)));
});

test("20,000 entries over --max-pages 10: 10 pages, 10,000 skipped listed, the other 9,990 counted", async () => {
  const found = await discover(siteUrl("/big.xml"), { maxPages: 10, fetchOptions: fetchOptions(), beforeFetch: async () => {} });
  assert.is(found.pages.length, 10);
  assert.is(found.skipped.length, 10_000);
  assert.ok(found.skipped.every((s) => s.reason === "over --max-pages"));
  assert.is(found.skippedNotListed, 9_990);
});

test("a gzipped sitemap is read", async () => {
  const found = await discover(siteUrl("/zipped.xml.gz"), { maxPages: 10, fetchOptions: fetchOptions(), beforeFetch: async () => {} });
  assert.equal(found.pages, [siteUrl("/z/1"), siteUrl("/z/2")]);
});

test.run();
