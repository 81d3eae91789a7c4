/**
 * The page's visible text in lower case, as the look-ups search it, read only as far as they need: a
 * value found in the text read so far (a product's name in its heading, a rating near the top) leaves
 * the rest of the page unread. A look-up that does not find its value reads on (READ_STEPS, then the
 * rest), and at the end searches the whole text as before: what is read is always the start of the
 * whole lower-cased text, so a value found early is found in the whole text too.
 */
import { SPACE_BETWEEN_UNSPACED, UNSPACED_CHARACTER, latinAlphanumeric, unspaced } from "./unspaced-script.ts";
import type { VisibleTextReader } from "./visible-text.ts";

/**
 * How far the text is read, step by step, before the rest of it at once: a shown name or rating is
 * nearly always in a page's first thousand characters of text, and each step searched again is paid
 * twice by a value the page does not show.
 */
const READ_STEPS = [1024, 4096];

/**
 * A stretch of the whole lower-cased text for a look-up to search: its core, text[from, to), and up to
 * OVERLAP characters on each side, so that what an occurrence in the core reaches into is there. Each
 * occurrence is looked at in the one window whose core holds its start.
 */
export interface TextWindow {
  readonly text: string;
  readonly from: number;
  readonly to: number;
  /** Where the core starts in the whole text. */
  readonly offset: number;
  /** The window starts where the whole text starts; it ends where the whole text ends. */
  readonly first: boolean;
  readonly last: boolean;
}

/**
 * A text up to this long is searched as one string; a longer one in windows (TextWindow). V8 gives a
 * string of more than 128 KB (64 K characters of a two-byte string) fresh pages of its own, and one
 * such string per page cost 600 us on the bench's large page, more than its look-ups.
 */
const WHOLE_UP_TO = 60_000;
/**
 * A text past this (or one cut at MAX_VISIBLE) is searched as one string again: its numbers are read
 * whole anyway (price-text.ts: ShownNumbers past 2 * MAX_NUMBERS characters), and hundreds of windows
 * kept alive beside it cost the collector more than the one large string.
 */
const WINDOWS_UP_TO = 400_000;
/** Characters per window's core, and what a window shows of its neighbours' on each side. */
const CORE = 16_384;
const OVERLAP = 2_048;

export class LowerText {
  complete = false;
  truncated = false;
  readonly lang: string | null;
  #reader: VisibleTextReader | null;
  /** The text read so far, lower-cased, in chunks (up to its last word boundary until `complete`). */
  readonly #chunks: string[] = [];
  #length = 0;
  #joined = "";
  #joinedChunks = 0;
  #windows: readonly TextWindow[] | undefined;
  /**
   * The text may be written without spaces (unspaced-script.ts), its language being one of those
   * scripts' or not given: white space between two of their characters is dropped (withoutSpacesBetweenUnspaced),
   * and from the keys looked up too (ShownText). Looking for such characters costs a pass over the text
   * (120 us for 100,000 characters), which a page in another language is spared.
   */
  readonly joinsUnspaced: boolean;
  /** Text read but not lower-cased yet: after the last word boundary read. */
  #pending = "";

  constructor(source: string | VisibleTextReader, truncated = false) {
    if (typeof source === "string") {
      this.#reader = null;
      this.lang = null;
      this.joinsUnspaced = true;
      this.#add(source);
      this.complete = true;
      this.truncated = truncated;
    } else {
      this.#reader = source;
      this.lang = source.lang;
      this.joinsUnspaced = writtenWithoutSpaces(source.lang);
    }
  }

  /** Characters of the lower-cased text so far. */
  get length(): number {
    return this.#length;
  }

  /**
   * The text read so far, lower-cased, as one string: what a look-up searches while the text is read in
   * steps (its first few thousand characters). A complete text is searched in windows().
   */
  get lower(): string {
    // Appended chunk by chunk: the first search flattens the whole text once. Joining the new chunks
    // first copied them a second time (23 KB of typical.html's 295 KB allocated per report).
    const chunks = this.#chunks;
    for (let k = this.#joinedChunks; k < chunks.length; k++) this.#joined += chunks[k];
    this.#joinedChunks = chunks.length;
    return this.#joined;
  }

  /**
   * The complete text in windows: one (the whole text) up to WHOLE_UP_TO characters and past
   * WINDOWS_UP_TO, or when what is searched for is longer than a window shows of its neighbour
   * (`searched`: a look-up's anchor).
   */
  windows(searched = 0): readonly TextWindow[] {
    if (!this.complete) throw new Error("LowerText.windows: the text is not read to its end");
    if (searched > OVERLAP) return [wholeWindow(this.lower)];
    const whole = this.#length <= WHOLE_UP_TO || this.#length > WINDOWS_UP_TO || this.truncated;
    return (this.#windows ??= whole ? [wholeWindow(this.lower)] : windowsOf(this.#chunks));
  }

  /**
   * Some character of the text read so far passes `test` (a test of single characters: none straddles two
   * chunks). Asked chunk by chunk: `lower` of a long text is one string of its own, which cost the bench's
   * large page 600 us when asked only whether the text holds an accented letter.
   */
  holdsCharacter(test: (text: string) => boolean): boolean {
    return this.#chunks.some(test) || (this.#pending !== "" && test(this.#pending));
  }

  /** Reads on: to the next of READ_STEPS, or to the end (`all`, and after the last step). */
  extend(all = false): void {
    const reader = this.#reader;
    if (reader === null) return;
    const step = all ? undefined : READ_STEPS.find((s) => s > reader.length);
    reader.readUntil(step ?? Infinity);
    // Piece by piece as the reader hands them over: the page's text is never one rope to flatten.
    for (const piece of reader.takeNew()) {
      // Lower-cased up to a word boundary: a word cut in two could lower-case otherwise (a final sigma).
      const cut = beforeSpacesAfterUnspaced(piece, lastBoundary(piece));
      if (cut === -1) {
        this.#pending += piece;
        continue;
      }
      this.#add(this.#pending + piece.slice(0, cut + 1));
      this.#pending = piece.slice(cut + 1);
    }
    if (reader.done) {
      if (this.#pending !== "") this.#add(this.#pending);
      this.#pending = "";
      this.truncated = reader.truncated;
      this.complete = true;
      this.#reader = null;
    }
  }

  /**
   * `text` lower-cased, added in chunks (lowerCaseInChunks), without white space between two characters
   * of a script written without spaces (withoutSpacesBetweenUnspaced), also where the last chunk ends.
   */
  #add(text: string): void {
    const chunks = this.#chunks;
    const before = chunks.length;
    if (this.joinsUnspaced) {
      const last = before > 0 ? chunks[before - 1] : "";
      const previous = last.charCodeAt(last.length - 1);
      // Also a text of Latin words after such a character: its first space may stand between the two.
      if (UNSPACED_CHARACTER.test(text) || (unspaced(previous) && isBlank(text.charCodeAt(0)))) text = withoutSpacesBetweenUnspaced(text, previous);
    }
    lowerCaseInChunks(text, chunks);
    for (let k = before; k < chunks.length; k++) this.#length += chunks[k].length;
  }
}

function wholeWindow(text: string): TextWindow {
  return { text, from: 0, to: text.length, offset: 0, first: true, last: true };
}

/** Windows over the chunks: cores of about CORE characters, each with OVERLAP of its neighbours' on each side. */
function windowsOf(chunks: readonly string[]): TextWindow[] {
  const cores: string[] = [];
  let core = "";
  for (const chunk of chunks) {
    core += chunk;
    if (core.length >= CORE) {
      cores.push(core);
      core = "";
    }
  }
  if (core !== "") cores.push(core);
  const out: TextWindow[] = [];
  let offset = 0;
  for (let k = 0; k < cores.length; k++) {
    const before = k > 0 ? cores[k - 1].slice(-OVERLAP) : "";
    const after = k + 1 < cores.length ? cores[k + 1].slice(0, OVERLAP) : "";
    const text = before + cores[k] + after;
    out.push({ text, from: before.length, to: before.length + cores[k].length, offset, first: k === 0, last: k === cores.length - 1 });
    offset += cores[k].length;
  }
  return out;
}

/**
 * The last character of `piece` after which lower-casing cannot depend on what follows, or -1: white
 * space, or a CJK ideograph or hiragana (a Japanese or Chinese text has no spaces). Neither is a cased
 * letter nor ignored by the final sigma rule, so the text on each side lower-cases as in the whole.
 */
function lastBoundary(piece: string): number {
  for (let i = piece.length - 1; i >= 0; i--) {
    const c = piece.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3041 && c <= 0x3096)) return i;
  }
  return -1;
}

/** Japanese, Chinese, Thai, Lao, Khmer and Burmese are written without spaces between words; a page without a language may be. */
function writtenWithoutSpaces(lang: string | null): boolean {
  return lang === null || UNSPACED_LANGUAGE.test(lang);
}
const UNSPACED_LANGUAGE = /^(?:ja|zh|th|lo|km|my|yue|wuu)(?:$|-)/;

/**
 * The cut `cut` (lastBoundary's) moved before the white space it ends with when a character of a script
 * written without spaces comes before that space: the space goes with what follows, where #add can see
 * both its sides. Such a character is no cased letter: lower-casing never depends on what follows it.
 */
function beforeSpacesAfterUnspaced(piece: string, cut: number): number {
  if (cut <= 0 || !isBlank(piece.charCodeAt(cut))) return cut;
  let end = cut;
  while (end > 0 && isBlank(piece.charCodeAt(end - 1))) end--;
  // After a Latin letter or digit too (the space may stand before a Japanese word): cut before the white
  // space, lower-casing gives the same text (a final sigma is final before white space as before the end).
  return end > 0 && (unspaced(piece.charCodeAt(end - 1)) || latinAlphanumeric(piece.charCodeAt(end - 1))) ? end - 1 : cut;
}

function isBlank(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 0xa0 || c === 0x3000;
}

/**
 * `text` without the white space between two characters of a script written without spaces ("プロ用
 * 金床セット", which the markup writes "プロ用金床セット": a space on one side only is the same text), or
 * between one and a Latin letter or digit ("金床 50kg");
 * `before` is the character the text follows (NaN: none), for a space it starts with.
 */
export function withoutSpacesBetweenUnspaced(text: string, before: number): string {
  let out = text.replace(SPACE_BETWEEN_UNSPACED, "$1$2");
  if (!Number.isNaN(before) && (unspaced(before) || latinAlphanumeric(before)) && isBlank(out.charCodeAt(0))) {
    let start = 1;
    while (start < out.length && isBlank(out.charCodeAt(start))) start++;
    const next = out.charCodeAt(start);
    if (start < out.length && (unspaced(next) || (unspaced(before) && latinAlphanumeric(next)))) out = out.slice(start);
  }
  return out;
}

/** Characters lower-cased per call at least (a chunk ends at the next space after it). */
const CHUNK = 8192;

/**
 * text.toLowerCase(), a chunk at a time, added to `out`. A string of more than 128 KB (64 K characters of a two-byte
 * string: any character past U+00FF, a euro sign or a curly quote) is given fresh pages of its own, which
 * costs far more than lower-casing it: 55 us for 64,000 characters, 600 us for 70,000 on the bench
 * machine; 850 us for a 100,000-character page text at once, 75 us in chunks. Chunks end at a space,
 * so no word is cut (a final sigma, a surrogate pair) and the result is the whole string's.
 */
export function lowerCaseInChunks(text: string, out: string[]): void {
  if (text.length <= CHUNK) {
    if (text !== "") out.push(foldCase(text.toLowerCase()));
    return;
  }
  for (let from = 0; from < text.length; ) {
    let to = text.indexOf(" ", from + CHUNK);
    to = to === -1 ? text.length : to + 1;
    out.push(foldCase(text.slice(from, to).toLowerCase()));
    from = to;
  }
}

const SOFT_HYPHENS = /\u00ad/g;

/**
 * Lower-cased text (`text.toLowerCase()`) as both sides of a look-up compare it:
 * - without soft hyphens. A soft hyphen (`&shy;`, U+00AD) only says where a word may break; a reader
 *   sees the word whole ("Schwarz&shy;wälder" is "Schwarzwälder"), and hyphenation plugins put them into
 *   headings. The markup's value has none.
 * - with the characters a reader does not tell apart read as one (WRITTEN_ALIKE).
 * - with the signs typed as letters in brackets read as the signs ("(tm)" as "™": TYPED_SIGNS).
 * - with the letters that lower-case differently from how they upper-case read as one. A heading
 *   written in capitals in the page's source ("STRASSE", Turkish "HALI", "İPEK") is the markup's
 *   "Straße", "Halı", "İpek": ß is ss, the dotless ı is i, and the dot above that İ lower-cases to
 *   (U+0307) is dropped. Each is looked for first (indexOf, native): most texts hold none.
 */
export function foldCase(lower: string): string {
  let out = lower.indexOf("\u00ad") === -1 ? lower : lower.replace(SOFT_HYPHENS, "");
  if (out.indexOf("\u00df") !== -1) out = out.replace(SHARP_S, "ss");
  if (out.indexOf("\u0131") !== -1) out = out.replace(DOTLESS_I, "i");
  if (out.indexOf("\u0307") !== -1) out = out.replace(DOT_ABOVE, "");
  if (out.indexOf("(tm)") !== -1 || out.indexOf("(r)") !== -1 || out.indexOf("(c)") !== -1 || out.indexOf("(sm)") !== -1) out = out.replace(TYPED_SIGNS, typedSign);
  if (WRITTEN_ALIKE.test(out) || MORE_WRITTEN_ALIKE.test(out)) {
    if (HALF_WIDTH_KANA.test(out)) out = out.replace(HALF_WIDTH_KANA_RUNS, compatible);
    out = out.replace(WRITTEN_ALIKE_ALL, readAlike);
  }
  return out;
}

/**
 * Characters a reader does not tell from others, or does not see at all:
 * - zero-width spaces, joiners and the BOM (U+200B-U+200D, U+2060, U+FEFF), which CMSs and copy-paste
 *   leave inside words ("Super\u200bman" shows "Superman");
 * - full-width Latin letters, digits and signs and the ideographic space (U+FF01-U+FF5E, U+3000), which
 *   Japanese and Chinese pages mix with the half-width forms ("ＡＢＣ" is "ABC");
 * - the multiplication sign, which WordPress writes for the x between two numbers ("2x4" shows "2×4");
 * - the modifier letter apostrophes (Ukrainian ʼ, Hawaiian ʻ), written for the apostrophe and read as one;
 * - the compatibility forms a page writes for what markup writes plainly, or the other way round, as
 *   Unicode's compatibility decomposition (NFKC) reads them: superscript and subscript digits ("m²" on
 *   one side, `m<sup>2</sup>` or "m2" on the other, "CO₂"), vulgar fractions ("½" is "1⁄2", read as
 *   "1/2"), the Latin ligatures ("ﬁ" of a text pasted from a PDF) and half-width katakana ("ｶﾞｰﾃﾞﾝ" is
 *   "ガーデン", a whole run composed at once: a voiced mark joins the letter before it), Roman numerals
 *   ("ファイナルファンタジーⅦ" is "…VII"), the CJK unit squares ("5㎏" is "5kg"), "№", circled and
 *   parenthesized letters and digits ("①", "㈜"), the Dutch "ĳ", the long s and the Latin digraphs
 *   ("ǆ"). A vulgar fraction after a digit is a mixed number ("1½" is "1 1/2"). NFKC over the
 *   whole text would cost every page; these are looked for first.
 * - the Arabic tatweel (U+0640), which stretches a word for the eye ("مـــطعم" is "مطعم");
 * - the variation selectors (U+FE00-U+FE0F), which only choose how the character before them is drawn:
 *   "❤️" (a heart and U+FE0F, as an emoji keyboard types it) is the page's "❤".
 */
const WRITTEN_ALIKE = /[\ufe00-\ufe0f\u200b-\u200d\u2060\ufeff\uff01-\uff9f\u3000\u00d7\u02bb\u02bc\u00b2\u00b3\u00b9\u00bc-\u00be\u2070-\u209f\u2150-\u2189\u2460-\u24ff\ufb00-\ufb06\u0640]/;
/**
 * The rest of WRITTEN_ALIKE_ALL's characters, in a class of their own: V8's regex engine tests a class of
 * more than 18 ranges per character several times slower (60 us against 9 for a page's 16,000 characters).
 */
const MORE_WRITTEN_ALIKE = /[\u2116\u3200-\u33ff\u0133\u017f\u01c4-\u01cc\ufb13-\ufb17]/;
const WRITTEN_ALIKE_ALL = /[\ufe00-\ufe0f\u200b-\u200d\u2060\ufeff\uff01-\uff5e\u3000\u00d7\u02bb\u02bc\u00b2\u00b3\u00b9\u00bc-\u00be\u2070-\u209f\u2150-\u2188\u2189\u2116\u2460-\u24ff\u3200-\u33ff\u0133\u017f\u01c4-\u01cc\ufb00-\ufb06\ufb13-\ufb17\u0640]/g;
const HALF_WIDTH_KANA = /[\uff61-\uff9f]/;
const HALF_WIDTH_KANA_RUNS = /[\uff61-\uff9f]+/g;

function readAlike(c: string, at: number, text: string): string {
  const code = c.charCodeAt(0);
  // A vulgar fraction right after a digit is a mixed number: "1½" is "1 1/2", not NFKC's "11⁄2".
  if (isVulgarFraction(code) && at > 0 && isAsciiDigit(text.charCodeAt(at - 1))) return ` ${compatible(c)}`;
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0);
  if (code === 0x3000) return " ";
  if (code === 0x00d7) return "x";
  if (code === 0x02bb || code === 0x02bc) return "'";
  if (code === 0x0640 || (code >= 0x200b && code <= 0x200d) || code === 0x2060 || code === 0xfeff || (code >= 0xfe00 && code <= 0xfe0f)) return "";
  // Superscripts, subscripts, fractions and ligatures decompose to lower-case letters, digits and signs.
  return compatible(c);
}

/** Lower-cased: a compatibility form may decompose to capitals ("№" is "No", "Ⅶ" of a heading's "FINAL FANTASY Ⅶ" is "VII"). */
function compatible(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

function isVulgarFraction(code: number): boolean {
  return (code >= 0x00bc && code <= 0x00be) || (code >= 0x2150 && code <= 0x215f) || code === 0x2189;
}

function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
/**
 * The signs typed as letters in brackets, which WordPress's wptexturize and typography plugins print as
 * the signs ("Acme (tm) Anvil" shows "Acme ™ Anvil"): read as the signs, which part words as any
 * symbol does, on both sides.
 */
const TYPED_SIGNS = /\((?:tm|sm|r|c)\)/g;
const TYPED_SIGN: Readonly<Record<string, string>> = { "(tm)": "\u2122", "(sm)": "\u2120", "(r)": "\u00ae", "(c)": "\u00a9" };
function typedSign(typed: string): string {
  return TYPED_SIGN[typed];
}

const SHARP_S = /\u00df/g;
const DOTLESS_I = /\u0131/g;
const DOT_ABOVE = /\u0307/g;
