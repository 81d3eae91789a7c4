/**
 * The page's own address by its author's word, for HTML read without its URL (a saved file, a snippet
 * in the library or the playground): the head's `<link rel="canonical" href>` when it is an absolute
 * http(s) URL. The page is then judged as it would be at that address: a forum post linking another
 * page, a business's reviews on its own host, a reference to another page's node.
 */
import { HtmlScanner } from "./html-scan.ts";
import { decodeEntities } from "./html-text.ts";
import { absoluteHttp } from "./item-block.ts";

/** Tags read at most looking for it: the head, not a whole page without a body tag. */
const MAX_TAGS = 2_000;

export function canonicalUrl(html: string): string | null {
  const scan = new HtmlScanner(html);
  for (let tags = 0; tags < MAX_TAGS && scan.next(); tags++) {
    if (scan.isEndTag) continue;
    const name = scan.tagName();
    if (name === "body") return null;
    if (name !== "link") continue;
    let rel: string | null = null;
    let href: string | null = null;
    for (let k = 0; k < scan.attrCount; k++) {
      if (rel === null && scan.attributeIs(k, "rel")) rel = scan.attributeValue(k);
      else if (href === null && scan.attributeIs(k, "href")) href = scan.attributeValue(k);
    }
    if (rel === null || href === null) continue;
    if (!rel.toLowerCase().split(/\s+/).includes("canonical")) continue;
    return absoluteHttp(decodeEntities(href, true));
  }
  return null;
}
