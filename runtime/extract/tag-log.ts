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
import type { HtmlScanner } from "./html-scan.ts";

export const TAG_END = 1;
export const TAG_RAW_TEXT = 2;
/** A start tag with an attribute named `hidden` or `style` (any case): the reader looks at it again. */
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

  add(scan: HtmlScanner): void {
    if (scan.tagStart < this.from || !this.complete) return;
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
    d[o++] = scan.tagStart;
    d[o++] = scan.tagEnd;
    d[o++] = scan.pos;
    d[o++] = scan.nameEnd;
    let flags = scan.isEndTag ? TAG_END : scan.rawText !== null ? TAG_RAW_TEXT : 0;
    if (!scan.isEndTag && scan.attrCount > 0 && hasHiddenOrStyle(scan)) flags |= TAG_HIDDEN_OR_STYLE;
    d[o] = flags;
    this.count++;
  }
}

function hasHiddenOrStyle(scan: HtmlScanner): boolean {
  for (let k = 0; k < scan.attrCount; k++) {
    const o = k * 5;
    const len = scan.attrs[o + 1] - scan.attrs[o];
    if ((len === 6 && scan.attributeIs(k, "hidden")) || (len === 5 && scan.attributeIs(k, "style"))) return true;
  }
  // More than a page of attributes: let the reader look (it reads them all).
  return scan.attrCount === 64;
}
