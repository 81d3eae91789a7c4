/**
 * Issue 16, item 4: a crawl keeps to its site's origin after every redirect. robots.txt, a sitemap and a
 * listed page that redirect to another origin are reported as skipped ("redirected off-site") and never
 * fetched there: the other origin's server counts its connections, and they stay at zero. Redirects within
 * the site are still followed.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { discover, CRAWL_PAGE_FETCH } from "../../../fetch/site/discover.ts";
import { fetchPage, FetchError } from "../../../fetch/guarded-fetch.ts";
import { fakeResolver, recorder, startServer, type Fixture } from "../fixtures.ts";

let site: Fixture;
let other: Fixture;
const dns = fakeResolver({ "site.test": "127.0.0.1", "other.test": "127.0.0.2" });
const rec = recorder();
const siteUrl = (path: string) => `http://site.test:${site.port}${path}`;
const otherUrl = (path: string) => `http://other.test:${other.port}${path}`;
const fetchOptions = () => ({ resolver: dns.resolve, connectGuard: rec.guard, allowPrivateHosts: ["site.test", "other.test"], timeoutMs: 3000 });

function siteRoutes(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = req.url ?? "/";
  const redirect = (location: string) => {
    res.writeHead(302, { location });
    res.end();
  };
  const send = (type: string, body: string) => {
    res.writeHead(200, { "content-type": type });
    res.end(body);
  };
  if (path === "/robots.txt") return redirect(otherUrl("/robots.txt"));
  if (path === "/sitemap.xml") return redirect(otherUrl("/sitemap.xml"));
  if (path === "/moved-sitemap.xml") return redirect("/sitemap-here.xml");
  if (path === "/sitemap-here.xml") {
    const urls = ["/page", "/page-away"].map((p) => `<url><loc>${siteUrl(p)}</loc>${p === "/page" ? "<lastmod>2026-11-01</lastmod>" : ""}</url>`).join("");
    return send("application/xml", `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
  }
  if (path === "/page-away") return redirect(otherUrl("/page"));
  if (path === "/page-moved") return redirect("/page");
  if (path === "/page") return send("text/html", "<html><body>hi</body></html>");
  res.writeHead(404);
  res.end();
}

test.before(async () => {
  site = await startServer(siteRoutes, { host: "127.0.0.1" });
  other = await startServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/xml" });
    res.end("<urlset><url><loc>http://other.test/x</loc></url></urlset>");
  }, { host: "127.0.0.2" });
});
test.after(async () => {
  await site.close();
  await other.close();
  assert.equal(rec.offBox, []);
});

test("robots.txt and the sitemap redirect off-site: skipped, not followed; the other origin sees no connection", async () => {
  const found = await discover(siteUrl("/"), { maxPages: 10, fetchOptions: fetchOptions(), beforeFetch: async () => {} });
  assert.equal(
    found.skipped.filter((s) => s.reason === "redirected off-site").map((s) => s.url),
    [siteUrl("/robots.txt"), siteUrl("/sitemap.xml")],
  );
  assert.is(found.pages.length, 0);
  assert.ok(found.sitemaps[0].error?.includes("another site"), found.sitemaps[0].error);
  assert.is(other.connections, 0);
});

test("a same-origin sitemap redirect is followed; its pages are listed", async () => {
  const found = await discover(siteUrl("/moved-sitemap.xml"), { maxPages: 10, fetchOptions: fetchOptions(), beforeFetch: async () => {} });
  assert.equal(found.pages, [siteUrl("/page"), siteUrl("/page-away")]);
  assert.equal({ ...found.lastmod }, { [siteUrl("/page")]: "2026-11-01" }, "lastmod read with the entries");
  assert.is(other.connections, 0);
});

test("a crawl's page fetch: an off-site redirect fails with redirected_off_site before any connection; a same-origin one is followed", async () => {
  const err = await fetchPage(siteUrl("/page-away"), { ...fetchOptions(), ...CRAWL_PAGE_FETCH }).then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(err instanceof FetchError);
  assert.is(err.code, "redirected_off_site");
  assert.not.match(err.message, /other\.test/, "the message does not name the redirect's host");
  assert.is((await fetchPage(siteUrl("/page-moved"), { ...fetchOptions(), ...CRAWL_PAGE_FETCH })).finalUrl, siteUrl("/page"));
  assert.is(other.connections, 0);
  // Without the option (the API's single page validation), redirects to other sites are followed as before.
  await fetchPage(siteUrl("/page-away"), fetchOptions()).catch(() => undefined);
  assert.is(other.connections, 1, "the control: the other origin is reachable");
});

test.run();
