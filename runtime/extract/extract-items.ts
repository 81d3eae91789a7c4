/**
 * HTML page -> its Microdata and RDFa items, one ItemBlock per syntax that has any.
 *
 * The fast path: a page without an `itemscope` or `typeof` attribute costs nothing more than the
 * JSON-LD extraction it already pays for: that scan reads every attribute name anyway and reports
 * the two (extract-jsonld.ts PageHints). Called alone, a pre-scan (indexOf) decides. Only pages with such
 * attributes are tokenized a second time, into the light tree both syntaxes read.
 */
import { buildItemTree } from "./html-items.ts";
import { mayHoldItems } from "./html-scan.ts";
import { extractMicrodata } from "./microdata.ts";
import { extractRdfa } from "./rdfa.ts";
import { effectiveBase, type ItemBlock } from "./item-block.ts";

/**
 * `pageUrl`: where the page was fetched from, to resolve relative URLs (null for posted HTML).
 * `known`: the caller already saw item attributes (the JSON-LD scan reports them for free).
 */
export function extractHtmlItems(html: string, pageUrl: string | null = null, known = false): ItemBlock[] {
  if (!known && !mayHoldItems(html)) return [];
  const tree = buildItemTree(html);
  const base = effectiveBase(pageUrl, tree.baseHref, tree.canonicalHref);
  const out: ItemBlock[] = [];
  for (const [present, extract] of [[tree.hasMicrodata, extractMicrodata], [tree.hasRdfa, extractRdfa]] as const) {
    if (!present) continue;
    const block = extract(tree, html, base);
    if (tree.truncated && block.truncated === null && block.items.length > 0) block.truncated = "the page's elements pass sdv's nesting or count limits";
    if (block.items.length > 0 || block.truncated !== null || block.untyped !== undefined) out.push(block);
  }
  return out;
}
