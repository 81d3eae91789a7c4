/**
 * The look-ups that read only part of the visible text give the answers of the ones that read all of
 * it: NumberLookup (anchored, price-text.ts) against ShownNumbers (every number of the text), and
 * decodeEntities (indexOf, html-text.ts) against the global replace it replaced. Fixed cases for the
 * formats the documentation names (de/fr grouping, spaces, rounding of ratings, leading zeros, more
 * than six decimals), then generated texts and values compared case by case.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { NumberLookup, ShownNumbers, type DecimalMark } from "../../../runtime/page-truth/price-text.ts";
import { decodeEntities } from "../../../runtime/extract/html-text.ts";
import { decodeHTML, decodeHTMLStrict } from "entities";
import { ShownText, anchorWord, lookupKey, normalizeText } from "../../../runtime/page-truth/text-match.ts";

const MARKS: DecimalMark[] = [".", ",", null];

function agree(text: string, value: number, rounded: boolean): void {
  for (const mark of MARKS) {
    const all = new ShownNumbers(text, mark).shows(value, rounded);
    const anchored = new NumberLookup(text, mark).shows(value, rounded);
    assert.is(anchored, all, `${JSON.stringify(text)} ${value} rounded=${rounded} mark=${mark}`);
  }
}

const TEXTS = [
  "$1,299.00", "1.299,00 €", "1 299,00 €", "1\u00a0299,00", "1\u202f299", "EUR 1,299", "1299", "1'299.50", "1\u2019299",
  "4,8 von 5", "4.8 (120)", "4.83 stars", "4.8 120", "rated 4.75", "0.5", ",5", "00087", "0,087", "0.087", "86.9999999",
  "4.7999999", "4.8000001", "12,99", "12.990", "1.299", "1,299", "129.95", "129,95", "1..2", "x.5", "1.2.3", "1,234,567.89",
  "1 234 567", "3 1 2", "87.0", "87,00 reviews", "4.6/5", "(87)", "999.9999999", "0", "0.0", "1e3", "4 .8", "4. 8",
];
const VALUES = [1299, 1299.5, 4.8, 4.83, 4.75, 4.7, 120, 87, 0.5, 129.95, 12.99, 1.299, 1234567.89, 1234567, 1000, 0, 0.087, 86.9999999, 4.6, 5, 3, 999.9999999, -5, 1e10];

test("fixed texts and values: the anchored look-up answers as the whole-text one", () => {
  for (const text of TEXTS) for (const value of VALUES) for (const rounded of [false, true]) agree(`a ${text} b`, value, rounded);
  // All of them in one text, too.
  for (const value of VALUES) for (const rounded of [false, true]) agree(TEXTS.join(" | "), value, rounded);
});

test("generated texts: digits, every separator, spaces and letters in any order", () => {
  let seed = 25;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const alphabet = ["0", "1", "2", "4", "8", "9", "7", ".", ",", " ", "\u00a0", "'", "\u2019", "\u202f", "\u2009", "a", "-", "/"];
  for (let i = 0; i < 3000; i++) {
    let text = "";
    const len = 1 + rand(14);
    for (let k = 0; k < len; k++) text += alphabet[rand(alphabet.length)];
    const digits = text.replace(/\D/g, "");
    const candidates = [4.8, 1299, 12.99, 0.5, 120];
    if (digits !== "") {
      const n = Number(digits.slice(0, 6));
      candidates.push(n, n / 10, n / 100, n / 1000);
    }
    for (const value of candidates) for (const rounded of [false, true]) agree(text, value, rounded);
  }
});

test("a long text (more numbers than ShownNumbers reads could fit) goes to the whole-text look-up", () => {
  const text = "1 ".repeat(250_000) + "4.8";
  assert.is(new NumberLookup(text, ".").shows(4.8), new ShownNumbers(text, ".").shows(4.8));
});

test("number look-ups past the first few read every number once: the same answers as a fresh look-up each", () => {
  const text = `${TEXTS.join(" | ")} ${"4.5 ".repeat(50)}`;
  for (const mark of MARKS) {
    const shared = new NumberLookup(text, mark);
    for (let round = 0; round < 2; round++) {
      for (const value of VALUES) {
        for (const rounded of [false, true]) {
          assert.is(shared.shows(value, rounded), new NumberLookup(text, mark).shows(value, rounded), `${value} rounded=${rounded} mark=${mark} (round ${round})`);
        }
      }
    }
  }
});

test("text look-ups past the first few ask the set of words first: the same answers as a fresh look-up", () => {
  const text = "Executive Anvil \u2014 the Anvil-Pro 3000 (Grün, 4.8 stars). Solid shoe; ran a 30 km ultra. caf\u00e9 na\u00efve \u00c9t\u00e9 x2";
  const values = [
    "Executive Anvil", "anvil pro", "Anvil-Pro 3000", "anvil", "anvi", "nvil", "grün", "GRÜN 4", "8 stars", "stars", "Solid shoe", "ran", "ran a 30 km",
    "an", "ultra", "café naïve", "été x2", "x2", "x", "shoe ran", "3000 grün 4 8", "executive anvil the", "missing", "exec", "ive", "u2014",
    "anvil missing", "executive anvi", "solid shoe ran", "the anvil pro 3000 grün 4 8 stars solid", "stars solid shoe",
  ];
  const shared = new ShownText(text, false);
  for (let round = 0; round < 2; round++) {
    for (const v of values) {
      const key = lookupKey(v);
      assert.is(shared.shows(key), new ShownText(text, false).shows(key), `${v} (round ${round})`);
    }
  }
});

test("generated texts: a text look-up searched from its rarest word answers as the whole normalized text does", () => {
  // The definition: the key's words stand together, whole, in the normalized text.
  const reference = (text: string, key: string) => ` ${normalizeText(text)} `.includes(` ${key} `);
  const words = ["a", "an", "ran", "x2", "zq", "anvil", "Anvil", "ANVIL", "30", "km", "caf\u00e9", "\u00e9t\u00e9", "qux", "xy", "ultra", "z"];
  const seps = [" ", "  ", "-", ", ", "\u2014", "\u00a0", ".", "", "'", "\n"];
  let seed = 7;
  const pick = <T,>(xs: readonly T[]): T => xs[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % xs.length]!;
  let checked = 0;
  for (let n = 0; n < 400; n++) {
    const text = Array.from({ length: 3 + (n % 14) }, () => pick(words) + pick(seps)).join("");
    const normalized = normalizeText(text).split(" ").filter(Boolean);
    for (let m = 0; m < 6; m++) {
      // Runs of the text's own words (shown) and of words in any order (mostly not).
      const from = n % Math.max(1, normalized.length);
      const own = normalized.slice(from, from + 1 + (m % 4)).join(" ");
      const other = lookupKey(Array.from({ length: 1 + (m % 3) }, () => pick(words)).join(" "));
      for (const key of [own, other]) {
        if (key === "") continue;
        assert.is(new ShownText(text, false).shows(key), reference(text, key), `${JSON.stringify(text)} / ${key} (anchor ${anchorWord(key)})`);
        checked++;
      }
    }
  }
  assert.ok(checked > 4000);
});

test("a page that repeats its words: hundreds of occurrences of the anchor word, the same answers", () => {
  const reference = (text: string, key: string) => ` ${normalizeText(text)} `.includes(` ${key} `);
  const text = `${"Anvil Pro, anvil\u2014pro; ".repeat(400)}Anvil Max \u20ac1.299,00 ${"jacket alpine ".repeat(300)}Alpine Shell`;
  const shared = new ShownText(text, false);
  for (const value of ["anvil max", "Anvil Pro", "pro anvil", "anvil mini", "max anvil", "alpine shell", "shell alpine", "jacket alpine jacket", "1 299 00", "anvil", "max 1"]) {
    const key = lookupKey(value);
    assert.is(shared.shows(key), reference(text, key), value);
    assert.is(new ShownText(text, false).shows(key), reference(text, key), `${value} (fresh)`);
  }
});

const REFERENCE = /&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));?/g;
/** The decoder as it was: one global replace. */
function replaced(text: string): string {
  return text.replace(REFERENCE, (m) => decodeEntities(m));
}

test("decodeEntities by indexOf decodes what the global replace decoded", () => {
  const cases = [
    "a &amp; b", "&&amp;&", "&#x26;&#38;&#0;&#xD800;&#1114112;", "&unknown; &AMP; &Eacute; &eacute", "x&", "&", "&#", "&#x;",
    "no references", "&amp&amp;&lt&gt;", "caf&eacute;&nbsp;1&#160;299", "&&&#65;&&", "&#65&#66;", "&am<b></b>p;", "1&period;5",
  ];
  for (const c of cases) assert.is(decodeEntities(c), replaced(c), c);
  for (const c of cases) assert.is(decodeEntities(`x${c}y${c}`), replaced(`x${c}y${c}`), c);
});

test("decodeEntities: references as the standard's tokenizer table and the regex it replaced read them", () => {
  const cases: Array<[string, string]> = [
    ["&#x26;&#38;&#X41;", "&&A"], ["&#0;", "\ufffd"], ["&#xD800;", "\ufffd"], ["&#1114112;", "\ufffd"], ["&#x1F600;", "\u{1F600}"],
    // At most 6 hex or 7 decimal digits are read; the rest is text.
    ["&#x1234567;", "\ufffd7;"], ["&#12345678;", "\ufffd8;"], ["&#x;", "&#x;"], ["&#;", "&#;"], ["&#xg;", "&#xg;"],
    // A name of the standard's table is read as it is cased there (`&Eacute;` is É, `&AMP;` &), and
    // the whole table counts, not only the common names; a name in no case of it falls back to its
    // lower case (`&NBSP;`); an unknown one, one letter, or an object's own names stay as written.
    // Without `;` only the standard's legacy names (Latin-1 and the markup five) are references.
    ["&Eacute;&AMP;&euro", "\u00c9&&euro"], ["&lang=en&image=large &copy &eacute", "&lang=en&image=large \u00a9 \u00e9"], ["&aring;&oslash;&aelig;&Ouml;&atilde;&rsaquo;&shy;", "\u00e5\u00f8\u00e6\u00d6\u00e3\u203a\u00ad"],
    ["&NBSP;&Nbsp;", "\u00a0\u00a0"], ["&notit; &notin;", "&notit; \u2209"], ["&a; &zz; &ampx;", "&a; &zz; &ampx;"], ["&constructor; &toString; &__proto__;", "&constructor; &toString; &__proto__;"],
    [`&${"a".repeat(40)};`, `&${"a".repeat(40)};`], ["&copy 2026", "\u00a9 2026"], ["a&", "a&"],
  ];
  for (const [input, output] of cases) assert.is(decodeEntities(input), output, input);
});

test("decodeEntities in an attribute: a legacy name without `;` before `=` is text (a link's query keeps its &copy=2)", () => {
  const cases: Array<[string, string]> = [
    ["https://e.example/p?id=1&copy=2&lang=en&image=large", "https://e.example/p?id=1&copy=2&lang=en&image=large"],
    ["a&amp;b&copy;c&copy d&nbsp", "a&b\u00a9c\u00a9 d\u00a0"],
  ];
  for (const [input, output] of cases) assert.is(decodeEntities(input, true), output, input);
  // In text the same `&copy=` is a reference.
  assert.is(decodeEntities("&copy=2"), "\u00a9=2");
});

test("decodeEntities on generated text: the regex's matches, each decoded by the old table", () => {
  const known: Record<string, string> = { amp: "&", lt: "<", euro: "\u20ac" };
  // A legacy name: one the standard's tokenizer reads without its `;` (entities' lenient decoder does too).
  const legacy = (name: string) => decodeHTML(`&${name} `) === `${decodeHTMLStrict(`&${name};`)} ` && decodeHTMLStrict(`&${name};`) !== `&${name};`;
  const oldDecode = (m: string, hex?: string, dec?: string, name?: string): string => {
    if (name !== undefined && !m.endsWith(";") && !legacy(name)) return m;
    if (name !== undefined) {
      if (Object.hasOwn(known, name)) return known[name];
      // The standard's whole table, as decodeEntities consults it for names it does not list itself.
      const standard = decodeHTMLStrict(`&${name};`);
      if (standard !== `&${name};`) return standard;
      return Object.hasOwn(known, name.toLowerCase()) ? known[name.toLowerCase()] : m;
    }
    const code = hex !== undefined ? parseInt(hex, 16) : parseInt(dec!, 10);
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? "\ufffd" : String.fromCodePoint(code);
  };
  const pieces = ["&", "#", "x", "X", "amp", "AMP", "euro", "lt", "zz", ";", "1", "9", "0", "f", "F", " ", "\u00e9", "&#", "&#x", "a", "ring", "Oslash"];
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  for (let k = 0; k < 3000; k++) {
    let text = "";
    for (let i = rand(14); i >= 0; i--) text += pieces[rand(pieces.length)];
    assert.is(decodeEntities(text), text.replace(REFERENCE, oldDecode), JSON.stringify(text));
  }
});

test.run();
