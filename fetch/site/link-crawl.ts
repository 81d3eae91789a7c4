/**
 * The crawl itself, shared by `sdv crawl` and the tests and bench: pages are taken from a frontier
 * (breadth first), visited `concurrency` at a time by the caller's `visit` (which fetches and validates
 * the page: the same fetch gives the HTML whose links are read here), and, with link discovery, the
 * links of each page within --max-depth are offered to the frontier: kept when inside the crawl's scope
 * (origin and start folder), allowed by robots.txt and wanted by the caller, until --max-pages.
 *
 * Skipped links are listed once each, up to MAX_SKIPS_LISTED (a link trap would list without end); the
 * rest are counted.
 */
import { Frontier } from "./frontier.ts";
import { pageLinks } from "./links.ts";
import type { CrawlScope } from "./scope.ts";
import type { Skipped } from "./discover.ts";
import type { RobotsCheck, RobotsRefusal } from "./robots.ts";

export const MAX_SKIPS_LISTED = 1_000;

export interface Visited {
  /** The page's HTML when it was fetched (links are read from it), and the URL it was served from. */
  html?: string;
  finalUrl?: string;
}

export interface LinkCrawlOptions<T extends Visited> {
  /** Pages to start from, depth 0, already checked (robots.txt, scope, --include). */
  seeds: string[];
  followLinks: boolean;
  maxPages: number;
  maxDepth: number;
  concurrency: number;
  scope: CrawlScope;
  /** robots.txt for our user agent. */
  robotsRefusal: RobotsCheck;
  /** --include / --exclude. */
  keep?: (url: string) => boolean;
  visit: (url: string, depth: number) => Promise<T>;
  /** Told as the set of pages to visit grows (progress). */
  onFound?: (accepted: number) => void;
}

export interface LinkCrawl<T> {
  pages: Array<{ url: string; depth: number; result: T }>;
  skipped: Skipped[];
  /** Skipped links beyond the ones listed. */
  moreSkipped: number;
  /** Links not followed for their rel="nofollow", and pages whose meta robots said nofollow. */
  nofollow: { links: number; pages: number };
}

export async function crawlLinks<T extends Visited>(o: LinkCrawlOptions<T>): Promise<LinkCrawl<T>> {
  const frontier = new Frontier(o.maxPages, o.maxDepth);
  for (const seed of o.seeds) frontier.offer(seed, 0);
  o.onFound?.(frontier.accepted);
  const pages: Array<LinkCrawl<T>["pages"][number] & { order: number }> = [];
  let taken = 0;
  const skipped: Skipped[] = [];
  const listed = new Set<string>();
  let moreSkipped = 0;
  const nofollow = { links: 0, pages: 0 };
  const skip = (url: string, reason: Skipped["reason"]) => {
    if (listed.has(url)) return;
    if (listed.size >= MAX_SKIPS_LISTED) {
      moreSkipped++;
      return;
    }
    listed.add(url);
    skipped.push({ url, reason });
  };

  const follow = (html: string, from: string, depth: number) => {
    const found = pageLinks(html, from);
    nofollow.links += found.nofollowLinks;
    if (found.nofollowPage) nofollow.pages++;
    for (const link of found.links) {
      if (frontier.has(link)) continue;
      const outside = o.scope.outside(link);
      let refused: RobotsRefusal | null;
      if (outside) skip(link, outside);
      else if ((refused = o.robotsRefusal(link)) !== null) skip(link, refused);
      else if (o.keep && !o.keep(link)) skip(link, "not in --include / in --exclude");
      else {
        const offer = frontier.offer(link, depth + 1);
        if (offer === "over max pages") skip(link, "over --max-pages");
      }
    }
    o.onFound?.(frontier.accepted);
  };

  await new Promise<void>((resolve, reject) => {
    let active = 0;
    let failed = false;
    const pump = () => {
      if (failed) return;
      for (let next = active < o.concurrency ? frontier.take() : undefined; next; next = active < o.concurrency ? frontier.take() : undefined) {
        const { url, depth } = next;
        const order = taken++;
        active++;
        o.visit(url, depth).then(
          (result) => {
            active--;
            pages.push({ url, depth, result, order });
            // Pages at --max-depth are not read for links: whatever they link to would be too deep.
            if (o.followLinks && depth < o.maxDepth && result.html !== undefined) follow(result.html, result.finalUrl ?? url, depth);
            // The HTML is let go once its links are read: a crawl's memory is its report, not its pages.
            result.html = undefined;
            pump();
          },
          (err: unknown) => {
            failed = true;
            reject(err);
          },
        );
      }
      if (active === 0) resolve();
    };
    pump();
  });
  // Reports list pages in the order they were found (breadth first), whichever fetch ended first.
  pages.sort((a, b) => a.order - b.order);
  return { pages: pages.map(({ order: _, ...page }) => page), skipped, moreSkipped, nofollow };
}
