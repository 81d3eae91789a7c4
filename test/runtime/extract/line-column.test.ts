import { test } from "uvu";
import * as assert from "uvu/assert";
import { LineCursor, LineIndex, lineColumnAt } from "../../../runtime/extract/line-column.ts";

/** Reference: \n, \r\n (one break) and lone \r break lines; columns are 1-based UTF-16 units. */
function naive(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    if (text[i] === "\n" || (text[i] === "\r" && text[i + 1] !== "\n")) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

const texts: Array<[string, string]> = [
  ["empty", ""],
  ["one line", "abc"],
  ["LF", "a\nbc\n\nd\n"],
  ["CRLF", "a\r\nbc\r\n\r\nd"],
  ["lone CR", "a\rbc\r\rd\r"],
  ["mixed", "\n\r\n\r\ra\nb\r\n"],
  ["astral", "😀\n😀x"],
];

for (const [name, text] of texts) {
  test(`LineIndex, LineCursor and lineColumnAt agree with the reference: ${name}`, () => {
    const index = new LineIndex(text);
    const cursor = new LineCursor(text);
    for (let off = 0; off <= text.length; off++) {
      const want = naive(text, off);
      assert.equal(index.at(off), want, `LineIndex at ${off}`);
      assert.equal(cursor.at(off), want, `LineCursor at ${off}`);
      assert.equal(lineColumnAt(text, off), want, `lineColumnAt ${off}`);
    }
  });
}

test("out-of-range offsets are clamped; the cursor may go backwards", () => {
  const text = "ab\ncd";
  const index = new LineIndex(text);
  assert.equal(index.at(-5), { line: 1, column: 1 });
  assert.equal(index.at(99), { line: 2, column: 3 });
  const cursor = new LineCursor(text);
  assert.equal(cursor.at(4), { line: 2, column: 2 });
  assert.equal(cursor.at(1), { line: 1, column: 2 });
  assert.is(index.lineCount, 2);
});

test.run();
