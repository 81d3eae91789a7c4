/**
 * HTML page -> its Microdata and RDFa items, one ItemBlock per syntax that has any.
 *
 * The fast path: a page without an `itemscope` or `typeof=` attribute (an indexOf pre-scan, GB/s)
 * costs nothing more than the JSON-LD extraction it already pays for. Only pages with such
 * attributes are tokenized a second time, into the light tree both syntaxes read.
 */
import { buildItemTree, mayHoldItems } from "./html-items.ts";
import { extractMicrodata } from "./microdata.ts";
import { extractRdfa } from "./rdfa.ts";
import { effectiveBase, type ItemBlock } from "./item-block.ts";

/** `pageUrl`: where the page was fetched from, to resolve relative URLs (null for posted HTML). */
export function extractHtmlItems(html: string, pageUrl: string | null = null): ItemBlock[] {
  if (!mayHoldItems(html)) return [];
  const tree = buildItemTree(html);
  const base = effectiveBase(pageUrl, tree.baseHref);
  const out: ItemBlock[] = [];
  for (const [present, extract] of [[tree.hasMicrodata, extractMicrodata], [tree.hasRdfa, extractRdfa]] as const) {
    if (!present) continue;
    const block = extract(tree, html, base);
    if (tree.truncated && block.truncated === null && block.items.length > 0) block.truncated = "the page's elements pass sdv's nesting or count limits";
    if (block.items.length > 0 || block.truncated !== null) out.push(block);
  }
  return out;
}
