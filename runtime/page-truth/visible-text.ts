/**
 * What a reader of the page sees, as text: the page's text without script, style, template and
 * noscript content, and without the elements the markup itself hides (the `hidden` attribute, an
 * inline `display:none` or `visibility:hidden`). Stylesheets are not applied: a class that hides an
 * element is not seen here, so a value hidden that way counts as visible (a missed warning, never a
 * false one). A rendered page is read the same way from the rendered HTML: what scripts added or
 * removed is there, what a stylesheet hides is not detected.
 *
 * One pass of the shared tokenizer (runtime/extract/html-scan.ts), linear in the page and capped in
 * output: past MAX_VISIBLE characters the text is cut and marked `truncated`, and a value not found
 * in a cut text is not reported (not found is then not known).
 */
import { HtmlScanner } from "../extract/html-scan.ts";
import { decodeEntities } from "../extract/html-text.ts";

/** Characters of visible text kept per page (a real page shows far less; a hostile one is cut here). */
export const MAX_VISIBLE = 4 * 1024 * 1024;

export interface VisibleText {
  /** The visible text, white space collapsed. */
  readonly text: string;
  /** The page's language (`<html lang>`), lower case, or null. */
  readonly lang: string | null;
  /** The text was cut at MAX_VISIBLE: a value not found may be further on. */
  readonly truncated: boolean;
}

/** Elements whose content no reader sees, whatever their attributes. */
const NEVER_SHOWN = new Set(["template", "noscript", "head"]);

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

/** Comments and bogus comments the tokenizer skipped between two tags (their text is no content). */
const COMMENT = /<!--[\s\S]*?(?:--!?>|$)|<[!?][^>]*>?/g;

export function readVisibleText(html: string): VisibleText {
  const scanner = new HtmlScanner(html);
  // The head shows nothing: start at <body> (its scripts and styles are stepped over by indexOf, not
  // tag by tag). `<html lang>` comes before it and is read on its own.
  const body = bodyStart(html);
  const parts: string[] = [];
  let size = 0;
  let truncated = false;
  let lang: string | null = null;
  let sawHtmlTag = false;
  /** The element that hides what follows, and how many of its name are open inside it. */
  let hiddenName: string | null = null;
  let hiddenDepth = 0;
  let last = body;
  if (body > 0) {
    lang = htmlLang(html, body);
    sawHtmlTag = true;
    scanner.pos = body;
  }

  const addText = (from: number, to: number): void => {
    if (to <= from || truncated) return;
    let segment = html.slice(from, to);
    if (segment.indexOf("<") !== -1) segment = segment.replace(COMMENT, " ");
    segment = decodeEntities(segment);
    if (size + segment.length > MAX_VISIBLE) {
      segment = segment.slice(0, MAX_VISIBLE - size);
      truncated = true;
    }
    parts.push(segment);
    size += segment.length;
  };

  while (scanner.next()) {
    if (hiddenName === null) addText(last, scanner.tagStart);
    last = scanner.pos;
    if (truncated) break;
    const name = scanner.tagName();
    if (scanner.isEndTag) {
      if (hiddenName !== null) {
        if (name === hiddenName && --hiddenDepth === 0) hiddenName = null;
        continue;
      }
      if (!INLINE.has(name)) parts.push(" ");
      continue;
    }
    // Raw text (script, style, title, textarea, ...): the tokenizer already stepped over its content.
    if (scanner.rawText !== null) continue;
    if (!sawHtmlTag && name === "html") {
      sawHtmlTag = true;
      lang = attribute(scanner, "lang") ?? attribute(scanner, "xml:lang");
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
      if (!INLINE.has(name)) parts.push(" ");
      continue;
    }
    if (NEVER_SHOWN.has(name) || hides(scanner)) {
      hiddenName = name;
      hiddenDepth = 1;
      continue;
    }
    if (!INLINE.has(name)) parts.push(" ");
  }
  if (hiddenName === null && !truncated) addText(last, html.length);
  // White space is left as written: both readers (text-match.ts, price-text.ts) treat any run of it as one.
  const text = parts.join("");
  return { text, lang: lang === null ? null : lang.trim().toLowerCase() || null, truncated };
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

function attribute(scanner: HtmlScanner, name: string): string | null {
  for (let k = 0; k < scanner.attrCount; k++) if (scanner.attributeName(k) === name) return decodeEntities(scanner.attributeValue(k));
  return null;
}
