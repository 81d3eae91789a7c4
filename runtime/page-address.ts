/**
 * The address of a page as a reader would name it: two URLs that differ only in their fragment, their
 * scheme (http and https), a leading `www.` or the slashes ending their path open the same page. Used
 * where a rule asks whether markup describes the page it is on or another one (a forum post listed on a
 * category page): a post whose `url` is `https://www.example.com/thread/` on `http://example.com/thread`
 * is that page's own post, not one "on another page".
 */
import { withoutTrailingSlashes } from "./without-trailing-slashes.ts";

/** The page's address for comparison, `url` resolved against `base`; null when it is not a URL. */
export function pageAddress(url: string, base: string | null): string | null {
  let parsed: URL;
  try {
    parsed = base === null ? new URL(url.trim()) : new URL(url.trim(), base);
  } catch {
    return null;
  }
  const web = parsed.protocol === "http:" || parsed.protocol === "https:";
  const host = web ? parsed.hostname.replace(/^www\./, "") : parsed.host;
  const port = web && parsed.port !== "" && parsed.port !== "80" && parsed.port !== "443" ? `:${parsed.port}` : "";
  const scheme = web ? "web:" : parsed.protocol;
  return `${scheme}//${host}${port}${withoutTrailingSlashes(parsed.pathname)}${parsed.search}`;
}
