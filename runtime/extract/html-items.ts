/**
 * HTML page -> the elements that carry Microdata or RDFa, as a light tree with source offsets.
 *
 * Why a hand-written tokenizer (html-scan.ts, which extract-jsonld.ts reads pages with too) and not htmlparser2
 * or parse5: on the bench's 170-180 KB Microdata and RDFa pages (`npm run bench`, extract-items),
 * htmlparser2's tokenizer alone, reading item attributes and building nothing, runs at 33-97 MB/s
 * (it allocates an attribute object for every tag and decodes every text node), which leaves
 * little of the 50 MB/s budget for the items; parse5 builds a whole DOM. This scanner, items
 * included, runs at 145-170 MB/s: it keeps only the elements with item attributes (plus `id`s for
 * itemref, `<base href>`, the canonical link), their nesting and offsets, and reads text content
 * lazily from the source slice, only for the properties that take it.
 *
 * Tree building approximates HTML's: void elements, raw-text elements, end tags that close the
 * nearest open element of that name unless HTML ignores them (out of scope, or a special element
 * open inside a phrasing one), and the implied end tags that matter for item nesting in
 * sloppy markup (p, li, dt/dd, tr/td/th, option). End tags of html/head/body are ignored, so an
 * item on `<html itemscope>` spans the whole page, as in a browser.
 *
 * Bounded: the open-element stack is capped (deeper elements are treated as children of the
 * deepest kept one), and so is the number of elements kept.
 */
import { decodeEntities } from "./html-text.ts";
import { CLOSES_P } from "./closes-p.ts";
import { VOID } from "./void-elements.ts";
import { HtmlScanner, mentionsItemref } from "./html-scan.ts";

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

/** Attributes that make an element part of the tree. */
const TRIGGERS = new Set(["itemscope", "itemprop", "itemtype", "itemid", "itemref", "vocab", "prefix", "typeof", "property", "rel", "rev", "about", "resource"]);
/** Attributes read from a kept element. */
const WANTED = new Set([...TRIGGERS, "id", "href", "src", "content", "datatype", "datetime", "value", "data", "lang"]);

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
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/**
 * HTML's "special" elements that can hold content (section 13.2.4.2). An end tag of another element
 * (a `</span>`, a `</b>`) with one of these open above its element is ignored, as the tree builder's
 * "any other end tag" step and the adoption agency leave the special element (an item's `<div>`) open.
 */
const SPECIAL = new Set([
  "address", "applet", "article", "aside", "blockquote", "body", "button", "caption", "center", "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt",
  "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "html", "iframe", "li", "listing", "main", "marquee",
  "menu", "nav", "object", "ol", "p", "pre", "search", "section", "select", "summary", "table", "tbody", "td", "template", "tfoot", "th", "thead", "tr", "ul",
]);
/** An end tag of a special element is ignored when its element is not "in scope": one of these is open above it. */
const SCOPE_BOUNDARIES = ["applet", "caption", "table", "td", "th", "marquee", "object", "template"];
/** ... and for the parts of a table, "in table scope". */
const TABLE_PARTS = new Set(["table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption", "colgroup"]);
const TABLE_SCOPE_BOUNDARIES = ["table", "template"];

export function buildItemTree(html: string): ItemTree {
  const builder = new TreeBuilder(html);
  const scan = new HtmlScanner(html);
  while (scan.next()) {
    if (scan.isEndTag) builder.endTag(scan);
    else if (!builder.startTag(scan)) break;
  }
  builder.closeTo(0, html.length);
  return builder.tree;
}

/** The steps of building the tree, one method each; the open elements live here. */
class TreeBuilder {
  readonly tree: ItemTree = { roots: [], ids: new Map(), baseHref: null, canonicalHref: null, truncated: false, hasMicrodata: false, hasRdfa: false };
  /** With itemref in the page, elements with an id are kept too: they may be itemref targets. */
  private readonly wantIds: boolean;
  // Open elements: names, and the nearest kept element at or above each level (parallel arrays, no object per element).
  private readonly names: string[] = [];
  private readonly nearest: Array<ItemElement | null> = [];
  private readonly keptAt: Array<ItemElement | null> = [];
  /**
   * Where each name is open (levels, lowest first) and where elements other than phrasing are: an
   * implied or explicit end tag finds what it closes without walking the open elements. A walk took
   * up to 512 steps a tag (each `<li>` over 512 open `<b>`: 250 ms for 32 KB).
   */
  private readonly levelsOf = new Map<string, number[]>();
  private readonly notPhrasing: number[] = [];
  /** Levels of the open special elements (SPECIAL), lowest first. */
  private readonly specialLevels: number[] = [];
  private keptCount = 0;
  /**
   * Open `<template>` elements. Their content is a separate document fragment (HTML section 4.12.3),
   * never part of the page's tree, so no item or property in it counts (a price kept in a template for
   * a script to show later is not the product's offer).
   */
  private templatesOpen = 0;

  constructor(html: string) {
    this.wantIds = mentionsItemref(html);
  }

  /** A start tag: close what it implies, keep it if it matters, open it. False when a cap stops the page. */
  startTag(scan: HtmlScanner): boolean {
    const written = scan.tagName();
    // HTML's tree builder reads <image> as <img> (outside SVG and MathML, where it is their own element):
    // themes that write <image src> have a product image the browser and the search engine both see.
    const name = written === "image" && this.topLevel("svg") === -1 && this.topLevel("math") === -1 ? "img" : written;
    this.closeImplied(name, scan.tagStart);
    let kept: ItemElement | null = null;
    if (this.shouldKeep(scan)) {
      kept = keepElement(scan, name, this.wantIds);
      if (this.keptCount++ >= MAX_KEPT_ELEMENTS) {
        this.tree.truncated = true;
        return false;
      }
      this.attach(kept);
    }
    this.notePageAddress(scan, name);
    this.open(scan, name, kept);
    return true;
  }

  /**
   * An end tag closes the nearest open element of its name (and everything above it), unless HTML's
   * tree builder ignores it: a stray `</div>` inside a table cell or an `<object>`, a `</span>` or
   * `</b>` with a `<div>` open inside its element. Sloppy templates write those, and closing the
   * item's element there cut the item short (its offers read as a separate node).
   */
  endTag(scan: HtmlScanner): void {
    const name = scan.tagName();
    if (IGNORED_END_TAGS.has(name)) return;
    // Most end tags close the element on top: no search.
    const top = this.names.length - 1;
    if (top >= 0 && this.names[top] === name) return this.closeTo(top, scan.tagStart);
    const open = this.topLevel(name);
    if (open === -1) return;
    if (SPECIAL.has(name)) {
      for (const boundary of TABLE_PARTS.has(name) ? TABLE_SCOPE_BOUNDARIES : SCOPE_BOUNDARIES) if (this.topLevel(boundary) > open) return;
    } else if (this.specialLevels.length > 0 && this.specialLevels[this.specialLevels.length - 1] > open) return;
    this.closeTo(open, scan.tagStart);
  }

  closeTo(index: number, at: number): void {
    const { names, nearest, keptAt, notPhrasing, specialLevels } = this;
    while (names.length > index) {
      const name = names.pop()!;
      if (name === "template") this.templatesOpen--;
      this.levelsOf.get(name)!.pop();
      if (notPhrasing.length > 0 && notPhrasing[notPhrasing.length - 1] === names.length) notPhrasing.pop();
      if (specialLevels.length > 0 && specialLevels[specialLevels.length - 1] === names.length) specialLevels.pop();
      nearest.pop();
      const kept = keptAt.pop();
      if (kept) kept.contentEnd = at;
    }
  }

  /** The end tags HTML implies before this start tag (an open p, li, dt/dd, tr, td/th, option). */
  private closeImplied(name: string, at: number): void {
    // A heading's start tag ends a heading that is the current element (an unclosed <h1> before an <h2>).
    const top = this.names.length - 1;
    if (top >= 0 && HEADINGS.has(name) && HEADINGS.has(this.names[top])) this.closeTo(top, at);
    if (CLOSES_P.has(name)) {
      const open = this.findOpen("p", null, null, true);
      if (open !== -1) this.closeTo(open, at);
    }
    const implied = IMPLIED.get(name);
    if (implied) {
      const open = this.findOpen("", implied.closes, implied.stop, false);
      if (open !== -1) this.closeTo(open, at);
    }
  }

  /** An item attribute, an id a page with itemref may point at, or the object of a hanging RDFa rel. */
  private shouldKeep(scan: HtmlScanner): boolean {
    if (this.templatesOpen > 0) return false;
    if (hasTrigger(scan)) return true;
    if (scan.attrCount === 0) return false;
    return (this.wantIds && readAttribute(scan, "id") !== null) || isHangingRelObject(scan, this.nearest);
  }

  /** Under the nearest kept open element, or a root. */
  private attach(kept: ItemElement): void {
    const { tree, nearest } = this;
    const parent = nearest.length > 0 ? nearest[nearest.length - 1] : null;
    kept.parent = parent;
    (parent ? parent.children : tree.roots).push(kept);
    const attrs = kept.attrs;
    if (attrs.itemscope !== undefined) tree.hasMicrodata = true;
    if (attrs.typeof !== undefined) tree.hasRdfa = true;
    if (this.wantIds && attrs.id !== undefined && !tree.ids.has(attrs.id)) tree.ids.set(attrs.id, kept);
  }

  /** `<base href>` and `<link rel=canonical>`: what relative URLs resolve against. */
  private notePageAddress(scan: HtmlScanner, name: string): void {
    // The document's base is its first <base href> in tree order (its canonical link the first such link),
    // and a template's content is no part of the tree: a <base> kept there for a script to stamp out later
    // made every item URL point elsewhere.
    if (this.templatesOpen > 0) return;
    const tree = this.tree;
    if (name === "base" && tree.baseHref === null) {
      const href = readAttribute(scan, "href");
      if (href !== null) tree.baseHref = href;
    } else if (name === "link" && tree.canonicalHref === null && readAttribute(scan, "rel")?.trim().toLowerCase() === "canonical") {
      tree.canonicalHref = readAttribute(scan, "href");
    }
  }

  /** Pushes the element on the open stack, unless it has no children (void, raw text) or the stack is full. */
  private open(scan: HtmlScanner, name: string, kept: ItemElement | null): void {
    if (scan.rawText !== null) {
      // The scanner has skipped the content already: it is text, never children.
      if (kept) kept.contentEnd = scan.rawTextEnd;
      return;
    }
    if (VOID.has(name)) return;
    const { names, nearest, keptAt } = this;
    if (names.length >= MAX_OPEN_ELEMENTS) {
      this.tree.truncated = true;
      if (kept) kept.contentEnd = scan.tagEnd; // treated as empty: its content belongs to the parent
      return;
    }
    const levels = this.levelsOf.get(name);
    if (levels === undefined) this.levelsOf.set(name, [names.length]);
    else levels.push(names.length);
    if (!PHRASING.has(name)) this.notPhrasing.push(names.length);
    if (SPECIAL.has(name)) this.specialLevels.push(names.length);
    if (name === "template") this.templatesOpen++;
    names.push(name);
    keptAt.push(kept);
    nearest.push(kept ?? (nearest.length > 0 ? nearest[nearest.length - 1] : null));
  }

  /**
   * The level of the nearest open element named `name` or one of `names2`; -1 when there is none, or
   * when an element named in `stop` (or, `walkPhrasingOnly`, any element but phrasing content) is open
   * above it.
   */
  private findOpen(name: string, names2: string[] | null, stop: string[] | null, walkPhrasingOnly: boolean): number {
    let found = this.topLevel(name);
    if (names2 !== null) for (const n of names2) found = Math.max(found, this.topLevel(n));
    if (found === -1) return -1;
    if (stop !== null) for (const n of stop) if (this.topLevel(n) > found) return -1;
    if (walkPhrasingOnly && this.notPhrasing.length > 0 && this.notPhrasing[this.notPhrasing.length - 1] > found) return -1;
    return found;
  }

  /** The level of the nearest open element of the name, -1 when none is open. */
  private topLevel(name: string): number {
    const levels = this.levelsOf.get(name);
    return levels === undefined || levels.length === 0 ? -1 : levels[levels.length - 1];
  }
}

function keepElement(scan: HtmlScanner, name: string, wantIds: boolean): ItemElement {
  const attrs: Record<string, string> = {};
  for (let k = 0; k < scan.attrCount; k++) {
    const attrName = scan.attributeName(k);
    if (!WANTED.has(attrName) || attrs[attrName] !== undefined) continue; // the first of a repeated attribute wins, as in HTML
    if (attrName === "id" && !wantIds) continue;
    const raw = scan.attributeValue(k);
    attrs[attrName] = raw.indexOf("&") === -1 ? raw : decodeEntities(raw, true);
  }
  return { name, start: scan.tagStart, contentStart: scan.tagEnd, contentEnd: scan.tagEnd, attrs, parent: null, children: [] };
}

/** The current tag has href or src, and its nearest kept ancestor is a rel waiting for an object. */
function isHangingRelObject(scan: HtmlScanner, nearest: Array<ItemElement | null>): boolean {
  return nearest.length > 0 && isHangingRel(nearest[nearest.length - 1]) && (readAttribute(scan, "href") !== null || readAttribute(scan, "src") !== null);
}

/** A kept element with rel and no object: its object is the next subject below. */
function isHangingRel(el: ItemElement | null): boolean {
  if (el === null) return false;
  const a = el.attrs;
  return a.rel !== undefined && a.resource === undefined && a.href === undefined && a.src === undefined;
}

/**
 * The decoded value of `name` in the current tag, or null. Names are compared by char code, no string
 * per attribute: for the lower-case ASCII names asked here (none with a k, which the Kelvin sign
 * lowercases to) that is the answer toLowerCase gave.
 */
function readAttribute(scan: HtmlScanner, name: string): string | null {
  const html = scan.html;
  for (let k = 0; k < scan.attrCount; k++) {
    if (!scan.attributeIs(k, name)) continue;
    const o = k * 5;
    return decodeEntities(html.slice(scan.attrs[o + 2], scan.attrs[o + 3]), true);
  }
  return null;
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
      // Within the value only: indexOf to the page's end for each rel="nofollow" read the page once per link.
      for (let i = valueStart; i < valueEnd; i++) if (html.charCodeAt(i) === 58 /* : */) return true;
      return false;
    }
    return true;
  }
  return false;
}

/** Does the current start tag carry a trigger attribute (among the first page of its attributes)? */
function hasTrigger(scan: HtmlScanner): boolean {
  for (let k = 0; k < scan.attrCount; k++) {
    const o = k * 5;
    if (isTrigger(scan.html, scan.attrs[o], scan.attrs[o + 1], scan.attrs[o + 2], scan.attrs[o + 3])) return true;
  }
  return false;
}
