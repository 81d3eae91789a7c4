/**
 * Text of HTML source: character references decoded, and an element's text content read from its
 * source slice (tags and comments dropped, script and style content left out, whitespace collapsed).
 *
 * Whitespace is collapsed and trimmed because every consumer of the value (the search engine, the
 * peers' extractors) does so; the standard's textContent would keep the page's indentation.
 */
import { decodeHTMLStrict } from "entities";
import { BinTrieFlags, determineBranch, htmlDecodeTree } from "entities/lib/decode.js";
import { END_TAG, MarkupToken, START_TAG, TEXT_LT, tagNameAt } from "./html-scan.ts";
import { VOID } from "./void-elements.ts";

/**
 * The named references real pages use in attribute values and item text; others stay as written. No
 * prototype: `&constructor;` is no reference (with one it read as "function Object() { [native code] }").
 */
const NAMED: Record<string, string | undefined> = Object.assign(Object.create(null) as Record<string, string>, {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", copy: "\u00a9", reg: "\u00ae", trade: "\u2122",
  hellip: "\u2026", mdash: "\u2014", ndash: "\u2013", lsquo: "\u2018", rsquo: "\u2019", ldquo: "\u201c", rdquo: "\u201d",
  laquo: "\u00ab", raquo: "\u00bb", euro: "\u20ac", pound: "\u00a3", yen: "\u00a5", cent: "\u00a2", deg: "\u00b0",
  middot: "\u00b7", bull: "\u2022", times: "\u00d7", frac12: "\u00bd", frac14: "\u00bc", frac34: "\u00be", sol: "/",
  plus: "+", semi: ";", colon: ":", comma: ",", period: ".", num: "#", excl: "!", quest: "?", lpar: "(", rpar: ")",
  eacute: "\u00e9", egrave: "\u00e8", agrave: "\u00e0", aacute: "\u00e1", ccedil: "\u00e7", ouml: "\u00f6", uuml: "\u00fc", auml: "\u00e4", szlig: "\u00df",
  iacute: "\u00ed", oacute: "\u00f3", uacute: "\u00fa", ntilde: "\u00f1", ecirc: "\u00ea", acirc: "\u00e2", ocirc: "\u00f4",
});

/**
 * The names HTML decodes without their `;` (the standard's legacy references: Latin-1 and the five of
 * markup). Any other name needs its `;`: "&lang=en" in a link, "&image=large", "&euro 12" are text as
 * a browser shows them, not ⟨ ℑ €.
 */
const WITHOUT_SEMICOLON = new Set(
  ("AElig AMP Aacute Acirc Agrave Aring Atilde Auml COPY Ccedil ETH Eacute Ecirc Egrave Euml GT Iacute Icirc Igrave Iuml LT " +
    "Ntilde Oacute Ocirc Ograve Oslash Otilde Ouml QUOT REG THORN Uacute Ucirc Ugrave Uuml Yacute aacute acirc acute aelig agrave " +
    "amp aring atilde auml brvbar ccedil cedil cent copy curren deg divide eacute ecirc egrave eth euml frac12 frac14 frac34 gt " +
    "iacute icirc iexcl igrave iquest iuml laquo lt macr micro middot nbsp not ntilde oacute ocirc ograve ordf ordm oslash otilde " +
    "ouml para plusmn pound quot raquo reg sect shy sup1 sup2 sup3 szlig thorn times uacute ucirc ugrave uml uuml yacute yen yuml").split(" "),
);

/**
 * What `text.replace(/&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));?/g, ...)`
 * gives, found by indexOf and read by hand: a global regex over a page's text costs a pass of the
 * regex engine over every character, and an anchored regex per `&` a match object with its captures
 * (250 ns a reference; pages write `&nbsp;` and `&euro;` by the hundred). Same matches: every match
 * starts at a `&`, and the search goes on after a match, or after a `&` that starts none.
 */
export function decodeEntities(text: string, inAttribute = false): string {
  return decodeIn(text, inAttribute ? IN_ATTRIBUTE : IN_TEXT);
}

/** Where references are read, which decides how one without its `;` ends (referenceAt). */
const IN_TEXT = 0;
const IN_ATTRIBUTE = 1;
/**
 * An item's text (textContent): as IN_TEXT, and a name that is no reference whole may start with a
 * legacy one, which ends there (legacyPrefix). Only the items' values read so: the page's visible text
 * and JSON-LD values keep the regex's matches above, which their own checks compare by.
 */
const IN_ELEMENT_TEXT = 2;
type ReadingMode = typeof IN_TEXT | typeof IN_ATTRIBUTE | typeof IN_ELEMENT_TEXT;

function decodeIn(text: string, mode: ReadingMode): string {
  let amp = text.indexOf("&");
  if (amp === -1) return text;
  let out = "";
  let from = 0;
  while (amp !== -1) {
    const value = referenceAt(text, amp, mode);
    if (value === null) {
      amp = text.indexOf("&", amp + 1);
      continue;
    }
    out += text.slice(from, amp) + value;
    from = referenceEnd;
    amp = text.indexOf("&", from);
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * What a numeric reference in 0x80-0x9F stands for: HTML reads it as the Windows-1252 character of
 * that byte (pages saved from old editors write "&#150;" for "–" and "&#154;" for "š"), not as the C1
 * control of that code point. 0: the code point itself (the five bytes Windows-1252 leaves unused).
 */
const WINDOWS_1252 = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
  0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

/** Where the reference read by the last referenceAt that found one ends. */
let referenceEnd = 0;

/**
 * The reference at `amp` (a `&`) decoded, or null when none starts there; its end in referenceEnd. As
 * the regex above reads it: `#x` and 1-6 hex digits, `#` and 1-7 digits, or a letter and 1-31 letters
 * or digits (as many as there are, up to those counts), then an optional `;`. A name in neither table
 * is none (null): it stays as written, and no string is made for it; IN_ELEMENT_TEXT, the legacy name it
 * starts with is one.
 */
function referenceAt(text: string, amp: number, mode: ReadingMode): string | null {
  const n = text.length;
  let i = amp + 1;
  if (i >= n) return null;
  let c = text.charCodeAt(i);
  let value: string;
  if (c === 35 /* # */) {
    i++;
    c = i < n ? text.charCodeAt(i) : -1;
    let code = 0;
    let digits = 0;
    if ((c | 0x20) === 120 /* x */ && i + 1 < n && hexValue(text.charCodeAt(i + 1)) !== -1) {
      i++;
      for (let h = hexValue(text.charCodeAt(i)); h !== -1 && digits < 6; h = i < n ? hexValue(text.charCodeAt(i)) : -1) {
        code = code * 16 + h;
        digits++;
        i++;
      }
    } else {
      for (; i < n && digits < 7; i++, digits++) {
        const d = text.charCodeAt(i) - 48;
        if (d < 0 || d > 9) break;
        code = code * 10 + d;
      }
      if (digits === 0) return null;
    }
    const windows1252 = code >= 0x80 && code <= 0x9f ? WINDOWS_1252[code - 0x80] : 0;
    value = code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? "\ufffd" : String.fromCodePoint(windows1252 || code);
  } else {
    if (!isAsciiLetter(c)) return null;
    let end = i + 1;
    while (end < n && end - i < 32 && isAsciiAlnum(text.charCodeAt(end))) end++;
    if (end - i < 2) return null;
    const name = text.slice(i, end);
    i = end;
    const named = NAMED[name] ?? fromFullTable(name) ?? NAMED[name.toLowerCase()];
    const semicolon = i < n && text.charCodeAt(i) === 59; /* ; */
    if (named === undefined || (!semicolon && !WITHOUT_SEMICOLON.has(name))) {
      if (mode !== IN_ELEMENT_TEXT) return null;
      const legacy = legacyPrefix(name);
      if (legacy === 0) return null;
      referenceEnd = amp + 1 + legacy;
      return NAMED[name.slice(0, legacy)] ?? fromFullTable(name.slice(0, legacy))!;
    }
    // Without its `;`, only a legacy name is a reference, and in an attribute not before `=`
    // (HTML's named character reference state: "?id=1&copy=2" keeps its query).
    if (!semicolon && mode === IN_ATTRIBUTE && i < n && text.charCodeAt(i) === 61 /* = */) return null;
    value = named;
  }
  if (i < n && text.charCodeAt(i) === 59 /* ; */) i++;
  referenceEnd = i;
  return value;
}

/** The legacy names' longest. */
const MAX_LEGACY_NAME = 6;

/**
 * The length of the longest legacy name `name` starts with, 0 for none. In text HTML reads the longest
 * name of its table it finds, and a legacy one needs no `;` after it: "&copy2024" is "©2024",
 * "Fish&ampChips" "Fish&Chips", as a browser shows them (in an attribute they stay as written).
 */
function legacyPrefix(name: string): number {
  for (let length = Math.min(MAX_LEGACY_NAME, name.length - 1); length >= 2; length--) {
    if (WITHOUT_SEMICOLON.has(name.slice(0, length))) return length;
  }
  return 0;
}

/** Names of the standard's table that NAMED does not list, with what they decode to (at most the table's 2,231). */
const FULL_TABLE_SEEN = new Map<string, string>();

/**
 * A name of the standard's table of 2,231 references that NAMED does not list (`&aring;`, `&oslash;`,
 * `&atilde;`, `&Ouml;`, `&rsaquo;`), decoded through `entities`, the table parse5 and htmlparser2 decode
 * with. A name is first walked through that package's trie of the names, character by character, which
 * turns a made-up one away without a string or a decoder (a page can hold hundreds of thousands). Only a
 * whole name counts: the standard reads `&notit;` as `¬` and "it;", which no page means.
 */
function fromFullTable(name: string): string | undefined {
  const seen = FULL_TABLE_SEEN.get(name);
  if (seen !== undefined) return seen;
  if (!inTable(name)) return undefined;
  const reference = `&${name};`;
  const decoded = decodeHTMLStrict(reference);
  if (decoded === reference || decoded.endsWith(";")) return undefined;
  FULL_TABLE_SEEN.set(name, decoded);
  return decoded;
}

/** `name` and a `;` are a path of the names' trie (as entities' EntityDecoder steps through it). */
function inTable(name: string): boolean {
  let node = 0;
  for (let k = 0; k <= name.length; k++) {
    const current = htmlDecodeTree[node];
    const valueLength = (current & BinTrieFlags.VALUE_LENGTH) >> 14;
    node = determineBranch(htmlDecodeTree, current, node + Math.max(1, valueLength), k < name.length ? name.charCodeAt(k) : 59);
    if (node < 0) return false;
  }
  return true;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 0x20;
  return l >= 97 && l <= 102 ? l - 87 : -1;
}

function isAsciiLetter(c: number): boolean {
  const l = c | 0x20;
  return l >= 97 && l <= 122;
}

function isAsciiAlnum(c: number): boolean {
  return isAsciiLetter(c) || (c >= 48 && c <= 57);
}

/** Longest text value kept; the rest of a long article body adds nothing to validation. */
export const MAX_TEXT = 20_000;

/** Source read per value: bounds the work when many nested properties take their text. */
const MAX_SCAN = 64_000;

/**
 * Source the values of one page read in all (textReader): twice the page, at least this. Each value
 * reads its element's text, so a page reads its text about once; nested property elements read theirs
 * again at each level, and 512 of them left open over a 32 KB page read 16 MB (0.8 s).
 */
const MIN_PAGE_SCAN = 256 * 1024;
/** Source a value reads once the page's is spent: a value's opening, enough to check a name or a number. */
const SPENT_SCAN = 256;

/** Elements whose content is text, not markup (RCDATA: a `<b>` in a title is two words and a bracket). */
export const TEXT_ONLY_ELEMENTS: ReadonlySet<string> = new Set(["title", "textarea"]);

/** The text of one page's elements: textContent, with the page's source read in all bounded (MIN_PAGE_SCAN). */
export interface TextReader {
  /** textContent, of a raw-text element (title, textarea) too. */
  text(start: number, end: number, rawText?: boolean): string;
  /** childTextContent. */
  childText(start: number, end: number): string;
}

export function textReader(html: string): TextReader {
  const budget = { left: Math.max(MIN_PAGE_SCAN, 2 * html.length) };
  return {
    text: (start, end, rawText = false) => textContent(html, start, end, rawText, budget),
    childText: (start, end) => childTextContent(html, start, end, budget),
  };
}

/**
 * Text content of the source slice [start, end): one pass, bounded by MAX_TEXT characters of output
 * and MAX_SCAN characters of source (and, given a page's budget, what is left of it). Markup is stepped
 * over by the page's own tag scanner (html-scan.ts MarkupToken), so a `>` inside a quoted attribute
 * value does not end a tag here either.
 */
export function textContent(html: string, start: number, sliceEnd: number, rawText = false, budget?: { left: number }): string {
  const end = Math.min(sliceEnd, start + scanLimit(budget));
  if (rawText) {
    const rawEnd = Math.min(end, start + MAX_TEXT * 2);
    if (budget !== undefined) budget.left -= rawEnd - start;
    return collapse(decodeIn(html.slice(start, rawEnd), IN_ELEMENT_TEXT));
  }
  const token = markup;
  let out = "";
  let p = start;
  while (p < end && out.length < MAX_TEXT) {
    const lt = html.indexOf("<", p);
    const stop = lt === -1 || lt >= end ? end : lt;
    if (stop > p) out += html.slice(p, stop);
    if (stop === end) break;
    // A tag cut off by the end of the page or of the element: the text ends there.
    if (!token.read(html, lt) || token.end > end) break;
    if (token.kind === TEXT_LT) {
      out += "<";
      p = lt + 1;
    } else if (token.kind === START_TAG && token.rawText !== null) {
      // Script and style are not text a reader sees; textarea, title and the like hold text, not markup.
      if (token.rawText !== "script" && token.rawText !== "style") out += html.slice(token.end, Math.min(token.rawTextEnd, end));
      p = token.afterRawText;
    } else if (token.kind === START_TAG && isTemplate(html, token.nameStart, token.nameEnd)) {
      // A template's content is a document fragment of its own, not the element's text: a former price
      // kept there for a script ("12.99<template>was 15.99</template>") read as "12.99was 15.99".
      p = afterTemplate(html, token.end, end, token);
    } else {
      if (token.kind === START_TAG && isBlockBreak(html, token.nameStart, token.nameEnd)) out += " ";
      p = token.end;
    }
  }
  if (budget !== undefined) budget.left -= Math.min(p, end) - start;
  return collapse(decodeIn(out, IN_ELEMENT_TEXT));
}

/**
 * The element's child text content: its own text, not its children's. The Microdata standard gives a
 * <time> without datetime this value (`<time><span hidden>until</span>2030-01-01</time>` is "2030-01-01").
 * The elements open inside it are tracked by name, as the tree builder closes them: an end tag closes
 * the nearest open one of its name, a stray one is ignored. Bounded as textContent is.
 */
export function childTextContent(html: string, start: number, sliceEnd: number, budget?: { left: number }): string {
  const end = Math.min(sliceEnd, start + scanLimit(budget));
  const token = markup;
  const open: string[] = [];
  let out = "";
  let p = start;
  while (p < end && out.length < MAX_TEXT) {
    const lt = html.indexOf("<", p);
    const stop = lt === -1 || lt >= end ? end : lt;
    if (stop > p && open.length === 0) out += html.slice(p, stop);
    if (stop === end) break;
    if (!token.read(html, lt) || token.end > end) break;
    p = token.end;
    if (token.kind === TEXT_LT) {
      if (open.length === 0) out += "<";
    } else if (token.kind === START_TAG) {
      // A raw-text child (a script, a textarea) holds its own text, not the element's.
      if (token.rawText !== null) p = token.afterRawText;
      else openChild(open, tagNameAt(html, token.nameStart, token.nameEnd));
    } else if (token.kind === END_TAG) {
      const at = open.lastIndexOf(tagNameAt(html, token.nameStart, token.nameEnd));
      if (at !== -1) open.length = at;
    }
  }
  if (budget !== undefined) budget.left -= Math.min(p, end) - start;
  return collapse(decodeIn(out, IN_ELEMENT_TEXT));
}

/** Children open at most: deeper ones are inside the deepest, whose end tag ends them all. */
const MAX_OPEN_CHILDREN = 512;

function openChild(open: string[], name: string): void {
  if (!VOID.has(name) && open.length < MAX_OPEN_CHILDREN) open.push(name);
}

function scanLimit(budget: { left: number } | undefined): number {
  return budget === undefined ? MAX_SCAN : Math.min(MAX_SCAN, Math.max(SPENT_SCAN, budget.left));
}

/**
 * Where the content of a template starting at `from` ends: after its `</template>` (templates nest), or
 * at `end`. Read with the same scanner, so a `</template>` in a script or a comment inside ends nothing.
 */
function afterTemplate(html: string, from: number, end: number, token: MarkupToken): number {
  let depth = 1;
  let p = from;
  while (p < end) {
    const lt = html.indexOf("<", p);
    if (lt === -1 || lt >= end || !token.read(html, lt) || token.end > end) return end;
    p = token.kind === START_TAG && token.rawText !== null ? token.afterRawText : token.end;
    if ((token.kind === START_TAG || token.kind === END_TAG) && isTemplate(html, token.nameStart, token.nameEnd)) {
      depth += token.kind === START_TAG ? 1 : -1;
      if (depth === 0) return p;
    }
  }
  return end;
}

function isTemplate(html: string, nameStart: number, nameEnd: number): boolean {
  return nameEnd - nameStart === 8 && tagNameAt(html, nameStart, nameEnd) === "template";
}

const markup = new MarkupToken();

/** `<br>` and block starts separate words that the source may write without spaces between them. */
function isBlockBreak(html: string, nameStart: number, nameEnd: number): boolean {
  // Whole names only: <picture>, <param>, <link> are no <p> or <li> ("19<picture></picture>.99" is one number).
  const c = html.charCodeAt(nameStart) | 0x20;
  const len = nameEnd - nameStart;
  if (len === 1) return c === 112 /* p */;
  const d = html.charCodeAt(nameStart + 1) | 0x20;
  if (len === 2) return (c === 98 /* b */ && d === 114) /* r */ || (c === 108 /* l */ && d === 105) /* i */ || (c === 116 /* t */ && d === 100) /* d */;
  return len === 3 && c === 100 /* d */ && d === 105 /* i */ && (html.charCodeAt(nameStart + 2) | 0x20) === 118 /* v */;
}

function collapse(s: string): string {
  return s.replace(/[\s\u00a0]+/g, " ").trim();
}
