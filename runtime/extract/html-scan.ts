/**
 * The HTML tokenizer both extractors read pages with (extract-jsonld.ts for script blocks,
 * html-items.ts for the elements with Microdata or RDFa): one forward pass with indexOf/charCodeAt,
 * linear time, no recursion, no DOM, no string per tag unless the caller asks for one.
 *
 * It follows the HTML tokenizer where that decides what is markup:
 * - comments (`<!-- ... -->`, also `<!-->`, `<!--->` and `--!>` endings), bogus comments
 *   (`<!DOCTYPE ...>`, `<?...>`, `</ ...>`), `</>` and lone `<` are skipped;
 * - tags are scanned attribute by attribute, so a `>` inside a quoted value does not end the tag;
 *   a tag cut off by the end of the page is dropped, and so is the rest of the page;
 * - the content of raw-text and RCDATA elements (script, style, textarea, title, xmp, iframe,
 *   noembed, noframes) runs to the matching end tag (`</name` followed by whitespace, `/` or `>`,
 *   case-insensitive), or to the end of the page; `<plaintext>` swallows the rest of the page.
 *   A script ends at its first `</script` (the "double escaped" `<!--<script>` state of the HTML
 *   standard is not modeled, like htmlparser2).
 * Not modeled: `<noscript>` as raw text (that is the scripting-enabled parse), and foreign content
 * (SVG `<title>`/`<style>` are treated as raw text, which only matters if they contain markup).
 *
 * Use: `const s = new HtmlScanner(html); while (s.next()) ...`; after each call the fields describe the
 * tag it stopped at, and a start tag's attributes are read by index. `new HtmlScanner(html, true)`
 * stops only at raw-text start tags (script, style, ...) and records only their attributes: what the
 * JSON-LD extraction needs, at the speed of a scan that builds nothing. (next() returns a boolean and the
 * kind of tag is a field, not an imported constant: an imported binding read per tag costs a getter
 * call per tag under tsx, which runs the benchmarks and tests.) tagName() and attributeName(k) give
 * names in lower case from a table of names met before, not a new string per tag.
 *
 * Speed: one scanner for both extractors is held to be no slower than the two it replaced;
 * `BENCH_BASELINE=fb81849^ npm run bench -- extract extract-items` times them side by side.
 */

import type { TagLog } from "./tag-log.ts";

// Nothing the hot loops use is exported: V8 keeps an exported binding in a module cell that every
// use loads, where a module-private constant or function is folded or inlined (about 15% of the scan).
const GT = 62; // >
const SLASH = 47; // /
const EQ = 61; // =
const DQUOTE = 34; // "
const SQUOTE = 39; // '
const BANG = 33; // !
const QMARK = 63; // ?
const DASH = 45; // -

/** Attributes recorded per page of attributes; a tag with more is read in further pages (moreAttributes). */
const MAX_ATTRIBUTES = 64;

/** Raw-text / RCDATA elements whose content is not markup, plus plaintext; indexed by name length. */
const RAW_TEXT_BY_LENGTH: string[][] = [];
for (let len = 0; len <= 9; len++) RAW_TEXT_BY_LENGTH.push([]);
for (const name of ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"]) {
  RAW_TEXT_BY_LENGTH[name.length].push(name);
}

/**
 * Cheap test: can the page hold Microdata or RDFa items at all? A case-insensitive regex over the
 * page cost as much as the whole JSON-LD scan. Attribute names are matched in lower and upper case
 * (what HTML writers and templating engines emit); a mixed-case `ItemScope` is missed, like the
 * `typeof` of script code, which is no attribute.
 */
export function mayHoldItems(html: string): boolean {
  return hasAttributeName(html, ITEMSCOPE, 9, false) || hasAttributeName(html, TYPEOF, 6, true);
}

/**
 * The two spellings of a word as one pattern of plain alternatives: V8 runs it with a skip-ahead
 * search, where indexOf stalls on the words' first letters, which are everywhere in HTML. On the
 * bench's pages: 3-4x faster than two indexOf calls on a one-byte page (typical.html), as fast on a
 * two-byte one. Both spellings have one length, so a match ends `len` after its start.
 */
const ITEMSCOPE = /itemscope|ITEMSCOPE/g;
const TYPEOF = /typeof|TYPEOF/g;

/** `words` (global, matches of length `len`) written as an attribute name: after whitespace, a quote or `/`, before `=` when `needsValue`. */
function hasAttributeName(html: string, words: RegExp, len: number, needsValue: boolean): boolean {
  words.lastIndex = 0;
  while (words.test(html)) {
    const i = words.lastIndex - len;
    const before = html.charCodeAt(i - 1);
    if (isWs(before) || before === DQUOTE || before === SQUOTE || before === SLASH) {
      let j = i + len;
      let c = html.charCodeAt(j);
      if (!needsValue) {
        if (isWs(c) || c === EQ || c === GT || c === SLASH) return true;
      } else {
        while (isWs(c)) c = html.charCodeAt(++j);
        if (c === EQ) return true;
      }
    }
  }
  return false;
}

/**
 * Does the page name itemref anywhere, in any case (attribute names are case-insensitive in HTML, and
 * React writes itemRef)? The same pattern search as mayHoldItems.
 */
export function mentionsItemref(html: string): boolean {
  return ITEMREF.test(html);
}
const ITEMREF = /itemref/i;

/**
 * The attribute buffer of the last scanner that ran to the end of its page, for the next one: a
 * fresh 1.3 KB typed array per page cost about 3% on a 20 KB page. A scanner gives it up on its last
 * next() and holds NO_ATTRS from then on, so two live scanners never share one.
 */
let spareAttrs: Int32Array | null = null;
const NO_ATTRS = new Int32Array(0);

export class HtmlScanner {
  readonly html: string;
  /** Where the next token is looked for. */
  pos = 0;
  /** The last tag is an end tag (its attributes are not recorded). */
  isEndTag = false;
  /** The last tag: offset of its `<`, its name [nameStart, nameEnd), the offset just after its `>`. */
  tagStart = 0;
  nameStart = 0;
  nameEnd = 0;
  tagEnd = 0;
  /** A start tag of a raw-text element (or plaintext): its lower-case name; else null. */
  rawText: string | null = null;
  /** With rawText: where its content ends (the end tag's `<`, or the end of the page). */
  rawTextEnd = 0;
  /** The start tag's attributes: [nameStart, nameEnd, valueStart, valueEnd, hasValue] each. */
  attrs: Int32Array;
  attrCount = 0;
  /**
   * A start tag so far carried an `itemscope` or `typeof` attribute (any case): Microdata or RDFa
   * items may follow. Read while scanning, so the JSON-LD pass tells for free whether the item pass is needed.
   */
  sawItemAttribute = false;
  /**
   * When set, every tag the scan steps over or stops at is kept there (tag-log.ts), read as it is
   * scanned: no stop and no attribute recorded per tag, only whether it has a `hidden` or `style` attribute.
   */
  log: TagLog | null = null;
  /** Stop only at raw-text start tags. */
  private readonly rawTextOnly: boolean;
  /** Where the first attribute past this page of attributes starts, or -1. */
  private overflowAt = -1;

  constructor(html: string, rawTextOnly = false) {
    this.html = html;
    this.rawTextOnly = rawTextOnly;
    this.attrs = spareAttrs ?? new Int32Array(5 * MAX_ATTRIBUTES);
    spareAttrs = null;
  }

  /** Moves to the next start or end tag; false at the end of the page. */
  next(): boolean {
    const html = this.html;
    const n = html.length;
    const rawTextOnly = this.rawTextOnly;
    let p = this.pos;
    while (p < n) {
      const lt = html.indexOf("<", p);
      if (lt === -1) break;
      const c = html.charCodeAt(lt + 1);
      if (isAsciiAlpha(c)) {
        let i = lt + 2;
        while (i < n && !isTagNameEnd(html.charCodeAt(i))) i++;
        const raw = rawTextName(html, lt + 1, i);
        const record = raw !== null || !rawTextOnly;
        // A tag without attributes (`<li>`, and most end tags below) ends here, without the call.
        const bare = html.charCodeAt(i) === GT;
        const log = this.log;
        if (log !== null) scannedHiding = false;
        const tagEnd = bare ? i + 1 : scanAttributes(html, i, record ? this.attrs : null, this.sawItemAttribute ? null : this, log !== null);
        if (tagEnd === -1) break;
        if (!record) {
          if (log !== null && lt >= log.from) log.add(lt, tagEnd, i, scannedHiding ? TAG_HIDDEN_OR_STYLE : 0);
          p = tagEnd;
          continue;
        }
        this.attrCount = bare ? 0 : scannedCount;
        this.overflowAt = bare ? -1 : scannedOverflowAt;
        this.isEndTag = false;
        this.tagStart = lt;
        this.nameStart = lt + 1;
        this.nameEnd = i;
        this.tagEnd = tagEnd;
        this.rawText = raw;
        this.pos = tagEnd;
        if (raw !== null) this.skipRawText(raw, tagEnd);
        if (log !== null && lt >= log.from) log.add(lt, this.pos, i, raw !== null ? TAG_RAW_TEXT : scannedHiding ? TAG_HIDDEN_OR_STYLE : 0);
        return true;
      }
      if (c === SLASH) {
        const c2 = html.charCodeAt(lt + 2);
        if (isAsciiAlpha(c2)) {
          // An end tag's attributes are scanned so that a quoted `>` does not end it, and not recorded.
          let i = lt + 3;
          while (i < n && !isTagNameEnd(html.charCodeAt(i))) i++;
          const end = html.charCodeAt(i) === GT ? i + 1 : scanAttributes(html, i, null, null);
          if (end === -1) break;
          if (this.log !== null && lt >= this.log.from) this.log.add(lt, end, i, TAG_END);
          if (rawTextOnly) {
            p = end;
            continue;
          }
          this.isEndTag = true;
          this.tagStart = lt;
          this.nameStart = lt + 2;
          this.nameEnd = i;
          this.tagEnd = end;
          this.rawText = null;
          this.pos = end;
          return true;
        }
        p = c2 === GT ? lt + 3 : skipBogusComment(html, lt + 2);
      } else if (c === BANG) {
        p = html.charCodeAt(lt + 2) === DASH && html.charCodeAt(lt + 3) === DASH ? skipComment(html, lt + 4) : skipBogusComment(html, lt + 2);
      } else if (c === QMARK) {
        p = skipBogusComment(html, lt + 2);
      } else {
        p = lt + 1; // A lone `<` is text.
      }
    }
    this.pos = n;
    if (this.attrs !== NO_ATTRS) {
      spareAttrs = this.attrs;
      this.attrs = NO_ATTRS;
    }
    return false;
  }

  /** The last tag's name in lower case. A name met before comes from a table: no string per tag. */
  tagName(): string {
    return lowerCaseName(this.html, this.nameStart, this.nameEnd);
  }

  /** Attribute k's name in lower case, from the same table as tag names. */
  attributeName(k: number): string {
    return lowerCaseName(this.html, this.attrs[k * 5], this.attrs[k * 5 + 1]);
  }

  /** Does attribute k's name equal `word` (lower case ASCII), in any case? */
  attributeIs(k: number, word: string): boolean {
    const o = k * 5;
    const start = this.attrs[o];
    const len = word.length;
    if (this.attrs[o + 1] - start !== len) return false;
    const html = this.html;
    for (let j = 0; j < len; j++) if ((html.charCodeAt(start + j) | 0x20) !== word.charCodeAt(j)) return false;
    return true;
  }

  /** Attribute k's raw value ("" when it has none). */
  attributeValue(k: number): string {
    const o = k * 5;
    return this.attrs[o + 4] ? this.html.slice(this.attrs[o + 2], this.attrs[o + 3]) : "";
  }

  /**
   * A start tag with more than MAX_ATTRIBUTES attributes: replaces the recorded ones by the next page
   * of them and returns true; false when there are no more.
   */
  moreAttributes(): boolean {
    const from = this.overflowAt;
    if (from === -1) return false;
    // One page and no further: read to the tag's end each time, a tag of 100,000 attributes cost their square.
    scanAttributes(this.html, from, this.attrs, null, false, true);
    this.attrCount = scannedCount;
    this.overflowAt = scannedOverflowAt;
    return true;
  }

  /** Content of a raw-text element: to its end tag, whose own attributes are skipped. */
  private skipRawText(raw: string, contentStart: number): void {
    const n = this.html.length;
    if (raw === "plaintext") {
      this.rawTextEnd = n;
      this.pos = n;
      return;
    }
    const close = findEndTag(this.html, contentStart, raw);
    this.rawTextEnd = close === -1 ? n : close;
    const after = close === -1 ? -1 : scanAttributes(this.html, close + 2 + raw.length, null, null);
    this.pos = after === -1 ? n : after;
  }

}

// What scanAttributes recorded besides the tag's end, in module variables to avoid an object per
// tag; written only when it records, so a tag skipped in raw-text-only mode stores nothing.
let scannedCount = 0;
let scannedOverflowAt = -1;
/** With `watchHiding`: the tag has an attribute named `hidden` or `style` (any case). */
let scannedHiding = false;

// The tag log's flags (tag-log.ts), as private constants for the hot loop.
const TAG_END = 1;
const TAG_RAW_TEXT = 2;
const TAG_HIDDEN_OR_STYLE = 4;

/**
 * From `i` (just after a tag name) to the tag's `>`: returns the index after it, or -1 at the end of
 * the page. With `attrs`, the attributes' ranges are recorded there (a page of them at most; the count
 * in scannedCount, where the next page starts in scannedOverflowAt; with `onePage`, it stops there). With `items` (the scanner, until
 * it has seen one), an itemscope or typeof name in a tag that ends sets its sawItemAttribute.
 */
function scanAttributes(html: string, i: number, attrs: Int32Array | null, items: HtmlScanner | null, watchHiding = false, onePage = false): number {
  const n = html.length;
  let count = 0;
  let overflowAt = -1;
  let sawItem = items === null;
  for (;;) {
    // Before an attribute name: whitespace and `/` separate attributes.
    let c = html.charCodeAt(i);
    while (i < n && c <= SLASH && (isWs(c) || c === SLASH)) c = html.charCodeAt(++i);
    if (i >= n) return -1;
    if (c === GT) {
      if (attrs !== null) {
        scannedCount = count;
        scannedOverflowAt = overflowAt;
      }
      // Only a tag that ends counts (one cut off by the end of the page is dropped).
      if (sawItem && items !== null) items.sawItemAttribute = true;
      return i + 1;
    }

    // Attribute name (a leading `=` belongs to the name).
    const nameStart = i++;
    c = html.charCodeAt(i);
    while (i < n && (c > GT || (c !== EQ && c !== GT && c !== SLASH && !isWs(c)))) c = html.charCodeAt(++i);
    const nameEnd = i;
    while (i < n && isWs(c)) c = html.charCodeAt(++i);

    let valueStart = i;
    let valueEnd = i;
    let hasValue = 0;
    if (c === EQ) {
      c = html.charCodeAt(++i);
      while (i < n && isWs(c)) c = html.charCodeAt(++i);
      hasValue = 1;
      if (c === DQUOTE || c === SQUOTE) {
        const q = html.indexOf(c === DQUOTE ? '"' : "'", i + 1);
        if (q === -1) return -1;
        valueStart = i + 1;
        valueEnd = q;
        i = q + 1;
      } else {
        valueStart = i;
        while (i < n && (c > GT || (c !== GT && !isWs(c)))) c = html.charCodeAt(++i);
        valueEnd = i;
      }
    }
    // Two length tests per attribute until one is seen: no second pass over the page.
    if (!sawItem && (nameEnd - nameStart === 9 || nameEnd - nameStart === 6) && isItemAttributeName(html, nameStart, nameEnd - nameStart)) {
      sawItem = true;
    }
    // `class` (and `title`, `width`) have the length of `style`: the first letter sends them on at once.
    if (watchHiding && (nameEnd - nameStart === 6 || nameEnd - nameStart === 5) && (html.charCodeAt(nameStart) | 0x20) === (nameEnd - nameStart === 6 ? 104 /* h */ : 115 /* s */) && isHidingAttributeName(html, nameStart, nameEnd - nameStart)) {
      // A style hides only with `none`, `hidden` or `collapse` in it (display:none, visibility:hidden), and
      // makes an inline element a block only with `display`: the others are not flagged.
      if (nameEnd - nameStart === 6 || (hasValue === 1 && mayHide(html, valueStart, valueEnd))) scannedHiding = true;
    }
    if (attrs === null) continue;
    if (count < MAX_ATTRIBUTES) recordAttribute(attrs, count++, nameStart, nameEnd, valueStart, valueEnd, hasValue);
    else if (overflowAt === -1) {
      overflowAt = nameStart;
      if (onePage) {
        // The page is full and another attribute follows: where it starts is all the caller needs.
        scannedCount = count;
        scannedOverflowAt = overflowAt;
        return -1;
      }
    }
  }
}

function recordAttribute(attrs: Int32Array, k: number, nameStart: number, nameEnd: number, valueStart: number, valueEnd: number, hasValue: number): void {
  const o = k * 5;
  attrs[o] = nameStart;
  attrs[o + 1] = nameEnd;
  attrs[o + 2] = valueStart;
  attrs[o + 3] = valueEnd;
  attrs[o + 4] = hasValue;
}

/**
 * The style value html[from, to) holds `none`, `hidden`, `collapse`, `visible` or `display` in any case (ASCII letters,
 * as a case-insensitive regex reads them): it may hide its element, show it again or give it a display of its own
 * (runtime/page-truth/visible-text.ts reads which).
 */
function mayHide(html: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = html.charCodeAt(i) | 0x20;
    if (c === 100 /* d */ && i + 7 <= to && sameWord(html, i + 1, "isplay")) return true;
    if (c === 110 /* n */ && i + 4 <= to && sameWord(html, i + 1, "one")) return true;
    if (c === 104 /* h */ && i + 6 <= to && sameWord(html, i + 1, "idden")) return true;
    if (c === 99 /* c */ && i + 8 <= to && sameWord(html, i + 1, "ollapse")) return true;
    // "visible": a style that shows an element again inside one visibility:hidden hides (visible-text.ts).
    if (c === 118 /* v */ && i + 7 <= to && sameWord(html, i + 1, "isible")) return true;
  }
  return false;
}

function sameWord(html: string, at: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if ((html.charCodeAt(at + k) | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

/** `hidden` or `style`, any case. */
function isHidingAttributeName(html: string, i: number, len: number): boolean {
  const word = len === 6 ? "hidden" : "style";
  for (let k = 0; k < len; k++) if ((html.charCodeAt(i + k) | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

/** `itemscope` or `typeof`, any case. */
function isItemAttributeName(html: string, i: number, len: number): boolean {
  const word = len === 9 ? "itemscope" : "typeof";
  for (let k = 0; k < len; k++) if ((html.charCodeAt(i + k) | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

function isAsciiAlpha(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

// The character tests open with one range check: letters, by far the most frequent characters in
// names and values, are above every character the tests look for and leave after one comparison.

/** HTML whitespace: tab, LF, FF, CR, space. */
function isWs(c: number): boolean {
  return c <= 32 && (c === 32 || c === 10 || c === 9 || c === 13 || c === 12);
}

function isTagNameEnd(c: number): boolean {
  return c <= GT && (c === GT || c === SLASH || isWs(c));
}

/**
 * Tag and attribute names met so far, lower case, in slots by a hash of their characters; a name that
 * lands on a taken slot replaces it. Pages use a few dozen names, so nearly every tag finds its name
 * here; the same string object each time also makes it a cheap property key and Set member.
 */
const NAME_SLOTS = 256;
// V8 copies a slice shorter than 13 characters; a longer one points into the page and would keep a
// whole page alive in this table after its extraction.
const MAX_TABLE_NAME = 12;
const nameTable: string[] = new Array<string>(NAME_SLOTS).fill("");

/** html.slice(start, end).toLowerCase(), from nameTable when the name is ASCII and was met before. */
function lowerCaseName(html: string, start: number, end: number): string {
  const len = end - start;
  if (len > MAX_TABLE_NAME) return html.slice(start, end).toLowerCase();
  let h = len;
  for (let k = start; k < end; k++) {
    const c = html.charCodeAt(k);
    // Outside ASCII, toLowerCase is more than a bit flip (and can change the length).
    if (c >= 128) return html.slice(start, end).toLowerCase();
    h = (Math.imul(h, 31) + asciiLower(c)) | 0;
  }
  const slot = h & (NAME_SLOTS - 1);
  const known = nameTable[slot];
  if (known.length === len) {
    let k = 0;
    while (k < len && known.charCodeAt(k) === asciiLower(html.charCodeAt(start + k))) k++;
    if (k === len) return known;
  }
  const name = html.slice(start, end).toLowerCase();
  nameTable[slot] = name;
  return name;
}

function asciiLower(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
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

/** From just after `<!--` to just after the comment's end (or the end of the page). */
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

/**
 * One markup token read at a `<` by the rules HtmlScanner.next() follows, for readers that walk a
 * slice of the page themselves (an element's text content): a quoted `>` does not end a tag,
 * comments and bogus comments end where the tokenizer ends them, raw-text content is not markup.
 * One instance is reused: read() allocates nothing.
 */
export class MarkupToken {
  /** What read() found: TEXT_LT (a `<` that is text), START_TAG, END_TAG or SKIPPED (comment, bogus comment, `</>`). */
  kind = 0;
  /** Just after the token (for a raw-text start tag: after its start tag only). */
  end = 0;
  /** A tag's name [nameStart, nameEnd). */
  nameStart = 0;
  nameEnd = 0;
  /** A raw-text start tag (script, style, textarea, ...): its lower-case name, where its content ends, and where its end tag ends. */
  rawText: string | null = null;
  rawTextEnd = 0;
  afterRawText = 0;

  /** Reads the token at `lt` (html[lt] is `<`); false for a tag cut off by the end of the page. */
  read(html: string, lt: number): boolean {
    const n = html.length;
    const c = html.charCodeAt(lt + 1);
    this.rawText = null;
    if (isAsciiAlpha(c) || (c === SLASH && isAsciiAlpha(html.charCodeAt(lt + 2)))) {
      const isEnd = c === SLASH;
      let i = lt + (isEnd ? 3 : 2);
      while (i < n && !isTagNameEnd(html.charCodeAt(i))) i++;
      const end = html.charCodeAt(i) === GT ? i + 1 : scanAttributes(html, i, null, null);
      if (end === -1) return false;
      this.kind = isEnd ? END_TAG : START_TAG;
      this.nameStart = lt + (isEnd ? 2 : 1);
      this.nameEnd = i;
      this.end = end;
      if (!isEnd) {
        const raw = rawTextName(html, lt + 1, i);
        if (raw !== null) {
          this.rawText = raw;
          const close = raw === "plaintext" ? -1 : findEndTag(html, end, raw);
          this.rawTextEnd = close === -1 ? n : close;
          const after = close === -1 ? -1 : scanAttributes(html, close + 2 + raw.length, null, null);
          this.afterRawText = after === -1 ? n : after;
        }
      }
      return true;
    }
    this.kind = SKIPPED;
    if (c === SLASH) this.end = html.charCodeAt(lt + 2) === GT ? lt + 3 : skipBogusComment(html, lt + 2);
    else if (c === BANG) this.end = html.charCodeAt(lt + 2) === DASH && html.charCodeAt(lt + 3) === DASH ? skipComment(html, lt + 4) : skipBogusComment(html, lt + 2);
    else if (c === QMARK) this.end = skipBogusComment(html, lt + 2);
    else {
      this.kind = TEXT_LT;
      this.end = lt + 1;
    }
    return true;
  }
}
export const TEXT_LT = 0;
export const START_TAG = 1;
export const END_TAG = 2;
export const SKIPPED = 3;

/** A tag name read from the page in lower case, from the scanner's table of names (no string per tag). */
export function tagNameAt(html: string, start: number, end: number): string {
  return lowerCaseName(html, start, end);
}
