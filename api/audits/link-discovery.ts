/**
 * The links of an audited page that become pages of its run: read from the HTML the page job just
 * validated (fetch/site/links.ts, the code `sdv crawl` runs: nofollow honoured, fragments dropped),
 * kept when inside the audit's scope (its origin, under the start URL's folder) and allowed by
 * robots.txt; the others are recorded as skipped (the store keeps a bounded number of them).
 */
import { pageLinks } from "../../fetch/site/links.ts";
import { crawlScope } from "../../fetch/site/scope.ts";
import type { RobotsCheck, RobotsRefusal } from "../../fetch/site/robots.ts";
import type { AuditRecord } from "../stores/audit-store.ts";

export function linksToAdd(audit: AuditRecord, html: string, finalUrl: string, robotsRefusal: RobotsCheck): { pages: string[]; skipped: Array<{ url: string; reason: string }> } {
  const scope = crawlScope(audit.url, audit.kind === "sitemap_url");
  // A page redirected off its site is read against its own URL: its links are judged by the audit's scope anyway.
  const { links } = pageLinks(html, finalUrl);
  const pages: string[] = [];
  const skipped: Array<{ url: string; reason: string }> = [];
  for (const link of links) {
    const outside = scope.outside(link);
    let refused: RobotsRefusal | null;
    if (outside) skipped.push({ url: link, reason: outside });
    else if ((refused = robotsRefusal(link)) !== null) skipped.push({ url: link, reason: refused });
    else pages.push(link);
  }
  return { pages, skipped };
}
