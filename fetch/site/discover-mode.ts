/** Where a crawl finds its pages, and its depth bound: a module of its own so the CLI reads them without loading the fetcher. */
export type DiscoverMode = "both" | "sitemap" | "links";
export const DISCOVER_MODES: readonly DiscoverMode[] = ["both", "sitemap", "links"];
/** --max-depth and max_depth when not given: clicks from a seed page (the start page, the sitemaps' pages). */
export const DEFAULT_MAX_DEPTH = 10;
