/**
 * `sdv crawl` against a local site on 127.0.0.1: robots.txt (one path disallowed, a Sitemap: line), a
 * sitemap index pointing at a gzipped sitemap and a plain one, corpus pages, a page without markup.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { corpusDir } from "../corpus-dir.ts";
import { parseSitemap } from "../../fetch/site/sitemap.ts";
import { sdv } from "./sdv-process.ts";

const sitemaps: Array<[string, string, string[]]> = [
  ["a urlset", `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.com/a?x=1&amp;y=2</loc></url><url><loc> https://e.com/b </loc><lastmod>2026-01-01</lastmod></url></urlset>`, ["https://e.com/a?x=1&y=2", "https://e.com/b"]],
  ["an index with prefixes and CDATA", `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc><![CDATA[https://e.com/s1.xml.gz]]></sm:loc></sm:sitemap><!-- <sitemap><loc>https://e.com/commented</loc></sitemap> --></sm:sitemapindex>`, ["https://e.com/s1.xml.gz"]],
  ["not a sitemap", `<html><body>hello</body></html>`, []],
];
for (const [label, xml, locs] of sitemaps) {
  test(`sitemap parsing: ${label}`, () => {
    assert.equal(parseSitemap(xml).locs, locs);
  });
}

const corpus = corpusDir();
if (!corpus) {
  test.skip("crawl of a local site (../shared/corpus not found)", () => {});
} else {
  test("crawl of a local site validates every allowed page and skips the disallowed one", async () => {
    const examples = join(corpus, "google-examples");
    const pages = readdirSync(examples).filter((f) => f.endsWith(".html")).sort().slice(0, 4);
    const requested: string[] = [];
    let origin = "";
    const server: Server = createServer((req, res) => {
      const path = req.url ?? "/";
      requested.push(path);
      const send = (type: string, body: string | Buffer, status = 200) => {
        res.writeHead(status, { "content-type": type });
        res.end(body);
      };
      if (path === "/robots.txt") return send("text/plain", `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap_index.xml\n`);
      if (path === "/sitemap_index.xml") {
        return send("application/xml", `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemaps/pages.xml.gz</loc></sitemap><sitemap><loc>${origin}/sitemaps/more.xml</loc></sitemap></sitemapindex>`);
      }
      const urlset = (locs: string[]) => `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join("")}</urlset>`;
      if (path === "/sitemaps/pages.xml.gz") {
        return send("application/gzip", gzipSync(urlset([...pages.map((p) => `${origin}/pages/${p}`), `${origin}/private/secret.html`])));
      }
      if (path === "/sitemaps/more.xml") return send("text/xml", urlset([`${origin}/plain.html`, "https://elsewhere.example/page.html", `${origin}/pages/${pages[0]}`]));
      if (path === "/plain.html") return send("text/html", "<html><body>No structured data here.</body></html>");
      const page = /^\/pages\/([\w.-]+\.html)$/.exec(path);
      if (page && pages.includes(page[1])) return send("text/html; charset=utf-8", readFileSync(join(examples, page[1])));
      send("text/plain", "not found", 404);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    const report = join(mkdtempSync(join(tmpdir(), "sdv-crawl-")), "report.html");
    try {
      const refused = await sdv(["crawl", `${origin}/`]);
      assert.is(refused.code, 2);
      assert.match(refused.stderr, new RegExp(`--allow-host 127\\.0\\.0\\.1:${port}`));

      const r = await sdv(["crawl", `${origin}/`, "--discover", "sitemap", "--allow-host", `127.0.0.1:${port}`, "--delay", "0", "--format", "json", "--fail-on", "never", "--report", report]);
      assert.ok([0, 1].includes(r.code), r.stderr);
      const json = JSON.parse(r.stdout);
      const crawled = json.results.map((x: { source: string }) => x.source).sort();
      const expected = [...pages.map((p) => `${origin}/pages/${p}`), `${origin}/plain.html`].sort();
      assert.equal(crawled, expected, "every allowed same-origin page once, nothing else");
      for (const p of pages) {
        const result = json.results.find((x: { source: string }) => x.source === `${origin}/pages/${p}`);
        assert.is(result.success, true, `${p} validated`);
      }
      assert.is(json.results.find((x: { source: string }) => x.source === `${origin}/plain.html`).error.code, "no_jsonld_found");
      assert.not.ok(requested.some((p) => p.startsWith("/private/")), "the disallowed path is never fetched");
      assert.match(r.stderr, /^sdv: exit 0: .*1 without structured data/m);

      const html = readFileSync(report, "utf8");
      assert.match(html, /^<!doctype html>/);
      assert.match(html, /<svg [^>]*aria-label="Score distribution"/);
      assert.match(html, /disallowed by robots\.txt/);
      assert.match(html, /other origin/);
      assert.not.match(html, /<script|<link |src="http/, "self-contained: no scripts or external resources");

      const text = await sdv(["crawl", `${origin}/sitemap_index.xml`, "--allow-host", `127.0.0.1:${port}`, "--delay", "0", "--max-pages", "2"]);
      assert.match(text.stdout, /By type:[\s\S]*By page:/);
      assert.match(text.stdout, /over --max-pages/);
      assert.match(text.stdout.trimEnd().split("\n").pop()!, /^sdv: exit [01]: /);
    } finally {
      server.close();
    }
  });
}

test.run();
