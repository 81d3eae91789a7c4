/**
 * A small site on a loopback port for the audit tests: robots.txt (Disallow: /private/, optional
 * Crawl-delay), a sitemap index naming one sitemap of N event pages plus two private pages, and the
 * pages themselves, each an Event that is eligible unless the test `breaks` it (no location: an error,
 * eligibility lost). Counts every request per path; can answer a webhook.
 *
 * For link discovery (issue 26): a home page at / linking to the first event page, the event pages a binary
 * tree (event i links to events 2i+1 and 2i+2, so depth d holds 2^(d-1) events: a wide crawl, as a real
 * site's), each also linking home, to a private page, a nofollow-only page and another origin; `sitemap: false` leaves out
 * the sitemaps (robots.txt names none, /sitemap*.xml answer 404).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackSite {
  origin: string;
  /** host:port, for FETCH_ALLOWED_PRIVATE_HOSTS. */
  host: string;
  pages: string[];
  privatePages: string[];
  hits: Map<string, number>;
  /** When each page request arrived (ms since the epoch), in order. */
  pageTimes: number[];
  /** Paths whose Event loses its location (and so its eligibility) from now on. */
  broken: Set<string>;
  /** Pages answering 500 from now on. */
  failing: Set<string>;
  /** Milliseconds each page takes to answer. */
  pageDelayMs: number;
  /** Webhook deliveries received at /hook: raw body and headers. */
  hooks: Array<{ body: string; headers: IncomingMessage["headers"] }>;
  /** Deliveries to /hook answered 500 before one is accepted. */
  hookFailures: number;
  close(): Promise<void>;
}

/** Links of an event page: its two children in the tree, home, a private page, a nofollow-only page, another origin. */
function eventLinks(pages: string[], path: string): string {
  const i = pages.indexOf(path);
  const next = [pages[2 * i + 1], pages[2 * i + 2]].filter((p) => p !== undefined).map((p) => `<a href="${p}#details">next</a>`);
  return `${next.join(" ")} <a href="/">home</a> <a href="/private/a">members</a> <a href="/sponsored" rel="nofollow sponsored">ad</a> <a href="http://127.0.0.2:9/elsewhere">elsewhere</a>`;
}

function eventPage(path: string, broken: boolean, links = ""): string {
  const event: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Event",
    name: `Concert ${path}`,
    startDate: "2027-07-21T19:00-05:00",
    endDate: "2027-07-21T23:00-05:00",
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    description: "An evening concert.",
    image: ["https://example.com/photos/1x1/photo.jpg"],
    offers: { "@type": "Offer", url: "https://example.com/tickets", price: 30, priceCurrency: "USD", availability: "https://schema.org/InStock", validFrom: "2027-05-21T12:00-05:00" },
    performer: { "@type": "PerformingGroup", name: "Kira and Morrison" },
    organizer: { "@type": "Organization", name: "Kira and Morrison Music", url: "https://kiraandmorrisonmusic.com" },
  };
  if (!broken) {
    event.location = { "@type": "Place", name: "Snickerpark Stadium", address: { "@type": "PostalAddress", streetAddress: "100 West Snickerpark Dr", addressLocality: "Snickertown", postalCode: "19019", addressRegion: "PA", addressCountry: "US" } };
  }
  return `<!doctype html><html><head><title>${path}</title><script type="application/ld+json">${JSON.stringify(event)}</script></head><body>${path} ${links}</body></html>`;
}

export async function startLoopbackSite(n: number, options: { crawlDelaySeconds?: number; sitemap?: boolean } = {}): Promise<LoopbackSite> {
  const withSitemap = options.sitemap !== false;
  const pages = Array.from({ length: n }, (_, i) => `/events/${String(i + 1).padStart(5, "0")}`);
  const privatePages = ["/private/a", "/private/b"];
  const site = {
    hits: new Map<string, number>(),
    pageTimes: [] as number[],
    broken: new Set<string>(),
    failing: new Set<string>(),
    pageDelayMs: 0,
    hooks: [] as LoopbackSite["hooks"],
    hookFailures: 0,
  };
  let origin = "";
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    site.hits.set(path, (site.hits.get(path) ?? 0) + 1);
    if (req.method === "POST" && path === "/hook") {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        if (site.hookFailures > 0) {
          site.hookFailures--;
          res.writeHead(500).end();
          return;
        }
        site.hooks.push({ body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
        res.writeHead(204).end();
      });
      return;
    }
    const send = (status: number, type: string, body: string) => res.writeHead(status, { "content-type": type }).end(body);
    if (path === "/robots.txt") {
      const delay = options.crawlDelaySeconds === undefined ? "" : `Crawl-delay: ${options.crawlDelaySeconds}\n`;
      return send(200, "text/plain", `User-agent: *\nDisallow: /private/\n${delay}${withSitemap ? `Sitemap: ${origin}/sitemap-index.xml\n` : ""}`);
    }
    if (path === "/") {
      const first = `<a href="${pages[0]}">events</a>`;
      return send(200, "text/html", `<!doctype html><html><head><title>home</title></head><body>${first} <a href="/private/b">members</a></body></html>`);
    }
    if (!withSitemap && path.startsWith("/sitemap")) return send(404, "text/plain", "not found");
    if (path === "/sitemap-index.xml") {
      return send(200, "application/xml", `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-events.xml</loc></sitemap></sitemapindex>`);
    }
    if (path === "/sitemap-events.xml") {
      const locs = [...pages, ...privatePages].map((p) => `<url><loc>${origin}${p}</loc></url>`).join("");
      return send(200, "application/xml", `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`);
    }
    if (pages.includes(path) || privatePages.includes(path)) {
      site.pageTimes.push(Date.now());
      const answer = () => (site.failing.has(path) ? send(500, "text/plain", "down") : send(200, "text/html; charset=utf-8", eventPage(path, site.broken.has(path), eventLinks(pages, path))));
      if (site.pageDelayMs > 0) setTimeout(answer, site.pageDelayMs);
      else answer();
      return;
    }
    send(404, "text/plain", "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return Object.assign(site, {
    origin,
    host: `127.0.0.1:${port}`,
    pages,
    privatePages,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
