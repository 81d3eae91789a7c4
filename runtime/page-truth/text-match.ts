/**
 * Text values looked up in the visible text, both sides normalized the same way: lower case, every
 * run of characters that are neither letters nor digits one space (quotes, dashes, punctuation and
 * markup differences do not count), tags and character references of the value (an FAQ answer may
 * hold HTML) read as text. A long value matches by its opening: pages show the first paragraph of
 * an answer and fold the rest, or cut a review.
 */
import { decodeEntities } from "../extract/html-text.ts";

/** Characters of a value compared at most; a longer value matches by its opening this long. */
export const OPENING = 80;

const TAG = /<[^>]*>/g;

/**
 * What separates words: ASCII that is no letter or digit, Latin-1 punctuation (the no-break space
 * among it), the general punctuation, supplemental punctuation and CJK punctuation blocks, and
 * surrogates (emoji). A plain character class: a \p{L} regex cost ten times more on a page's text.
 */
const NOT_WORD = /[^a-z0-9\u00aa\u00b2\u00b3\u00b5\u00b9\u00ba\u00bc-\u00be\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u1fff\u2070-\u2dff\u2e80-\u2fff\u3040-\ud7ff\uf900-\ufe2f\ufe70-\ufefe\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff66-\uffdc]+/g;

export function normalizeText(text: string): string {
  return text.toLowerCase().replace(NOT_WORD, " ").trim();
}

/** A markup value as it is looked up: its text, normalized, cut to its opening at a word's end. */
export function lookupKey(value: string): string {
  const plain = value.indexOf("<") === -1 && value.indexOf("&") === -1 ? value : decodeEntities(value.replace(TAG, " "));
  const key = normalizeText(plain.length > OPENING * 4 ? plain.slice(0, OPENING * 4) : plain);
  if (key.length <= OPENING) return key;
  const cut = key.lastIndexOf(" ", OPENING);
  return key.slice(0, cut > OPENING / 2 ? cut : OPENING);
}

/** A site name or section after a title ("Anvil | Acme Shop", "Release - webpack - Medium"). */
const TITLE_SUFFIX = /\s+[|\u2013\u2014:-]{1,2}\s+/;

/**
 * Ways a page shows a name or a headline that the markup words a little differently: whole, before a
 * site suffix, or without one word at either end when there are three or more ("Aussie Meat Pie
 * Recipe" over a heading "Aussie meat pie"). Leniency that only misses warnings, never makes one.
 */
export function titleKeys(value: string): string[] {
  const keys = [lookupKey(value)];
  const cut = value.split(TITLE_SUFFIX)[0];
  if (cut !== value) keys.push(lookupKey(cut));
  const words = keys[0].split(" ");
  if (words.length >= 3) keys.push(words.slice(0, -1).join(" "), words.slice(1).join(" "));
  return keys.filter((k) => k !== "");
}

/**
 * Look-ups of a page by indexOf alone; later ones first ask the filter of the text's words. The filter
 * is a JavaScript pass over the text (about 3 ns a character on the bench machine, where an absent
 * word's indexOf is native and far faster): it pays on pages with many text values, not before.
 */
const WORD_INDEX_AFTER = 8;

/** Bits of the word filter (8 KB). */
const FILTER_BITS = 1 << 16;

function wordHash(h: number): number {
  return (h ^ (h >>> 15)) & (FILTER_BITS - 1);
}

/** Every word of the text (a longest run of word characters) hashed to one bit. */
function wordFilter(lower: string): Uint32Array {
  const bits = new Uint32Array(FILTER_BITS / 32);
  let h = 0;
  let inWord = false;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (isWordChar(c)) {
      h = (Math.imul(h, 31) + c) | 0;
      inWord = true;
    } else if (inWord) {
      const b = wordHash(h);
      bits[b >>> 5] |= 1 << (b & 31);
      h = 0;
      inWord = false;
    }
  }
  if (inWord) {
    const b = wordHash(h);
    bits[b >>> 5] |= 1 << (b & 31);
  }
  return bits;
}

/** False when a word of the key (words of word characters, one space between) is surely not a word of the text. */
function hasAllWords(bits: Uint32Array, key: string): boolean {
  let h = 0;
  for (let i = 0; i <= key.length; i++) {
    const c = i < key.length ? key.charCodeAt(i) : 32;
    if (c !== 32) {
      h = (Math.imul(h, 31) + c) | 0;
      continue;
    }
    const b = wordHash(h);
    if ((bits[b >>> 5] & (1 << (b & 31))) === 0) return false;
    h = 0;
  }
  return true;
}

/** Occurrences of a key's first word looked at per look-up, at most. */
const MAX_CANDIDATES = 2_000;

/**
 * The page's visible text prepared for phrase look-ups. The page's text is only lower-cased (one
 * native pass); a look-up finds its first word with indexOf and normalizes just the text after each
 * occurrence, so no page-wide normalization is paid for a handful of names.
 */
export class ShownText {
  private readonly lower: string;
  readonly truncated: boolean;
  /** The text's words as a one-hash Bloom filter, once WORD_INDEX_AFTER look-ups were made. */
  private words: Uint32Array | undefined;
  private lookups = 0;

  constructor(text: string, truncated: boolean) {
    this.lower = text.toLowerCase();
    this.truncated = truncated;
  }

  /** True when the normalized key appears as whole words. */
  shows(key: string): boolean {
    const space = key.indexOf(" ");
    const first = space === -1 ? key : key.slice(0, space);
    const lower = this.lower;
    // A match is the key's words, each with no word character before or after it: words of the text.
    // Each look-up below reads the text to its end when the first word is not there, and every occurrence
    // of a common one (up to MAX_CANDIDATES); past a few look-ups (a page of FAQs, reviews and events)
    // the text's words are hashed into a filter once (one pass, no string per word), and a key with a
    // word the filter has not seen is not shown (a word seen or sharing a bit with one is looked up).
    if (++this.lookups > WORD_INDEX_AFTER) {
      const words = (this.words ??= wordFilter(lower));
      if (!hasAllWords(words, key)) return false;
    }
    let seen = 0;
    for (let at = lower.indexOf(first); at !== -1 && seen < MAX_CANDIDATES; at = lower.indexOf(first, at + 1), seen++) {
      if (at > 0 && isWordChar(lower.charCodeAt(at - 1))) continue;
      if (matchesAt(lower, at, key)) return true;
    }
    return false;
  }
}

/**
 * The key read at `at` as normalizeText would read it: its characters as they are, each of its
 * spaces one or more separators, and a separator (or the end) after it. No string is made.
 */
function matchesAt(lower: string, at: number, key: string): boolean {
  let i = at;
  for (let k = 0; k < key.length; k++) {
    const kc = key.charCodeAt(k);
    if (kc === 32) {
      if (i >= lower.length || isWordChar(lower.charCodeAt(i))) return false;
      while (i < lower.length && !isWordChar(lower.charCodeAt(i))) i++;
      continue;
    }
    if (lower.charCodeAt(i) !== kc) return false;
    i++;
  }
  return i >= lower.length || !isWordChar(lower.charCodeAt(i));
}

/** A character normalizeText keeps: the complement of NOT_WORD, by ranges. */
function isWordChar(c: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
  if (c < 0xc0) return c === 0xaa || c === 0xb2 || c === 0xb3 || c === 0xb5 || c === 0xb9 || c === 0xba || (c >= 0xbc && c <= 0xbe);
  if (c <= 0x1fff) return c !== 0xd7 && c !== 0xf7;
  return (
    (c >= 0x2070 && c <= 0x2dff) ||
    (c >= 0x2e80 && c <= 0x2fff) ||
    (c >= 0x3040 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfe2f) ||
    (c >= 0xfe70 && c <= 0xfefe) ||
    (c >= 0xff10 && c <= 0xff19) ||
    (c >= 0xff21 && c <= 0xff3a) ||
    (c >= 0xff41 && c <= 0xff5a) ||
    (c >= 0xff66 && c <= 0xffdc)
  );
}
