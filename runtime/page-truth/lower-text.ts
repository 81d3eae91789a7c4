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
  /** The text read so far, lower-cased: up to its last space until `complete` (no word is cut). */
  lower = "";
  /** The text as written, once `complete` (look-ups that need every number of it). */
  raw = "";
  complete = false;
  truncated = false;
  readonly lang: string | null;
  #reader: VisibleTextReader | null;
  #loweredTo = 0;

  constructor(source: string | VisibleTextReader, truncated = false) {
    if (typeof source === "string") {
      this.#reader = null;
      this.lang = null;
      this.raw = source;
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
    const step = all ? undefined : READ_STEPS.find((s) => s > reader.text.length);
    reader.readUntil(step ?? Infinity);
    const raw = reader.text;
    // Lower-cased up to a space: a word cut in two could lower-case otherwise (a final sigma).
    const cut = reader.done ? raw.length : raw.lastIndexOf(" ") + 1;
    if (cut > this.#loweredTo) {
      this.lower += lowerCaseInChunks(raw.slice(this.#loweredTo, cut));
      this.#loweredTo = cut;
    }
    if (reader.done) {
      this.raw = raw;
      this.truncated = reader.truncated;
      this.complete = true;
      this.#reader = null;
    }
  }
}

/** Characters lower-cased per call at least (a chunk ends at the next space after it). */
const CHUNK = 8192;

/**
 * text.toLowerCase(), a chunk at a time. V8 lower-cases a two-byte string (any character past U+00FF, a
 * euro sign or a curly quote) in time that grows faster than its length: 850 us for a 100,000-character
 * page text at once, 75 us in chunks. Chunks end at a space, so no word is cut (a final sigma, a
 * surrogate pair) and the result is the whole string's.
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
