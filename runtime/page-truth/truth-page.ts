/**
 * One page as the truth checks read it: its HTML, its URL when known, and what a reader sees, worked
 * out once and only when a check first asks (a page whose nodes have no property to look up never
 * pays for its visible text).
 */
import { HtmlScanner } from "../extract/html-scan.ts";
import { decodeEntities } from "../extract/html-text.ts";
import { effectiveBase } from "../extract/item-block.ts";
import { TagLog } from "../extract/tag-log.ts";
import { bodyStart, ELEMENT_TEXT_MIN, VisibleTextReader, type OffsetPairs } from "./visible-text.ts";
import { LowerText } from "./lower-text.ts";
import { OPENING, ShownText, hasAccents, hasScriptMarks, inMarkedScript, lookupKey, normalizeText, withoutAccents, withoutSpelledUmlauts } from "./text-match.ts";
import { NumberLookup, decimalMarkOf, writesColonCents } from "./price-text.ts";

/** Elements whose text the browser does not draw in the page (TruthPage.drawsNoTextAt). */
const UNDRAWN_TEXT = new Set(["title", "desc", "style", "script"]);

/** Elements whose Microdata or RDFa value is an attribute, not the text a reader sees. */
const VALUE_FROM_ATTRIBUTE = new Set(["meta", "link", "a", "area", "img", "audio", "embed", "iframe", "source", "track", "video", "object", "data", "meter"]);

/** Characters of a value looked for as an element's whole text: at least (fewer make a word of another), at most. */
const MIN_ELEMENT_TEXT = ELEMENT_TEXT_MIN;
const MAX_ELEMENT_TEXT = 400;

/** The recorded element texts' starts by their length. */
function groupByLength(texts: OffsetPairs): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (let i = 0; i < texts.length; i++) {
    const length = texts.end(i) - texts.start(i);
    const starts = out.get(length);
    if (starts === undefined) out.set(length, [texts.start(i)]);
    else starts.push(texts.start(i));
  }
  return out;
}

/** A text as HTML writes it between tags. */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Characters of visible text given an unaccented copy at most (showsUnaccented): a long page's text is 100,000. */
const MAX_UNACCENTED = 200_000;

/** Characters of a value a cut display must show at least (showsOpeningCut), and words. */
const MIN_CUT_OPENING = 24;
const MIN_CUT_WORDS = 3;
/** Ellipses read per page at most (showsOpeningCut). */
const MAX_ELLIPSES = 200;

/**
 * The most an app shell shows before its scripts run: a word or three ("Loading...", "Please wait"), of
 * at most so many characters besides spaces. A page that shows more (a header's links, a heading) is
 * read as the page it is.
 */
const SHELL_TEXT_MAX = 40;
const SHELL_WORDS_MAX = 3;

/** A script element that runs: one without a type, or of a JavaScript type or a module (not JSON-LD, JSON or a template). */
const SCRIPT_START = /<script\b/gi;
const TYPE_ATTRIBUTE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const RUNNABLE_TYPE = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script(?:1\.\d)?|text\/jscript|text\/livescript)$/;

/** Script tags read at most: an app shell has a few; a page of thousands is no shell (a hostile one's are not all read). */
const MAX_SCRIPTS_READ = 1_000;

function runsScript(html: string): boolean {
  SCRIPT_START.lastIndex = 0;
  let read = 0;
  for (let m = SCRIPT_START.exec(html); m !== null && read++ < MAX_SCRIPTS_READ; m = SCRIPT_START.exec(html)) {
    // Each start tag's attributes read once, to its ">": a page of "<script <script ..." is read in one pass.
    const end = html.indexOf(">", m.index);
    if (end === -1) return false;
    const type = TYPE_ATTRIBUTE.exec(` ${html.slice(m.index + 7, end)}`);
    const value = type === null ? "" : (type[1] ?? type[2] ?? type[3]).trim().toLowerCase().split(";")[0].trim();
    if (RUNNABLE_TYPE.test(value)) return true;
    SCRIPT_START.lastIndex = end;
  }
  return false;
}

/** What writes the number after it as a rating's scale: "/", "out of", "von", "sur", "su", "из", "uit" (lower-cased text). */
const SCALE_BEFORE = /(?:\/|\bout of|\bvon|\bsur|\bsu|из|\buit)\s*$/;

/** A struck-through element's start tag, read where the visible text's reader found one (its attributes bounded). */
const STRUCK_START = /<(del|s|strike)(?:[\s/][^>]{0,2000})?>/iy;
/** Characters of a struck-through element's content read at most. */
const MAX_STRUCK_TEXT = 400;
const HAS_DIGIT = /\d/;

/** `<base href>` (its first, in the head). */
const BASE_TAG = /<base\s[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
/** Characters of a page read for its `<base>` at most, when its body's start is not found before. */
const MAX_HEAD_READ = 256 * 1024;

/** Keys kept per page (a page looks up at most 500 values). */
const MAX_KEYS_KEPT = 1_000;

export class TruthPage {
  readonly html: string;
  readonly pageUrl: string | null;
  #reader: VisibleTextReader | undefined;
  #lower: LowerText | undefined;
  #text: ShownText | undefined;
  #numbers: NumberLookup | undefined;
  #numbersEitherMark: NumberLookup | undefined;
  /** The page's texts before an ellipsis (showsOpeningCut), read once. */
  #beforeEllipses: string[] | undefined;
  /** The visible text without accents (showsUnaccented); null: the text has no accented letter. */
  #unaccented: ShownText | null | undefined;
  /** The text was looked at for the Arabic, Hebrew and Indic marks (hasScriptMarks). */
  #marksAsked = false;
  #scanner: HtmlScanner | undefined;
  /** Where the page's shown element texts start, by their length in the HTML (showsAsWholeElement). */
  #elementTextsByLength: Map<number, number[]> | undefined;
  /** Look-up keys of the values asked for: one answer referenced from 500 questions was read whole each time. */
  readonly #keys = new Map<string, string>();

  /** The page's tags as the JSON-LD scan logged them, until the visible text is read from them. */
  #tags: TagLog | null;
  /** The HTML is the DOM after the page's scripts ran (a rendered page), not the server's. */
  readonly rendered: boolean;

  /** The page as read without its struck-through text (withoutStruck), made when first asked. */
  #withoutStruck: TruthPage | undefined;
  /** The texts of the page's struck-through elements as a page of their own (struckTexts); null: none holds a digit. */
  #struckTexts: TruthPage | null | undefined;
  /** How many struck-through elements #struckTexts was made of: the reader may have found more since. */
  #struckRead = 0;

  /**
   * `struckHidden`: the page read with its struck-through elements (`<del>`, `<s>`, `<strike>`) as hidden
   * (withoutStruck).
   */
  constructor(
    html: string,
    pageUrl: string | null,
    tags: TagLog | null = null,
    rendered = false,
    private readonly struckHidden = false,
  ) {
    this.html = html;
    this.pageUrl = pageUrl;
    this.#tags = tags;
    this.rendered = rendered;
  }

  /**
   * The texts of the struck-through elements (`<del>`, `<s>`, `<strike>`: a former price beside the current
   * one) in the visible text read so far, as a page of their own in the page's language, for a price
   * look-up to ask whether the price is among them; null when none holds a digit (most pages). A price
   * the look-up found in the text read so far is in one of these or shown unstruck: the rest of the
   * page need not be read. Their start tags are kept by the reader as it reads (bounded there); each
   * text is read to its end tag within MAX_STRUCK_TEXT characters (an element of the same name nested
   * in it ends it early: its text is then cut, never taken from past it).
   */
  struckTexts(): TruthPage | null {
    const starts = this.#visibleText().struckStarts;
    if (this.#struckTexts !== undefined && this.#struckRead === starts.length) return this.#struckTexts;
    this.#struckRead = starts.length;
    const html = this.html;
    const texts: string[] = [];
    for (const start of starts) {
      STRUCK_START.lastIndex = start;
      const m = STRUCK_START.exec(html);
      if (m === null) continue;
      const from = start + m[0].length;
      const end = html.slice(from, from + MAX_STRUCK_TEXT + m[1].length + 2).toLowerCase().indexOf(`</${m[1].toLowerCase()}`);
      if (end === -1) continue;
      const text = html.slice(from, from + end);
      if (HAS_DIGIT.test(text)) texts.push(text);
    }
    const lang = this.lang;
    const langAttribute = lang === null ? "" : ` lang="${escapeText(lang).replace(/"/g, "&quot;")}"`;
    this.#struckTexts = texts.length === 0 ? null : new TruthPage(`<html${langAttribute}><body><p>${texts.join("</p><p>")}</p></body></html>`, null);
    return this.#struckTexts;
  }

  /** This page read with its struck-through elements hidden: what it shows beside its former prices. */
  withoutStruck(): TruthPage {
    if (this.struckHidden) return this;
    return (this.#withoutStruck ??= new TruthPage(this.html, this.pageUrl, null, this.rendered, true));
  }

  /**
   * The server's HTML of a page whose scripts draw its content: it shows almost no text (an app shell's
   * `<div id="root"></div>`, a "Loading..." at most) and it runs a script. What readers see is then
   * known only after the scripts ran (render): the values looked for are not missing, they are not
   * drawn yet. Never for a rendered page. Reads the whole visible text, so asked only once a look-up
   * found nothing (it has read the text to its end).
   */
  drawnByScript(): boolean {
    if (this.rendered) return false;
    const lower = this.#lowerText();
    lower.extend(true);
    if (lower.length > SHELL_TEXT_MAX * 4) return false;
    const text = lower.lower.trim();
    if (text.replace(/\s+/g, "").length > SHELL_TEXT_MAX || text.split(/\s+/).length > SHELL_WORDS_MAX) return false;
    return runsScript(this.html);
  }

  /**
   * A log for the JSON-LD scan to keep the body's tags in (given back to the constructor): the visible
   * text is then read without reading every tag's attributes a second time.
   */
  static tagLogFor(html: string): TagLog {
    return new TagLog(html, bodyStart(html));
  }

  /** The visible text, lower-cased, read from the page as far as the look-ups need it. */
  #lowerText(): LowerText {
    return (this.#lower ??= new LowerText(this.#visibleText()));
  }

  /** The one walk of the page's visible text, shared by the look-ups and hidesElementAt. */
  #visibleText(): VisibleTextReader {
    if (this.#reader === undefined) {
      this.#reader = new VisibleTextReader(this.html, this.#tags, this.struckHidden);
      this.#tags = null;
    }
    return this.#reader;
  }

  /**
   * The page hides the element whose start tag is at `offset` (the `hidden` attribute, a hiding inline
   * style, on it or an element it is in; or it is in a template or noscript): its text is not shown.
   */
  hidesElementAt(offset: number): boolean {
    return this.#visibleText().hidesElementAt(offset);
  }

  /**
   * The document's base URL: the page's URL, or its `<base href>` resolved against it, as relative
   * `@id`s and urls of every syntax resolve (JSON-LD in HTML takes the document's base, as Microdata's
   * itemid does). Read from the head only (a `<base>` belongs there), once.
   */
  get documentBase(): string | null {
    if (this.#documentBase === undefined) {
      const head = this.html.slice(0, Math.min(bodyStart(this.html) || MAX_HEAD_READ, MAX_HEAD_READ));
      const tag = BASE_TAG.exec(head);
      const href = tag === null ? null : decodeEntities(tag[1] ?? tag[2] ?? tag[3] ?? "", true);
      this.#documentBase = this.pageUrl === null ? null : effectiveBase(this.pageUrl, href);
    }
    return this.#documentBase;
  }
  #documentBase: string | null | undefined;

  /** The page's language (its `lang`), null without one. */
  get lang(): string | null {
    return this.#lowerText().lang;
  }

  /** lookupKey of a value, made once per page. */
  keyOf(value: string): string {
    let key = this.#keys.get(value);
    if (key === undefined) {
      key = lookupKey(value);
      if (this.#keys.size < MAX_KEYS_KEPT) this.#keys.set(value, key);
    }
    return key;
  }

  shownText(): ShownText {
    return (this.#text ??= new ShownText(this.#lowerText()));
  }

  shownNumbers(): NumberLookup {
    if (this.#numbers === undefined) {
      const lower = this.#lowerText();
      // Other scripts' digits are read on every page, whatever its language says: an Arabic shop on WordPress's
      // default lang="en-US" writes "١٬٢٩٩ ر.س", a part in another language (<div lang="ar">) its own digits.
      // Only a value not found in 0-9 pays for it (one pass that finds no such digit on most pages).
      this.#numbers = new NumberLookup(lower, decimalMarkOf(lower.lang), false, true, writesColonCents(lower.lang));
    }
    return this.#numbers;
  }

  /**
   * The page's numbers read with either mark as the decimal one, as a page without a language's are:
   * for amounts the language cannot have meant as decimals (a currency without a minor unit). The same
   * lookup as shownNumbers when the language decides nothing; built only when asked.
   */
  shownNumbersEitherMark(): NumberLookup {
    const numbers = this.shownNumbers();
    const lower = this.#lowerText();
    if (decimalMarkOf(lower.lang) === null) return numbers;
    return (this.#numbersEitherMark ??= new NumberLookup(lower, null, false, true, writesColonCents(lower.lang)));
  }

  /**
   * The value is the whole text of an element the page shows (`<span class="title">Fall Craft
   * Fair</span>`), though the visible text runs it into its neighbours: inline elements' edges are no
   * word break there ("<span>E</span>xecutive" reads "Executive"), and a card of spans that a
   * stylesheet sets apart (EventON's event cards, written without a space between `</span><span>`)
   * reads "6:00 pmFall Craft FairLakeside". The walk of the visible text records each shown element's
   * whole text (VisibleTextReader.elementTexts: not hidden, not a script's text), and the value is one
   * of them as the HTML writes it: as is, escaped, or with WordPress's `&#038;` for "&"
   * (wptexturize). Asked only for a text value not found as words; a value of a few characters is not asked.
   */
  showsAsWholeElement(value: string, key: string): boolean {
    const text = value.trim();
    if (text.length < MIN_ELEMENT_TEXT || key.length < MIN_ELEMENT_TEXT || text.length > MAX_ELEMENT_TEXT) return false;
    const reader = this.#visibleText();
    reader.readUntil(Infinity);
    const byLength = (this.#elementTextsByLength ??= groupByLength(reader.elementTexts()));
    const escaped = escapeText(text);
    for (const written of new Set([text, escaped, escaped.replace(/&amp;/g, "&#038;"), escaped.replace(/&amp;/g, "&#38;")])) {
      for (const start of byLength.get(written.length) ?? []) if (this.html.startsWith(written, start)) return true;
    }
    return false;
  }

  /**
   * One of the keys, without its accents, in the visible text without its accents: a value the markup
   * types without them ("Creme Brulee", a feed's ASCII names) for the page's "Crème Brûlée", the other way
   * round from unaccentedKeys (text-match.ts). Leniency that can only miss a warning. The unaccented copy
   * of the text is made once, and only for a page whose text has an accented letter and a look-up that
   * found nothing else. Null: a search stopped at a cap (not found is then not known).
   */
  showsUnaccented(keys: readonly string[]): boolean | null {
    if (this.#unaccented === undefined || (this.#unaccented === null && !this.#marksAsked && keys.some(inMarkedScript))) {
      const lower = this.#lowerText();
      lower.extend(true);
      // A text cut short answers "not known" whatever this finds; a longer one than a page shows is hostile.
      const readable = !lower.truncated && lower.length <= MAX_UNACCENTED;
      let copied = this.#unaccented === undefined && readable && lower.holdsCharacter(hasAccents);
      // The Arabic, Hebrew and Indic marks are looked for only for a key in those scripts, once.
      if (!copied && readable && keys.some(inMarkedScript)) {
        this.#marksAsked = true;
        copied = lower.holdsCharacter(hasScriptMarks);
      }
      this.#unaccented = copied ? new ShownText(withoutAccents(lower.lower)) : null;
    }
    const text = this.#unaccented;
    if (text === null) return false;
    text.takeStopped();
    if (keys.some((k) => text.shows(withoutAccents(k)))) return true;
    // An umlaut the markup spells out ("Kaesespaetzle") is the page's "Käsespätzle".
    if (keys.some((k) => { const unspelled = withoutSpelledUmlauts(withoutAccents(k)); return unspelled !== null && text.shows(unspelled); })) return true;
    return text.takeStopped() ? null : false;
  }

  /**
   * The page shows the value's opening cut with an ellipsis: a card or heading that a template shortens
   * ("Executive Anvil with Extra Long Ho…" for the markup's whole name), at a word's end or inside a word.
   * At least MIN_CUT_OPENING characters and MIN_CUT_WORDS words of the key, from a word's start, right before
   * "…" or "...". Leniency that can only miss a warning; read only for a value found no other way.
   */
  showsOpeningCut(key: string): boolean {
    if (key.length <= MIN_CUT_OPENING) return false;
    return (this.#beforeEllipses ??= this.#textsBeforeEllipses()).some((shown) => cutOpeningOf(key, shown));
  }

  /** What the page shows before each of its ellipses (up to MAX_ELLIPSES), normalized as keys are. */
  #textsBeforeEllipses(): string[] {
    const lower = this.#lowerText();
    lower.extend(true);
    const out: string[] = [];
    for (const w of lower.windows(OPENING + 8)) {
      for (const mark of ["\u2026", "..."]) {
        for (let at = w.text.indexOf(mark, w.from); at !== -1 && at < w.to; at = w.text.indexOf(mark, at + mark.length)) {
          if (out.length >= MAX_ELLIPSES) return out;
          out.push(normalizeText(w.text.slice(Math.max(0, at - OPENING - 8), at)));
        }
      }
    }
    return out;
  }

  /** The visible text holds `written` as it is (lower-cased text: no letters in it). */
  showsRun(written: string): boolean {
    const lower = this.#lowerText();
    lower.extend(true);
    return lower.windows(written.length).some((w) => {
      const at = w.text.indexOf(written, w.from);
      return at !== -1 && at < w.to;
    });
  }

  /**
   * The page shows the whole number `percent` as a percentage ("96%", "96 %"): a rating the markup gives
   * on its scale (4.8 of 5) that the page shows as a share (Magento's review summary, "96%").
   */
  showsPercent(percent: number): boolean {
    return this.showsNumberWritten([`${percent}%`, `${percent} %`, `${percent}\u00a0%`, `${percent}\u202f%`]);
  }

  /**
   * The visible text holds the whole number `n` (or "n.0", "n,00") as a number of its own, and not only
   * as a scale: after "/", "out of" or another language's words for it (SCALE_BEFORE). "5" of "3.9 out
   * of 5" is the scale; "5.0 out of 5" shows 5.
   */
  showsNumberOutsideScale(n: number): boolean {
    const lower = this.#lowerText();
    lower.extend(true);
    const written = String(n);
    for (const w of lower.windows(written.length)) {
      const text = w.text;
      for (let at = text.indexOf(written, w.from); at !== -1 && at < w.to; at = text.indexOf(written, at + 1)) {
        const before = at > 0 ? text.charCodeAt(at - 1) : 32;
        if ((before >= 48 && before <= 57) || before === 46 || before === 44) continue;
        const end = at + written.length;
        const next = text.charCodeAt(end);
        if (next >= 48 && next <= 57) continue;
        if (next === 46 || next === 44) {
          // "5.0" and "5,00" are 5; "5.5" and "5.05" are other numbers.
          let k = end + 1;
          while (text.charCodeAt(k) === 48) k++;
          const after = text.charCodeAt(k);
          if (after >= 48 && after <= 57) continue;
        }
        if (!SCALE_BEFORE.test(text.slice(Math.max(0, at - 12), at))) return true;
      }
    }
    return false;
  }

  /**
   * The visible text holds one of `written` (lower-cased, starting with a digit) where a number starts:
   * not after a digit or a decimal mark ("196%" and "4.96%" hold no "96%").
   */
  showsNumberWritten(written: readonly string[]): boolean {
    const lower = this.#lowerText();
    lower.extend(true);
    const windows = lower.windows(Math.max(...written.map((w) => w.length)));
    for (const run of written) {
      for (const w of windows) {
        for (let at = w.text.indexOf(run, w.from); at !== -1 && at < w.to; at = w.text.indexOf(run, at + 1)) {
          const before = at > 0 ? w.text.charCodeAt(at - 1) : 32;
          if (!(before >= 48 && before <= 57) && before !== 46 && before !== 44) return true;
        }
      }
    }
    return false;
  }

  /**
   * The element at `offset` is one whose text the browser never draws in the page: the head's `<title>`
   * (the tab's), an SVG's `<title>` or `<desc>` (a tooltip, a screen reader's), a `<style>` or a
   * `<script>`. A Microdata value read from its text is looked up as a hidden element's is.
   */
  drawsNoTextAt(offset: number): boolean {
    const scanner = (this.#scanner ??= new HtmlScanner(this.html));
    scanner.pos = offset;
    if (!scanner.next() || scanner.isEndTag || scanner.tagStart !== offset) return false;
    return UNDRAWN_TEXT.has(scanner.tagName());
  }

  /**
   * The Microdata or RDFa value of the element at `offset` is its text content (visible by
   * construction), not a `content`, `href`, `src`, `value` or `datetime` attribute.
   */
  readsElementText(offset: number): boolean {
    const scanner = (this.#scanner ??= new HtmlScanner(this.html));
    scanner.pos = offset;
    if (!scanner.next() || scanner.isEndTag || scanner.tagStart !== offset) return false;
    const name = scanner.tagName();
    if (VALUE_FROM_ATTRIBUTE.has(name)) return false;
    for (let k = 0; k < scanner.attrCount; k++) {
      if (scanner.attributeIs(k, "content")) return false;
      if (name === "time" && scanner.attributeIs(k, "datetime")) return false;
    }
    return true;
  }
}

/**
 * `shown` (the normalized text before an ellipsis) ends with an opening of `key` shorter than the key, of at
 * least MIN_CUT_OPENING characters and MIN_CUT_WORDS words, starting where a word of `shown` starts.
 */
function cutOpeningOf(key: string, shown: string): boolean {
  for (let start = 0; shown.length - start >= MIN_CUT_OPENING; start++) {
    if (start > 0 && shown.charCodeAt(start - 1) !== 32) continue;
    const length = shown.length - start;
    if (length >= key.length || !sameChars(key, 0, shown, start, length)) continue;
    let words = 1;
    for (let i = start; i < shown.length; i++) if (shown.charCodeAt(i) === 32) words++;
    return words >= MIN_CUT_WORDS;
  }
  return false;
}

/** a[aFrom, aFrom + length) and b[bFrom, bFrom + length) are the same characters (no slice made). */
function sameChars(a: string, aFrom: number, b: string, bFrom: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (a.charCodeAt(aFrom + i) !== b.charCodeAt(bFrom + i)) return false;
  return true;
}
