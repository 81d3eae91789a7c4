/**
 * The visible text read only as far as the look-ups need it (lower-text.ts, VisibleTextReader) gives
 * the answers of the text read whole: a value found early stops the reading, one not found reads on,
 * and a match or a number the text read so far cuts off at its end is decided only once more is read.
 * Fixed pages put a value at every distance from where a read stops (a key's words and a number's
 * digits on both sides of it), in both orders of look-ups (a name that reads the whole text before a
 * number, and the other way round), and a page's report is compared with the whole-text look-ups.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { VisibleTextReader, readVisibleText } from "../../../runtime/page-truth/visible-text.ts";
import { LowerText } from "../../../runtime/page-truth/lower-text.ts";
import { ShownText, lookupKey } from "../../../runtime/page-truth/text-match.ts";
import { NumberLookup, ShownNumbers, decimalMarkOf } from "../../../runtime/page-truth/price-text.ts";
import { TruthPage } from "../../../runtime/page-truth/truth-page.ts";
import { jsonLd, page, product, truthIssues } from "./helpers.ts";

/** About `chars` characters of visible text, in words between tags: a read stops at a tag once it has enough. */
function filler(chars: number): string {
  let out = "";
  for (let i = 0, shown = 0; shown < chars; i++) {
    const word = `w${i % 97}x`;
    out += `<span>${word}</span> `;
    shown += word.length + 1;
  }
  return out;
}

const html = (body: string, lang = "en") => page(body, "", lang);

test("read in steps, the text is the whole text's start, and in the end the whole text", () => {
  const body = `${filler(5000)}<p hidden>not this</p><template>nor this</template><div>Executive &amp; Anvil</div>${filler(3000)}`;
  const doc = html(body);
  const whole = readVisibleText(doc);
  for (const step of [1, 7, 100, 1024, 4096]) {
    const reader = new VisibleTextReader(doc);
    let last = "";
    for (let want = step; !reader.done; want += step) {
      reader.readUntil(want);
      assert.ok(reader.done || reader.text.length >= want, `step ${step}: read ${reader.text.length} of ${want}`);
      assert.ok(whole.text.startsWith(reader.text), `step ${step}: not the whole text's start at ${reader.text.length}`);
      assert.ok(reader.text.startsWith(last));
      last = reader.text;
    }
    assert.is(reader.text, whole.text, `step ${step}`);
    assert.is(reader.lang, whole.lang);
  }
});

test("lower-cased as it is read: the same lower-cased text as the whole text's", () => {
  const doc = html(`${filler(3000)} ΟΔΥΣΣΕΥΣ ΚΑΙ ΣΟΦΙΑ ${filler(9000)} Straße İstanbul ${filler(20000)}`);
  const growing = new LowerText(new VisibleTextReader(doc));
  let previous = "";
  while (!growing.complete) {
    growing.extend();
    assert.ok(growing.lower.startsWith(previous));
    previous = growing.lower;
  }
  assert.is(growing.lower, new LowerText(readVisibleText(doc).text).lower);
});

test("taken in pieces, the text is the whole text, and no piece is one rope of the page", () => {
  // A run of text far longer than a segment stays one piece; many short runs close a segment near 8,192.
  const doc = html(`${filler(30_000)}<p>${"long run ".repeat(3000)}</p>${filler(10_000)}`);
  const whole = readVisibleText(doc).text;
  for (const step of [1000, 5000, Infinity]) {
    const reader = new VisibleTextReader(doc);
    const pieces: string[] = [];
    for (let want = step; !reader.done; want += step) {
      reader.readUntil(want);
      pieces.push(...reader.takeNew());
      assert.is(pieces.join(""), reader.text, `step ${step}: the pieces are the text read so far`);
    }
    assert.is(pieces.join(""), whole);
    const short = pieces.filter((p) => !p.includes("long run"));
    assert.ok(short.every((p) => p.length < 9000), `step ${step}: a piece of short runs is at most a segment and a run`);
  }
});

test("lower-cased piece by piece: Greek final sigmas and text without spaces across every piece's edge", () => {
  // A word whose last letter is a sigma lower-cases by what follows it; Japanese and Chinese have no spaces.
  for (let shift = 8100; shift <= 8300; shift += 7) {
    const doc = html(`${filler(shift)}ΟΔΥΣΣΕΥΣ<b>ΣΟΦΟΣ</b>Σ ${"日本語のテキスト".repeat(40)}<i>ΑΣ</i>Β ${filler(9000)}`);
    const growing = new LowerText(new VisibleTextReader(doc));
    while (!growing.complete) growing.extend();
    assert.is(growing.lower, readVisibleText(doc).text.toLowerCase(), `shift ${shift}`);
  }
});

/** The look-ups on a text read as needed and on the whole text, the same values in the same order. */
function agree(doc: string, keys: string[], numbers: Array<[number, boolean]>, textFirst: boolean): void {
  const whole = readVisibleText(doc);
  const mark = decimalMarkOf(whole.lang);
  const growing = new LowerText(new VisibleTextReader(doc));
  const text = new ShownText(growing);
  const nums = new NumberLookup(growing, decimalMarkOf(growing.lang));
  const wholeText = new ShownText(whole.text, whole.truncated);
  const wholeNums = new ShownNumbers(whole.text, mark, whole.truncated);
  const runText = () => {
    for (const key of keys) assert.is(text.shows(key), wholeText.shows(key), `text ${JSON.stringify(key)}`);
  };
  const runNumbers = () => {
    for (const [value, rounded] of numbers) assert.is(nums.shows(value, rounded), wholeNums.shows(value, rounded), `number ${value} rounded=${rounded}`);
  };
  if (textFirst) {
    runText();
    runNumbers();
  } else {
    runNumbers();
    runText();
  }
  assert.is(text.truncated, whole.truncated);
  assert.is(nums.truncated, whole.truncated);
  // Each value alone, too: the first look-up of a page is the one that reads in steps.
  for (const key of keys) assert.is(new ShownText(new LowerText(new VisibleTextReader(doc))).shows(key), wholeText.shows(key), `alone: text ${JSON.stringify(key)}`);
  for (const [value, rounded] of numbers) {
    const alone = new LowerText(new VisibleTextReader(doc));
    assert.is(new NumberLookup(alone, decimalMarkOf(alone.lang)).shows(value, rounded), wholeNums.shows(value, rounded), `alone: number ${value} rounded=${rounded}`);
  }
}

test("a value at every distance from where a read stops: the answers of the whole text", () => {
  const keys = [lookupKey("Executive Anvil"), lookupKey("Anvil Executive"), lookupKey("Executive"), lookupKey("Executive Anvils"), lookupKey("Iron Anvil"), lookupKey("Iron Anvils"), lookupKey("Not on the page")];
  const numbers: Array<[number, boolean]> = [[1299, false], [1299.5, false], [4.8, true], [4.83, true], [120, false], [12, false], [299, false], [87, false]];
  // The reads stop at about 1,024 and 4,096 characters (READ_STEPS): the value is moved across those places.
  const shifts: number[] = [];
  for (let shift = 960; shift <= 1100; shift += 1) shifts.push(shift);
  for (let shift = 4020; shift <= 4180; shift += 3) shifts.push(shift);
  for (const shift of shifts) {
    const lead = "y".repeat(shift % 7);
    // A read stops after a text run: "Executive Anvil" ends one, and the "s" after the inline tag joins it.
    const body = `${filler(shift)}${lead} <b>Executive</b> Anvil 1 299,50 € and 1,299 or 4.8 (120) <i>Iron Anvil</i>s ${filler(2000)}`;
    for (const lang of ["en", "de"]) {
      agree(html(body, lang), keys, numbers, true);
      agree(html(body, lang), keys, numbers, false);
    }
    // A number the read cuts after a space: "1 299 0" read so far is not 1299, "1 299 000" is not either.
    const grouped = `${filler(shift)}${lead} total 1 299 0<b>00</b> units ${filler(2000)}`;
    agree(html(grouped, "de"), [], [[1299, false], [1299000, false], [299, false]], false);
  }
});

test("values found only near the end, or never, read the whole text and agree", () => {
  const doc = html(`${filler(40_000)} Executive Anvil at 1.299,00 € rated 4,8 ${filler(100)}`, "de");
  agree(doc, [lookupKey("Executive Anvil"), lookupKey("Iron Anvil")], [[1299, false], [4.8, true], [7777, false]], true);
  agree(doc, [lookupKey("Executive Anvil"), lookupKey("Iron Anvil")], [[1299, false], [4.8, true], [7777, false]], false);
});

test("a name not shown reads the whole text first; a rating shown is still found after it", () => {
  // A number look-up made after a text look-up read the page to its end: the text it needs is there.
  const doc = html(`${filler(3000)} rated 4.6 from 13 reviews ${filler(3000)}`);
  const truth = new TruthPage(doc, null);
  assert.is(truth.shownText().shows(lookupKey("Not on the page")), false);
  assert.is(truth.shownNumbers().shows(4.6, true), true);
  assert.is(truth.shownNumbers().shows(13), true);
  assert.is(truth.shownNumbers().shows(7777), false);
});

test("a page's report: the same truth issues whether its values are near the top, far down or missing", () => {
  const shownTop = html(`<h1>Executive Anvil</h1><p>€1.299,00 · 4,8 (120)</p>${filler(30_000)}${jsonLd(product())}`, "de");
  const shownBottom = html(`${filler(30_000)}<h1>Executive Anvil</h1><p>€1.299,00 · 4,8 (120)</p>${jsonLd(product())}`, "de");
  const missing = html(`<h1>Executive Anvil</h1>${filler(30_000)}<p>4,2 von 5</p>${jsonLd(product())}`, "de");
  assert.equal(truthIssues(shownTop), []);
  assert.equal(truthIssues(shownBottom), []);
  assert.equal(truthIssues(missing), [
    "Product not-visible aggregateRating.ratingValue",
    "Product not-visible aggregateRating.reviewCount",
    "Product not-visible offers.price",
  ]);
});

test.run();
