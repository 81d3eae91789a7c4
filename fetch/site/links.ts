/**
 * The links a crawler may follow from one page, read from the HTML the crawl already fetched for
 * validation (one fetch per page), with the project's HTML scanner: no DOM is built, only the start tags
 * of <a>, <area>, <base> and <meta> are looked at.
 *
 * Not followed, as search engines do: links with rel="nofollow" (also "ugc"/"sponsored" carry nofollow
 * only when written so), every link of a page whose <meta name="robots"> (or name="sdv") says "nofollow"
 * or "none", links that are not http(s). Fragments are dropped (a page with #top is the same page).
 * Relative links resolve against <base href> when the page has one, else against the page's final URL
 * (after same-origin redirects).
 */
import { HtmlScanner } from "../../runtime/extract/html-scan.ts";
import { decodeEntities } from "../../runtime/extract/html-text.ts";
import { canParseUrl } from "../../runtime/can-parse-url.ts";
import { ROBOTS_AGENT } from "./discover.ts";

/** Links kept per page: a page listing more is a sitemap in HTML, and the rest are found from other pages or not at all. */
export const MAX_LINKS_PER_PAGE = 5_000;

export interface PageLinks {
  /** Distinct followable absolute URLs without fragment, in document order. */
  links: string[];
  /** The page asked for none of its links to be followed (meta robots nofollow / none). */
  nofollowPage: boolean;
  /** Links left out because of their own rel="nofollow". */
  nofollowLinks: number;
}

const ROBOTS_NAMES = new Set(["robots", ROBOTS_AGENT]);

export function pageLinks(html: string, pageUrl: string): PageLinks {
  const scan = new HtmlScanner(html);
  let base = pageUrl;
  let baseSeen = false;
  let nofollowPage = false;
  let nofollowLinks = 0;
  const seen = new Set<string>();
  const hrefs: Array<{ href: string; base: string }> = [];
  while (scan.next()) {
    if (scan.isEndTag || scan.attrCount === 0) continue;
    const name = scan.tagName();
    if (name === "a" || name === "area") {
      const href = attribute(scan, "href");
      if (href === null) continue;
      const rel = attribute(scan, "rel");
      if (rel !== null && /(^|\s)nofollow(\s|$)/i.test(rel)) {
        nofollowLinks++;
        continue;
      }
      if (hrefs.length < MAX_LINKS_PER_PAGE) hrefs.push({ href, base });
    } else if (name === "base" && !baseSeen) {
      // The first <base href> counts (HTML standard); links before it resolve against it too.
      const href = attribute(scan, "href");
      if (href !== null && canParseUrl(href.trim(), pageUrl)) {
        baseSeen = true;
        base = new URL(href.trim(), pageUrl).href;
        for (const h of hrefs) h.base = base;
      }
    } else if (name === "meta") {
      const metaName = attribute(scan, "name");
      if (metaName === null || !ROBOTS_NAMES.has(metaName.trim().toLowerCase())) continue;
      const content = (attribute(scan, "content") ?? "").toLowerCase();
      if (/(^|[\s,])(nofollow|none)([\s,]|$)/.test(content)) nofollowPage = true;
    }
  }
  if (nofollowPage) return { links: [], nofollowPage, nofollowLinks };
  const links: string[] = [];
  for (const { href, base: against } of hrefs) {
    const url = followable(href.trim(), against);
    if (url === null || seen.has(url)) continue;
    seen.add(url);
    links.push(url);
  }
  return { links, nofollowPage, nofollowLinks };
}

/** The absolute http(s) URL of a link without its fragment, or null. */
export function followable(href: string, base: string): string | null {
  if (href === "" || href.startsWith("#") || !canParseUrl(href, base)) return null;
  const url = new URL(href, base);
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  return url.href;
}

/** The first 64 attributes of a tag are read (the scanner's first page of them): a link's href is never further. */
function attribute(scan: HtmlScanner, name: string): string | null {
  for (let k = 0; k < scan.attrCount; k++) if (scan.attributeIs(k, name)) return decodeEntities(scan.attributeValue(k), true);
  return null;
}
