/**
 * Which URLs a crawl started at a URL may reach: its origin, and under the start URL's folder. A start at
 * https://shop.example/products/ crawls /products/… only (links and sitemap pages alike), a start at the
 * site's root crawls the whole origin. The folder is the path up to its last "/": /products/shoes.html
 * scopes to /products/. A sitemap given as the start URL scopes to the whole origin (a sitemap lists pages
 * anywhere on its site).
 */
import { canParseUrl } from "../../runtime/can-parse-url.ts";

export interface CrawlScope {
  origin: string;
  /** The folder every crawled page's path starts with ("/" for the whole origin). */
  folder: string;
  /** null when inside; else why not (a Skipped reason). */
  outside(url: string): "other origin" | "outside the start folder" | null;
}

export function crawlScope(start: string, wholeOrigin = false): CrawlScope {
  const startUrl = new URL(start);
  const origin = startUrl.origin;
  const folder = wholeOrigin ? "/" : startUrl.pathname.slice(0, startUrl.pathname.lastIndexOf("/") + 1) || "/";
  return {
    origin,
    folder,
    outside(url) {
      if (!canParseUrl(url)) return "other origin";
      const u = new URL(url);
      if (u.origin !== origin) return "other origin";
      return u.pathname.startsWith(folder) ? null : "outside the start folder";
    },
  };
}
