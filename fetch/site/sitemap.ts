/**
 * Sitemaps (sitemaps.org protocol): a <urlset> lists pages, a <sitemapindex> lists sitemaps; either may
 * be gzipped (.xml.gz). Only <loc> and <lastmod> inside <url> or <sitemap> matter, so a small scanner reads
 * them, with namespace prefixes, CDATA and the five XML entities (plus numeric ones).
 *
 * The scanner is linear: it moves forward only, each search starts where the last one ended, and a
 * construct that never closes (a comment, a CDATA section, a tag) ends the scan instead of being looked
 * for again at every later position. The regular expressions it replaces rescanned the rest of the text
 * for every unclosed <url> or <!--: 703 KiB of them took 15 s, and a 50 MB sitemap would have taken hours.
 * It is lenient where XML parsers are strict (a sitemap with an unclosed element still gives the entries
 * it has), which is what a crawl wants of real sitemaps.
 */
import { gunzip } from "node:zlib";
import { promisify } from "node:util";

/** The protocol's limit is 50 MB uncompressed; a gzip bomb stops there. */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
/** The protocol's limit of entries per sitemap; the scan stops there (4.7 million tiny entries fit in 50 MB). */
export const MAX_SITEMAP_ENTRIES = 50_000;
/** Longer <loc> or <lastmod> text is not a URL or a date anyone can fetch: the entry is dropped. */
const MAX_FIELD_CHARS = 8192;

export interface SitemapEntry {
  loc: string;
  /** The entry's <lastmod> as written (W3C datetime), when it has one. */
  lastmod?: string;
}

export interface Sitemap {
  kind: "urlset" | "index" | "unknown";
  locs: string[];
  /** The same entries with their lastmod, in document order. */
  entries: SitemapEntry[];
}

const gunzipAsync = promisify(gunzip);

/**
 * The sitemap's text: the page text as fetched, or a .xml.gz file's bytes unzipped (on the thread pool:
 * unzipping 50 MiB on the event loop held it for a second, for a 416-byte sitemap).
 */
export async function sitemapText(bytes: Uint8Array, fallbackText: string): Promise<string> {
  const gzipped = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (!gzipped) return fallbackText;
  return (await gunzipAsync(bytes, { maxOutputLength: MAX_SITEMAP_BYTES })).toString("utf8");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(raw: string): string {
  if (!raw.includes("&")) return raw;
  return raw.replace(/&(#x[0-9a-f]{1,8}|#\d{1,10}|[a-z]{1,8});/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

type Field = "loc" | "lastmod";

interface Open {
  entry: "url" | "sitemap";
  loc?: string;
  lastmod?: string;
}

/** The local name of a tag (prefix dropped, lower case) starting at `start` (after `<` or `</`), up to `end`. */
function tagName(xml: string, start: number, end: number): string {
  let stop = start;
  while (stop < end) {
    const c = xml.charCodeAt(stop);
    // whitespace, "/" or ">" end the name
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2f || c === 0x3e) break;
    stop++;
  }
  const name = xml.slice(start, Math.min(stop, start + 64)).toLowerCase();
  const colon = name.indexOf(":");
  return colon === -1 ? name : name.slice(colon + 1);
}

/**
 * The scanner, resumable: `scan(upTo)` reads on until it has passed `upTo` characters (or the end) and
 * says whether there is more. `parseSitemap` reads in one go; `parseSitemapYielding` gives the event
 * loop a turn between slices, so a 50 MB sitemap does not hold a service for a second.
 */
function sitemapScanner(xml: string): { scan: (upTo: number) => boolean; result: () => Sitemap } {
  let kind: Sitemap["kind"] = "unknown";
  const urls: SitemapEntry[] = [];
  const indexEntries: SitemapEntry[] = [];
  let open: Open | null = null;
  let field: Field | null = null;
  let text = "";
  let tooLong = false;

  const addText = (piece: string) => {
    if (field === null || tooLong) return;
    if (text.length + piece.length > MAX_FIELD_CHARS) tooLong = true;
    else text += piece;
  };
  const closeField = () => {
    if (open && field && !tooLong) {
      const value = text.trim();
      if (value !== "") open[field] = value;
    }
    field = null;
    text = "";
    tooLong = false;
  };
  const closeEntry = () => {
    if (field) closeField();
    if (open?.loc !== undefined) {
      const entry: SitemapEntry = open.lastmod !== undefined ? { loc: open.loc, lastmod: open.lastmod } : { loc: open.loc };
      (open.entry === "url" ? urls : indexEntries).push(entry);
    }
    open = null;
  };

  let pos = 0;
  let done = false;
  const length = xml.length;
  const scan = (upTo: number): boolean => {
    while (!done && pos < upTo) {
      if (pos >= length || urls.length >= MAX_SITEMAP_ENTRIES || indexEntries.length >= MAX_SITEMAP_ENTRIES) {
        done = true;
        break;
      }
      const lt = xml.indexOf("<", pos);
      if (lt === -1) {
        if (field !== null) addText(decodeEntities(xml.slice(pos)));
        done = true;
        break;
      }
      if (lt > pos && field !== null) addText(decodeEntities(xml.slice(pos, lt)));
      if (xml.startsWith("<!--", lt)) {
        const end = xml.indexOf("-->", lt + 4);
        if (end === -1) {
          done = true;
          break;
        }
        pos = end + 3;
        continue;
      }
      if (xml.startsWith("<![CDATA[", lt)) {
        const end = xml.indexOf("]]>", lt + 9);
        if (end === -1) {
          done = true;
          break;
        }
        if (field !== null) addText(xml.slice(lt + 9, end));
        pos = end + 3;
        continue;
      }
      const gt = xml.indexOf(">", lt + 1);
      if (gt === -1) {
        done = true;
        break;
      }
      pos = gt + 1;
      const next = xml.charCodeAt(lt + 1);
      if (next === 0x3f /* ? */ || next === 0x21 /* ! */) continue;
      const closing = next === 0x2f; /* / */
      const name = tagName(xml, lt + (closing ? 2 : 1), gt);
      const selfClosing = !closing && xml.charCodeAt(gt - 1) === 0x2f;
      if (closing) {
        if (name === "loc" || name === "lastmod") {
          if (field === name) closeField();
        } else if (name === "url" || name === "sitemap") {
          if (open?.entry === name) closeEntry();
        }
        continue;
      }
      if (name === "urlset" || name === "sitemapindex") {
        if (kind === "unknown") kind = name === "urlset" ? "urlset" : "index";
      } else if (name === "url" || name === "sitemap") {
        // An entry left open is closed by the next one: what it had is kept.
        closeEntry();
        if (!selfClosing) open = { entry: name };
      } else if ((name === "loc" || name === "lastmod") && open && !selfClosing) {
        if (field) closeField();
        field = name;
      }
    }
    if (pos >= length) done = true;
    return !done;
  };
  const result = (): Sitemap => {
    closeEntry();
    const entries = (kind === "index" ? indexEntries : urls).slice(0, MAX_SITEMAP_ENTRIES);
    return { kind, locs: entries.map((e) => e.loc), entries };
  };
  return { scan, result };
}

export function parseSitemap(xml: string): Sitemap {
  const scanner = sitemapScanner(xml);
  scanner.scan(Infinity);
  return scanner.result();
}

/** Characters read between turns of the event loop: a few milliseconds of scanning. */
const SLICE_CHARS = 256 * 1024;

/** `parseSitemap`, with a turn for the event loop after every slice of the text. */
export async function parseSitemapYielding(xml: string): Promise<Sitemap> {
  const scanner = sitemapScanner(xml);
  let upTo = SLICE_CHARS;
  while (scanner.scan(upTo)) {
    upTo += SLICE_CHARS;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return scanner.result();
}
