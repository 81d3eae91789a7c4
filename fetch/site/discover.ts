/**
 * Which pages a crawl starts from: robots.txt first (its Disallow rules for our user agent, its Sitemap:
 * lines), then, unless discovery is by links only, the sitemap given or found, sitemap indexes followed,
 * pages kept when inside the crawl's scope (same origin, under the start URL's folder: scope.ts) and
 * allowed, up to --max-pages. With link discovery the start page comes first, and link-crawl.ts follows
 * links from these pages; `robotsRefusal` and `scope` are returned for it. Every fetch goes through the guarded fetcher, and follows redirects within
 * the site's origin only: robots.txt, a sitemap or a page that redirects to another origin is reported as
 * skipped ("redirected off-site") and never fetched there, so a crawl of one site cannot be aimed at another.
 */
import { fetchPage, FetchError, type FetchOptions } from "../guarded-fetch.ts";
import { parseSitemapYielding, sitemapText } from "./sitemap.ts";
import { canParseUrl } from "../../runtime/can-parse-url.ts";
import { crawlScope, type CrawlScope } from "./scope.ts";
import { robotsRules, type RobotsCheck, type RobotsRefusal } from "./robots.ts";

import type { DiscoverMode } from "./discover-mode.ts";

/** The robots.txt user agent token sdv obeys (and the product token of its User-Agent header). */
export const ROBOTS_AGENT = "sdv";
const MAX_SITEMAPS = 100;
const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
/** Skipped pages listed at most (each sitemap entry past --max-pages is one). */
const MAX_SKIPPED_KEPT = 10_000;
/** Sitemap entries checked between two turns of the event loop. */
const YIELD_EVERY = 1000;
/** Google reads the first 500 KiB of a robots.txt. */
const ROBOTS_MAX_BYTES = 500 * 1024;

export interface Skipped {
  url: string;
  reason:
    | RobotsRefusal
    | "other origin"
    | "outside the start folder"
    | "over --max-pages"
    | "not http(s)"
    | "not in --include / in --exclude"
    | "redirected off-site";
}

export interface Discovery {
  origin: string;
  pages: string[];
  /** Each listed page's <lastmod> as its sitemap wrote it, for the pages that have one. */
  lastmod: Record<string, string>;
  /** Pages not taken, and why: the first MAX_SKIPPED_KEPT. */
  skipped: Skipped[];
  /** Pages skipped past those listed (a sitemap of 50,000 entries over --max-pages). */
  skippedNotListed: number;
  /** Sitemaps read, and the ones that failed with why. */
  sitemaps: Array<{ url: string; pages: number; error?: string }>;
  /** robots.txt's Crawl-delay for us, in seconds, if any. */
  crawlDelaySeconds: number | undefined;
  robots: "found" | "none" | "unreadable";
  /** Why robots.txt keeps our user agent out of a URL, or null (link discovery asks it of every link). */
  robotsRefusal: RobotsCheck;
  scope: CrawlScope;
}

export interface DiscoverOptions {
  maxPages: number;
  fetchOptions: FetchOptions;
  /** Before each request (pacing). */
  beforeFetch: () => Promise<void>;
  /** Which pages the caller wants (--include / --exclude), decided before --max-pages counts them. */
  keep?: (url: string) => boolean;
  /** Default "sitemap" (what callers that follow no link want). */
  mode?: DiscoverMode;
}

export async function discover(start: string, options: DiscoverOptions): Promise<Discovery> {
  const startUrl = new URL(start);
  const origin = startUrl.origin;
  const fetchAny = async (url: string, maxBytes: number) => {
    await options.beforeFetch();
    return fetchPage(url, { ...options.fetchOptions, anyContentType: true, maxBytes, sameOrigin: true });
  };
  const skipped: Skipped[] = [];
  let skippedNotListed = 0;
  const skip = (entry: Skipped) => {
    if (skipped.length < MAX_SKIPPED_KEPT) skipped.push(entry);
    else skippedNotListed++;
  };

  let robotsText = "";
  let robots: Discovery["robots"] = "none";
  try {
    robotsText = (await fetchAny(`${origin}/robots.txt`, ROBOTS_MAX_BYTES)).body;
    robots = "found";
  } catch (err) {
    // A missing robots.txt (4xx) allows everything; an unreachable one too, but the report says so.
    if (!(err instanceof FetchError)) throw err;
    const status = err.status;
    robots = status !== undefined && status >= 400 && status < 500 ? "none" : "unreadable";
    if (err.code === "redirected_off_site") skipped.push({ url: `${origin}/robots.txt`, reason: "redirected off-site" });
    if (err.code === "destination_not_allowed" || err.code === "invalid_url") throw err;
  }
  const rules = robotsRules(`${origin}/robots.txt`, robotsText);
  const robotsRefusal: RobotsCheck = (url) => rules.refusal(url, ROBOTS_AGENT);

  const mode = options.mode ?? "sitemap";
  const givenSitemap = /\.xml(\.gz)?$/i.test(startUrl.pathname) || /sitemap/i.test(startUrl.pathname);
  const scope = crawlScope(startUrl.href, givenSitemap);
  const queue: string[] = mode === "links" ? [] : givenSitemap ? [startUrl.href] : rules.getSitemaps().filter((s) => sameOrigin(s, origin));
  if (queue.length === 0 && mode !== "links") queue.push(`${origin}/sitemap.xml`);

  const pages: string[] = [];
  const lastmod: Record<string, string> = Object.create(null) as Record<string, string>;
  const seen = new Set<string>();
  const sitemaps: Discovery["sitemaps"] = [];
  const visited = new Set<string>();
  const queued = new Set<string>(queue);
  if (mode !== "sitemap" && !givenSitemap) {
    // The start page is the first page of a link crawl (a sitemap given as the start is no page).
    startUrl.hash = "";
    const start = startUrl.href;
    seen.add(start);
    const refused = robotsRefusal(start);
    if (refused) skipped.push({ url: start, reason: refused });
    else if (options.keep && !options.keep(start)) skipped.push({ url: start, reason: "not in --include / in --exclude" });
    else pages.push(start);
  }
  while (queue.length > 0 && visited.size < MAX_SITEMAPS) {
    const sitemapUrl = queue.shift()!;
    if (visited.has(sitemapUrl)) continue;
    visited.add(sitemapUrl);
    let parsed;
    try {
      const fetched = await fetchAny(sitemapUrl, SITEMAP_MAX_BYTES);
      parsed = await parseSitemapYielding(await sitemapText(fetched.data ?? new Uint8Array(), fetched.body));
    } catch (err) {
      if (!(err instanceof FetchError) && !(err instanceof RangeError) && !(err instanceof Error && "code" in err)) throw err;
      if (err instanceof FetchError && err.code === "redirected_off_site") skipped.push({ url: sitemapUrl, reason: "redirected off-site" });
      sitemaps.push({ url: sitemapUrl, pages: 0, error: err instanceof Error ? err.message : String(err) });
      continue;
    }
    if (parsed.kind === "index") {
      // Only as many sitemaps as can still be read are queued: indexes of 50,000 locs each kept every
      // one alive (56 MiB an index) until the heap ran out.
      for (const loc of parsed.locs) {
        if (visited.size + queue.length >= MAX_SITEMAPS) break;
        if (!sameOrigin(loc, origin)) continue;
        const href = new URL(loc).href;
        if (visited.has(href) || queued.has(href)) continue;
        queued.add(href);
        queue.push(href);
      }
      sitemaps.push({ url: sitemapUrl, pages: 0 });
      continue;
    }
    let added = 0;
    let read = 0;
    for (const { loc, lastmod: modified } of parsed.entries) {
      // A turn for the event loop now and then: 50,000 entries checked against robots.txt in one go held it.
      if (++read % YIELD_EVERY === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      if (!canParseUrl(loc) || !/^https?:$/.test(new URL(loc).protocol)) {
        skip({ url: loc, reason: "not http(s)" });
        continue;
      }
      const url = new URL(loc);
      url.hash = "";
      const href = url.href;
      if (seen.has(href)) continue;
      // Past the pages and skips kept, entries are only counted: nothing left to tell them apart for.
      if (seen.size < options.maxPages + MAX_SKIPPED_KEPT) seen.add(href);
      let refused: RobotsRefusal | null;
      const outside = scope.outside(href);
      if (outside) skip({ url: href, reason: outside });
      else if (pages.length >= options.maxPages) skip({ url: href, reason: "over --max-pages" });
      else if ((refused = robotsRefusal(href)) !== null) skip({ url: href, reason: refused });
      else if (options.keep && !options.keep(href)) skip({ url: href, reason: "not in --include / in --exclude" });
      else {
        pages.push(href);
        // A page is remembered whatever the cap on seen entries: it is never listed twice.
        seen.add(href);
        if (modified !== undefined) lastmod[href] = modified;
        added++;
      }
    }
    sitemaps.push({ url: sitemapUrl, pages: added, ...(parsed.kind === "unknown" ? { error: "not a sitemap (no <urlset> or <sitemapindex>)" } : {}) });
  }
  return { origin, pages, lastmod, skipped, skippedNotListed, sitemaps, crawlDelaySeconds: rules.getCrawlDelay(ROBOTS_AGENT), robots, robotsRefusal, scope };
}

/** Page fetches of a crawl: redirects within the site only (see the top of this file). */
export const CRAWL_PAGE_FETCH = { sameOrigin: true } as const;

function sameOrigin(url: string, origin: string): boolean {
  return canParseUrl(url) && new URL(url).origin === origin;
}
