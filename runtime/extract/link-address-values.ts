/**
 * A Microdata text property written on a link: `<a itemprop="name" href="/user/alice">alice</a>` has the
 * value "https://forum.example/user/alice", since the Microdata standard reads an `a`, `area` or `link`
 * element's value from its href (an `img`'s from its src). The author meant the text, and the search
 * engine reads the URL: Search Console reported NodeBB's comment authors' names, written this way, as
 * invalid (NodeBB/NodeBB#12192). A warning on each property whose Schema.org range is text and not URL
 * (name, headline, description, text, ...); a property that takes a URL (url, image, sameAs, item) is
 * what links are for. Added with the page's other late findings: overrides and ignores apply to them.
 */
import type { SchemaResult } from "../types.ts";
import { vocabularyIndex } from "../type-hierarchy.ts";
import { lowerScore } from "../score.ts";
import type { ItemBlock } from "./item-block.ts";
import { pointerSegments } from "../patches/pointer.ts";

const ELEMENT_TEXT_FIX = 'Put itemprop on an element inside the link (<a href="..."><span itemprop="NAME">...</span></a>), or give the text in a <meta itemprop="NAME" content="..."> beside it.';

/** Adds the warnings to the results of `block` (before their positions are looked up). */
export function addLinkAddressWarnings(results: SchemaResult[], block: ItemBlock): void {
  const pointers = block.addressValues;
  if (pointers === undefined || pointers.size === 0 || results.length === 0) return;
  for (const pointer of pointers) {
    const property = propertyNames(pointer).at(-1);
    if (property === undefined || !takesTextNotUrl(property)) continue;
    const result = ownerOf(pointer, results);
    if (result === null) continue;
    // The dotted name below the node ("/0/comment/1/author/name" under "/0": comment.author.name).
    const dotted = propertyNames(pointer.slice(result.path.length)).join(".");
    if ([...result.errors, ...result.warnings].some((issue) => issue.path === pointer)) continue;
    result.warnings.push({
      severity: "warning",
      code: "wrong-type",
      property: dotted,
      message: `"${dotted}" is written on a link, so its value is the link's address, not its text (Microdata reads an <a>, <area> or <link> element's href, an <img>'s src); the search engine reads a URL where "${property}" is a text.`,
      fix: ELEMENT_TEXT_FIX.replaceAll("NAME", property),
      google_docs_url: "https://html.spec.whatwg.org/multipage/microdata.html#values",
      path: pointer,
    });
    lowerScore(result, 1);
  }
}

/** The property names along a pointer, list indexes left out ("/comment/1/author/name": comment, author, name). */
function propertyNames(pointer: string): string[] {
  return pointerSegments(pointer).filter((segment) => !LIST_INDEX.test(segment));
}
const LIST_INDEX = /^\d+$/;

const textOnly = new Map<string, boolean>();

/** Schema.org gives the property a text range and no URL one (a name, not a link). */
function takesTextNotUrl(property: string): boolean {
  let answer = textOnly.get(property);
  if (answer === undefined) {
    const facts = vocabularyIndex().data.properties[property];
    answer = facts !== undefined && facts.ranges.includes("Text") && !facts.ranges.includes("URL");
    if (textOnly.size < 4096) textOnly.set(property, answer);
  }
  return answer;
}

/** The first result of the deepest node holding the pointer (a contained node's own result over its container's). */
function ownerOf(pointer: string, results: SchemaResult[]): SchemaResult | null {
  let best: SchemaResult | null = null;
  for (const result of results) {
    if (!pointer.startsWith(`${result.path}/`)) continue;
    if (best === null || result.path.length > best.path.length) best = result;
  }
  return best;
}
