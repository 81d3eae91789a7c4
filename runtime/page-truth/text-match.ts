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
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * One loop over the characters: ASCII (nearly all of most pages) is classified by code, only other
 * characters go through the Unicode letter-or-digit test. A regex replace with \p classes cost ten
 * times more on a page's text.
 */
export function normalizeText(text: string): string {
  const lower = text.toLowerCase();
  let out = "";
  let runStart = -1;
  let pendingSpace = false;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32;
    const word = c < 128 ? (c >= 97 && c <= 122) || (c >= 48 && c <= 57) : WORD_CHAR.test(lower[i]);
    if (word) {
      if (runStart === -1) runStart = i;
      continue;
    }
    if (runStart !== -1) {
      if (pendingSpace) out += " ";
      out += lower.slice(runStart, i);
      pendingSpace = true;
      runStart = -1;
    }
  }
  return out;
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

/** The page's visible text prepared for phrase look-ups. */
export class ShownText {
  private readonly padded: string;
  readonly truncated: boolean;

  constructor(text: string, truncated: boolean) {
    this.padded = ` ${normalizeText(text)} `;
    this.truncated = truncated;
  }

  /** True when the normalized key appears as whole words. */
  shows(key: string): boolean {
    return this.padded.includes(` ${key} `);
  }
}
