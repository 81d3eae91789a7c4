/**
 * robots.txt as the audit workers' page jobs need it to filter the links they find: read once per origin
 * per instance (through the guarded fetcher, paced like every request to the site) and kept ten minutes,
 * so the instances sharing a link crawl each ask for it once, not once per page.
 */
import { discover } from "../../fetch/site/discover.ts";
import type { FetchOptions } from "../../fetch/guarded-fetch.ts";
import type { RobotsCheck } from "../../fetch/site/robots.ts";

const KEEP_MS = 10 * 60_000;
const ORIGINS_KEPT = 500;

export class RobotsCache {
  readonly #entries = new Map<string, { at: number; check: Promise<RobotsCheck> }>();

  checkFor(origin: string, fetchOptions: FetchOptions, beforeFetch: () => Promise<void>): Promise<RobotsCheck> {
    const now = Date.now();
    const kept = this.#entries.get(origin);
    if (kept && now - kept.at < KEEP_MS) return kept.check;
    if (this.#entries.size >= ORIGINS_KEPT) this.#entries.delete(this.#entries.keys().next().value!);
    const check = discover(`${origin}/`, { maxPages: 1, fetchOptions, beforeFetch, mode: "links" }).then((found) => found.robotsRefusal);
    // A failed read is not kept: the next page asks again.
    check.catch(() => this.#entries.delete(origin));
    this.#entries.set(origin, { at: now, check });
    return check;
  }
}
