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

export class TagLog {
  readonly html: string;
  /** Tags starting before this offset (the head) are not kept. */
  readonly from: number;
  data: Int32Array;
  count = 0;
  complete = true;

  constructor(html: string, from: number) {
    this.html = html;
    this.from = from;
    this.data = new Int32Array(5 * 256);
  }

  /** One tag: where it starts and ends, where the scan went on from (after a raw-text element's end tag), where its name ends, flags. */
  add(tagStart: number, tagEnd: number, after: number, nameEnd: number, flags: number): void {
    if (!this.complete) return;
    if (this.count === MAX_TAGS) {
      this.complete = false;
      return;
    }
    let o = this.count * 5;
    if (o + 5 > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const d = this.data;
    d[o++] = tagStart;
    d[o++] = tagEnd;
    d[o++] = after;
    d[o++] = nameEnd;
    d[o] = flags;
    this.count++;
  }
}
