/**
 * HTML page -> its `<script type="application/ld+json">` blocks, in page order.
 *
 * Why a hand-written scanner (html-scan.ts) and not node-html-parser: we need only script elements,
 * so building a DOM (node-html-parser: 16-35 MB/s) wastes most of the extraction budget (bench/extract.ts)
 * (>= 50 MB/s), and a DOM parser loses the source offsets we report as line and column. What counts
 * as a block follows the HTML tokenizer (see html-scan.ts): comments, bogus comments and the content
 * of other raw-text elements hide a script; attribute names are case-insensitive and the first
 * `type` wins; an unterminated ld+json script yields the rest of the page.
 */
import type { SourceBlock } from "../types.ts";
import { HtmlScanner } from "./html-scan.ts";
import { LineCursor } from "./line-column.ts";
import type { TagLog } from "./tag-log.ts";

/** Filled by extractJsonLdBlocks when asked: what else the scan saw, for free. */
export interface PageHints {
  /** A start tag carries an `itemscope` or `typeof` attribute (any case): Microdata or RDFa items may follow. */
  itemAttributes: boolean;
  /** When given, every tag the scan meets is logged there (the page truth checks read the page's text from it). */
  tags?: TagLog;
}

export function extractJsonLdBlocks(html: string, hints?: PageHints): SourceBlock[] {
  const blocks: SourceBlock[] = [];
  const tags = hints?.tags;
  // With a tag log the scanner keeps every tag there as it steps over it (html-scan.ts): it still stops only at raw-text elements.
  const scan = new HtmlScanner(html, true);
  if (tags !== undefined) scan.log = tags;
  let lines: LineCursor | null = null;

  while (scan.next()) {
    if (scan.rawText !== "script") continue;
    const type = typeAttribute(scan);
    if (type === null || !isJsonLdType(type)) continue;
    stripWrappers(html, scan.tagEnd, scan.rawTextEnd);
    lines ??= new LineCursor(html);
    const { line, column } = lines.at(wrapStart);
    const text = html.slice(wrapStart, wrapEnd);
    // The tokenizer makes each NUL of script text U+FFFD (one character for one: offsets hold).
    blocks.push({ text: text.indexOf("\u0000") === -1 ? text : text.replace(/\u0000/g, "\ufffd"), offset: wrapStart, line, column });
  }
  if (hints) hints.itemAttributes = scan.sawItemAttribute;
  return blocks;
}

// Results of stripWrappers, in module variables to avoid a tuple per block.
let wrapStart = 0;
let wrapEnd = 0;

/** The raw value of the current start tag's first `type` attribute ("" without a value), or null. */
function typeAttribute(scan: HtmlScanner): string | null {
  do {
    for (let k = 0; k < scan.attrCount; k++) if (scan.attributeIs(k, "type")) return scan.attributeValue(k);
  } while (scan.moreAttributes());
  return null;
}

/** `application/ld+json`, any case, surrounding whitespace, with or without MIME parameters. */
function isJsonLdType(value: string): boolean {
  let v = value;
  if (v.indexOf("&") !== -1) v = decodeCharRefs(v);
  const semi = v.indexOf(";");
  if (semi !== -1) v = v.slice(0, semi);
  return v.trim().toLowerCase() === "application/ld+json";
}

/** The character references that can plausibly appear in a type value (`ld&#43;json`). */
function decodeCharRefs(v: string): string {
  return v.replace(/&(?:#x([0-9a-f]+)|#([0-9]+)|(plus|sol|semi));?/gi, (m, hex, dec, named) => {
    if (named) return { plus: "+", sol: "/", semi: ";" }[(named as string).toLowerCase()] ?? m;
    const code = hex ? parseInt(hex, 16) : parseInt(dec, 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

function startsAt(html: string, i: number, s: string): boolean {
  return html.startsWith(s, i);
}

/** JavaScript-ish whitespace around wrappers: HTML whitespace plus vertical tab. */
function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 11;
}

/**
 * Removes a wrapping `<!-- ... -->` or CDATA section (`<![CDATA[ ... ]]>`, `//<![CDATA[ ... //]]>`,
 * `/*<![CDATA[*\/ ... /*]]>*\/`), possibly nested, from the content [start, end).
 * Sets wrapStart/wrapEnd. Only the wrapper tokens are removed; whitespace inside them is kept, and
 * content without a wrapper is returned whole, so offsets in the text map 1:1 to the page.
 */
function stripWrappers(html: string, start: number, end: number): void {
  let s = start;
  let e = end;
  for (let round = 0; round < 4; round++) {
    let i = s;
    while (i < e && isSpace(html.charCodeAt(i))) i++;
    if (startsAt(html, i, "<!--") && i + 4 <= e) {
      s = i + 4;
    } else if (startsAt(html, i, "<![CDATA[") && i + 9 <= e) {
      s = i + 9;
    } else if (startsAt(html, i, "//")) {
      let t = i + 2;
      while (t < e && isSpace(html.charCodeAt(t))) t++;
      if (!(startsAt(html, t, "<![CDATA[") && t + 9 <= e)) break;
      s = t + 9;
    } else if (startsAt(html, i, "/*")) {
      let t = i + 2;
      while (t < e && isSpace(html.charCodeAt(t))) t++;
      if (!startsAt(html, t, "<![CDATA[")) break;
      t += 9;
      while (t < e && isSpace(html.charCodeAt(t))) t++;
      if (!(startsAt(html, t, "*/") && t + 2 <= e)) break;
      s = t + 2;
    } else {
      break;
    }
  }
  for (let round = 0; round < 4; round++) {
    let i = e;
    while (i > s && isSpace(html.charCodeAt(i - 1))) i--;
    if (i - 3 >= s && (startsAt(html, i - 3, "-->") || startsAt(html, i - 3, "]]>"))) {
      e = i - 3;
      // `//-->`, `//]]>`: drop the line-comment marker too.
      let t = e;
      while (t > s && isSpace(html.charCodeAt(t - 1)) && html.charCodeAt(t - 1) !== 10) t--;
      if (t - 2 >= s && startsAt(html, t - 2, "//")) e = t - 2;
    } else if (i - 2 >= s && startsAt(html, i - 2, "*/")) {
      // `/* ]]> */`
      let t = i - 2;
      while (t > s && isSpace(html.charCodeAt(t - 1))) t--;
      if (!(t - 3 >= s && startsAt(html, t - 3, "]]>"))) break;
      t -= 3;
      while (t > s && isSpace(html.charCodeAt(t - 1))) t--;
      if (!(t - 2 >= s && startsAt(html, t - 2, "/*"))) break;
      e = t - 2;
    } else {
      break;
    }
  }
  wrapStart = s;
  wrapEnd = e < s ? s : e;
}
