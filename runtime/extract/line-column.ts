/**
 * Offsets -> 1-based line and column.
 *
 * Line breaks are "\n", "\r\n" (one break) and a lone "\r": the three forms HTML's input
 * preprocessing normalizes to LF, so lines match what an editor and a browser show.
 * Columns count UTF-16 code units from the line start (JavaScript string indices), 1-based.
 */

export interface LineColumn {
  line: number;
  column: number;
}

/**
 * Start offsets of every line, built once in O(n); each look-up is a binary search.
 * Use it when many positions of the same text are needed (issues of one block or page).
 */
export class LineIndex {
  /** starts[i] is the offset of the first character of line i + 1. */
  private readonly starts: number[];
  private readonly length: number;

  constructor(text: string) {
    this.length = text.length;
    this.starts = lineStarts(text);
  }

  /** Line and column of `offset`; offsets outside [0, text.length] are clamped. */
  at(offset: number): LineColumn {
    const off = offset < 0 ? 0 : offset > this.length ? this.length : offset;
    const starts = this.starts;
    // Last line start <= off.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid] <= off) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: off - starts[lo] + 1 };
  }

  get lineCount(): number {
    return this.starts.length;
  }
}

/** One-off look-up: scans from the start of the text (O(offset)); use LineIndex for many. */
export function lineColumnAt(text: string, offset: number): LineColumn {
  return new LineCursor(text).at(offset);
}

/**
 * Forward-only look-ups: each call scans only from the previous position, so a sequence of
 * increasing offsets costs one pass over the text up to the last offset (the extractor's case:
 * blocks come in page order and the page after the last block is never scanned).
 * A smaller offset than the previous one restarts from the beginning.
 */
export class LineCursor {
  private readonly text: string;
  private readonly hasCR: boolean;
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  /**
   * The first line feed at or after `pos` (-1: none), kept between calls: searching afresh each
   * time rescanned the rest of a page without line breaks once per block (85,000 blocks on one
   * 5 MB line took seconds).
   */
  private nextLf = -2;

  constructor(text: string) {
    this.text = text;
    this.hasCR = text.indexOf("\r") !== -1;
  }

  at(offset: number): LineColumn {
    const text = this.text;
    const off = offset < 0 ? 0 : offset > text.length ? text.length : offset;
    if (off < this.pos) {
      this.pos = 0;
      this.line = 1;
      this.lineStart = 0;
      this.nextLf = -2;
    }
    if (!this.hasCR) {
      let nl = this.nextLf === -2 || (this.nextLf !== -1 && this.nextLf < this.pos) ? text.indexOf("\n", this.pos) : this.nextLf;
      while (nl !== -1 && nl < off) {
        this.line++;
        this.lineStart = nl + 1;
        nl = text.indexOf("\n", nl + 1);
      }
      this.nextLf = nl;
    } else {
      for (let i = this.pos; i < off; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) {
          this.line++;
          this.lineStart = i + 1;
        } else if (c === 13 && text.charCodeAt(i + 1) !== 10) {
          // Lone CR. (The CR of a CRLF is not a break; its LF is, at i + 1.)
          this.line++;
          this.lineStart = i + 1;
        }
      }
    }
    this.pos = off;
    return { line: this.line, column: off - this.lineStart + 1 };
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  if (text.indexOf("\r") === -1) {
    let nl = text.indexOf("\n");
    while (nl !== -1) {
      starts.push(nl + 1);
      nl = text.indexOf("\n", nl + 1);
    }
    return starts;
  }
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}
