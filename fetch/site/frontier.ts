/**
 * A link crawl's memory: the normalized URLs accepted so far (each is fetched once) and the queue of those
 * not yet fetched, breadth first, so a page's depth is its fewest clicks from a seed. Both are bounded by
 * --max-pages: a URL past the bound is refused and not remembered, so a link trap (a calendar linking to
 * the next month forever) costs a refusal per link and no memory. 100,000 accepted URLs take a few tens of
 * MB (bench/crawl.ts measures it).
 */
export interface FrontierEntry {
  url: string;
  /** Clicks from a seed (the start page and, with sitemap discovery too, the sitemap's pages). */
  depth: number;
}

export type Offer = "added" | "seen" | "over max pages" | "over max depth";

export class Frontier {
  readonly #seen = new Set<string>();
  #queue: FrontierEntry[] = [];
  #head = 0;
  readonly maxPages: number;
  readonly maxDepth: number;

  constructor(maxPages: number, maxDepth: number) {
    this.maxPages = maxPages;
    this.maxDepth = maxDepth;
  }

  /** URLs accepted (fetched, being fetched or waiting). */
  get accepted(): number {
    return this.#seen.size;
  }

  has(url: string): boolean {
    return this.#seen.has(url);
  }

  offer(url: string, depth: number): Offer {
    if (this.#seen.has(url)) return "seen";
    if (depth > this.maxDepth) return "over max depth";
    if (this.#seen.size >= this.maxPages) return "over max pages";
    this.#seen.add(url);
    this.#queue.push({ url, depth });
    return "added";
  }

  take(): FrontierEntry | undefined {
    if (this.#head >= this.#queue.length) return undefined;
    const entry = this.#queue[this.#head++];
    // Taken entries are dropped now and then, so the queue holds only what waits.
    if (this.#head >= 4096 && this.#head * 2 >= this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    return entry;
  }
}
