/**
 * What a reader of the page sees, as text: the page's text without script, style, template and
 * noscript content, and without the elements the markup itself hides (the `hidden` attribute, an
 * inline `display:none` or `visibility:hidden`; inside the last, an element whose inline style sets
 * `visibility:visible` is shown, one level deep). Stylesheets are not applied: a class that hides an
 * element is not seen here, so a value hidden that way counts as visible (a missed warning, never a
 * false one). A rendered page is read the same way from the rendered HTML: what scripts added or
 * removed is there, and the elements the browser did not show (computed display:none or
 * visibility:hidden, a stylesheet's class too) carry the `hidden` attribute (fetch/render/renderer.ts).
 *
 * One pass from <body> with the page's tokenizer (runtime/extract/html-scan.ts, the one the extractors
 * read tags with: one scanner reads tags, everywhere), linear in the page and capped in output. Hiding
 * is read from the attributes as the tokenizer records them, names and styles in any case and with
 * any spacing (`HIDDEN`, `style="DISPLAY : NONE"`); React's streamed segments and declarative shadow
 * roots, which the page shows once loaded, are read as shown. Block elements' edges separate words,
 * and so do an inline element's when its inline style makes it a block (a rendered page's renderer
 * writes one on the inline elements the browser laid out as blocks). Past MAX_VISIBLE characters the text is cut and
 * marked `truncated`, and a value not found in a cut text is not reported (not found is then not known).
 */
import { endAfterTwoDigits, styledAsCents } from "./cents-element.ts";
import { buttonLabel } from "./button-label.ts";
import { unspaced } from "./unspaced-script.ts";
import { HtmlScanner, MarkupToken, TEXT_LT, tagNameAt } from "../extract/html-scan.ts";
import { NUMBERS_PER_TAG, TAG_END, TAG_HIDDEN_OR_STYLE, TAG_RAW_TEXT, type TagLog } from "../extract/tag-log.ts";
import { decodeEntities } from "../extract/html-text.ts";
import { HiddenElement } from "./hidden-element.ts";
import { DIGIT_ZEROS, decimalMarkOf } from "./price-text.ts";

/** Characters of visible text kept per page (a real page shows far less; a hostile one is cut here). */
export const MAX_VISIBLE = 4 * 1024 * 1024;

export interface VisibleText {
  /** The visible text, character references decoded, white space as written. */
  readonly text: string;
  /** The page's language (`<html lang>`), lower case, or null. */
  readonly lang: string | null;
  /** The text was cut at MAX_VISIBLE: a value not found may be further on. */
  readonly truncated: boolean;
}

/** Elements without content: a hidden one hides nothing after it. */
const VOID = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "param", "keygen"];

/**
 * SVG and MathML elements, whose `/>` ends them (foreign content): `<svg><use href="#cart"
 * style="display:none"/></svg>` hides nothing after it. On an HTML element `/>` means nothing, so
 * `<div hidden/>` still hides what follows, as a browser does.
 */
const SELF_CLOSING_FOREIGN = new Set([
  "svg", "math", "use", "path", "g", "circle", "rect", "ellipse", "line", "polyline", "polygon", "symbol", "defs", "stop",
  "lineargradient", "radialgradient", "clippath", "mask", "pattern", "filter", "tspan", "textpath", "image", "mi", "mo", "mn", "mspace",
]);

/** The start tag just read ends with `/>` and names an SVG or MathML element: it is closed already. */
function closesItself(html: string, tagEnd: number, source: TagSource): boolean {
  return html.charCodeAt(tagEnd - 2) === 47 /* / */ && html.charCodeAt(tagEnd - 1) === 62 /* > */ && SELF_CLOSING_FOREIGN.has(source.name());
}

/**
 * Inline elements: their edges are no word break ("$<span>1,299</span>" reads "$1,299"). The obsolete
 * ones browsers still draw inline (big, strike, tt, acronym, blink: "Anvil X<big>L</big>") too. Not
 * custom elements, though inline by default: web components (a Shopify theme's <product-info>) are
 * styled as blocks, and an edge where there is none costs less (the whole element's text is looked
 * up too) than words run together where a stylesheet sets them apart.
 */
const INLINE = [
  "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "label", "mark", "q", "s",
  "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr", "del", "ins", "output", "meter", "nobr",
  "ruby", "rb", "rt", "rp", "rtc", "big", "strike", "tt", "acronym", "blink",
];

/** The elements the browser's own stylesheet strikes through. */
const STRUCK = ["del", "s", "strike"];
/** Struck-through elements' start tags kept per page at most (struckStarts). */
const MAX_STRUCK = 500;

/** What the walk needs to know of a tag's name, as bits: one table look-up per tag, no name string. */
const IS_INLINE = 1;
const IS_VOID = 2;
/** template or noscript: never shown, read to its end tag. */
const IS_SKIPPED = 4;
/** sup: cents written as a superscript ("$19<sup>99</sup>") are read as decimals (CENTS_AFTER). */
const IS_SUP = 8;
/**
 * Hidden by the browser's own stylesheet: `dialog:not([open])` and `datalist` are `display: none`
 * (HTML 15.3.1); a modal's text is shown only once a script opens it. Ruby annotations are read as
 * hidden too, though shown: `<rt>` is a reading printed above its base text ("<ruby>金<rt>かな</rt>床<rt>とこ</rt></ruby>"
 * shows 金床 with small kana over it, which innerText runs into "金かな床とこ"), and `<rp>`'s
 * parentheses are `display: none`. The markup names the base text. An SVG's `<desc>` and `<metadata>`
 * are never drawn (a star widget's "Rated 4.8 out of 5" is for screen readers, as an aria-label is), nor
 * is the fallback content of a `<canvas>`, a `<video>` or an `<audio>` where the browser plays them. A
 * `<meter>`'s content is its fallback too, but it says what the gauge the browser draws shows ("Rated
 * 3.5/5" in the Microdata standard's example): read as shown.
 */
const IS_UA_HIDDEN = 16;
/**
 * Struck through by the browser's own stylesheet (`del`, `s`, `strike`: `text-decoration: line-through`):
 * shown, as a former price is beside the current one ("<del>$1,499</del> $1,299"). Read as hidden only
 * by a reader asked to leave them out (VisibleTextReader's `struckHidden`).
 */
const IS_STRUCK = 32;

/**
 * The classified names by length, first and last letter: two names at most share a slot (cite and
 * code; source and strike, each with its own bits), each compared in full. Names of other elements are
 * in no slot, or fail the comparison: no bits. Flat arrays: no iterator or tuple per tag.
 */
const MAX_CLASSIFIED = 8;
const SLOTS = (MAX_CLASSIFIED + 1) * 32 * 32;
const SLOT_NAME: string[] = new Array<string>(SLOTS).fill("");
const SLOT_OTHER: string[] = new Array<string>(SLOTS).fill("");
const SLOT_BITS = new Uint8Array(SLOTS);
const SLOT_OTHER_BITS = new Uint8Array(SLOTS);
function classSlot(len: number, first: number, last: number): number {
  return (len * 32 + (first & 31)) * 32 + (last & 31);
}
{
  const bits = new Map<string, number>();
  const add = (names: readonly string[], bit: number) => {
    for (const name of names) bits.set(name, (bits.get(name) ?? 0) | bit);
  };
  add(INLINE, IS_INLINE);
  add(VOID, IS_VOID);
  add(["template", "noscript"], IS_SKIPPED);
  add(["sup"], IS_SUP);
  add(["dialog", "datalist", "rt", "rp", "desc", "metadata", "canvas", "video", "audio"], IS_UA_HIDDEN);
  add(STRUCK, IS_STRUCK);
  for (const [name, b] of bits) {
    const slot = classSlot(name.length, name.charCodeAt(0), name.charCodeAt(name.length - 1));
    if (SLOT_NAME[slot] === "") {
      SLOT_NAME[slot] = name;
      SLOT_BITS[slot] = b;
    } else if (SLOT_OTHER[slot] === "") {
      SLOT_OTHER[slot] = name;
      SLOT_OTHER_BITS[slot] = b;
    } else throw new Error(`visible-text: tag classes ${SLOT_NAME[slot]}, ${SLOT_OTHER[slot]} and ${name} share a slot`);
  }
}

/**
 * The bits of the tag name html[start, end): its lower-case form compared with the classified names.
 * A name whose last character is not ASCII is lower-cased as tagName() does (U+212A, the Kelvin sign,
 * lower-cases to "k": "mar\u212a" is mark); elsewhere in a name a non-ASCII character matches no
 * classified name either way.
 */
function tagClass(html: string, start: number, end: number): number {
  const len = end - start;
  if (len > MAX_CLASSIFIED || len === 0) return 0;
  const last = html.charCodeAt(end - 1);
  if (last >= 128) return classOfName(tagNameAt(html, start, end));
  const slot = classSlot(len, html.charCodeAt(start) | 0x20, last | 0x20);
  const bits = SLOT_BITS[slot];
  if (bits === 0) return 0;
  if (sameName(html, start, len, SLOT_NAME[slot])) return bits;
  const other = SLOT_OTHER[slot];
  return other !== "" && sameName(html, start, len, other) ? SLOT_OTHER_BITS[slot] : 0;
}

/** html[start, start + len) in lower case is `name` (of that length). */
function sameName(html: string, start: number, len: number, name: string): boolean {
  for (let k = 0; k < len; k++) if (asciiLower(html.charCodeAt(start + k)) !== name.charCodeAt(k)) return false;
  return true;
}

/**
 * The tag name html[start, end) lower-cased (tagNameAt) is `name`: compared in place. Up to its first
 * character past ASCII a name lower-cases one character for one, so a difference before it decides;
 * from there on (lower-casing may change the length) the name is made and compared.
 */
function nameIs(html: string, start: number, end: number, name: string): boolean {
  const len = end - start;
  for (let k = 0; k < len; k++) {
    const c = html.charCodeAt(start + k);
    if (c >= 128) return tagNameAt(html, start, end) === name;
    if (k >= name.length || asciiLower(c) !== name.charCodeAt(k)) return false;
  }
  return len === name.length;
}

function classOfName(name: string): number {
  if (name.length === 0 || name.length > MAX_CLASSIFIED) return 0;
  const slot = classSlot(name.length, name.charCodeAt(0), name.charCodeAt(name.length - 1));
  if (SLOT_BITS[slot] === 0) return 0;
  return SLOT_NAME[slot] === name ? SLOT_BITS[slot] : SLOT_OTHER[slot] === name ? SLOT_OTHER_BITS[slot] : 0;
}

function asciiLower(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/**
 * Inline styles that take an element, or what it holds, out of what is shown: `display:none`,
 * `visibility:hidden` or `collapse` (which is `hidden` outside a table's rows and columns), and
 * `content-visibility:hidden` (the element's box stays, its content is not drawn).
 */
const HIDING_STYLE = /display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)/i;

/**
 * An inline style that hides its element, read as CSS reads declarations: comments are no
 * declarations, the last `display` or `visibility` wins (`display:none;display:block` shows), and a
 * custom property (`--header-display:none`) is not `display`. The words are looked for first: most
 * styles never get this far.
 */
function styleHides(style: string): number {
  // A comment inside the declaration ("display:/**/none") hides as well: the words are then looked for without it.
  if (!HIDING_STYLE.test(style) && (style.indexOf("/*") === -1 || !HIDING_STYLE.test(withoutComments(style)))) return 0;
  let display = "";
  let visibility = "";
  let contentVisibility = "";
  for (const declaration of withoutComments(style).split(";")) {
    const colon = declaration.indexOf(":");
    if (colon === -1) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    if (name !== "display" && name !== "visibility" && name !== "content-visibility") continue;
    const value = declaration.slice(colon + 1).replace(IMPORTANT, "").trim().toLowerCase();
    if (name === "display") display = value;
    else if (name === "visibility") visibility = value;
    else contentVisibility = value;
  }
  if (display === "none" || contentVisibility === "hidden") return HIDES;
  return visibility === "hidden" || visibility === "collapse" ? VEILS : 0;
}

/**
 * An inline style whose last `visibility` is `visible`: inside an element `visibility:hidden` hides,
 * this one is shown (visibility is inherited, and a descendant may set it back: CSS Display 3).
 */
function styleReveals(style: string): boolean {
  if (!REVEALING_STYLE.test(style)) return false;
  let visibility = "";
  for (const declaration of withoutComments(style).split(";")) {
    const colon = declaration.indexOf(":");
    if (colon === -1 || declaration.slice(0, colon).trim().toLowerCase() !== "visibility") continue;
    visibility = declaration.slice(colon + 1).replace(IMPORTANT, "").trim().toLowerCase();
  }
  return visibility === "visible";
}
const REVEALING_STYLE = /visibility\s*:/i;

/**
 * Displays that make a box of its own in the flow (CSS Display 3, block-level): an inline element given
 * one by its inline style is a block edge, as a div is (`<h1><span style="display:block">Why
 * Anvils</span><span style="display:block">Matter Today</span></h1>` shows "Why Anvils Matter Today").
 * Inline-block and inline-flex stay in the line, as `innerText` reads them: two of them side by side
 * touch unless a stylesheet spaces them. The words are looked for first: most styles never get this far.
 */
const BLOCK_STYLE = /display\s*:\s*(?:block|flex|grid|list-item|table|flow|-webkit-box|-webkit-flex|-ms-flexbox|-ms-grid)/i;
const BLOCK_LEVEL = new Set(["block", "flex", "grid", "list-item", "table", "flow", "flow-root", "-webkit-box", "-webkit-flex", "-ms-flexbox", "-ms-grid"]);

/** An inline style whose `display` (the last one, read as styleHides reads it) is block-level. */
function styleBlock(style: string): boolean {
  if (!BLOCK_STYLE.test(style)) return false;
  // A page's block-styled elements mostly repeat one style (a template's): read once.
  if (style === lastBlockStyle) return lastBlockStyleIsBlock;
  lastBlockStyle = style;
  lastBlockStyleIsBlock = blockLevelDisplay(style);
  return lastBlockStyleIsBlock;
}
let lastBlockStyle = "";
let lastBlockStyleIsBlock = false;

/**
 * A block element's inline style keeps it in the line: its `display` (the last one) is inline-level
 * (`inline`, `inline-block`, `inline-flex`, ...). GSAP's SplitText and its like wrap each letter of a
 * heading in `<div style="position:relative;display:inline-block">`: the letters are one word.
 */
function styleInline(style: string): boolean {
  if (!INLINE_STYLE.test(style)) return false;
  const display = lastDisplay(style);
  return display !== null && display.startsWith("inline");
}
const INLINE_STYLE = /display\s*:\s*inline/i;

/** The value of the style's last `display` declaration, lower case, without !important; null when it has none. */
function lastDisplay(style: string): string | null {
  const css = withoutComments(style);
  let last: string | null = null;
  DISPLAY_DECLARATION.lastIndex = 0;
  for (let m = DISPLAY_DECLARATION.exec(css); m !== null; m = DISPLAY_DECLARATION.exec(css)) last = m[1];
  return last === null ? null : last.replace(IMPORTANT, "").trim().toLowerCase();
}

function blockLevelDisplay(style: string): boolean {
  const display = lastDisplay(style);
  if (display === null) return false;
  if (BLOCK_LEVEL.has(display)) return true;
  // Two keywords ("block flex", "flow list-item") are block-level unless one says inline.
  let blockLevel = false;
  for (const word of display.split(/\s+/)) {
    if (word.startsWith("inline") || word === "run-in") return false;
    if (BLOCK_LEVEL.has(word) || word.startsWith("table-")) blockLevel = true;
  }
  return blockLevel;
}
/** A `display` declaration and its value: after the style's start or a `;` (`--x-display` is another property). */
const DISPLAY_DECLARATION = /(?:^|;)\s*display\s*:([^;]*)/gi;

/** CSS comments out, by indexOf (a lazy regex retried from each unclosed `/*` costs the square of the style). */
function withoutComments(style: string): string {
  let open = style.indexOf("/*");
  if (open === -1) return style;
  let out = "";
  let from = 0;
  while (open !== -1) {
    out += style.slice(from, open) + " ";
    const close = style.indexOf("*/", open + 2);
    if (close === -1) return out;
    from = close + 2;
    open = style.indexOf("/*", from);
  }
  return out + style.slice(from);
}
const IMPORTANT = /!\s*important\s*$/i;

/**
 * `tags`: the page's tags as the JSON-LD scan logged them (runtime/extract/tag-log.ts), so that the
 * attributes of every tag are not read twice; without one (or when the log stopped) the page is scanned here.
 */
export function readVisibleText(html: string, tags: TagLog | null = null): VisibleText {
  const reader = new VisibleTextReader(html, tags);
  reader.readUntil(Infinity);
  return { text: reader.text, lang: reader.lang, truncated: reader.truncated };
}

/**
 * The visible text read as far as it is needed: a look-up that finds its value in the text read so far
 * (a product's name in its heading, near the top) leaves the rest of the page unread. The text read so
 * far is always the start of the whole text (readVisibleText's), and reading on gives the same whole.
 */
export class VisibleTextReader {
  /** The page's language (`<html lang>`), lower case, or null. */
  readonly lang: string | null;
  /** The text was cut at MAX_VISIBLE (known once `done`). */
  truncated = false;
  /** The page is read to its end (or to MAX_VISIBLE). */
  done = false;
  readonly #html: string;
  readonly #source: TagSource;
  /**
   * The text read so far: segments of about SEGMENT characters, then the one being read. A page's text
   * is thousands of slices; joined into one rope, its first reader flattens them all into one string,
   * and a string of more than 128 KB costs more to allocate by far (V8 gives it fresh pages of its own):
   * on the bench's large page that flattening cost as much as reading the text.
   */
  readonly #segments: string[] = [];
  /** Characters in #segments. */
  #segmented = 0;
  #current = "";
  /** Characters handed out by takeNew(). */
  #taken = 0;
  #p: number;
  #space = false;
  /** The separator owed is only a blank run's (no block edge): see `blank`. */
  #blank = false;
  /** The last character of the text read so far (see `lastChar`). */
  #lastChar = -1;
  /** An inline element's edge passed since the last words (see `digitEdge`). */
  #digitEdge = false;
  #nextAmp = -1;
  /** The element that hides what follows, while it is open. */
  #hiddenElement: HiddenElement | null = null;
  /**
   * An element its inline style shows again (`visibility: visible`) inside one `visibility:hidden`
   * hides, while it is open, and that hidden element (`#veiled`), which hides what follows it again.
   */
  #revealed: HiddenElement | null = null;
  #veiled: HiddenElement | null = null;
  /** Inside a template or noscript: no text and no tag counts until its first end tag. */
  #skipTo: string | null = null;
  /**
   * Where the page hides what it holds, as read so far: from a hiding element's start tag (or a
   * template's, a noscript's) to its end tag's start.
   */
  readonly #hidden = new HiddenRanges();
  /** The inline elements a style makes blocks, open, and what is open inside them. */
  readonly #blocks = new StyledBlocks();
  /** The shown texts that are all an element holds, as read so far (see elementTexts). */
  readonly #elementTexts = new OffsetPairs();
  /** The last tag read is a start tag: the text run after it, up to the next tag, is an element's whole text. */
  #afterStart = false;
  /** The decimal mark the page's language writes ("." without one): what superscript cents stand for. */
  readonly #centsMark: string;

  /**
   * Where the struck-through elements (STRUCK) read so far start, shown or not, MAX_STRUCK at most: a
   * price found in the text is shown only struck through when these show it and the rest does not
   * (TruthPage.struckTexts).
   */
  readonly struckStarts: number[] = [];

  /**
   * `struckHidden`: struck-through elements (STRUCK) are read as hidden, for the text a page shows
   * beside its former prices (TruthPage.withoutStruck).
   */
  constructor(
    html: string,
    tags: TagLog | null = null,
    private readonly struckHidden = false,
  ) {
    // The head shows nothing: start at <body>. `<html lang>` comes before it and is read on its own. A log
    // made for this page (TruthPage.tagLogFor) starts there already: a long head is not searched twice.
    const logged = tags !== null && tags.html === html && tags.complete;
    const body = logged ? tags.from : bodyStart(html);
    const lang = htmlLang(html, body > 0 ? body : html.length);
    this.lang = lang === null ? null : lang.trim().toLowerCase() || null;
    this.#centsMark = decimalMarkOf(this.lang) === "," ? "," : ".";
    this.#html = html;
    this.#source = logged ? new LoggedTags(tags) : new ScannedTags(html, body);
    this.#p = body;
  }

  /** Characters of text read so far. */
  get length(): number {
    return this.#segmented + this.#current.length;
  }

  /** The text read so far, as one string (a test's view: the look-ups take it in pieces, takeNew). */
  get text(): string {
    return this.#segments.join("") + this.#current;
  }

  /**
   * The text read since the last call, in pieces of about SEGMENT characters at most (none past a
   * segment's end): what a reader of the text lower-cases and appends, without one rope of the page.
   */
  takeNew(): string[] {
    const out: string[] = [];
    let start = 0;
    for (const segment of this.#segments) {
      const end = start + segment.length;
      if (end > this.#taken) out.push(this.#taken > start ? segment.slice(this.#taken - start) : segment);
      start = end;
    }
    if (this.#current.length > 0 && this.length > this.#taken) {
      out.push(this.#taken > start ? this.#current.slice(this.#taken - start) : this.#current);
    }
    this.#taken = this.length;
    return out;
  }

  /**
   * Whether the page hides the element whose start tag is at `offset` (it, or an element it is in, has
   * the `hidden` attribute or a hiding style, or it is in a template or noscript): the walk is read on
   * past that tag first. A Microdata value read from a hidden element's text is no text a reader sees.
   * Past the text's cap (MAX_VISIBLE) nothing is known: false.
   */
  hidesElementAt(offset: number): boolean {
    this.readUntil(0, offset);
    return this.#hidden.holds(offset);
  }

  /**
   * The texts the page shows as the whole text of an element (what runs from a start tag to the next
   * tag, blanks around it left out), as [start, end) offsets into the page's HTML, of ELEMENT_TEXT_MIN
   * to ELEMENT_TEXT_MAX characters, in the text read so far. Only shown ones: not in a hidden element,
   * a template, a noscript or a script.
   */
  elementTexts(): OffsetPairs {
    return this.#elementTexts;
  }

  /**
   * Reads on until the text holds at least `length` characters and the walk is past the tag at
   * `through` (hidesElementAt), or to the end.
   */
  readUntil(length: number, through = -1): void {
    if (this.done) return;
    const html = this.#html;
    const source = this.#source;
    const n = html.length;
    // Raw slices joined by concatenation (V8 keeps them as a rope, flattened once by its first reader),
    // a segment at a time; character references are decoded in the text runs that hold a `&`, as the
    // tokenizer reads them. The walk's state lives in locals (and the helpers' module state) while it
    // runs: the hot loop of a page.
    space = this.#space;
    blank = this.#blank;
    lastChar = this.#lastChar;
    digitEdge = this.#digitEdge;
    nextAmp = this.#nextAmp;
    let text = this.#current;
    let segmented = this.#segmented;
    let hiddenElement = this.#hiddenElement;
    let revealed = this.#revealed;
    let veiled = this.#veiled;
    let skipTo = this.#skipTo;
    let p = this.#p;
    let afterStart = this.#afterStart;
    let finished = false;
    const hidden = this.#hidden;
    const blocks = this.#blocks;
    const elementTexts = this.#elementTexts;
    while (segmented + text.length < length || p <= through) {
      const more = source.next();
      const stop = more ? source.tagStart : n;
      if (hiddenElement === null && skipTo === null && stop > p) {
        if (afterStart) recordElementText(elementTexts, html, p, stop);
        text = appendText(text, html, p, stop);
        if (segmented + text.length > MAX_VISIBLE) {
          this.truncated = true;
          finished = true;
          break;
        }
        if (text.length >= SEGMENT) {
          this.#segments.push(text);
          segmented += text.length;
          text = "";
        }
      }
      if (!more) {
        finished = true;
        break;
      }
      p = source.after;
      afterStart = false;
      // The name as a string only where it is compared with an open element's (inside a hidden or skipped one).
      const cls = source.cls();
      if (skipTo !== null) {
        // Never shown, and its markup read as markup: to the end tag, as the old walk's search for it.
        if (source.isEnd && (cls & IS_SKIPPED) !== 0 && source.nameIs(skipTo)) {
          skipTo = null;
          if (revealed !== null) revealed.end(source.name(), false);
          if (hiddenElement === null) {
            space = true;
            blank = false;
            hidden.close(source.tagStart);
          }
        }
        continue;
      }
      if (revealed !== null && !source.isRawText && (source.isEnd || (cls & IS_SKIPPED) === 0 || source.opensShadowRoot())) {
        // Every tag inside an element shown again tells where it ends (as a hidden element's do), a hidden one inside it or not.
        const inline = (cls & IS_INLINE) !== 0;
        if (source.isEnd ? revealed.end(source.name(), inline) : revealed.start(source.name(), (cls & IS_VOID) === 0 && !closesItself(html, p, source))) {
          revealed = null;
          // What it held hidden ends with it: from here, the element around it hides again (and is told of this tag below).
          if (hiddenElement === null) hidden.open(source.tagStart);
          hiddenElement = veiled;
          veiled = null;
          if (inline) digitEdge = true;
          else {
            space = true;
            blank = false;
          }
        }
      }
      if (source.isEnd) {
        if (hiddenElement !== null) {
          // Its own end tag, or one of an element around it (`<div><p hidden>Sold out</div>`, `<li hidden>Old</ul>`).
          const name = source.name();
          if (hiddenElement.end(name, (cls & IS_INLINE) !== 0)) {
            // The end tag of an element around the hidden one ends it too.
            if (blocks.active && name !== hiddenElement.name) blocks.close(name, (cls & IS_INLINE) !== 0);
            hiddenElement = null;
            hidden.close(source.tagStart);
            space = true;
            blank = false;
          }
        } else if ((cls & IS_INLINE) === 0) {
          // A block's end tag is an edge, unless its style made it inline.
          if (blocks.active && blocks.close(source.name(), false) === INLINED) digitEdge = true;
          else {
            space = true;
            blank = false;
          }
        } else if (blocks.active && blocks.close(source.name(), true) === BLOCK) {
          space = true;
          blank = false;
        } else digitEdge = true;
        continue;
      }
      if (source.isRawText) {
        // Script, style, textarea, title, iframe, ...: the scanner stepped over the content and its end tag.
        if (hiddenElement === null) {
          space = true;
          blank = false;
        }
        continue;
      }
      if ((cls & IS_SKIPPED) !== 0 && !source.opensShadowRoot()) {
        skipTo = source.name();
        if (hiddenElement === null) hidden.open(source.tagStart);
        continue;
      }
      if (hiddenElement !== null) {
        // `<li hidden>a<li>b`, `<p hidden>Sold out<div>`: a start tag that ends the hidden element (its end
        // tag is optional) is itself outside it. `<svg hidden><svg/></svg>`: the inner one is closed already.
        const opens = (cls & IS_VOID) === 0 && !closesItself(html, p, source);
        if (!hiddenElement.start(source.name(), opens)) {
          // Inside an element visibility:hidden hides, one whose inline style sets visibility:visible is shown (one level deep).
          if (!hiddenElement.revealable || revealed !== null || !opens || !source.reveals() || source.shownAs((cls & IS_INLINE) !== 0) === HIDES) continue;
          veiled = hiddenElement;
          revealed = new HiddenElement(source.name(), (cls & IS_INLINE) !== 0);
          if ((cls & IS_INLINE) === 0) {
            space = true;
            blank = false;
          } else digitEdge = true;
        }
        hiddenElement = null;
        hidden.close(source.tagStart);
      }
      afterStart = true;
      if ((cls & IS_STRUCK) !== 0 && this.struckStarts.length < MAX_STRUCK) this.struckStarts.push(source.tagStart);
      if ((cls & IS_VOID) !== 0) {
        if ((cls & IS_INLINE) === 0) {
          space = true;
          blank = false;
        }
        if (source.nameIs("input")) {
          const label = source.buttonLabel();
          if (label !== null && !hides(source.shownAs(false))) {
            text = addWords(text, label);
            space = true;
            blank = false;
            if (segmented + text.length > MAX_VISIBLE) {
              this.truncated = true;
              finished = true;
              break;
            }
          }
        }
        continue;
      }
      let shown = source.shownAs((cls & IS_INLINE) !== 0);
      // A body its own markup hides is a page that a script shows once it loads (the anti-flicker
      // `<body style="visibility:hidden">`), and the search engine renders it: read as shown.
      if (hides(shown) && source.nameIs("body")) shown = 0;
      if (
        hides(shown) ||
        ((cls & IS_UA_HIDDEN) !== 0 && !(source.nameIs("dialog") && source.hasAttribute("open"))) ||
        ((cls & IS_STRUCK) !== 0 && this.struckHidden)
      ) {
        if (closesItself(html, p, source)) continue;
        hiddenElement = new HiddenElement(source.name(), (cls & IS_INLINE) !== 0, shown === VEILS && revealed === null);
        hidden.open(source.tagStart);
        continue;
      }
      if ((shown !== 0 || blocks.active) && !closesItself(html, p, source)) blocks.open(source.name(), shown);
      if (shown === BLOCK) {
        space = true;
        blank = false;
        continue;
      }
      if (shown === INLINED) {
        digitEdge = true;
        continue;
      }
      let mark = this.#centsMark;
      if (
        (!space || blank) &&
        ((cls & IS_SUP) !== 0
          ? centsFollow(html, p)
          : (cls & IS_INLINE) !== 0 && lastChar >= 48 && lastChar <= 57 && centsElement(html, p, source))
      ) {
        // "$19<sup>99</sup>", also with the template's line break or a space before the superscript;
        // "$19<span class="cents">99</span>" (cents-element.ts).
        const digitsEnd = blankAfterDigit(text);
        const before = space;
        const segment = this.#segments.length > 0 ? this.#segments[this.#segments.length - 1] : "";
        mark = digitsEnd >= 0 ? centsMarkAfter(text, digitsEnd, mark) : text === "" ? centsMarkAfter(segment, segment.length, mark) : mark;
        if (digitsEnd >= 0) text = text.slice(0, digitsEnd) + mark;
        else if (text === "" && endsWithDigit(text, this.#segments)) text = mark;
        if (digitsEnd >= 0 || text === mark) lastChar = mark.charCodeAt(0);
        // The blank run owed before the cents is the decimal mark now.
        if (before && (digitsEnd >= 0 || text === mark)) space = blank = false;
      }
      if ((cls & IS_INLINE) === 0) {
        space = true;
        blank = false;
      } else if (lastChar !== mark.charCodeAt(0)) digitEdge = true;
    }
    this.#space = space;
    this.#blank = blank;
    this.#lastChar = lastChar;
    this.#digitEdge = digitEdge;
    this.#nextAmp = nextAmp;
    this.#hiddenElement = hiddenElement;
    this.#revealed = revealed;
    this.#veiled = veiled;
    this.#skipTo = skipTo;
    this.#p = p;
    this.#afterStart = afterStart;
    this.#segmented = segmented;
    if (finished) {
      this.done = true;
      // Segments are only closed below the cap: the cut is in the text being read.
      if (segmented + text.length > MAX_VISIBLE) {
        text = text.slice(0, MAX_VISIBLE - segmented);
        this.truncated = true;
      }
    }
    // White space is left as written: both readers (text-match.ts, price-text.ts) treat any run of it as one.
    this.#current = text;
  }
}

/**
 * Two digits and the superscript's end: shops write "$19<sup>99</sup>" for $19.99 (and "19<sup>99</sup> €",
 * "<sup><span>99</span></sup>", French shops' "19<sup>99 €</sup>" with the currency in the superscript),
 * which read as one number would be 1999, a price the page does not show.
 */
const CENTS_AFTER =
  /[ \t\n\r]*(?:<[a-z][a-z0-9]*(?:[ \t\n\r][^>]*)?>[ \t\n\r]*)?[0-9]{2}(?:[ \t\n\r]|&nbsp;|&#160;)*(?:(?:\u20ac|&euro;|&#8364;|&#x20ac;|\$|\u00a3|&pound;)(?:[ \t\n\r]|&nbsp;|&#160;)*)?(?:<\/[a-z][a-z0-9]*[ \t\n\r]*>[ \t\n\r]*)?<\/sup[ \t\n\r>]/iy;

function centsFollow(html: string, at: number): boolean {
  CENTS_AFTER.lastIndex = at;
  return CENTS_AFTER.test(html);
}

/**
 * Where the text's last ASCII digit ends, when only ASCII blanks follow it (a template's line break
 * between the units and their superscript cents), else -1.
 */
function blankAfterDigit(text: string): number {
  let end = text.length;
  while (end > 0) {
    const c = text.charCodeAt(end - 1);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
    end--;
  }
  const c = text.charCodeAt(end - 1);
  return end > 0 && c >= 48 && c <= 57 ? end : -1;
}

/**
 * The decimal mark superscript cents stand for after the whole units text[0, end) (ending in a digit):
 * the other mark than the one grouping them, when they end in a group ("1.299<sup>99</sup> €" is
 * 1,299.99 on a page without a language or in English, where the page's mark would make it "1.299.99",
 * no number), else the page's language's (`fallback`).
 */
function centsMarkAfter(text: string, end: number, fallback: string): string {
  if (end < 5) return fallback;
  const mark = text.charCodeAt(end - 4);
  if (mark !== 46 /* . */ && mark !== 44 /* , */) return fallback;
  for (const k of [end - 5, end - 3, end - 2, end - 1]) {
    const c = text.charCodeAt(k);
    if (c < 48 || c > 57) return fallback;
  }
  return mark === 46 ? "," : ".";
}

/** The text read so far ends with an ASCII digit (right before the superscript: no separator owed). */
function endsWithDigit(text: string, segments: readonly string[]): boolean {
  const last = text.length > 0 ? text : segments.length > 0 ? segments[segments.length - 1] : "";
  const c = last.charCodeAt(last.length - 1);
  return c >= 48 && c <= 57;
}

/** An inline element of two digits alone, right after digits, that its class or style draws as cents (cents-element.ts). */
function centsElement(html: string, at: number, source: TagSource): boolean {
  const end = endAfterTwoDigits(html, at);
  return end !== null && source.nameIs(end) && source.styledAsCents();
}

/** Characters of an element's whole text recorded (elementTexts), at least and at most, as the HTML writes it. */
export const ELEMENT_TEXT_MIN = 8;
export const ELEMENT_TEXT_MAX = 4_000;

/** html[from, to), the run after a start tag, recorded when it is text only: up to a comment or a lone `<`, blanks trimmed. */
function recordElementText(out: OffsetPairs, html: string, from: number, to: number): void {
  const lt = html.indexOf("<", from);
  if (lt !== -1 && lt < to) to = lt;
  while (from < to && isBlankCode(html.charCodeAt(from))) from++;
  while (to > from && isBlankCode(html.charCodeAt(to - 1))) to--;
  const length = to - from;
  if (length >= ELEMENT_TEXT_MIN && length <= ELEMENT_TEXT_MAX) out.push(from, to);
}

function isBlankCode(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 12;
}

/** Pairs of offsets in a growing typed array: a page's thousands of text runs are no thousands of objects. */
export class OffsetPairs {
  #at = new Int32Array(256);
  #count = 0;

  get length(): number {
    return this.#count / 2;
  }

  push(start: number, end: number): void {
    if (this.#count + 2 > this.#at.length) {
      const grown = new Int32Array(this.#at.length * 2);
      grown.set(this.#at);
      this.#at = grown;
    }
    this.#at[this.#count++] = start;
    this.#at[this.#count++] = end;
  }

  start(i: number): number {
    return this.#at[2 * i];
  }

  end(i: number): number {
    return this.#at[2 * i + 1];
  }
}

/** Names kept inside inline elements a style makes blocks; past this the ends of those open are not told. */
const MAX_STYLED_OPEN = 10_000;

/**
 * The elements open from the outermost inline element whose style makes it a block (`<span
 * style="display:block">`) on, while one is open: its end tag is a block edge as its start tag is, and
 * an inline end tag tells nothing by its name alone. The open elements by name, as the tree builder
 * ends them: an end tag ends its element and what was left open inside it (`<span style="display:block"><b>Why</span>`),
 * an end tag of an element around them all ends them all (a block's, whose edge is owed anyway), and
 * an inline end tag of none of them is stray. A count per name: a stray end tag is not searched for.
 */
class StyledBlocks {
  readonly #names: string[] = [];
  /** Each open element's kind: BLOCK, INLINED, or 0 (an element opened inside one of them). */
  readonly #kinds: number[] = [];
  readonly #open = new Map<string, number>();

  get active(): boolean {
    return this.#names.length > 0;
  }

  /** A start tag of an element while one is open, or of one the style makes a block (BLOCK) or inline (INLINED). */
  open(name: string, kind: number): void {
    // A hostile page's elements left open by the thousand: the edges owed at their ends are let go.
    if (this.#names.length === MAX_STYLED_OPEN) this.#clear();
    if (kind === 0 && this.#names.length === 0) return;
    this.#names.push(name);
    this.#kinds.push(kind);
    this.#open.set(name, (this.#open.get(name) ?? 0) + 1);
  }

  /**
   * An end tag: BLOCK when it ends an element the style makes a block, INLINED when it ends (only) one
   * the style makes inline (`<div style="display:inline-block">`: no edge at its end), else 0.
   */
  close(name: string, inline: boolean): number {
    if ((this.#open.get(name) ?? 0) === 0) {
      if (!inline) this.#clear();
      return 0;
    }
    let ended = false;
    for (;;) {
      const top = this.#names.pop()!;
      const kind = this.#kinds.pop()!;
      if (kind === BLOCK) ended = true;
      const count = this.#open.get(top)!;
      if (count === 1) this.#open.delete(top);
      else this.#open.set(top, count - 1);
      if (top === name) return ended ? BLOCK : kind === INLINED ? INLINED : 0;
    }
  }

  #clear(): void {
    this.#names.length = 0;
    this.#kinds.length = 0;
    this.#open.clear();
  }
}

/** The end of a hidden range not closed yet (VisibleTextReader's #hidden). */
const OPEN = -1;

/**
 * Where a page hides what it holds: [start, end) pairs of source offsets in page order, apart (one
 * starts only outside the others), the last one's end OPEN while it is open. In a typed array: a page
 * of 100,000 hidden elements records them all, and on the bench machine a JavaScript array of that
 * many numbers took the walk from 28 to 55 ms, this one to 37.
 */
class HiddenRanges {
  #at = new Int32Array(64);
  #count = 0;

  open(start: number): void {
    if (this.#count + 2 > this.#at.length) {
      const grown = new Int32Array(this.#at.length * 2);
      grown.set(this.#at);
      this.#at = grown;
    }
    this.#at[this.#count++] = start;
    this.#at[this.#count++] = OPEN;
  }

  close(end: number): void {
    this.#at[this.#count - 1] = end;
  }

  /** `offset` is in a range: the last one starting at or before it (a binary search) holds it. */
  holds(offset: number): boolean {
    const at = this.#at;
    let lo = 0;
    let hi = this.#count / 2 - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (at[2 * mid] <= offset) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found === -1) return false;
    const end = at[2 * found + 1];
    return end === OPEN || offset < end;
  }
}

/**
 * Characters per segment of the text read (VisibleTextReader): well under what V8 allocates on pages of
 * their own (128 KB, 64 K characters of a two-byte string), and large enough to be few.
 */
const SEGMENT = 8192;

/** The tags of the body, one after the other: where each starts, where reading goes on after it, what it is. */
interface TagSource {
  next(): boolean;
  tagStart: number;
  /** After the tag (after a raw-text element's content and end tag). */
  after: number;
  isEnd: boolean;
  isRawText: boolean;
  name(): string;
  /** name() === lowerCaseName, without making the string. */
  nameIs(lowerCaseName: string): boolean;
  /** The name's IS_* bits (tagClass). */
  cls(): number;
  /**
   * HIDES: a start tag with the `hidden` attribute or a hiding inline style; BLOCK: an inline element
   * (`inline`) whose inline style gives it a block-level display; else 0.
   */
  shownAs(inline: boolean): number;
  /** A `<template shadowrootmode>`: its content is what its host shows, not an inert template's. */
  opensShadowRoot(): boolean;
  /** The start tag has the attribute (any value): a dialog's `open`. */
  hasAttribute(lowerCaseName: string): boolean;
  /** The start tag's class or inline style draws its content as cents (cents-element.ts). */
  styledAsCents(): boolean;
  /** An input's label as a button (button-label.ts), or null. */
  buttonLabel(): string | null;
  /** The start tag's inline style sets `visibility: visible` (styleReveals). */
  reveals(): boolean;
}

/**
 * Tags read from the page by the tokenizer. From the page's start, as the JSON-LD scan reads it (a
 * `<body` inside a head script is script text, not a tag to start reading at); tags before `from` are passed over.
 */
class ScannedTags implements TagSource {
  readonly #scanner: HtmlScanner;
  readonly #from: number;
  tagStart = 0;
  after = 0;
  isEnd = false;
  isRawText = false;

  constructor(html: string, from: number) {
    this.#scanner = new HtmlScanner(html);
    this.#from = from;
  }

  next(): boolean {
    const s = this.#scanner;
    do if (!s.next()) return false;
    while (s.tagStart < this.#from);
    this.tagStart = s.tagStart;
    this.after = s.pos;
    this.isEnd = s.isEndTag;
    this.isRawText = s.rawText !== null;
    return true;
  }

  name(): string {
    return this.#scanner.tagName();
  }

  nameIs(lowerCaseName: string): boolean {
    return nameIs(this.#scanner.html, this.#scanner.nameStart, this.#scanner.nameEnd, lowerCaseName);
  }

  cls(): number {
    return tagClass(this.#scanner.html, this.#scanner.nameStart, this.#scanner.nameEnd);
  }

  shownAs(inline: boolean): number {
    return this.#scanner.attrCount > 0 ? shownAs(this.#scanner, inline) : 0;
  }

  opensShadowRoot(): boolean {
    return this.#scanner.attrCount > 0 && opensShadowRoot(this.#scanner);
  }

  hasAttribute(lowerCaseName: string): boolean {
    return this.#scanner.attrCount > 0 && hasAttribute(this.#scanner, lowerCaseName);
  }

  styledAsCents(): boolean {
    return this.#scanner.attrCount > 0 && styledAsCents(this.#scanner);
  }

  buttonLabel(): string | null {
    return this.#scanner.attrCount > 0 ? buttonLabel(this.#scanner) : null;
  }

  reveals(): boolean {
    return this.#scanner.attrCount > 0 && reveals(this.#scanner);
  }
}

/** Tags replayed from the JSON-LD scan's log; a tag that may hide is read again, alone. */
class LoggedTags implements TagSource {
  readonly #log: TagLog;
  #i = -1;
  #nameEnd = 0;
  #flags = 0;
  #scanner: HtmlScanner | null = null;
  tagStart = 0;
  after = 0;
  isEnd = false;
  isRawText = false;

  #chunkIndex = 0;
  #chunk: Int32Array;
  /** Where the next tag's numbers start in #chunk. */
  #at = 0;
  /** The log is read once the scan that kept it is over: its count no longer changes. */
  readonly #count: number;

  constructor(log: TagLog) {
    this.#log = log;
    this.#chunk = log.chunks[0];
    this.#count = log.count;
  }

  next(): boolean {
    if (++this.#i >= this.#count) return false;
    let d = this.#chunk;
    let o = this.#at;
    if (o === d.length) {
      d = this.#chunk = this.#log.chunks[++this.#chunkIndex];
      o = 0;
    }
    this.#at = o + NUMBERS_PER_TAG;
    this.tagStart = d[o];
    this.after = d[o + 1];
    this.#nameEnd = d[o + 2];
    this.#flags = d[o + 3];
    this.isEnd = (this.#flags & TAG_END) !== 0;
    this.isRawText = (this.#flags & TAG_RAW_TEXT) !== 0;
    return true;
  }

  /** The current tag read again, alone, by a scanner of its own: null when it has no attributes. */
  #withAttributes(): HtmlScanner | null {
    const s = (this.#scanner ??= new HtmlScanner(this.#log.html));
    s.pos = this.tagStart;
    return s.next() && s.tagStart === this.tagStart && s.attrCount > 0 ? s : null;
  }

  name(): string {
    return tagNameAt(this.#log.html, this.tagStart + (this.isEnd ? 2 : 1), this.#nameEnd);
  }

  nameIs(lowerCaseName: string): boolean {
    return nameIs(this.#log.html, this.tagStart + (this.isEnd ? 2 : 1), this.#nameEnd, lowerCaseName);
  }

  cls(): number {
    return tagClass(this.#log.html, this.tagStart + (this.isEnd ? 2 : 1), this.#nameEnd);
  }

  shownAs(inline: boolean): number {
    // The log flags the hidden attribute and the styles that may hide or set a display (html-scan.ts: mayHide).
    if ((this.#flags & TAG_HIDDEN_OR_STYLE) === 0) return 0;
    const s = this.#withAttributes();
    return s === null ? 0 : shownAs(s, inline);
  }

  opensShadowRoot(): boolean {
    // Only template and noscript tags ask (few on a page): the log keeps no flag for it.
    const s = this.#withAttributes();
    return s !== null && opensShadowRoot(s);
  }

  hasAttribute(lowerCaseName: string): boolean {
    // Only dialog tags ask: the tag is read again, alone.
    const s = this.#withAttributes();
    return s !== null && hasAttribute(s, lowerCaseName);
  }

  styledAsCents(): boolean {
    // Only inline tags of two digits right after digits ask: the tag is read again, alone.
    const s = this.#withAttributes();
    return s !== null && styledAsCents(s);
  }

  buttonLabel(): string | null {
    // Only input tags ask: the tag is read again, alone.
    const s = this.#withAttributes();
    return s === null ? null : buttonLabel(s);
  }

  reveals(): boolean {
    // Only start tags inside an element visibility:hidden hides ask; the log flags their styles that name visibility.
    if ((this.#flags & TAG_HIDDEN_OR_STYLE) === 0) return false;
    const s = this.#withAttributes();
    return s !== null && reveals(s);
  }
}

/** The tag's inline style sets `visibility: visible` (the last style attribute read, as shownAs reads it). */
function reveals(scanner: HtmlScanner): boolean {
  let shown = false;
  do {
    for (let k = 0; k < scanner.attrCount; k++) if (scanner.attributeIs(k, "style")) shown = styleReveals(scanner.attributeValue(k));
  } while (scanner.moreAttributes());
  return shown;
}

/**
 * The text between two tags, added to `text`: indentation (most text nodes of a page) as one space.
 * The stretch may hold what the tokenizer skipped (comments, `<!DOCTYPE>`, `<?...>`, `</ ...>`):
 * read token by token, those leave nothing, a lone `<` stays text.
 */
function appendText(text: string, html: string, from: number, to: number): string {
  let lt = html.indexOf("<", from);
  while (lt !== -1 && lt < to) {
    if (lt > from) text = addRun(text, html, from, lt);
    // A tag cut off by the end of the page: the tokenizer drops it and the rest of the page.
    if (!token.read(html, lt)) return text;
    if (token.kind === TEXT_LT) text = addWords(text, "<");
    from = Math.min(token.end, to);
    lt = html.indexOf("<", from);
  }
  if (to > from) text = addRun(text, html, from, to);
  return text;
}

/**
 * A separator owed before the next words: block edges and blank runs set it, words pay it once. Both
 * readers take any run of white space as one separator, so a page's thousands of block tags and
 * indentations need not each add a piece to the text (each piece is a node of V8's rope to flatten).
 */
let space = false;

/**
 * The separator owed comes from blank runs only, no block edge: inline markup on one line of the
 * rendering ("<span>19</span>\n  <sup>99</sup>" shows "19 ⁹⁹", superscript cents).
 */
let blank = false;

function addRun(text: string, html: string, from: number, to: number): string {
  if (isBlank(html, from, to)) {
    if (!space) blank = true;
    space = true;
    return text;
  }
  return addWords(text, textRun(html, from, to));
}

/**
 * The last character of the text read so far (-1: none), kept as the text grows: reading it from the
 * text would flatten V8's rope of the text each time, and a stretch between two tags of a hundred
 * thousand lone `<` and blanks ("< < < ...") added a word at a time cost the square of its length
 * (21 s for 320 KB).
 */
let lastChar = -1;

/**
 * An inline element's edge was passed since the last words. Between two digits it separates: pages
 * set numbers side by side in elements a stylesheet spaces (a flex row's "<span>4.8</span><span>1,234
 * reviews</span>", a sale price and the struck-through one before it), and one number is rarely cut
 * into elements without a mark between its parts (superscript cents are read as such before this).
 * Between letters it does not: "<span class=dropcap>E</span>xecutive" is one word.
 */
let digitEdge = false;

function addWords(text: string, words: string): string {
  const first = words.charCodeAt(0);
  const owed = space;
  const edge = digitEdge;
  space = false;
  digitEdge = false;
  const joined = lastChar;
  lastChar = words.charCodeAt(words.length - 1);
  if (!owed && edge && isDecimalDigit(joined) && isDecimalDigit(first)) return text + " " + words;
  if (owed) {
    // Chinese, Japanese and Thai put no spaces between words: a line break or block edge inside a name
    // ("プロ用<br>金床セット", a phone layout's break) splits no word a reader sees.
    if (joined !== -1 && unspaced(joined) && unspaced(first)) return text + words;
    return text + " " + words;
  }
  return text + words;
}

/**
 * A decimal digit: 0-9 or one of another script's (DIGIT_ZEROS: "<span>٤٫٨</span><span>١٬٢٣٤</span>"
 * is two numbers as "<span>4.8</span><span>1,234</span>" is).
 */
function isDecimalDigit(c: number): boolean {
  if (c >= 48 && c <= 57) return true;
  if (c < 0x0660) return false;
  for (const zero of DIGIT_ZEROS) if (c >= zero && c <= zero + 9) return true;
  return false;
}

const token = new MarkupToken();

/**
 * The page's next `&` at or after the last text run read (-1: not looked for yet in this page, or none
 * left: html.length). Decoding per run rather than over the joined text reads the text once instead of
 * twice, and a reference never spans a tag (`&am<b>p;` is no `&amp;`), as the tokenizer reads it.
 */
let nextAmp = -1;

/** html[from, to), character references decoded when the run holds a `&`. */
function textRun(html: string, from: number, to: number): string {
  if (nextAmp < from) {
    nextAmp = html.indexOf("&", from);
    if (nextAmp === -1) nextAmp = html.length;
  }
  return nextAmp < to ? decodeEntities(html.slice(from, to)) : html.slice(from, to);
}


function isBlank(html: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = html.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13) return false;
  }
  return true;
}


/** Where the visible text starts: the `<body` tag (the head shows nothing), or the page's start. */
export function bodyStart(html: string): number {
  const lower = html.indexOf("<body");
  const i = lower !== -1 ? lower : html.indexOf("<BODY");
  return i === -1 ? 0 : i;
}

/** `<html lang>` (or xml:lang): the html start tag opens the page, so only its first few kilobytes are read. */
function htmlLang(html: string, end: number): string | null {
  const tag = HTML_TAG.exec(html.slice(0, Math.min(end, 8192)));
  if (tag === null) return null;
  const lang = LANG.exec(tag[0]);
  return lang === null ? null : decodeEntities(lang[1] ?? lang[2] ?? lang[3] ?? "", true);
}
const HTML_TAG = /<html\b[^>]*>/i;
const LANG = /\s(?:xml:)?lang\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/**
 * `hidden="until-found"`: collapsed, as an accordion's panel, and shown when a reader opens it or finds
 * its text in the page (the HTML standard's hidden-until-found state). A click away, as a closed
 * `<details>` element's content: shown. The browser gives it `content-visibility: hidden`, not
 * `display: none`, so a rendered page reads it the same way.
 */
const UNTIL_FOUND = /^until-found$/i;

/**
 * React's streamed server rendering (React 18 and later, Next.js's App Router): a part of the page that
 * finished after its place was sent arrives at the end as `<div hidden id="S:0">` (after an optional
 * identifierPrefix that ends in no letter or digit: "FAQS:3" is no segment), and the page's own inline script (`$RC("B:0","S:0")`) moves it into its
 * place as the page loads. The search engine renders the page: that content is shown.
 */
const REACT_STREAMED_SEGMENT = /(?:^|[^A-Za-z0-9])S:[0-9a-f]+$/;

/** What shownAs tells of a start tag. */
const HIDES = 1;
const BLOCK = 2;
/** A block element whose inline style keeps it in the line (`display:inline-block`: a text-splitting library's letters). */
const INLINED = 3;
/** Hidden by its inline `visibility:hidden` (or `collapse`) alone: a descendant may show itself again (styleReveals). */
const VEILS = 4;

const hides = (shown: number): boolean => shown === HIDES || shown === VEILS;

function shownAs(scanner: HtmlScanner, inline: boolean): number {
  let hiddenAttribute = false;
  let styleHidden = 0;
  let block = false;
  let inlined = false;
  let streamedSegment = false;
  let shownOnClick = false;
  let id: string | null = null;
  do {
    for (let k = 0; k < scanner.attrCount; k++) {
      if (scanner.attributeIs(k, "hidden") && !UNTIL_FOUND.test(scanner.attributeValue(k))) hiddenAttribute = true;
      else if (scanner.attributeIs(k, "style")) {
        const style = scanner.attributeValue(k);
        const hiding = styleHides(style);
        if (hiding !== 0) styleHidden = styleHidden === HIDES ? HIDES : hiding;
        else if (inline ? styleBlock(style) : styleInline(style)) {
          if (inline) block = true;
          else inlined = true;
        }
      }
      else if (scanner.attributeIs(k, "id")) {
        id = scanner.attributeValue(k);
        if (REACT_STREAMED_SEGMENT.test(id)) streamedSegment = true;
      } else if (scanner.attributeIs(k, "x-show")) shownOnClick = true;
    }
  } while (scanner.moreAttributes());
  if (styleHidden === 0 && (!hiddenAttribute || streamedSegment)) return block ? BLOCK : inlined ? INLINED : 0;
  if (!shownOnClick && (id === null || !opensOnClick(scanner.html, id.trim()))) return styleHidden === VEILS && !hiddenAttribute ? VEILS : HIDES;
  return block ? BLOCK : inlined ? INLINED : 0;
}

/**
 * A collapsed panel that a control on the page opens: an element whose id an `aria-controls` names
 * (the ARIA accordion and tabs patterns: `<button aria-expanded="false" aria-controls="faq-2">` over
 * `<div id="faq-2" hidden>`, or a script's `style="display:none"`), or the one a Bootstrap or jQuery
 * control without ARIA names: `data-toggle` or `data-bs-toggle` "collapse", "tab" or "pill", with its
 * `data-bs-target`, `data-target` or else `href` "#id" (`<a data-toggle="collapse" href="#faq2">`). A
 * click away, as a closed `<details>` element's content or `hidden="until-found"`: shown. Only a panel
 * the page says it opens, by one id (a selector such as ".multi-collapse" names no panel here), or one
 * whose own `x-show` says a script shows it (Alpine.js: the accordions and tabs of Magento's Hyvä
 * themes, `<div x-show="open" style="display:none">`); any other hidden element stays hidden.
 */
function opensOnClick(html: string, id: string): boolean {
  return expandablePanels(html).has(id) || toggledPanels(html).has(id);
}

/**
 * The ids the page's `aria-controls` name: read once, on the page's first hidden element with an id,
 * and at most MAX_CONTROLLED of them.
 */
function expandablePanels(html: string): Set<string> {
  if (controlledIn === html && controlled !== null) return controlled;
  const ids = new Set<string>();
  controlledIn = html;
  controlled = ids;
  // Most pages have none: a native search before the case-blind one.
  if (html.indexOf("aria-controls") === -1 && html.indexOf("ARIA-") === -1 && html.indexOf("Aria-") === -1) return ids;
  ARIA_CONTROLS.lastIndex = 0;
  for (let m = ARIA_CONTROLS.exec(html); m !== null && ids.size < MAX_CONTROLLED; m = ARIA_CONTROLS.exec(html)) {
    for (const id of decodeEntities(m[1] ?? m[2] ?? m[3] ?? "", true).split(/[ \t\n\r\f]+/)) if (id !== "") ids.add(id);
  }
  return ids;
}
const ARIA_CONTROLS = /\saria-controls\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const MAX_CONTROLLED = 10_000;
/** The page the controlled ids were read from, and those ids (one page at a time: the last one read). */
let controlledIn: string | null = null;
let controlled: Set<string> | null = null;

/**
 * The ids the page's collapse and tab controls name: read once, on the page's first hidden element
 * with an id that no `aria-controls` names, and at most MAX_CONTROLLED of them. Half the pages have
 * such an element (a modal, a menu) and few a control: the pass of the case-blind pattern over every
 * one of them cost a quarter of the walk, so a native search for `ggle=` decides first: the name in
 * lower or upper case, with its `=` right after it, as Bootstrap's markup writes it.
 */
function toggledPanels(html: string): Set<string> {
  if (toggledIn === html && toggled !== null) return toggled;
  const ids = new Set<string>();
  toggledIn = html;
  toggled = ids;
  if (html.indexOf("ggle=") === -1 && html.indexOf("GGLE=") === -1) return ids;
  // The first `<` after the last toggle read: a toggle before it is in the same tag or text, read
  // already (a script of 100,000 such words is not searched back from each).
  let nextLt = -1;
  DATA_TOGGLE.lastIndex = 0;
  for (let m = DATA_TOGGLE.exec(html); m !== null && ids.size < MAX_CONTROLLED; m = DATA_TOGGLE.exec(html)) {
    if (nextLt > m.index) continue;
    nextLt = html.indexOf("<", m.index);
    if (nextLt === -1) nextLt = html.length;
    const scanner = tagAround(html, m.index);
    const id = scanner === null ? null : toggledId(scanner);
    if (id !== null) ids.add(id);
  }
  return ids;
}
const DATA_TOGGLE = /\sdata-(?:bs-)?toggle=(?:"(?:collapse|tab|pill)"|'(?:collapse|tab|pill)'|(?:collapse|tab|pill)(?=[\s/>]))/gi;
/** The page the toggled ids were read from, and those ids (one page at a time: the last one read). */
let toggledIn: string | null = null;
let toggled: Set<string> | null = null;
/** Characters looked back for a control's `<`: a tag longer than this is no control. */
const MAX_CONTROL_TAG = 2_048;

/**
 * The start tag html[at] is in, read whole (a scanner on it), or null: no `<` within MAX_CONTROL_TAG
 * characters before, or `at` is not inside the tag that starts there (it is in a text, a script, a comment).
 */
function tagAround(html: string, at: number): HtmlScanner | null {
  const stop = Math.max(0, at - MAX_CONTROL_TAG);
  let lt = at;
  while (lt >= stop && html.charCodeAt(lt) !== 60 /* < */) lt--;
  if (lt < stop) return null;
  const scanner = toggleScanner !== null && toggleScanner.html === html ? toggleScanner : (toggleScanner = new HtmlScanner(html));
  scanner.pos = lt;
  return scanner.next() && scanner.tagStart === lt && !scanner.isEndTag && scanner.tagEnd > at ? scanner : null;
}
let toggleScanner: HtmlScanner | null = null;

/**
 * The panel a collapse or tab control names, as Bootstrap reads it: its `data-bs-target` or
 * `data-target`, else its `href`, when that is one id ("#faq2"); null for another selector, or none.
 */
function toggledId(scanner: HtmlScanner): string | null {
  let target: string | null = null;
  let href: string | null = null;
  do {
    for (let k = 0; k < scanner.attrCount; k++) {
      if (scanner.attributeIs(k, "data-bs-target") || scanner.attributeIs(k, "data-target")) target ??= scanner.attributeValue(k);
      else if (scanner.attributeIs(k, "href")) href ??= scanner.attributeValue(k);
    }
  } while (scanner.moreAttributes());
  const selector = decodeEntities(target !== null && target.trim() !== "" && target.trim() !== "#" ? target : (href ?? ""), true).trim();
  const id = ONE_ID.exec(selector);
  return id === null ? null : id[1];
}
/** "#id": one id, no other selector (`#a, #b`, `#a .b`, `#a > p`). */
const ONE_ID = /^#([^\s#.,:>+~*[\]()'"\\]+)$/;

/**
 * Declarative shadow DOM (`<template shadowrootmode="open">`, as server-rendered web components write
 * it): the parser attaches the template's content to its host as a shadow root, and the browser shows
 * it. An ordinary template, or one with the older `shadowroot` attribute browsers no longer read, stays inert.
 */
function opensShadowRoot(scanner: HtmlScanner): boolean {
  do {
    for (let k = 0; k < scanner.attrCount; k++) {
      if (scanner.attributeIs(k, "shadowrootmode")) return SHADOW_ROOT_MODE.test(scanner.attributeValue(k));
    }
  } while (scanner.moreAttributes());
  return false;
}
const SHADOW_ROOT_MODE = /^(?:open|closed)$/i;

function hasAttribute(scanner: HtmlScanner, lowerCaseName: string): boolean {
  do {
    for (let k = 0; k < scanner.attrCount; k++) if (scanner.attributeIs(k, lowerCaseName)) return true;
  } while (scanner.moreAttributes());
  return false;
}
