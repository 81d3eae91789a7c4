/**
 * What a reader of the page sees, as text: the page's text without script, style, template and
 * noscript content, and without the elements the markup itself hides (the `hidden` attribute, an
 * inline `display:none` or `visibility:hidden`). Stylesheets are not applied: a class that hides an
 * element is not seen here, so a value hidden that way counts as visible (a missed warning, never a
 * false one). A rendered page is read the same way from the rendered HTML: what scripts added or
 * removed is there, what a stylesheet hides is not detected.
 *
 * One pass from <body> with the page's tokenizer (runtime/extract/html-scan.ts, the one the extractors
 * read tags with: one scanner reads tags, everywhere), linear in the page and capped in output. Hiding
 * is read from the attributes as the tokenizer records them, names and styles in any case and with
 * any spacing (`HIDDEN`, `style="DISPLAY : NONE"`). Past MAX_VISIBLE characters the text is cut and
 * marked `truncated`, and a value not found in a cut text is not reported (not found is then not known).
 */
import { HtmlScanner, MarkupToken, TEXT_LT } from "../extract/html-scan.ts";
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
  // Every tag is read by the page's tokenizer (attribute by attribute: a quoted `>` does not end a
  // tag), the one the extractors use, so this walk and the markup agree on where each tag is.
  const scanner = new HtmlScanner(html);
  scanner.pos = body;
  // Raw slices joined by concatenation (V8 keeps them as a rope); character references are decoded
  // once over the whole text, not per text node.
  let text = "";
  let truncated = false;
  /** The element that hides what follows, and how many of its name are open inside it. */
  let hiddenName: string | null = null;
  let hiddenDepth = 0;
  let p = body;
  for (;;) {
    const more = scanner.next();
    const stop = more ? scanner.tagStart : n;
    if (hiddenName === null && stop > p) {
      text = appendText(text, html, p, stop);
      if (text.length > MAX_VISIBLE) {
        truncated = true;
        break;
      }
    }
    if (!more) break;
    p = scanner.tagEnd;
    const name = scanner.tagName();
    if (scanner.isEndTag) {
      if (hiddenName !== null) {
        if (name === hiddenName && --hiddenDepth === 0) hiddenName = null;
      } else if (!INLINE.has(name)) text += " ";
      continue;
    }
    if (scanner.rawText !== null) {
      // Script, style, textarea, title, iframe, ...: the scanner stepped over the content and its end tag.
      p = scanner.pos;
      if (hiddenName === null) text += " ";
      continue;
    }
    if (name === "template" || name === "noscript") {
      // Not raw text to the tokenizer (their content is markup), but never shown: to the end tag.
      const close = findEndTag(html, p, name);
      p = close === -1 ? n : close;
      scanner.pos = p;
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
    if (scanner.attrCount > 0 && hides(scanner)) {
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

/**
 * The text between two tags, added to `text`: indentation (most text nodes of a page) as one space.
 * The stretch may hold what the tokenizer skipped (comments, `<!DOCTYPE>`, `<?...>`, `</ ...>`):
 * read token by token, those leave nothing, a lone `<` stays text.
 */
function appendText(text: string, html: string, from: number, to: number): string {
  let lt = html.indexOf("<", from);
  while (lt !== -1 && lt < to) {
    if (lt > from) text += isBlank(html, from, lt) ? " " : html.slice(from, lt);
    // A tag cut off by the end of the page: the tokenizer drops it and the rest of the page.
    if (!token.read(html, lt)) return text;
    if (token.kind === TEXT_LT) text += "<";
    from = Math.min(token.end, to);
    lt = html.indexOf("<", from);
  }
  if (to > from) text += isBlank(html, from, to) ? " " : html.slice(from, to);
  return text;
}
const token = new MarkupToken();

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
  do {
    for (let k = 0; k < scanner.attrCount; k++) {
      if (scanner.attributeIs(k, "hidden")) return true;
      if (scanner.attributeIs(k, "style") && HIDING_STYLE.test(scanner.attributeValue(k))) return true;
    }
  } while (scanner.moreAttributes());
  return false;
}
