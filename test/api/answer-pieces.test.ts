/**
 * A batch's answer is written in pieces (api/routes/validate-batch.ts): cut at a fixed size, except that a
 * surrogate pair (an emoji in a page's text) is never split, which would turn each half into U+FFFD.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { pieces } from "../../api/routes/batch/answer.ts";

test("pieces join back to the texts, none longer than the size, short texts kept whole", () => {
  const texts = ["{", "a".repeat(10), "", "b".repeat(25), "}"];
  const out = [...pieces(texts, 8)];
  assert.is(out.join(""), texts.join(""));
  assert.ok(out.every((p) => p.length > 0 && p.length <= 8));
  assert.equal(out.slice(0, 3), ["{", "aaaaaaaa", "aa"]);
  assert.is(out.at(-1), "}");
});

test("a surrogate pair across a cut goes whole into the next piece", () => {
  const text = `abcdefg\u{1F600}hij`; // the pair is at indices 7 and 8: a cut at 8 would split it
  const out = [...pieces([text], 8)];
  assert.equal(out, ["abcdefg", "\u{1F600}hij"]);
  assert.is(Buffer.from(out.join(""), "utf8").toString("utf8"), text);
  for (const piece of out) assert.not.match(Buffer.from(piece, "utf8").toString("utf8"), /\uFFFD/);
});

test.run();
