/**
 * The page's visible text in lower case, as the look-ups search it, read only as far as they need: a
 * value found in the text read so far (a product's name in its heading, a rating near the top) leaves
 * the rest of the page unread. A look-up that does not find its value reads on (READ_STEPS, then the
 * rest), and at the end searches the whole text as before: what is read is always the start of the
 * whole lower-cased text, so a value found early is found in the whole text too.
 */
import type { VisibleTextReader } from "./visible-text.ts";

/**
 * How far the text is read, step by step, before the rest of it at once: a shown name or rating is
 * nearly always in a page's first thousand characters of text, and each step searched again is paid
 * twice by a value the page does not show.
 */
const READ_STEPS = [1024, 4096];

export class LowerText {
  /** The text read so far, lower-cased: up to its last word boundary until `complete` (no word is cut). */
  lower = "";
  complete = false;
  truncated = false;
  readonly lang: string | null;
  #reader: VisibleTextReader | null;
  /** Text read but not lower-cased yet: after the last word boundary read. */
  #pending = "";

  constructor(source: string | VisibleTextReader, truncated = false) {
    if (typeof source === "string") {
      this.#reader = null;
      this.lang = null;
      this.lower = lowerCaseInChunks(source);
      this.complete = true;
      this.truncated = truncated;
    } else {
      this.#reader = source;
      this.lang = source.lang;
    }
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
      const cut = lastBoundary(piece);
      if (cut === -1) {
        this.#pending += piece;
        continue;
      }
      this.lower += lowerCaseInChunks(this.#pending + piece.slice(0, cut + 1));
      this.#pending = piece.slice(cut + 1);
    }
    if (reader.done) {
      if (this.#pending !== "") this.lower += lowerCaseInChunks(this.#pending);
      this.#pending = "";
      this.truncated = reader.truncated;
      this.complete = true;
      this.#reader = null;
    }
  }
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

/** Characters lower-cased per call at least (a chunk ends at the next space after it). */
const CHUNK = 8192;

/**
 * text.toLowerCase(), a chunk at a time. A string of more than 128 KB (64 K characters of a two-byte
 * string: any character past U+00FF, a euro sign or a curly quote) is given fresh pages of its own, which
 * costs far more than lower-casing it: 55 us for 64,000 characters, 600 us for 70,000 on the bench
 * machine; 850 us for a 100,000-character page text at once, 75 us in chunks. Chunks end at a space,
 * so no word is cut (a final sigma, a surrogate pair) and the result is the whole string's.
 */
export function lowerCaseInChunks(text: string): string {
  if (text.length <= CHUNK) return text.toLowerCase();
  let out = "";
  for (let from = 0; from < text.length; ) {
    let to = text.indexOf(" ", from + CHUNK);
    to = to === -1 ? text.length : to + 1;
    out += text.slice(from, to).toLowerCase();
    from = to;
  }
  return out;
}
