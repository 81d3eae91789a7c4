/**
 * Sitemaps (sitemaps.org protocol): a <urlset> lists pages, a <sitemapindex> lists sitemaps; either may
 * be gzipped (.xml.gz). Only <loc> inside <url> or <sitemap> matters, so a small scanner reads it, with
 * namespace prefixes, CDATA and the five XML entities (plus numeric ones); no XML library is needed.
 */
import { gunzipSync } from "node:zlib";

/** The protocol's limit is 50 MB uncompressed; a gzip bomb stops there. */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

export interface Sitemap {
  kind: "urlset" | "index" | "unknown";
  locs: string[];
}

export function sitemapText(bytes: Uint8Array, fallbackText: string): string {
  const gzipped = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (!gzipped) return fallbackText;
  return gunzipSync(bytes, { maxOutputLength: MAX_SITEMAP_BYTES }).toString("utf8");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXmlText(raw: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(raw);
  if (cdata) return cdata[1].trim();
  return raw
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .trim();
}

export function parseSitemap(xml: string): Sitemap {
  const text = xml.replace(/<!--[\s\S]*?-->/g, "");
  const root = /<(?:[\w.-]+:)?(urlset|sitemapindex)\b/i.exec(text);
  const kind = root ? (root[1].toLowerCase() === "urlset" ? "urlset" : "index") : "unknown";
  const entry = kind === "index" ? "sitemap" : "url";
  const locs: string[] = [];
  const entries = new RegExp(`<(?:[\\w.-]+:)?${entry}\\b[^>]*>([\\s\\S]*?)<\\/(?:[\\w.-]+:)?${entry}\\s*>`, "gi");
  for (const m of text.matchAll(entries)) {
    const loc = /<(?:[\w.-]+:)?loc\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?loc\s*>/i.exec(m[1]);
    if (loc) {
      const value = decodeXmlText(loc[1]);
      if (value) locs.push(value);
    }
  }
  return { kind, locs };
}
