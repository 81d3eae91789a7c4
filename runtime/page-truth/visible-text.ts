/**
 * What a reader of the page sees, as text: the page's text without script, style, template and
 * noscript content, and without the elements the markup itself hides (the `hidden` attribute, an
 * inline `display:none` or `visibility:hidden`). Stylesheets are not applied: a class that hides an
 * element is not seen here, so a value hidden that way counts as visible (a missed warning, never a
 * false one). A rendered page is read the same way from the rendered HTML: what scripts added or
 * removed is there, what a stylesheet hides is not detected.
 *
 * One pass from <body>, linear in the page and capped in output: tags are stepped over by indexOf,
 * and only a tag holding one of the words that can hide (hidden, display, visibility) is read by the
 * shared tokenizer (runtime/extract/html-scan.ts), so a quoted `>` elsewhere may leave some attribute
 * text in (more text: a missed warning at worst). Past MAX_VISIBLE characters the text is cut and
 * marked `truncated`, and a value not found in a cut text is not reported (not found is then not known).
 */
import { HtmlScanner } from "../extract/html-scan.ts";
import { decodeEntities } from "../extract/html-text.ts";

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
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "param", "keygen"]);

/** Elements whose end tag may be left out: a start tag of the same name ends the open one. */
const OPTIONAL_END = new Set(["p", "li", "dt", "dd", "option", "tr", "td", "th"]);

/** Inline elements: their edges are no word break ("$<span>1,299</span>" reads "$1,299"). */
const INLINE = new Set([
  "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "label", "mark", "q", "s",
  "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr", "del", "ins", "output", "meter", "nobr",
]);

/** Inline styles that take an element out of what is shown. */
const HIDING_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

export function readVisibleText(html: string): VisibleText {
  // The head shows nothing: start at <body>. `<html lang>` comes before it and is read on its own.
  const body = bodyStart(html);
  const lang = htmlLang(html, body > 0 ? body : html.length);
  const n = html.length;
  // Marks: the words that can hide an element. A tag is read attribute by attribute (the shared
  // tokenizer) only when the next mark falls inside it; all other tags are stepped over by indexOf.
  const marks = new MarkFinder(html);
  let nextMark = marks.at(body);
  let scanner: HtmlScanner | null = null;
  // Raw slices joined by concatenation (V8 keeps them as a rope); comments and character references
  // are dealt with once over the whole text, not per text node.
  let text = "";
  let truncated = false;
  /** The element that hides what follows, and how many of its name are open inside it. */
  let hiddenName: string | null = null;
  let hiddenDepth = 0;
  let p = body;
  while (p < n) {
    const lt = html.indexOf("<", p);
    const stop = lt === -1 ? n : lt;
    if (hiddenName === null && stop > p) {
      // Indentation between tags (most text nodes of a page) is one space, not a slice to keep.
      text += isBlank(html, p, stop) ? " " : html.slice(p, stop);
      if (text.length > MAX_VISIBLE) {
        truncated = true;
        break;
      }
    }
    if (lt === -1) break;
    const c = html.charCodeAt(lt + 1);
    if (c === 33 /* ! */ || c === 63 /* ? */) {
      // Comments, doctype, processing instructions: no content.
      const close = html.startsWith("!--", lt + 1) ? html.indexOf("-->", lt + 4) : html.indexOf(">", lt + 2);
      p = close === -1 ? n : close + (html.charCodeAt(close) === 45 ? 3 : 1);
      continue;
    }
    const isEnd = c === 47; /* / */
    const nameStart = isEnd ? lt + 2 : lt + 1;
    if (!isLetter(html.charCodeAt(nameStart))) {
      if (hiddenName === null) text += "<";
      p = lt + 1;
      continue;
    }
    let nameEnd = nameStart + 1;
    while (nameEnd < n && !isNameEnd(html.charCodeAt(nameEnd))) nameEnd++;
    const gt = html.indexOf(">", nameEnd);
    if (gt === -1) break;
    let tagEnd = gt + 1;
    const name = lowerName(html, nameStart, nameEnd);
    if (isEnd) {
      p = tagEnd;
      if (hiddenName !== null) {
        if (name === hiddenName && --hiddenDepth === 0) hiddenName = null;
      } else if (!INLINE.has(name)) text += " ";
      continue;
    }
    // A tag with a mark inside: read properly (a quoted `>` does not end it), then judged.
    let hidden = false;
    if (nextMark !== -1 && nextMark < lt) nextMark = marks.at(lt);
    if (nextMark !== -1 && nextMark < tagEnd) {
      scanner ??= new HtmlScanner(html);
      scanner.pos = lt;
      if (scanner.next() && scanner.tagStart === lt) {
        tagEnd = scanner.tagEnd;
        hidden = hides(scanner);
      }
      nextMark = marks.at(tagEnd);
    }
    p = tagEnd;
    const raw = RAW_TEXT.has(name);
    if (raw) {
      // Script, style, template, noscript, title, textarea, ...: to the end tag, never shown.
      const close = findEndTag(html, tagEnd, name);
      p = close === -1 ? n : close;
      continue;
    }
    if (hiddenName !== null) {
      if (name !== hiddenName) continue;
      // `<li hidden>a<li>b`: the second li ends the first (its end tag is optional), so it is not hidden.
      if (OPTIONAL_END.has(name) && hiddenDepth === 1) hiddenName = null;
      else {
        hiddenDepth++;
        continue;
      }
    }
    if (VOID.has(name)) {
      if (!INLINE.has(name)) text += " ";
      continue;
    }
    if (hidden) {
      hiddenName = name;
      hiddenDepth = 1;
      continue;
    }
    if (!INLINE.has(name)) text += " ";
  }
  if (text.length > MAX_VISIBLE) {
    text = text.slice(0, MAX_VISIBLE);
    truncated = true;
  }
  text = decodeEntities(text);
  // White space is left as written: both readers (text-match.ts, price-text.ts) treat any run of it as one.
  return { text, lang: lang === null ? null : lang.trim().toLowerCase() || null, truncated };
}

/** Elements whose content is no visible text: raw text and RCDATA, and template and noscript. */
const RAW_TEXT = new Set(["script", "style", "template", "noscript", "title", "textarea", "xmp", "iframe", "noembed", "noframes", "plaintext"]);

/**
 * What can hide an element, as written in a tag: the `hidden` attribute (after white space or a
 * quote, before white space, `=`, `/` or `>`), and the two inline styles (`display:none`,
 * `visibility:hidden`), in lower case. Class names such as "visually-hidden" are no mark: only
 * stylesheets give them a meaning, and those are not applied. Found with indexOf per word (a regex
 * alternation over the page cost more than the rest of the walk) and checked in place.
 */
class MarkFinder {
  readonly #html: string;
  /** Per word: its next mark at or after the last `from` asked (-1: none left), so no stretch is searched twice. */
  readonly #next: number[] = [-2, -2, -2];

  constructor(html: string) {
    this.#html = html;
  }

  /** The first mark at or after `from`, or -1. Calls come with growing `from`: each word's search moves forward only. */
  at(from: number): number {
    let best = -1;
    for (let w = 0; w < MARK_WORDS.length; w++) {
      let at = this.#next[w];
      if (at === -2 || (at !== -1 && at < from)) {
        const word = MARK_WORDS[w];
        at = this.#html.indexOf(word, from);
        while (at !== -1 && !isMark(this.#html, at, word)) at = this.#html.indexOf(word, at + 1);
        this.#next[w] = at;
      }
      if (at !== -1 && (best === -1 || at < best)) best = at;
    }
    return best;
  }
}

const MARK_WORDS = ["hidden", "display", "visibility"] as const;

function isMark(html: string, at: number, word: (typeof MARK_WORDS)[number]): boolean {
  if (word === "hidden") {
    const before = html.charCodeAt(at - 1);
    const after = html.charCodeAt(at + 6);
    return (isSpace(before) || before === 34 || before === 39) && (isSpace(after) || after === 61 || after === 62 || after === 47);
  }
  let i = at + word.length;
  while (isSpace(html.charCodeAt(i))) i++;
  if (html.charCodeAt(i) !== 58 /* : */) return false;
  i++;
  while (isSpace(html.charCodeAt(i))) i++;
  return html.startsWith(word === "display" ? "none" : "hidden", i);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 12;
}

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isNameEnd(c: number): boolean {
  return c === 62 || c === 47 || c === 32 || c === 10 || c === 9 || c === 13 || c === 12;
}

function isBlank(html: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = html.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/**
 * Tag names, lower case, from a table of names met before (pages use a few dozen): no string per
 * tag, and the same string each time makes a cheap Set member.
 */
const NAME_SLOTS = 512;
const names: string[] = new Array<string>(NAME_SLOTS).fill("");

function lowerName(html: string, start: number, end: number): string {
  const len = end - start;
  if (len > 12) return html.slice(start, end).toLowerCase();
  let h = len;
  for (let k = start; k < end; k++) h = (Math.imul(h, 31) + (html.charCodeAt(k) | 0x20)) | 0;
  const slot = h & (NAME_SLOTS - 1);
  const known = names[slot];
  if (known.length === len) {
    let k = 0;
    while (k < len && known.charCodeAt(k) === (html.charCodeAt(start + k) | 0x20)) k++;
    if (k === len) return known;
  }
  const name = html.slice(start, end).toLowerCase();
  names[slot] = name;
  return name;
}

/** `</name` (any case) followed by white space, `/` or `>`, at or after `from`; -1 when none. */
function findEndTag(html: string, from: number, name: string): number {
  let j = html.indexOf("</", from);
  while (j !== -1) {
    let k = 0;
    while (k < name.length && (html.charCodeAt(j + 2 + k) | 0x20) === name.charCodeAt(k)) k++;
    if (k === name.length && isNameEnd(html.charCodeAt(j + 2 + k))) return j;
    j = html.indexOf("</", j + 2);
  }
  return -1;
}

function bodyStart(html: string): number {
  const lower = html.indexOf("<body");
  const i = lower !== -1 ? lower : html.indexOf("<BODY");
  return i === -1 ? 0 : i;
}

/** `<html lang>` (or xml:lang): the html start tag opens the page, so only its first few kilobytes are read. */
function htmlLang(html: string, end: number): string | null {
  const tag = HTML_TAG.exec(html.slice(0, Math.min(end, 8192)));
  if (tag === null) return null;
  const lang = LANG.exec(tag[0]);
  return lang === null ? null : decodeEntities(lang[1] ?? lang[2] ?? lang[3] ?? "");
}
const HTML_TAG = /<html\b[^>]*>/i;
const LANG = /\s(?:xml:)?lang\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

function hides(scanner: HtmlScanner): boolean {
  for (let k = 0; k < scanner.attrCount; k++) {
    if (scanner.attributeIs(k, "hidden")) return true;
    if (scanner.attributeIs(k, "style") && HIDING_STYLE.test(scanner.attributeValue(k))) return true;
  }
  return false;
}
