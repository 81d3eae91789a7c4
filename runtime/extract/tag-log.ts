/**
 * The tags of a page as the JSON-LD scan met them, kept for a later reader (the visible text of the
 * page truth checks) so that it does not read every tag's attributes a second time: the scan is the
 * costliest part of both, and the page is the same. Five numbers per tag from `from` on: where the
 * tag starts, where it ends, where the scanner went on from (after a raw-text element's content and
 * end tag), where its name ends, and flags. Tokenizer facts only; what they mean is the reader's.
 *
 * Bounded: past MAX_TAGS tags the log stops and says so (`complete` false); the reader then scans
 * the page itself.
 */

export const TAG_END = 1;
export const TAG_RAW_TEXT = 2;
/**
 * A start tag with an attribute named `hidden`, or a `style` whose value holds `none` or `hidden` (any
 * case): the reader looks at it again. Every hiding tag has it; most others do not.
 */
export const TAG_HIDDEN_OR_STYLE = 4;

/** Tags kept per page at most (5 numbers each: 10 MB at most). */
const MAX_TAGS = 500_000;

/** Tags in the first chunk; each next chunk holds twice as many as the one before, up to LARGEST_CHUNK. */
const FIRST_CHUNK = 256;
const LARGEST_CHUNK = 8192;

export class TagLog {
  readonly html: string;
  /** Tags starting before this offset (the head) are not kept. */
  readonly from: number;
  /**
   * The tags, five numbers each, in chunks filled one after the other: a page's tags are not copied
   * into a larger array each time it fills (a copy of every tag so far, for 22,000 tags the log's largest cost).
   */
  readonly chunks: Int32Array[];
  count = 0;
  complete = true;
  #current: Int32Array;
  #at = 0;

  constructor(html: string, from: number) {
    this.html = html;
    this.from = from;
    this.#current = new Int32Array(5 * FIRST_CHUNK);
    this.chunks = [this.#current];
  }

  /** One tag: where it starts and ends, where the scan went on from (after a raw-text element's end tag), where its name ends, flags. */
  add(tagStart: number, tagEnd: number, after: number, nameEnd: number, flags: number): void {
    if (!this.complete) return;
    if (this.count === MAX_TAGS) {
      this.complete = false;
      return;
    }
    let d = this.#current;
    let o = this.#at;
    if (o === d.length) {
      d = new Int32Array(Math.min(d.length * 2, 5 * LARGEST_CHUNK));
      this.chunks.push(d);
      this.#current = d;
      o = 0;
    }
    d[o] = tagStart;
    d[o + 1] = tagEnd;
    d[o + 2] = after;
    d[o + 3] = nameEnd;
    d[o + 4] = flags;
    this.#at = o + 5;
    this.count++;
  }
}
