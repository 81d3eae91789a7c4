/**
 * The tags of a page as the JSON-LD scan met them, kept for a later reader (the visible text of the
 * page truth checks) so that it does not read every tag's attributes a second time: the scan is the
 * costliest part of both, and the page is the same. Four numbers per tag from `from` on: where the
 * tag starts, where the scanner went on from (its end, or after a raw-text element's content and end
 * tag), where its name ends, and flags. Tokenizer facts only; what they mean is the reader's.
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

/** Tags kept per page at most (4 numbers each: 8 MB at most). */
const MAX_TAGS = 500_000;

/** Tags in the first chunk; each next chunk holds twice as many as the one before, up to LARGEST_CHUNK. */
const FIRST_CHUNK = 256;
const LARGEST_CHUNK = 8192;
/** Numbers kept per tag, in this order: start, where the scan went on, name end, flags. */
export const NUMBERS_PER_TAG = 4;

export class TagLog {
  readonly html: string;
  /** Tags starting before this offset (the head) are not kept. */
  readonly from: number;
  /**
   * The tags, NUMBERS_PER_TAG numbers each, in chunks filled one after the other: a page's tags are not copied
   * into a larger array each time it fills (a copy of every tag so far, for 22,000 tags the log's largest cost).
   */
  readonly chunks: Int32Array[];
  complete = true;
  /**
   * The chunk being filled and where its next tag goes; the count is worked out from them when asked.
   * The scanner calls add for every tag of the page: with these as private fields, a count and a cap
   * test kept per tag, and a fifth number no reader used, the log cost 15% more instructions.
   */
  current: Int32Array;
  at = 0;
  /** Tags in the chunks before the current one. */
  #before = 0;

  constructor(html: string, from: number) {
    this.html = html;
    this.from = from;
    this.current = new Int32Array(NUMBERS_PER_TAG * FIRST_CHUNK);
    this.chunks = [this.current];
  }

  /** Tags kept. */
  get count(): number {
    return this.#before + this.at / NUMBERS_PER_TAG;
  }

  /** One tag: where it starts, where the scan went on from (its end, or after a raw-text element's end tag), where its name ends, flags. */
  add(tagStart: number, after: number, nameEnd: number, flags: number): void {
    let d = this.current;
    let o = this.at;
    if (o === d.length) {
      if (!this.#nextChunk()) return;
      d = this.current;
      o = 0;
    }
    d[o] = tagStart;
    d[o + 1] = after;
    d[o + 2] = nameEnd;
    d[o + 3] = flags;
    this.at = o + NUMBERS_PER_TAG;
  }

  /** A new chunk to fill, or false (and the log incomplete) when MAX_TAGS are kept. */
  #nextChunk(): boolean {
    if (!this.complete) return false;
    const kept = this.count;
    if (kept >= MAX_TAGS) {
      this.complete = false;
      return false;
    }
    const next = new Int32Array(NUMBERS_PER_TAG * Math.min((this.current.length / NUMBERS_PER_TAG) * 2, LARGEST_CHUNK, MAX_TAGS - kept));
    this.chunks.push(next);
    this.#before = kept;
    this.current = next;
    this.at = 0;
    return true;
  }
}
