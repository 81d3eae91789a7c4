/**
 * Issue 26: link discovery on a loopback site without a sitemap. The crawl starts at the start page,
 * follows <a href> links within the origin and the start folder, breadth first, up to --max-depth and
 * --max-pages; the server counts what it was asked for: nothing robots.txt disallows, nothing linked only
 * with rel="nofollow" or only from a meta-robots-nofollow page, nothing on another origin (whose server
 * counts its connections). A calendar that links to its next month forever ends at the bounds.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { discover, CRAWL_PAGE_FETCH } from "../../../fetch/site/discover.ts";
import { crawlLinks } from "../../../fetch/site/link-crawl.ts";
import { pageLinks } from "../../../fetch/site/links.ts";
import { Frontier } from "../../../fetch/site/frontier.ts";
import { crawlScope } from "../../../fetch/site/scope.ts";
import { fetchPage, FetchError } from "../../../fetch/guarded-fetch.ts";
import type { DiscoverMode } from "../../../fetch/site/discover-mode.ts";
import { fakeResolver, recorder, startServer, type Fixture } from "../fixtures.ts";

let site: Fixture;
let other: Fixture;
const dns = fakeResolver({ "site.test": "127.0.0.1", "other.test": "127.0.0.2" });
const rec = recorder();
const siteUrl = (path: string) => `http://site.test:${site.port}${path}`;
const otherUrl = (path: string) => `http://other.test:${other.port}${path}`;
const fetchOptions = () => ({ resolver: dns.resolve, connectGuard: rec.guard, allowPrivateHosts: ["site.test", "other.test"], timeoutMs: 3000 });
let withSitemap = false;
let costlyRobots = false;

const page = (links: string, head = "") => `<!doctype html><html><head>${head}</head><body>${links}</body></html>`;
const a = (href: string, extra = "") => `<a href="${href}"${extra}>link</a>`;

function nextMonth(ym: string): string {
  const [y, m] = ym.split("-").map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

function routes(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = req.url ?? "/";
  const send = (body: string, type = "text/html") => {
    res.writeHead(200, { "content-type": type });
    res.end(body);
  };
  if (path === "/robots.txt") return send(costlyRobots ? `User-agent: *\nDisallow: /${"*a".repeat(250_000)}\n` : "User-agent: *\nDisallow: /private/\n", "text/plain");
  if (path === "/sitemap.xml" && withSitemap) {
    return send(`<urlset><url><loc>${siteUrl("/from-sitemap")}</loc></url><url><loc>${siteUrl("/blog/only-in-sitemap")}</loc></url></urlset>`, "application/xml");
  }
  if (path === "/") {
    return send(
      page(
        a("/products/") + a("/about#team") + a("about") + a("/private/secret") + a("/sponsor", ' rel="sponsored nofollow"') + a(otherUrl("/")) +
          a("/quiet") + a("mailto:x@site.test") + a("javascript:void(0)") + a("/cal/2026-01") + a("#top") + a("/moved"),
      ),
    );
  }
  if (path === "/about") return send(page(a("/") + a("/team/alice")));
  if (path === "/team/alice") return send(page(a("/team/alice/cv")));
  if (path === "/team/alice/cv") return send(page(a("/team/alice/cv/2026")));
  if (path === "/team/alice/cv/2026") return send(page("deepest"));
  if (path === "/products/") return send(page(a("kettle") + a("/products/teapot") + a("/about")));
  if (path === "/products/kettle" || path === "/products/teapot") return send(page(a("/products/")));
  if (path === "/quiet") return send(page(a("/hidden"), '<meta name="robots" content="noindex, nofollow">'));
  if (path === "/moved") {
    res.writeHead(301, { location: "/landing/" });
    res.end();
    return;
  }
  if (path === "/landing/") return send(page(a("relative-from-landing")));
  if (path === "/landing/relative-from-landing") return send(page(""));
  if (path === "/from-sitemap") return send(page(a("/linked-from-sitemap-page")));
  if (path === "/linked-from-sitemap-page" || path === "/blog/only-in-sitemap") return send(page(""));
  const month = /^\/cal\/(\d{4}-\d{2})$/.exec(path);
  if (month) return send(page(a(`/cal/${nextMonth(month[1])}`)));
  res.writeHead(404);
  res.end();
}

test.before(async () => {
  site = await startServer(routes, { host: "127.0.0.1" });
  other = await startServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(page(a("/x")));
  }, { host: "127.0.0.2" });
});
test.after(async () => {
  await site.close();
  await other.close();
  assert.equal(rec.offBox, []);
});

async function crawl(start: string, o: { mode?: DiscoverMode; maxDepth?: number; maxPages?: number } = {}) {
  site.requests.length = 0;
  const maxPages = o.maxPages ?? 100;
  const found = await discover(start, { maxPages, fetchOptions: fetchOptions(), beforeFetch: async () => {}, mode: o.mode ?? "both" });
  const result = await crawlLinks({
    seeds: found.pages,
    followLinks: (o.mode ?? "both") !== "sitemap",
    maxPages,
    maxDepth: o.maxDepth ?? 10,
    concurrency: 3,
    scope: found.scope,
    robotsRefusal: found.robotsRefusal,
    visit: async (url) => {
      try {
        const fetched = await fetchPage(url, { ...fetchOptions(), ...CRAWL_PAGE_FETCH });
        return { html: fetched.body, finalUrl: fetched.finalUrl };
      } catch (err) {
        if (err instanceof FetchError) return {};
        throw err;
      }
    },
  });
  const requested = site.requests.map((r) => r.url!);
  return { found, result, pages: result.pages.map((p) => p.url.slice(siteUrl("").length)), requested };
}

test("pageLinks: hrefs resolved against <base> and the page, fragments dropped, nofollow and non-http links left out", () => {
  const html = page(a("x#frag") + a("/y") + a("x") + a("ftp://h/z") + a("/n", " rel=nofollow") + `<a href="/amp?a=1&amp;b=2">q</a>`, '<base href="https://s.example/dir/">');
  const found = pageLinks(html, "https://s.example/page");
  assert.equal(found.links, ["https://s.example/dir/x", "https://s.example/y", "https://s.example/amp?a=1&b=2"]);
  assert.is(found.nofollowLinks, 1);
  assert.equal(pageLinks(page(a("/y"), '<meta name="ROBOTS" content="none">'), "https://s.example/").links, []);
  assert.equal(pageLinks(page(a("/y"), '<meta name="sdv" content="nofollow">'), "https://s.example/").nofollowPage, true);
  assert.equal(pageLinks(page(a("/y"), '<meta name="googlebot" content="nofollow">'), "https://s.example/").links, ["https://s.example/y"], "another crawler's meta is not ours");
  // An unescaped & before a parameter named like a reference (lang, image, copy) stays: the page the browser opens.
  assert.equal(pageLinks(page(`<a href="/p?id=1&lang=en&copy=2&image=large">p</a>`), "https://s.example/").links, ["https://s.example/p?id=1&lang=en&copy=2&image=large"]);
});

test("a site without a sitemap: the start page and the pages its links reach, nothing disallowed, nofollow or off-origin", async () => {
  const { pages, requested, result } = await crawl(siteUrl("/"), { maxDepth: 3 });
  for (const expected of ["/", "/products/", "/about", "/quiet", "/cal/2026-01", "/moved", "/products/kettle", "/products/teapot", "/team/alice", "/cal/2026-02", "/landing/relative-from-landing", "/team/alice/cv", "/cal/2026-03"]) {
    assert.ok(pages.includes(expected), `${expected} found (found: ${pages.join(" ")})`);
  }
  assert.is(pages[0], "/", "the start page first");
  assert.not.ok(pages.includes("/team/alice/cv/2026"), "four clicks away: past --max-depth 3");
  assert.not.ok(pages.includes("/cal/2026-04"), "the calendar ends at --max-depth");
  for (const never of ["/private/secret", "/sponsor", "/hidden", "/team/alice/cv/2026", "/cal/2026-04"]) {
    assert.not.ok(requested.includes(never), `${never} never requested`);
  }
  assert.equal(new Set(pages).size, pages.length, "each page once (/about and /about#team are one)");
  assert.equal(
    requested.filter((p) => p !== "/robots.txt" && p !== "/sitemap.xml" && p !== "/landing/").sort(),
    [...pages].sort(),
    "one request per page: the fetch that validates is the one links are read from",
  );
  assert.is(other.connections, 0, "the other origin is never contacted");
  assert.ok(result.skipped.some((s) => s.url === siteUrl("/private/secret") && s.reason === "disallowed by robots.txt"));
  assert.ok(result.skipped.some((s) => s.url === otherUrl("/") && s.reason === "other origin"));
  assert.equal(result.nofollow, { links: 1, pages: 1 });
});

test("a link trap ends at --max-pages", async () => {
  const { pages, requested } = await crawl(siteUrl("/cal/2026-01"), { maxDepth: 1000, maxPages: 25 });
  assert.is(pages.length, 25);
  assert.is(requested.filter((p) => p.startsWith("/cal/")).length, 25, "25 months fetched, not one more");
});

test("a start URL with a path starts there, and keeps to its folder", async () => {
  const { pages, result } = await crawl(siteUrl("/products/"));
  assert.equal(pages, ["/products/", "/products/kettle", "/products/teapot"]);
  assert.ok(result.skipped.some((s) => s.url === siteUrl("/about") && s.reason === "outside the start folder"));
});

test("--discover: links only reads no sitemap; both adds the sitemap's pages (in the folder) as seeds; sitemap follows no link", async () => {
  withSitemap = true;
  try {
    const links = await crawl(siteUrl("/"), { mode: "links", maxDepth: 1 });
    assert.not.ok(links.requested.includes("/sitemap.xml"));
    assert.not.ok(links.pages.includes("/from-sitemap"));

    const both = await crawl(siteUrl("/"), { mode: "both", maxDepth: 1 });
    assert.ok(both.pages.includes("/from-sitemap") && both.pages.includes("/linked-from-sitemap-page"), both.pages.join(" "));
    assert.ok(both.pages.includes("/about"), "links from the start page too");

    const sitemapOnly = await crawl(siteUrl("/"), { mode: "sitemap" });
    assert.equal(sitemapOnly.pages, ["/from-sitemap", "/blog/only-in-sitemap"], "sitemap mode: the sitemap's pages, no start page, no link");

    const inFolder = await crawl(siteUrl("/products/"), { mode: "both" });
    assert.not.ok(inFolder.pages.includes("/from-sitemap"), "a sitemap page outside the start folder is left out");
    assert.ok(inFolder.found.skipped.some((s) => s.url === siteUrl("/blog/only-in-sitemap") && s.reason === "outside the start folder"));
  } finally {
    withSitemap = false;
  }
});

test("Frontier: each URL once, breadth first, bounded by max pages and depth; scope by folder", () => {
  const f = new Frontier(3, 2);
  assert.is(f.offer("u1", 0), "added");
  assert.is(f.offer("u1", 1), "seen");
  assert.is(f.offer("u2", 3), "over max depth");
  assert.is(f.offer("u2", 2), "added");
  assert.is(f.offer("u3", 1), "added");
  assert.is(f.offer("u4", 1), "over max pages");
  assert.equal([f.take()?.url, f.take()?.url, f.take()?.url, f.take()], ["u1", "u2", "u3", undefined]);
  const scope = crawlScope("https://s.example/shop/item.html");
  assert.is(scope.folder, "/shop/");
  assert.is(scope.outside("https://s.example/shop/a/b"), null);
  assert.is(scope.outside("https://s.example/shopping"), "outside the start folder");
  assert.is(scope.outside("http://s.example/shop/"), "other origin");
});

test("a robots.txt too costly to match keeps the start page out, and the report says why: not 'disallowed by robots.txt'", async () => {
  costlyRobots = true;
  try {
    const found = await discover(siteUrl("/"), { maxPages: 10, fetchOptions: fetchOptions(), beforeFetch: async () => {}, mode: "links" });
    assert.equal(found.pages, []);
    assert.equal(found.skipped, [{ url: siteUrl("/"), reason: "robots.txt too costly to match (kept out)" }]);
  } finally {
    costlyRobots = false;
  }
});

test.run();
