/**
 * HTML page -> the elements that carry Microdata or RDFa, as a light tree with source offsets.
 *
 * Why a hand-written tokenizer (the same scanning rules as extract-jsonld.ts) and not htmlparser2
 * or parse5: on the bench's 170-180 KB Microdata and RDFa pages (`npm run bench`, extract-items),
 * htmlparser2's tokenizer alone, reading item attributes and building nothing, runs at 33-97 MB/s
 * (it allocates an attribute object for every tag and decodes every text node), which leaves
 * little of the 50 MB/s budget for the items; parse5 builds a whole DOM. This scanner, items
 * included, runs at 104-125 MB/s: it keeps only the elements with item attributes (plus `id`s for
 * itemref, `<base href>`, the canonical link), their nesting and offsets, and reads text content
 * lazily from the source slice, only for the properties that take it.
 *
 * Tree building approximates HTML's: void elements, raw-text elements, end tags that close the
 * nearest open element of that name, and the implied end tags that matter for item nesting in
 * sloppy markup (p, li, dt/dd, tr/td/th, option). End tags of html/head/body are ignored, so an
 * item on `<html itemscope>` spans the whole page, as in a browser.
 *
 * Bounded: the open-element stack is capped (deeper elements are treated as children of the
 * deepest kept one), and so is the number of elements kept.
 */
import { decodeEntities } from "./html-text.ts";

export interface ItemElement {
  /** Lower-case tag name. */
  name: string;
  /** Offset of the `<` of the start tag. */
  start: number;
  /** Offset just after the start tag's `>`. */
  contentStart: number;
  /** Offset where the content ends (the end tag's `<`, or where the element was closed). */
  contentEnd: number;
  /** Attributes of interest, names lower case, values decoded. */
  attrs: Record<string, string>;
  parent: ItemElement | null;
  children: ItemElement[];
}

export interface ItemTree {
  /** Top-level kept elements, in page order. */
  roots: ItemElement[];
  /** `id` -> first element with it (only when the page uses itemref). */
  ids: Map<string, ItemElement>;
  /** `<base href>`, when the page has one. */
  baseHref: string | null;
  /** `<link rel="canonical" href>`: the page's own address, for HTML read without its URL. */
  canonicalHref: string | null;
  /** True when a cap cut the tree short. */
  truncated: boolean;
  /** An element with itemscope / typeof was kept: the syntax is worth extracting. */
  hasMicrodata: boolean;
  hasRdfa: boolean;
}

/** Open elements deeper than this are treated as children of the deepest one kept (browsers cap near 512). */
export const MAX_OPEN_ELEMENTS = 512;
/** Kept elements per page. */
export const MAX_KEPT_ELEMENTS = 50_000;

const GT = 62;
const SLASH = 47;
const BANG = 33;
const QMARK = 63;
const EQ = 61;
const DQUOTE = 34;
const SQUOTE = 39;
const DASH = 45;

/** Attributes that make an element part of the tree. */
const TRIGGERS = new Set(["itemscope", "itemprop", "itemtype", "itemid", "itemref", "vocab", "prefix", "typeof", "property", "rel", "rev", "about", "resource"]);
/** Attributes read from a kept element. */
const WANTED = new Set([...TRIGGERS, "id", "href", "src", "content", "datatype", "datetime", "value", "data", "lang"]);

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "param", "keygen", "frame"]);
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"]);
/** Start tags that close an open `<p>` (HTML's "close a p element" list). */
const CLOSES_P = new Set([
  "address", "article", "aside", "blockquote", "details", "dialog", "div", "dl", "fieldset", "figcaption", "figure", "footer", "form",
  "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main", "menu", "nav", "ol", "p", "pre", "section", "table", "ul", "li", "dd", "dt",
]);
/** Elements a `<p>` search walks through (phrasing content). */
const PHRASING = new Set(["a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "label"]);
/**
 * For an implied end tag: element -> the open elements it closes, and those that stop the search
 * (HTML's "special" elements other than address, div and p, as far as pages nest them).
 */
const SPECIAL_STOPS = ["ul", "ol", "menu", "dl", "table", "td", "th", "section", "article", "aside", "nav", "header", "footer", "main", "form", "button", "fieldset", "details", "template", "body"];
const IMPLIED = new Map<string, { closes: string[]; stop: string[] }>([
  ["li", { closes: ["li"], stop: SPECIAL_STOPS }],
  ["dt", { closes: ["dt", "dd"], stop: SPECIAL_STOPS }],
  ["dd", { closes: ["dt", "dd"], stop: SPECIAL_STOPS }],
  ["tr", { closes: ["tr"], stop: ["table", "tbody", "thead", "tfoot"] }],
  ["td", { closes: ["td", "th"], stop: ["tr", "table"] }],
  ["th", { closes: ["td", "th"], stop: ["tr", "table"] }],
  ["option", { closes: ["option"], stop: ["select", "datalist", "optgroup"] }],
]);
const IGNORED_END_TAGS = new Set(["html", "head", "body"]);

/**
 * Cheap test: can the page hold Microdata or RDFa items at all? indexOf runs at memory speed; a
 * case-insensitive regex over the page cost as much as the whole JSON-LD scan. Attribute names are
 * matched in lower and upper case (what HTML writers and templating engines emit); a mixed-case
 * `ItemScope` is missed, like the `typeof` of script code, which is no attribute.
 */
export function mayHoldItems(html: string): boolean {
  return hasAttributeName(html, "itemscope", false) || hasAttributeName(html, "typeof", true);
}

/** `word` (lower or upper case) written as an attribute name: after whitespace or a quote, before `=` when `needsValue`. */
export function hasAttributeName(html: string, word: string, needsValue: boolean): boolean {
  for (const w of [word, word.toUpperCase()]) {
    let i = html.indexOf(w);
    while (i !== -1) {
      const before = html.charCodeAt(i - 1);
      if (isWs(before) || before === DQUOTE || before === SQUOTE || before === SLASH) {
        let j = i + w.length;
        let c = html.charCodeAt(j);
        if (!needsValue) {
          if (isWs(c) || c === EQ || c === GT || c === SLASH) return true;
        } else {
          while (isWs(c)) c = html.charCodeAt(++j);
          if (c === EQ) return true;
        }
      }
      i = html.indexOf(w, i + w.length);
    }
  }
  return false;
}

export function buildItemTree(html: string): ItemTree {
  const tree: ItemTree = { roots: [], ids: new Map(), baseHref: null, canonicalHref: null, truncated: false, hasMicrodata: false, hasRdfa: false };
  const wantIds = html.indexOf("itemref") !== -1 || html.indexOf("ITEMREF") !== -1;
  const n = html.length;
  // Open elements: names, and the nearest kept element at or above each level (parallel arrays, no object per element).
  const names: string[] = [];
  const nearest: Array<ItemElement | null> = [];
  const keptAt: Array<ItemElement | null> = [];
  let keptCount = 0;
  let p = 0;

  const closeTo = (index: number, at: number) => {
    while (names.length > index) {
      names.pop();
      nearest.pop();
      const kept = keptAt.pop();
      if (kept) kept.contentEnd = at;
    }
  };
  const findOpen = (name: string, names2: string[] | null, stop: string[] | null, walkPhrasingOnly: boolean): number => {
    for (let i = names.length - 1, seen = 0; i >= 0 && seen < MAX_OPEN_ELEMENTS; i--, seen++) {
      const open = names[i];
      if (open === name || (names2 !== null && names2.includes(open))) return i;
      if (stop !== null && stop.includes(open)) return -1;
      if (walkPhrasingOnly && !PHRASING.has(open)) return -1;
    }
    return -1;
  };

  while (p < n) {
    const lt = html.indexOf("<", p);
    if (lt === -1) break;
    const c = html.charCodeAt(lt + 1);
    if (isAsciiAlpha(c)) {
      let i = lt + 2;
      while (i < n && !isTagNameEnd(html.charCodeAt(i))) i++;
      const name = html.slice(lt + 1, i).toLowerCase();
      attrCount = 0;
      const tagEnd = scanAttributes(html, i);
      if (tagEnd === -1) break;
      p = tagEnd;

      // Implied end tags.
      if (CLOSES_P.has(name)) {
        const open = findOpen("p", null, null, true);
        if (open !== -1) closeTo(open, lt);
      }
      const implied = IMPLIED.get(name);
      if (implied) {
        const open = findOpen("", implied.closes, implied.stop, false);
        if (open !== -1) closeTo(open, lt);
      }

      let kept: ItemElement | null = null;
      // With itemref in the page, elements with an id are kept too: they may be itemref targets.
      // Under an RDFa rel with no object of its own, a plain link or image is that object (RDFa Core's hanging rel).
      if (triggerSeen || (attrCount > 0 && ((wantIds && readAttribute(html, "id") !== null) || isHangingRelObject(html, nearest)))) {
        kept = keepElement(html, name, lt, tagEnd, wantIds);
        if (keptCount++ >= MAX_KEPT_ELEMENTS) {
          tree.truncated = true;
          break;
        }
        const parent = nearest.length > 0 ? nearest[nearest.length - 1] : null;
        kept.parent = parent;
        (parent ? parent.children : tree.roots).push(kept);
        const attrs = kept.attrs;
        if (attrs.itemscope !== undefined) tree.hasMicrodata = true;
        if (attrs.typeof !== undefined) tree.hasRdfa = true;
        if (wantIds && attrs.id !== undefined && !tree.ids.has(attrs.id)) tree.ids.set(attrs.id, kept);
      }
      if (name === "base" && tree.baseHref === null) {
        const href = readAttribute(html, "href");
        if (href !== null) tree.baseHref = href;
      } else if (name === "link" && tree.canonicalHref === null && readAttribute(html, "rel")?.trim().toLowerCase() === "canonical") {
        tree.canonicalHref = readAttribute(html, "href");
      }

      if (RAW_TEXT.has(name)) {
        if (name === "plaintext") {
          if (kept) kept.contentEnd = n;
          break;
        }
        const close = findEndTag(html, tagEnd, name);
        const end = close === -1 ? n : close;
        if (kept) kept.contentEnd = end;
        if (close === -1) break;
        const after = scanAttributes(html, close + 2 + name.length);
        if (after === -1) break;
        p = after;
        continue;
      }
      if (VOID.has(name)) continue;
      if (names.length >= MAX_OPEN_ELEMENTS) {
        tree.truncated = true;
        if (kept) kept.contentEnd = tagEnd; // treated as empty: its content belongs to the parent
        continue;
      }
      names.push(name);
      keptAt.push(kept);
      nearest.push(kept ?? (nearest.length > 0 ? nearest[nearest.length - 1] : null));
    } else if (c === SLASH) {
      const c2 = html.charCodeAt(lt + 2);
      if (isAsciiAlpha(c2)) {
        let i = lt + 3;
        while (i < n && !isTagNameEnd(html.charCodeAt(i))) i++;
        const name = html.slice(lt + 2, i).toLowerCase();
        attrCount = 0;
        const end = scanAttributes(html, i);
        if (end === -1) break;
        p = end;
        if (IGNORED_END_TAGS.has(name)) continue;
        // Most end tags close the element on top: no search.
        const top = names.length - 1;
        const open = top >= 0 && names[top] === name ? top : findOpen(name, null, null, false);
        if (open !== -1) closeTo(open, lt);
      } else if (c2 === GT) {
        p = lt + 3;
      } else {
        p = skipBogusComment(html, lt + 2);
      }
    } else if (c === BANG) {
      p = html.charCodeAt(lt + 2) === DASH && html.charCodeAt(lt + 3) === DASH ? skipComment(html, lt + 4) : skipBogusComment(html, lt + 2);
    } else if (c === QMARK) {
      p = skipBogusComment(html, lt + 2);
    } else {
      p = lt + 1;
    }
  }
  closeTo(0, n);
  return tree;
}

// Attribute ranges of the last scanned tag: [nameStart, nameEnd, valueStart, valueEnd, hasValue] per attribute.
const MAX_ATTRIBUTES = 64;
const attrRanges = new Int32Array(5 * MAX_ATTRIBUTES);
let attrCount = 0;
let triggerSeen = false;

function keepElement(html: string, name: string, start: number, tagEnd: number, wantIds: boolean): ItemElement {
  const attrs: Record<string, string> = {};
  for (let k = 0; k < attrCount; k++) {
    const o = k * 5;
    const attrName = html.slice(attrRanges[o], attrRanges[o + 1]).toLowerCase();
    if (!WANTED.has(attrName) || attrs[attrName] !== undefined) continue; // the first of a repeated attribute wins, as in HTML
    if (attrName === "id" && !wantIds) continue;
    const raw = attrRanges[o + 4] ? html.slice(attrRanges[o + 2], attrRanges[o + 3]) : "";
    attrs[attrName] = raw.indexOf("&") === -1 ? raw : decodeEntities(raw);
  }
  return { name, start, contentStart: tagEnd, contentEnd: tagEnd, attrs, parent: null, children: [] };
}

/** The last scanned tag has href or src, and its nearest kept ancestor is a rel waiting for an object. */
function isHangingRelObject(html: string, nearest: Array<ItemElement | null>): boolean {
  return nearest.length > 0 && isHangingRel(nearest[nearest.length - 1]) && (readAttribute(html, "href") !== null || readAttribute(html, "src") !== null);
}

/** A kept element with rel and no object: its object is the next subject below. */
function isHangingRel(el: ItemElement | null): boolean {
  if (el === null) return false;
  const a = el.attrs;
  return a.rel !== undefined && a.resource === undefined && a.href === undefined && a.src === undefined;
}

/** The decoded value of `name` in the last scanned tag, or null. */
function readAttribute(html: string, name: string): string | null {
  for (let k = 0; k < attrCount; k++) {
    const o = k * 5;
    if (attrRanges[o + 1] - attrRanges[o] !== name.length) continue;
    if (html.slice(attrRanges[o], attrRanges[o + 1]).toLowerCase() !== name) continue;
    return decodeEntities(html.slice(attrRanges[o + 2], attrRanges[o + 3]));
  }
  return null;
}

function isAsciiAlpha(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isWs(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 12;
}

function isTagNameEnd(c: number): boolean {
  return c === GT || c === SLASH || isWs(c);
}

/** Trigger names by length, lower case, compared by char code (no string per attribute). */
const TRIGGERS_BY_LENGTH: string[][] = [];
for (let len = 0; len <= 9; len++) TRIGGERS_BY_LENGTH.push([]);
for (const name of TRIGGERS) TRIGGERS_BY_LENGTH[name.length].push(name);

/** Is [start, end) a trigger attribute name (any case)? rel/rev count only with a CURIE or IRI value (`schema:review`), not `nofollow`. */
function isTrigger(html: string, start: number, end: number, valueStart: number, valueEnd: number): boolean {
  const len = end - start;
  if (len < 3 || len > 9) return false;
  for (const name of TRIGGERS_BY_LENGTH[len]) {
    let k = 0;
    while (k < len && (html.charCodeAt(start + k) | 0x20) === name.charCodeAt(k)) k++;
    if (k !== len) continue;
    if (len === 3 && name.charCodeAt(0) === 114 /* r */) {
      const colon = html.indexOf(":", valueStart);
      return colon !== -1 && colon < valueEnd;
    }
    return true;
  }
  return false;
}

/**
 * Scans the attributes of a tag from `i` to its `>`, recording their ranges (up to 64) and whether
 * a trigger attribute is among them. Returns the index after `>`, or -1 at EOF.
 */
function scanAttributes(html: string, i: number): number {
  const n = html.length;
  triggerSeen = false;
  for (;;) {
    let c = html.charCodeAt(i);
    while (i < n && (isWs(c) || c === SLASH)) c = html.charCodeAt(++i);
    if (i >= n) return -1;
    if (c === GT) return i + 1;

    const nameStart = i++;
    c = html.charCodeAt(i);
    while (i < n && c !== EQ && c !== GT && c !== SLASH && !isWs(c)) c = html.charCodeAt(++i);
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
        while (i < n && c !== GT && !isWs(c)) c = html.charCodeAt(++i);
        valueEnd = i;
      }
    }
    if (attrCount < MAX_ATTRIBUTES) {
      const o = attrCount * 5;
      attrRanges[o] = nameStart;
      attrRanges[o + 1] = nameEnd;
      attrRanges[o + 2] = valueStart;
      attrRanges[o + 3] = valueEnd;
      attrRanges[o + 4] = hasValue;
      attrCount++;
      if (!triggerSeen && isTrigger(html, nameStart, nameEnd, valueStart, valueEnd)) triggerSeen = true;
    }
  }
}

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

function skipComment(html: string, k: number): number {
  const c = html.charCodeAt(k);
  if (c === GT) return k + 1;
  if (c === DASH && html.charCodeAt(k + 1) === GT) return k + 2;
  for (;;) {
    const d = html.indexOf("--", k);
    if (d === -1) return html.length;
    const e = html.charCodeAt(d + 2);
    if (e === GT) return d + 3;
    if (e === BANG && html.charCodeAt(d + 3) === GT) return d + 4;
    k = d + 1;
  }
}

function skipBogusComment(html: string, k: number): number {
  const gt = html.indexOf(">", k);
  return gt === -1 ? html.length : gt + 1;
}
