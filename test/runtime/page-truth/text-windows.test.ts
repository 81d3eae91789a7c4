/**
 * A long visible text (past 60,000 characters) is searched in windows (lower-text.ts: TextWindow) so
 * that no string of the page's size is made: the answers are the whole text's. A name and a number are
 * moved across the place where one window's core ends and the next begins, and a match or a number that
 * reaches further than a window shows of its neighbour is decided in the whole text.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { LowerText, foldCase } from "../../../runtime/page-truth/lower-text.ts";
import { ShownText, lookupKey, normalizeText } from "../../../runtime/page-truth/text-match.ts";
import { unspaced } from "../../../runtime/page-truth/unspaced-script.ts";
import { NumberLookup, ShownNumbers } from "../../../runtime/page-truth/price-text.ts";
import { VisibleTextReader, readVisibleText } from "../../../runtime/page-truth/visible-text.ts";
import { page } from "./helpers.ts";

/** Words of filler, `chars` characters about: none of them is a key's word or holds a digit. */
function filler(chars: number): string {
  const words = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit"];
  let out = "";
  for (let i = 0; out.length < chars; i++) out += `${words[i % words.length]} `;
  return out.slice(0, chars);
}

/** The key shown as whole words in the normalized whole text: what ShownText.shows answers. */
/**
 * The reference answer: the key as words of the whole normalized text, where a character of a script
 * written without spaces (Japanese) meets another word character at a word's edge as a space does.
 */
const inWhole = (text: string, key: string): boolean => {
  const whole = normalizeText(text);
  const edge = (c: number, keyEnd: number) => Number.isNaN(c) || c === 32 || unspaced(c) || unspaced(keyEnd);
  for (let at = whole.indexOf(key); at !== -1; at = whole.indexOf(key, at + 1)) {
    if (edge(whole.charCodeAt(at - 1), key.charCodeAt(0)) && edge(whole.charCodeAt(at + key.length), key.charCodeAt(key.length - 1))) return true;
  }
  return false;
};

test("the windows cover the whole text, each its core and a part of its neighbours'", () => {
  const text = `${filler(70_000)} Straße ΟΔΥΣΣΕΥΣ € ${filler(30_000)}`;
  const lower = new LowerText(text);
  const whole = foldCase(text.toLowerCase());
  const windows = lower.windows();
  assert.ok(windows.length >= 5, `${windows.length} windows`);
  assert.is(windows.map((w) => w.text.slice(w.from, w.to)).join(""), whole);
  for (const w of windows) {
    assert.ok(w.text.length < 32_000, "no window near the size of a string that gets pages of its own");
    assert.is(w.text, whole.slice(w.offset - w.from, w.offset - w.from + w.text.length));
    assert.is(w.first, w.offset === 0);
    assert.is(w.last, w.offset + (w.to - w.from) === whole.length);
  }
  // A short text is one window: itself. So is a text whose numbers are read whole anyway (past 400,000
  // characters, or cut), and one searched for a word longer than what a window shows of its neighbour.
  assert.equal(new LowerText("Short text").windows().map((w) => w.text), ["short text"]);
  assert.is(new LowerText(filler(450_000)).windows().length, 1);
  assert.is(new LowerText(filler(100_000), true).windows().length, 1);
  assert.is(new LowerText(filler(100_000)).windows(3_000).length, 1);
});

test("a name and numbers across a window's edge: the whole text's answers", () => {
  const keys = ["executive anvil", "anvil executive", "executive", "executive anvils", "iron anvil", "anvil", lookupKey("Iron Anvils")];
  const numbers: Array<[number, boolean]> = [[1299, false], [1299.5, false], [4.8, true], [4.83, true], [120, false], [12, false], [299, false]];
  // The first core ends near 16,384 characters (whole chunks of at least 8,192): the values are moved across it.
  for (let at = 16_384 - 2_200; at <= 16_384 + 2_200; at += 13) {
    const text = `${filler(at)} Executive Anvil 1 299,50 € and 1,299 or 4.8 (120) Iron Anvils ${filler(70_000)}`;
    const shown = new ShownText(text);
    for (const key of keys) assert.is(shown.shows(key), inWhole(text, key), `at ${at}: ${key}`);
    const numbersShown = new NumberLookup(text, ",");
    const reference = new ShownNumbers(text.toLowerCase(), ",");
    for (const [value, rounded] of numbers) assert.is(numbersShown.shows(value, rounded), reference.shows(value, rounded), `at ${at}: ${value}`);
  }
});

test("a number written as a measure (\"120 mm\") across a window's edge: the whole text's answers", () => {
  for (let at = 16_384 - 2_200; at <= 16_384 + 2_200; at += 13) {
    for (const text of [`${filler(at)} blade 120 mm and 16% off ${filler(70_000)}`, `${filler(at)} blade 120 and 16 or 120\u00a0kg ${filler(70_000)}`]) {
      const numbersShown = new NumberLookup(text, ".");
      const reference = new ShownNumbers(text.toLowerCase(), ".");
      for (const value of [120, 16]) {
        for (const measures of [true, false]) {
          assert.is(numbersShown.shows(value, false, measures), reference.shows(value, false, measures), `at ${at}: ${value} ${measures}`);
        }
      }
    }
  }
  const measured = `${filler(20_000)} blade 120 mm ${filler(70_000)}`;
  assert.is(new ShownNumbers(measured, ".").shows(120, false, false), false);
  assert.is(new ShownNumbers(measured, ".").shows(120, false, true), true);
});

test("a match or a number reaching past what a window shows of its neighbour is read in the whole text", () => {
  for (let at = 16_384 - 3_000; at <= 16_384 + 500; at += 97) {
    // 3,000 separators between the key's words: more than a window's overlap of 2,048.
    const spaced = `${filler(at)} executive${" -".repeat(1_500)}anvil ${filler(70_000)}`;
    assert.is(new ShownText(spaced).shows("executive anvil"), true, `at ${at}: the words far apart are one match`);
    // The key's first word is the one searched for ("zebra": its first letter is rarer), the rest read on.
    const forward = `${filler(at)} zebra${" -".repeat(1_500)}executive ${filler(70_000)}`;
    assert.is(new ShownText(forward).shows("zebra executive"), true, `at ${at}: read on past the window's end`);
    const broken = `${filler(at)} executive${" -".repeat(1_500)}anvils ${filler(70_000)}`;
    assert.is(new ShownText(broken).shows("executive anvil"), false, `at ${at}: nor a longer word`);
    // 5,000 digits and then 1299: one long number, not 1299.
    const digits = `${filler(at)} ${"7".repeat(5_000)}1299 ${filler(70_000)}`;
    assert.is(new NumberLookup(digits, ".").shows(1299), false, `at ${at}: a number's end is not a number`);
    const grouped = `${filler(at)} ${"1 ".repeat(3_000)}299 ${filler(70_000)}`;
    assert.is(new NumberLookup(grouped, ".").shows(299), new ShownNumbers(grouped, ".").shows(299), `at ${at}: grouped digits`);
  }
});

test("a number a window starts in the middle of is read whole: 7.299 (German) is not 299", () => {
  // Where the second window starts in the text (its core's start less what it shows of the first core).
  const windowStart = (text: string) => {
    const w = new LowerText(text).windows()[1];
    return w.offset - w.from;
  };
  const lead = filler(40_000);
  const probe = windowStart(`${lead}${filler(70_000)}`);
  let tried = 0;
  for (let p = probe - 8; p <= probe + 8; p++) {
    const text = `${lead.slice(0, p - 3)}xy 7.299 ${lead.slice(p + 6)}${filler(70_000)}`;
    const start = windowStart(text);
    if (start < p - 3 || start > p + 4) continue;
    tried++;
    assert.is(new NumberLookup(text, ",").shows(299), false, `window from ${start}, number at ${p - 1}`);
    assert.is(new NumberLookup(text, ",").shows(7299), true, `window from ${start}, number at ${p - 1}`);
  }
  assert.ok(tried >= 3, `the window started in or next to the number ${tried} times`);
});

test("a number longer than a window shows of its neighbour, ending in the next core: read whole", () => {
  // 1 000 000 ... 000,500 (4,000 characters): read from where the second window starts, "0 000 ... 000,500"
  // would be 0.5 (its last separator differs from the ones before: the decimal mark); read whole it is
  // 10^3000 and a half, and its pieces between spaces are 1, 0 and 500.
  const number = `1${" 000".repeat(1_000)},500`;
  let tried = 0;
  for (let end = 16_384 - 1_500; end <= 16_384 + 2_000; end += 250) {
    const text = `${filler(end - number.length)} ${number} ${filler(70_000)}`;
    const second = new LowerText(text).windows()[1];
    const numberAt = text.indexOf(number);
    if (!(numberAt < second.offset - second.from && numberAt + number.length > second.offset)) continue;
    tried++;
    assert.is(new ShownNumbers(text, ".").shows(0.5), false);
    assert.is(new NumberLookup(text, ".").shows(0.5), false, `number ending at ${end}`);
    assert.is(new NumberLookup(text, ".").shows(500), true, `number ending at ${end}`);
  }
  assert.ok(tried >= 3, `the number ran from before the second window into its core ${tried} times`);
});

test("word counts of a long text (past eight look-ups): the whole text's answers near a window's edge", () => {
  // Japanese has no spaces: the text is cut between its characters, and a word runs across the cut.
  for (let at = 16_384 - 60; at <= 16_384 + 60; at += 3) {
    for (const text of [`${filler(at)}zanzibarquux ${filler(70_000)}`, `${filler(at)} ${"日本語".repeat(3_000)}東京 ${filler(70_000)}`]) {
      const shown = new ShownText(text);
      // The first eight look-ups search by a guessed word; the ninth and later by the text's word counts.
      for (let i = 0; i < 9; i++) shown.shows(`missing${i}`);
      for (const key of ["zanzibarquux", "zanzibar", "quux", "東京", `${"日本語".repeat(3_000)}東京`]) {
        assert.is(shown.shows(key), inWhole(text, key), `at ${at}: ${key.slice(0, 12)}`);
      }
    }
  }
});

test("a page's long Japanese text, read in pieces and cut between its characters: the whole text's answers", () => {
  // No spaces for about 90,000 characters: the reader's pieces are lower-cased up to their last ideograph,
  // so a window's edge falls inside a run of word characters.
  const words = ["東京", "大阪", "京都", "札幌", "名古屋"];
  let body = "";
  for (let i = 0; body.length < 400_000; i++) body += `<span>${words[i % words.length]}の天気</span>`;
  const doc = page(`<p>${body}</p><p>最後の言葉</p>`, "", "ja");
  const whole = readVisibleText(doc).text;
  const lower = new LowerText(new VisibleTextReader(doc));
  lower.extend(true);
  assert.ok(lower.windows().length > 1, "read in more than one window");
  const shown = new ShownText(lower);
  for (let i = 0; i < 9; i++) shown.shows(`missing${i}`);
  for (const key of ["最後の言葉", "東京の天気", "札幌の天気大阪", "天気東京", "最後", "横浜"]) assert.is(shown.shows(key), inWhole(whole, key), key);
});

test("a word of a page's Japanese text longer than a window's core: found whole and in part (no spaces: its characters meet at word edges); a run it lacks is not", () => {
  // Inline elements join it into one word of 30,000 characters, cut into pieces as the page is read.
  const run = `<span>東京</span><span>大阪</span><span>京都</span>`.repeat(5_000);
  const doc = page(`<p>${filler(30_000)}</p><p>${run}</p><p>${filler(40_000)}</p>`, "", "ja");
  const whole = readVisibleText(doc).text;
  const word = "東京大阪京都".repeat(5_000);
  const shown = new ShownText(new LowerText(new VisibleTextReader(doc)));
  for (let i = 0; i < 9; i++) shown.shows(`missing${i}`);
  assert.ok(inWhole(whole, word));
  assert.is(shown.shows(word), true);
  assert.is(shown.shows(word.slice(6)), true, "its end");
  assert.is(shown.shows(`${word.slice(6)}横浜`), false, "a run the page lacks");
  assert.is(shown.shows(`${word.slice(0, 12)}京都`), false, "a run the page lacks");
});

test.run();
