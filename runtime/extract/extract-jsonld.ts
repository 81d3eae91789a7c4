/**
 * HTML page -> its `<script type="application/ld+json">` blocks, in page order.
 *
 * Why a hand-written scanner and not node-html-parser: we need only script elements, so building a
 * DOM (node-html-parser: 16-35 MB/s) wastes most of the budget of DESIGN.md section 8 (>= 50 MB/s),
 * and a DOM parser loses the source offsets we report as line and column.
 *
 * The scanner follows the HTML tokenizer where it decides what is a block:
 * - comments (`<!-- ... -->`, also `<!-->`, `<!--->` and `--!>` endings), bogus comments
 *   (`<!DOCTYPE ...>`, `<?...>`, `</ ...>`) and end tags are skipped;
 * - start tags are scanned attribute by attribute, so a `>` inside a quoted value does not end
 *   the tag; attribute names are case-insensitive and the first `type` wins, as in HTML;
 * - the content of raw-text and RCDATA elements (script, style, textarea, title, xmp, iframe,
 *   noembed, noframes) is skipped up to the matching end tag (`</name` followed by whitespace,
 *   `/` or `>`, case-insensitive); `<plaintext>` swallows the rest of the page;
 * - a script ends at its first `</script` end tag (the "double escaped" `<!--<script>` state
 *   of the HTML standard is not modeled, like htmlparser2); an unterminated ld+json script
 *   yields the rest of the page.
 * Not modeled: `<noscript>` as raw text (that is the scripting-enabled parse; blocks inside
 * noscript are reported), and foreign content (SVG `<title>`/`<style>` are treated as raw text,
 * which only matters if they contain markup).
 *
 * One forward pass with indexOf/charCodeAt: linear time, no recursion, no DOM.
 */
import type { SourceBlock } from "../types.ts";
import { LineCursor } from "./line-column.ts";

const LT = 60; // <
const GT = 62; // >
const SLASH = 47; // /
const BANG = 33; // !
const QMARK = 63; // ?
const EQ = 61; // =
const DQUOTE = 34; // "
const SQUOTE = 39; // '
const DASH = 45; // -

/** Raw-text / RCDATA elements whose content is not markup, plus plaintext; indexed by name length. */
const RAW_TEXT_BY_LENGTH: string[][] = [];
for (let len = 0; len <= 9; len++) RAW_TEXT_BY_LENGTH.push([]);
for (const name of ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"]) {
  RAW_TEXT_BY_LENGTH[name.length].push(name);
}

/** Filled by extractJsonLdBlocks when asked: what else the scan saw, for free. */
export interface PageHints {
  /** A start tag carries an `itemscope` or `typeof` attribute (any case): Microdata or RDFa items may follow. */
  itemAttributes: boolean;
}

export function extractJsonLdBlocks(html: string, hints?: PageHints): SourceBlock[] {
  const blocks: SourceBlock[] = [];
  sawItemAttribute = false;
  const n = html.length;
  let lines: LineCursor | null = null;
  let p = 0;

  while (p < n) {
    const lt = html.indexOf("<", p);
    if (lt === -1) break;
    const c = html.charCodeAt(lt + 1);

    if (isAsciiAlpha(c)) {
      // Start tag.
      const nameStart = lt + 1;
      let i = nameStart + 1;
      while (i < n && !isTagNameEnd(html.charCodeAt(i))) i++;
      const raw = rawTextName(html, nameStart, i);
      const isScript = raw === "script";
      typeValue = null;
      const tagEnd = scanAttributes(html, i, isScript);
      if (tagEnd === -1) break; // EOF inside a tag: the tag is dropped.
      p = tagEnd;
      if (raw === null) continue;
      if (raw === "plaintext") break;

      const close = findEndTag(html, tagEnd, raw);
      const contentEnd = close === -1 ? n : close;
      if (isScript && typeValue !== null && isJsonLdType(typeValue)) {
        stripWrappers(html, tagEnd, contentEnd);
        lines ??= new LineCursor(html);
        const { line, column } = lines.at(wrapStart);
        blocks.push({ text: html.slice(wrapStart, wrapEnd), offset: wrapStart, line, column });
      }
      if (close === -1) break;
      const afterEnd = scanAttributes(html, close + 2 + raw.length, false);
      if (afterEnd === -1) break;
      p = afterEnd;
    } else if (c === SLASH) {
      const c2 = html.charCodeAt(lt + 2);
      if (isAsciiAlpha(c2)) {
        // End tag (its attributes, if any, are scanned so a quoted `>` does not end it).
        let i = lt + 3;
        while (i < n && !isTagNameEnd(html.charCodeAt(i))) i++;
        const end = scanAttributes(html, i, false);
        if (end === -1) break;
        p = end;
      } else if (c2 === GT) {
        p = lt + 3; // `</>` is dropped.
      } else {
        p = skipBogusComment(html, lt + 2);
      }
    } else if (c === BANG) {
      if (html.charCodeAt(lt + 2) === DASH && html.charCodeAt(lt + 3) === DASH) {
        p = skipComment(html, lt + 4);
      } else {
        p = skipBogusComment(html, lt + 2); // <!DOCTYPE ...>, <![CDATA[ ...> in HTML content
      }
    } else if (c === QMARK) {
      p = skipBogusComment(html, lt + 2);
    } else {
      p = lt + 1; // A lone `<` is text.
    }
  }
  if (hints) hints.itemAttributes = sawItemAttribute;
  return blocks;
}

// Results of scanAttributes / stripWrappers, in module variables to avoid a tuple per tag.
let typeValue: string | null = null;
let sawItemAttribute = false;
let wrapStart = 0;
let wrapEnd = 0;

function isAsciiAlpha(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** HTML whitespace: tab, LF, FF, CR, space. */
function isWs(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 12;
}

function isTagNameEnd(c: number): boolean {
  return c === GT || c === SLASH || isWs(c);
}

/** The lower-case tag name when it is a raw-text element (or plaintext), else null. No allocation. */
function rawTextName(html: string, start: number, end: number): string | null {
  const len = end - start;
  if (len < 3 || len > 9) return null;
  for (const name of RAW_TEXT_BY_LENGTH[len]) {
    let k = 0;
    while (k < len && (html.charCodeAt(start + k) | 0x20) === name.charCodeAt(k)) k++;
    if (k === len) return name;
  }
  return null;
}

/**
 * Scans the attributes of a tag from `i` (just after the tag name) to its `>`.
 * Returns the index after `>`, or -1 at EOF. When `wantType`, sets `typeValue` to the raw value
 * of the first `type` attribute ("" when it has no value), else leaves it null.
 */
function scanAttributes(html: string, i: number, wantType: boolean): number {
  const n = html.length;
  for (;;) {
    // Before attribute name: whitespace and `/` separate attributes.
    let c = html.charCodeAt(i);
    while (i < n && (isWs(c) || c === SLASH)) c = html.charCodeAt(++i);
    if (i >= n) return -1;
    if (c === GT) return i + 1;

    // Attribute name (a leading `=` belongs to the name).
    const nameStart = i++;
    c = html.charCodeAt(i);
    while (i < n && c !== EQ && c !== GT && c !== SLASH && !isWs(c)) c = html.charCodeAt(++i);
    const nameEnd = i;
    while (i < n && isWs(c)) c = html.charCodeAt(++i);

    let valueStart = i;
    let valueEnd = i;
    if (c === EQ) {
      c = html.charCodeAt(++i);
      while (i < n && isWs(c)) c = html.charCodeAt(++i);
      if (c === DQUOTE || c === SQUOTE) {
        const q = html.indexOf(c === DQUOTE ? '"' : "'", i + 1);
        if (q === -1) return -1;
        valueStart = i + 1;
        valueEnd = q;
        i = q + 1;
      } else {
        valueStart = i;
        while (i < n && c !== GT && !isWs(c)) c = html.charCodeAt(++i);
        valueEnd = i;
      }
    }
    if (wantType && typeValue === null && nameEnd - nameStart === 4 && isTypeName(html, nameStart)) {
      typeValue = html.slice(valueStart, valueEnd);
    }
    // The item pre-scan rides on this loop: two length tests per attribute, no second pass over the page.
    if (!sawItemAttribute && (nameEnd - nameStart === 9 || nameEnd - nameStart === 6) && isItemAttributeName(html, nameStart, nameEnd - nameStart)) sawItemAttribute = true;
  }
}

/** `itemscope` or `typeof`, any case. */
function isItemAttributeName(html: string, i: number, len: number): boolean {
  const word = len === 9 ? "itemscope" : "typeof";
  for (let k = 0; k < len; k++) if ((html.charCodeAt(i + k) | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

function isTypeName(html: string, i: number): boolean {
  return (
    (html.charCodeAt(i) | 0x20) === 116 && // t
    (html.charCodeAt(i + 1) | 0x20) === 121 && // y
    (html.charCodeAt(i + 2) | 0x20) === 112 && // p
    (html.charCodeAt(i + 3) | 0x20) === 101 // e
  );
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

/**
 * Index of the end tag `</name` (case-insensitive, followed by whitespace, `/` or `>`) at or
 * after `from`, or -1. `name` is lower case ASCII.
 */
function findEndTag(html: string, from: number, name: string): number {
  const len = name.length;
  let j = html.indexOf("</", from);
  while (j !== -1) {
    let k = 0;
    while (k < len && (html.charCodeAt(j + 2 + k) | 0x20) === name.charCodeAt(k)) k++;
    if (k === len) {
      const after = html.charCodeAt(j + 2 + len);
      if (after === GT || after === SLASH || isWs(after)) return j;
    }
    j = html.indexOf("</", j + 2);
  }
  return -1;
}

/** From just after `<!--` to just after the comment's end (or EOF). */
function skipComment(html: string, k: number): number {
  const c = html.charCodeAt(k);
  if (c === GT) return k + 1; // <!-->
  if (c === DASH && html.charCodeAt(k + 1) === GT) return k + 2; // <!--->
  for (;;) {
    const d = html.indexOf("--", k);
    if (d === -1) return html.length;
    const e = html.charCodeAt(d + 2);
    if (e === GT) return d + 3; // -->
    if (e === BANG && html.charCodeAt(d + 3) === GT) return d + 4; // --!>
    k = d + 1; // also finds `--->`
  }
}

function skipBogusComment(html: string, k: number): number {
  const gt = html.indexOf(">", k);
  return gt === -1 ? html.length : gt + 1;
}

function startsAt(html: string, i: number, s: string): boolean {
  return html.startsWith(s, i);
}

/** JavaScript-ish whitespace around wrappers: HTML whitespace plus vertical tab. */
function isSpace(c: number): boolean {
  return isWs(c) || c === 11;
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
