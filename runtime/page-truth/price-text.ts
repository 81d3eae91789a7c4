/**
 * Numbers as pages write them: "$1,299.00", "1.299,00 €", "1 299,00 €", "EUR 1,299", "1299", "4,8".
 * Each number of the visible text is read into the values it can mean; where a single `.` or `,`
 * before three digits could be a decimal point or a thousands separator ("1,299", "1.299"), the
 * page's language decides (English writes 1,299 for a thousand and more, German and French 1.299 or
 * 1 299); without a language both readings count, so an unknown convention never makes a warning.
 */
import { codeBefore } from "./number-codes.ts";
import { LowerText, type TextWindow } from "./lower-text.ts";
import { unspaced } from "./unspaced-script.ts";

/** Languages whose decimal separator is the point; the others in DECIMAL_COMMA use the comma. */
const DECIMAL_POINT = new Set(["en", "ja", "zh", "ko", "he", "th", "hi", "ms", "tl", "ga", "cy", "mt", "sw", "ta", "te", "ur", "bn", "my", "km"]);
const DECIMAL_COMMA = new Set([
  "de", "fr", "es", "it", "pt", "nl", "ru", "pl", "sv", "da", "nb", "nn", "no", "fi", "cs", "sk", "sl", "hr", "sr", "bs", "hu", "ro",
  "bg", "el", "tr", "uk", "be", "lt", "lv", "et", "is", "ca", "gl", "eu", "id", "vi", "az", "kk", "ka", "hy", "sq", "mk", "af",
]);

export type DecimalMark = "." | "," | null;

/**
 * Countries that write amounts otherwise than their language mostly does, or either way: Mexico and
 * Central America, the United States and Peru write "$1,299.00" in Spanish; Switzerland and
 * Liechtenstein "CHF 1'299.00" or "1 299.00" in German, French and Italian; South Africa "R 1 299,00" as
 * often as "R1,299.00" in English. Their pages' numbers are read both ways, as a page without a language's.
 */
const EITHER_MARK = new Set(["es-mx", "es-us", "es-pr", "es-do", "es-gt", "es-hn", "es-ni", "es-sv", "es-pa", "es-pe", "es-419", "de-ch", "de-li", "fr-ch", "it-ch", "rm-ch", "en-za"]);

/** The decimal separator of a `lang` value ("de" -> ","), or null when the language and its country do not tell. */
export function decimalMarkOf(lang: string | null): DecimalMark {
  if (lang === null) return null;
  const { language, region } = languageTag(lang);
  if (region !== null && EITHER_MARK.has(`${language}-${region}`)) return null;
  if (DECIMAL_POINT.has(language)) return ".";
  if (DECIMAL_COMMA.has(language)) return ",";
  return null;
}

/**
 * A `lang` value's language and its region (country or UN M.49 area), in lower case: "de-CH" is de and
 * ch, "es_419" es and 419, "zh-Hant-TW" zh and tw (a script subtag skipped), "en" en and null. Read by
 * hand rather than with Intl.Locale, which parses every well-formed tag but costs 3.4 µs a call on the
 * bench machine (a split 0.1 µs), and each HTML report asks three times.
 */
export function languageTag(lang: string): { language: string; region: string | null } {
  const subtags = lang.toLowerCase().split(/[-_]/);
  const next = subtags[1]?.length === 4 ? subtags[2] : subtags[1];
  const region = next !== undefined && (/^[a-z]{2}$/.test(next) || /^\d{3}$/.test(next)) ? next : null;
  return { language: subtags[0], region };
}

/** Numbers read per page at most (a hostile page of digits is indexed up to here). */
const MAX_NUMBERS = 200_000;

/** Digits with the separators numbers are written with in between (group or decimal marks, spaces). */
const NUMBER = /\d+(?:[.,'\u2019 \u00a0\u202f\u2009\u2007\u2006\u200a]\d+)*/g;

/**
 * The spaces besides U+0020 that group thousands: the no-break, the narrow no-break (French), the thin,
 * and the figure, six-per-em and hair spaces that typesetting plugins and Russian shops' templates
 * write ("12&#x2007;990 ₽"). A reader sees a gap in each.
 */
const THIN_SPACES = /[\u00a0\u202f\u2009\u2007\u2006\u200a]/g;

const DIGITS_ONLY = /^\d+$/;

/**
 * A unit of measure or a percent sign right after a number (a space between allowed): "120 mm", "500 g",
 * "20% off", "16 GB". Such a number is a size, a weight or a share, not a price or a count, whatever else
 * it equals: a product's price of 120 is not shown by its "120 mm" blade. Units that are also currencies,
 * compact units or words stay out ("Ft", "L", "m", "in", "K"; "km", as Bosnia and Herzegovina's mark is
 * written "120,00 KM"), and a unit must end where its word does
 * ("120 MGA" is Malagasy ariary, not milligrams). Read in lower-cased text, at the number's end (sticky).
 */
const MEASURE_AFTER = /[ \u00a0\u202f\u2009]?(?:%|(?:mm|cm|kg|mg|g|ml|cl|oz|lbs?|gb|mb|tb|kb|ghz|mhz|hz|mah|kwh|kw|px|кг|мм|см|мл|гб|мб)(?![\p{L}\p{N}]))/uy;

/**
 * The number of `text` that ends at `end` is a measure (MEASURE_AFTER). A number written with spaces is
 * never taken for one: its pieces may be two numbers ("$120 30 mm", a price beside a size), and only the
 * last is the measure.
 */
function measureAt(text: string, start: number, end: number): boolean {
  // Most numbers are followed by no unit's first character: those are passed without the pattern.
  let next = text.charCodeAt(end);
  if (next === 32 || next === 0xa0 || next === 0x202f || next === 0x2009) next = text.charCodeAt(end + 1);
  if (!MEASURE_FIRST.has(next)) return false;
  MEASURE_AFTER.lastIndex = end;
  if (!MEASURE_AFTER.test(text)) return false;
  for (let i = start; i < end; i++) if (isSpace(text.charCodeAt(i))) return false;
  return true;
}

/** The first characters of MEASURE_AFTER's units. */
const MEASURE_FIRST = new Set([..."%mckgoltbhpкмсг"].map((c) => c.charCodeAt(0)));

/** Bits of ShownNumbers' values: written as a number of its own, written as a measure (or a code's digits: number-codes.ts). */
const PLAIN = 1;
const MEASURE = 2;

/** The numbers a page shows, for look-up by value. */
export class ShownNumbers {
  /** Every value read, as canonical text (1299, 4.8), with how it is written (PLAIN, MEASURE). */
  private readonly exact = new Map<string, number>();
  /** Values written with exactly 1 or 2 decimals: what a rounded display shows (4.8 for 4.83). */
  private readonly byDecimals: [Set<string>, Set<string>, Set<string>] = [new Set(), new Set(), new Set()];
  readonly truncated: boolean;

  constructor(text: string, mark: DecimalMark, truncated = false) {
    let count = 0;
    let cut = truncated;
    NUMBER.lastIndex = 0;
    for (let m = NUMBER.exec(text); m !== null; m = NUMBER.exec(text)) {
      if (++count > MAX_NUMBERS) {
        cut = true;
        break;
      }
      const start = m.index;
      const end = start + m[0].length;
      if (measureAt(text, start, end)) {
        this.addToken(m[0], mark, MEASURE);
        continue;
      }
      // A code's digits ("anv-1299") are shown for a rating as a measure is, not for a price or a count.
      const from = amountStart(text, start, end);
      if (from === start) this.addToken(m[0], mark, PLAIN);
      else {
        this.addToken(m[0], mark, MEASURE);
        if (from < end) this.addToken(text.slice(from, end), mark, PLAIN);
      }
    }
    this.truncated = cut;
  }

  /**
   * True when the page shows `value`; `rounded`: a display rounded to one or two decimals also counts
   * (ratings); `measures`: a number written as a measure ("120 mm", "20%") counts too (not for a price or a count).
   */
  shows(value: number, rounded = false, measures = true): boolean {
    const written = this.exact.get(canonical(value));
    if (written !== undefined && (measures || (written & PLAIN) !== 0)) return true;
    if (!rounded) return false;
    for (let d = 1; d <= 2; d++) {
      const f = 10 ** d;
      if (this.byDecimals[d].has(canonical(Math.floor(value * f + 1e-9) / f)) || this.byDecimals[d].has(canonical(Math.round(value * f) / f))) return true;
    }
    return false;
  }

  private addToken(written: string, mark: DecimalMark, how: number): void {
    for (const reading of tokenReadings(written, mark)) {
      const c = canonical(reading.value);
      this.exact.set(c, (this.exact.get(c) ?? 0) | how);
      if (reading.decimals === 1 || reading.decimals === 2) this.byDecimals[reading.decimals].add(canonical(reading.value));
    }
  }
}

/** The readings of one number as the text writes it (a match of NUMBER). */
function tokenReadings(written: string, mark: DecimalMark): Reading[] {
  // Most numbers of a page are plain digits: read without the separator analysis and its arrays.
  if (DIGITS_ONLY.test(written)) return [{ value: Number(written), decimals: 0 }];
  const token = written.replace(THIN_SPACES, " ");
  // A space may separate thousands ("1 299,00") or two numbers ("4.8 120", "1 299.00 4.8", "4.8 1 299"):
  // each piece is read, the whole, and the runs of up to SPACED_GROUPS pieces from where a number can
  // start to where one can end (startsNumber).
  if (token.indexOf(" ") === -1) return readNumber(token, mark);
  const out: Reading[] = [];
  const pieces = token.split(" ");
  // A run of numbers longer than a table row (a hostile page's "1 1 1 ...") is read piece by piece only.
  const runs = pieces.length <= MAX_PIECES_IN_RUNS;
  for (let i = 0; i < pieces.length; i++) {
    let run = pieces[i];
    out.push(...readNumber(run, mark));
    if (!runs || !startsNumber(pieces, i)) continue;
    for (let j = i + 1; j < pieces.length && j < i + SPACED_GROUPS; j++) {
      run += ` ${pieces[j]}`;
      // Read where a number can end too: not "1 299" of "1 299 000". The whole token is read below.
      const last = j === pieces.length - 1;
      if (last ? i > 0 : startsNumber(pieces, j + 1)) out.push(...readNumber(run, mark));
    }
  }
  out.push(...readNumber(token, mark));
  return out;
}

/** Pieces of a number written with spaces: "1 234 567 890,12" has four. */
const SPACED_GROUPS = 5;
/** Pieces of a token read in runs at most. */
const MAX_PIECES_IN_RUNS = 16;
/** A decimal or grouping mark other than a space. */
const MARK = /[.,'\u2019]/;

/**
 * A number can start at pieces[i]: the token's first piece, one after a piece with a mark in it (the
 * number before ended: "4.8 1 299"), or one whose leading digits are not a group of three (so not a
 * thousands group of the number before: the "1" of "12 1 299"). Not in the middle of "1 000 000,50".
 */
function startsNumber(pieces: readonly string[], i: number): boolean {
  if (i === 0) return true;
  if (MARK.test(pieces[i - 1])) return true;
  const piece = pieces[i];
  let digits = 0;
  while (digits < piece.length && isDigit(piece.charCodeAt(digits))) digits++;
  return digits !== 3;
}

/**
 * The numbers a page shows, looked up one value at a time: the same answers as ShownNumbers, without
 * reading every number of the page. A value is looked for by anchors, short strings every number
 * that can mean it contains as written (anchorsOf: why every such number holds one); only the numbers
 * around an anchor's occurrences are read, by the rules ShownNumbers reads them with.
 *
 * A text of MAX_NUMBERS * 2 characters or more (it may hold more numbers than ShownNumbers reads),
 * a cut text, and a value the anchors do not cover (negative, 1e9 or more) go to ShownNumbers.
 *
 * Given a LowerText that reads the page as it goes (lower-text.ts), a value is first looked for in the
 * text read so far: a number found there, shorter than MAX_NUMBERS * 2, is one ShownNumbers reads too.
 */
export class NumberLookup {
  private readonly source: LowerText;
  private readonly mark: DecimalMark;
  /** The page's whole visible text in windows (lower-text.ts), once a look-up needed it. */
  private windows: readonly TextWindow[] | null = null;
  private all: ShownNumbers | undefined;

  /** Whether the page may write its numbers in its script's own digits (mayUseOtherDigits). */
  private readonly otherDigits: boolean;
  /** The numbers of the text with other scripts' digits read as 0-9; null when it has none. */
  private folded: ShownNumbers | null | undefined;
  private foldedWindows: readonly TextWindow[] | undefined;
  /** The page's numbers in units ("1.2K", "298万"), read on the first count or price that needs them. */
  private compact: UnitDisplays | undefined;
  /** The page's counts shown as lower bounds ("1,200+"), as the counts each covers, [from, to). */
  private lowerBounds: Array<{ from: number; to: number }> | undefined;
  /** The amounts the page writes in cents ("99¢", "$.99"), as whole cents, read on the first price asked for. */
  private cents: Set<number> | undefined;
  /** The amounts written as whole and minor units apart ("1 299 руб. 50 коп."), as whole cents, read on the first price with cents asked for. */
  private minorApart: Set<number> | undefined;
  /** Look-ups by anchors in the whole text so far, and the characters of numbers they read. */
  private readonly anchored = { lookups: 0, charsRead: 0 };

  /** Whether the page writes a price's öre after a colon, as Swedish shops do (COLON_CENTS). */
  private readonly colonCents: boolean;

  constructor(text: string | LowerText, mark: DecimalMark, truncated = false, otherDigits = true, colonCents = false) {
    this.source = typeof text === "string" ? new LowerText(text, truncated) : text;
    this.mark = mark;
    this.otherDigits = otherDigits;
    this.colonCents = colonCents;
  }

  /** The text was cut (known once a look-up has read it to the end). */
  get truncated(): boolean {
    return this.source.truncated;
  }

  /** As ShownNumbers.shows, for numbers in 0-9 or, where the page may use them, in its script's own digits. */
  shows(value: number, rounded = false, measures = true): boolean {
    if (this.showsAsWritten(value, rounded, measures)) return true;
    return this.otherDigits && this.inOtherDigits(value, rounded, measures);
  }

  /**
   * A count the page shows rounded to thousands, millions or (Chinese, Japanese) ten thousands: "1.2K
   * ratings", "1,2 Tsd.", "3M", "1.2万". Asked only once the count is not shown in full; the display
   * may round or cut, so any count within one step of its last digit counts.
   */
  showsCompact(value: number): boolean {
    if (!(value >= 1000)) return false;
    for (const c of (this.compact ??= this.compactDisplays()).counts) if (value > c.low && value < c.high) return true;
    return false;
  }

  /**
   * A price the page writes as an exact amount in a large unit (EXACT_UNITS): "298万円" for 2,980,000
   * yen, "₹12.9 Lakh", "1,29 млн ₽". The number times the unit is the price, not within a step: a price
   * is exact. Asked only once the price is not shown as a number; read with the page's rounded counts.
   */
  showsInUnits(value: number): boolean {
    if (!(value > 0)) return false;
    return (this.compact ??= this.compactDisplays()).amounts.has(canonical(value));
  }

  /**
   * A count the page shows as a lower bound: "1,200+ reviews", "500+ ratings". "N+" shows the counts from
   * N to the next step of its last digit that is not a zero (lowerBoundStep): "1,200+" 1,200 to 1,299,
   * "1,000+" 1,000 to 1,999. Asked only once the count is not shown in full or rounded; the page's
   * such displays are read once.
   */
  showsLowerBound(value: number): boolean {
    if (!(value >= 1)) return false;
    for (const b of (this.lowerBounds ??= this.lowerBoundDisplays())) if (value >= b.from && value < b.to) return true;
    return false;
  }

  /**
   * A price the page writes in cents: "99¢", "99 cents", "99 ct" (German shops' "Cent"), or with no
   * whole part after its currency sign, "$.99"; or with the euro sign for its decimal mark, "12€99";
   * or, on a Swedish page, with its öre after a colon, "149:90".
   * Asked only once the price is not shown as a number;
   * the page's such amounts are read once.
   */
  showsCents(value: number): boolean {
    const cents = Math.round(value * 100);
    if (!(cents > 0) || Math.abs(value * 100 - cents) > 1e-6) return false;
    if ((this.cents ??= this.centsDisplays()).has(cents)) return true;
    // A whole price is shown as a number or not at all: "1 299 руб." needs no kopecks.
    return cents % 100 !== 0 && (this.minorApart ??= this.minorApartDisplays()).has(cents);
  }

  private minorApartDisplays(): Set<number> {
    const out = new Set<number>();
    // Most pages name no ruble, hryvnia or złoty: a search of the words (native) spares them the pattern's pass.
    const windows = this.searchedWindows().filter((w) => w.text.indexOf("руб") !== -1 || w.text.indexOf("грн") !== -1 || w.text.indexOf("zł") !== -1);
    eachMatch(windows, MINOR_APART, (m) => {
      out.add(Number(m[1].replace(/[^\d]/g, "")) * 100 + Number(m[2]));
      return out.size < MAX_COMPACT_DISPLAYS;
    });
    return out;
  }

  private centsDisplays(): Set<number> {
    const out = new Set<number>();
    // Most pages write no amount in cents: one pass finds the windows that may, for the four patterns to read.
    const windows = this.searchedWindows().filter((w) => MAY_SHOW_CENTS.test(w.text));
    for (const [pattern, cents] of CENTS_DISPLAYS) {
      eachMatch(windows, pattern, (m) => {
        out.add(cents(m));
        return out.size < MAX_COMPACT_DISPLAYS;
      });
    }
    if (this.colonCents) {
      eachMatch(this.searchedWindows(), COLON_CENTS, (m) => {
        out.add(Number(m[1].replace(/[^\d]/g, "")) * 100 + Number(m[2]));
        return out.size < MAX_COMPACT_DISPLAYS;
      });
    }
    return out;
  }

  /**
   * The page's numbers in units, read once (each count not shown in full used to read the whole text
   * again): as the counts each shows (within a step of its last digit, or from it up for "N+"), and,
   * in EXACT_UNITS, as the amount it is. Its number is read as the page writes numbers (readNumber):
   * "1,290만" on a page in Korean is 1,290 of them, "1,29 млн" on one in Russian 1.29.
   */
  private compactDisplays(): UnitDisplays {
    const counts: Array<{ low: number; high: number }> = [];
    const amounts = new Set<string>();
    const lang = this.source.lang;
    const language = lang === null ? null : languageTag(lang).language;
    // The amount in units being read: its parts may go on in the next match (continuesAmount).
    let amount: UnitAmount | null = null;
    const flush = (a: UnitAmount | null) => {
      if (a !== null) for (const v of a.values) amounts.add(canonical(v));
    };
    eachMatch(this.searchedWindows(), COMPACT, (m) => {
      const key = UNIT_KEY[m[3]];
      const languages = COMPACT_UNIT_LANGUAGES[key];
      if (languages !== undefined && !languages.includes(language)) return true;
      if (m[2] !== "" && UNSPACED_UNITS.has(key)) return true;
      const end = m.index + m[0].length;
      if (!unitEnds(m.input, end, key)) return true;
      const unit = COMPACT_UNITS[key];
      const plus = plusAt(m.input, end);
      const readings = readNumber(m[1], this.mark);
      for (const r of readings) {
        const shown = r.value * unit;
        const step = unit / 10 ** r.decimals;
        // A count is whole: more than shown - 1 is shown or more.
        counts.push(plus ? { low: shown - 1, high: shown + unitLowerBoundSpan(r.value, r.decimals, unit) } : { low: shown - step, high: shown + step });
      }
      if (EXACT_UNITS.has(key)) {
        const parts = readings.map((r) => r.value * unit);
        if (amount !== null && continuesAmount(amount, m.input, m.index, unit, parts)) {
          amount = { input: m.input, end, unit, values: amount.values.flatMap((a) => parts.map((b) => a + b)) };
        } else {
          flush(amount);
          amount = { input: m.input, end, unit, values: parts };
        }
        const rest = remainderAfter(amount, this.mark);
        if (rest !== null) {
          flush(rest);
          amount = null;
        }
      }
      return counts.length < MAX_COMPACT_DISPLAYS;
    });
    flush(amount);
    return { counts, amounts };
  }

  /**
   * The page's "N+" displays, read once. Found by their "+" (indexOf, not a pattern for the number
   * before it: one that starts at every group of "111 111 111 ..." reads the rest of the run from each),
   * the number read back from it at most MAX_LOWER_BOUND characters: each "+" costs a few reads.
   */
  private lowerBoundDisplays(): Array<{ from: number; to: number }> {
    const out: Array<{ from: number; to: number }> = [];
    for (const w of this.searchedWindows()) {
      const text = w.text;
      for (let at = text.indexOf("+", w.from); at !== -1 && at < w.to; at = text.indexOf("+", at + 1)) {
        for (const n of lowerBoundAt(text, at, w.first)) {
          out.push({ from: n, to: n + lowerBoundStep(n) });
          if (out.length >= MAX_COMPACT_DISPLAYS) return out;
        }
      }
    }
    return out;
  }

  /**
   * The whole text's windows (lower-text.ts) as the page-wide patterns read them: with other scripts'
   * digits as 0-9 where the page may write them. Windows, not the text as one string: joining a page's
   * text of more than 64 K characters into one string cost more than every look-up of the bench's large page.
   */
  private searchedWindows(): readonly TextWindow[] {
    this.source.extend(true);
    const windows = this.source.windows();
    if (!this.otherDigits) return windows;
    return (this.foldedWindows ??= windows.map((w) => (HAS_OTHER_DIGITS.test(w.text) ? { ...w, text: foldDigits(w.text) } : w)));
  }

  /**
   * The value written in the digits of another script ("٤٫٨", "۱۲۰", "४.८", "１，２９９"): asked only once
   * the text in 0-9 does not show it, and the text folded to 0-9 once per page, when it has such digits.
   */
  private inOtherDigits(value: number, rounded: boolean, measures: boolean): boolean {
    if (this.folded === undefined) {
      const windows = this.searchedWindows();
      // Folding is character for character: the whole folded text is the folded windows' cores, joined.
      this.folded = windows.some((w, k) => w !== this.source.windows()[k])
        ? new ShownNumbers(windows.map((w) => w.text.slice(w.from, w.to)).join(""), this.mark, this.source.truncated)
        : null;
    }
    return this.folded !== null && this.folded.shows(value, rounded, measures);
  }

  private showsAsWritten(value: number, rounded: boolean, measures: boolean): boolean {
    const source = this.source;
    let windows = this.windows;
    if (windows === null) {
      // The text may have been read to its end by another look-up (of a name) already.
      if (!source.complete && value >= 0 && value < 1e9 && this.inTextReadSoFar(value, rounded, measures)) return true;
      source.extend(true);
      // Lower-casing changes letters only: the lower-cased text holds the same numbers (inTextReadSoFar).
      windows = this.windows = source.windows();
      if (source.truncated || source.length >= 2 * MAX_NUMBERS) this.all = new ShownNumbers(source.lower, this.mark, source.truncated);
    }
    const anchored = this.anchored;
    // A page that asks for many numbers it does not show (a listing of hundreds of products), or whose
    // look-ups have read as many characters of numbers as the text holds, has every number read once:
    // 200 look-ups each reading a text of 90,000 "4.5"s took 25 s.
    if (this.all === undefined && (!(value >= 0 && value < 1e9) || anchored.lookups >= MAX_ANCHORED_LOOKUPS || anchored.charsRead >= source.length)) {
      this.all = new ShownNumbers(source.lower, this.mark, source.truncated);
    }
    if (this.all !== undefined) return this.all.shows(value, rounded, measures);
    anchored.lookups++;
    let undecided = false;
    for (const w of windows) {
      const found = lookUp(w.text, this.mark, value, rounded, measures, w.from, w.to, !w.first, !w.last, anchored);
      if (found === FOUND) return true;
      if (found === UNDECIDED) undecided = true;
    }
    // A number that runs past its window (more than OVERLAP characters of digits and separators): read in the whole text.
    return undecided && lookUp(source.lower, this.mark, value, rounded, measures, 0, source.length, false, false, anchored) === FOUND;
  }

  /** The value in the text read so far, reading on while it is not there; false once the page is read. */
  private inTextReadSoFar(value: number, rounded: boolean, measures: boolean): boolean {
    const source = this.source;
    // Digits and number separators lower-case to themselves: the lower-cased text holds the same numbers.
    if (source.length === 0) source.extend();
    for (;; source.extend()) {
      if (source.complete || source.length >= 2 * MAX_NUMBERS) return false;
      // A number the read's end cuts off (it may go on: "4.8" then "5") is decided once more is read.
      const lower = source.lower;
      if (lookUp(lower, this.mark, value, rounded, measures, 0, lower.length, false, true) === FOUND) return true;
    }
  }
}

/**
 * Each match of the global `pattern` that starts in a window's core (the windows' cores follow each
 * other; what a window shows of its neighbours serves the pattern's look-behind and its tail), until
 * `onMatch` returns false.
 */
function eachMatch(windows: readonly TextWindow[], pattern: RegExp, onMatch: (m: RegExpExecArray) => boolean): void {
  for (const w of windows) {
    pattern.lastIndex = w.from;
    for (let m = pattern.exec(w.text); m !== null && m.index < w.to; m = pattern.exec(w.text)) if (!onMatch(m)) return;
  }
}

/**
 * Anchored look-ups in the whole text before every number of it is read once instead (ShownNumbers): a
 * page asks for a handful (the bench pages three), a listing that shows none of its prices hundreds.
 */
const MAX_ANCHORED_LOOKUPS = 8;

/** Rounded counts (and amounts in units) of a page kept at most (a page shows a handful; past these the rest are not read). */
const MAX_COMPACT_DISPLAYS = 10_000;

/**
 * Amounts in cents: digits before a cent sign or word (not the decimals of a number: "1.99¢" is not
 * read), a British price in pence ("99p", under a pound; "1080p" is no price), a currency sign followed by a decimal mark and one or two digits ("$.99", "$.5" is 50
 * cents), and the euro sign as the decimal mark, as French shops print prices ("12€99", "1 299€99",
 * "12<sup>€99</sup>"). Each with how its match reads as cents.
 */
const CENTS_DISPLAYS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => number]> = [
  [/(?<![\d.,])(\d{1,5})[ \u00a0\u202f]?(?:\u00a2|cents?(?![a-z])|ct(?![a-z]))/g, (m) => Number(m[1])],
  [/(?<![\d.,])(\d{1,2})p(?![a-z0-9])/g, (m) => Number(m[1])],
  [/(?:[$\u20ac\u00a3]|us\$)[ \u00a0\u202f]?[.,](\d{1,2})(?![\d.,]*\d)/g, (m) => Number(m[1]) * (m[1].length === 1 ? 10 : 1)],
  [/(?<![\d.,])(\d{1,3}(?:[ .\u00a0\u202f]\d{3})*)[ \u00a0\u202f]?\u20ac[ \u00a0\u202f]?(\d{2})(?![\d.,]*\d)/g, (m) => Number(m[1].replace(/[^\d]/g, "")) * 100 + Number(m[2])],
];

/**
 * Swedish shops print öre after a colon ("149:90", "1 299:90 kr"; whole kronor "149:-", which reads as
 * 149 already). Read only on Swedish pages, where the colon is part of the price convention: elsewhere
 * "19:30" is a time of day, and reading it as 19.30 would hide a price the page does not show.
 */
const COLON_CENTS = /(?<![\d.,:])(\d{1,3}(?:[ .\u00a0\u202f]\d{3})+|\d{1,7}):(\d{2})(?![\d:])/g;

/** Languages whose pages write a price's öre after a colon (COLON_CENTS). */
const COLON_CENTS_LANGUAGES = new Set(["sv"]);

export function writesColonCents(lang: string | null): boolean {
  return lang !== null && COLON_CENTS_LANGUAGES.has(languageTag(lang).language);
}

/**
 * What each of CENTS_DISPLAYS needs, without its look-behind and tail: a text without a match of this
 * has none of theirs (a pass of this costs a fifth of theirs).
 */
const MAY_SHOW_CENTS = /\d[ \u00a0\u202f]?(?:\u00a2|cents?(?![a-z])|ct(?![a-z])|p(?![a-z0-9])|\u20ac[ \u00a0\u202f]?\d\d)|[$\u20ac\u00a3][ \u00a0\u202f]?[.,]\d/;

/**
 * Units pages write numbers in, by what each unit multiplies: thousands, ten thousands (the Japanese and
 * Chinese 万 and 萬, the Korean 만, the Thai หมื่น), lakhs, millions, crores and hundred millions (億, 억). A
 * count shown so is rounded; a price shown in one of EXACT_UNITS is exact.
 */
const COMPACT_UNITS: Readonly<Record<string, number>> = {
  k: 1e3, tsd: 1e3, tys: 1e3, mila: 1e3, mil: 1e3, "тыс": 1e3, m: 1e6, mio: 1e6, mln: 1e6, "万": 1e4, "萬": 1e4, "만": 1e4,
  "千": 1e3, bin: 1e3, b: 1e3, tn: 1e3, dzd: 1e3, "ألف": 1e3, "الف": 1e3,
  "тис": 1e3, tis: 1e3, ezer: 1e3, mii: 1e3, "хил": 1e3, "χιλ": 1e3, n: 1e3, "ngh\u00ecn": 1e3, "ng\u00e0n": 1e3, "พัน": 1e3,
  "หมื่น": 1e4, rb: 1e3, ribu: 1e3, "천": 1e3, "\u0939\u095b\u093e\u0930": 1e3, "\u0939\u091c\u093e\u0930": 1e3, "млн": 1e6, "к": 1e3, mi: 1e6,
  mill: 1e6, "億": 1e8, "亿": 1e8, "억": 1e8, "천만": 1e7, "백만": 1e6, "千万": 1e7, "百万": 1e6, lakh: 1e5, lakhs: 1e5, lac: 1e5, lacs: 1e5, crore: 1e7, crores: 1e7, cr: 1e7,
  "tri\u1ec7u": 1e6, juta: 1e6, jt: 1e6, "ล้าน": 1e6,
  // The words a widget writes out in full (Intl.NumberFormat's compactDisplay "long": "1.2 thousand").
  thousand: 1e3, million: 1e6, millions: 1e6, tausend: 1e3, millionen: 1e6, mille: 1e3, millier: 1e3, milliers: 1e3,
  millones: 1e6, "mill\u00f3n": 1e6, milioni: 1e6, "milh\u00f5es": 1e6, "milh\u00e3o": 1e6, duizend: 1e3, miljoen: 1e6,
  tusen: 1e3, tusind: 1e3, miljon: 1e6, miljoner: 1e6, "tysi\u0105ce": 1e3, "tysi\u0119cy": 1e3, "tysi\u0105c": 1e3, "tis\u00edc": 1e3,
  "тысяч": 1e3, "тысячи": 1e3, "тысяча": 1e3, "миллион": 1e6, "миллиона": 1e6, "миллионов": 1e6, "тисяч": 1e3, "тисячі": 1e3,
  "مليون": 1e6, "هزار": 1e3, "ہزار": 1e3, "میلیون": 1e6, milyon: 1e6, "\u0932\u093e\u0916": 1e5, "\u09b9\u09be\u099c\u09be\u09b0": 1e3,
  // Hindi's crore, with its nukta (UNIT_KEY adds the decomposed form) and as often typed without it.
  "\u0915\u0930\u094b\u095c": 1e7, "\u0915\u0930\u094b\u0921": 1e7,
};
/**
 * Units that mean their number only in some languages, read on pages in those (null: a page without a
 * language): Turkish "B" and "bin" (in English "1.2B" is a billion), Swedish "tn" (tusen; elsewhere a
 * ton), Dutch "dzd." (duizend; elsewhere the Algerian dinar's code), Vietnamese "N" (nghìn), the Cyrillic
 * "К" of Russian, Ukrainian and Bulgarian pages (elsewhere a Cyrillic letter, or a K typed in the wrong
 * script), Portuguese "mi" and Spanish "mill." (millions; elsewhere miles and mills), Indonesian "rb"
 * (ribu) and "jt" (juta). The Japanese and Chinese "千" and the
 * Arabic "ألف" (also typed without its hamza, "الف") mean a thousand wherever they are written, so a
 * page without a language reads them too. The units not listed mean their number wherever they stand
 * after one (a word of one language only: "тис", "ezer", "nghìn", "พัน", "हज़ार", "lakh"), and are read on every page.
 */
const COMPACT_UNIT_LANGUAGES: Readonly<Record<string, readonly (string | null)[]>> = {
  b: ["tr"], bin: ["tr"], tn: ["sv"], dzd: ["nl"], "千": ["ja", "zh", null], "ألف": ["ar", null], "الف": ["ar", null],
  n: ["vi"], "к": ["ru", "uk", "bg"], mi: ["pt"], mill: ["es"], rb: ["id"], jt: ["id"],
};
/**
 * Units of one letter that stand for their word only right after the number ("12,3К", "12,3N"): with a
 * space, "1 к 2" is Russian's "1 to 2".
 */
const UNSPACED_UNITS = new Set(["к", "n"]);
/**
 * Units that Chinese, Japanese, Korean, Indian, Vietnamese, Indonesian, Thai and Russian pages write exact
 * amounts in: a car's or a flat's price, "298万円", "12.98万元", "1,290만원", "₹12.9 Lakh", "1,29 triệu",
 * "Rp1,3jt", "1.29 ล้าน", "1,29 млн ₽"; in thousands too, alone or after ten thousands ("3천원", "5만 9천원",
 * "1万2千円"). A price shown so is exactly the number times the unit: a
 * display that rounds ("1.2K" for a price of $1,234) shows no price.
 */
const EXACT_UNITS = new Set([
  "万", "萬", "만", "億", "亿", "억", "천만", "백만", "千万", "百万", "천", "千", "lakh", "lakhs", "lac", "lacs", "crore", "crores", "cr",
  "\u0932\u093e\u0916", "\u0915\u0930\u094b\u095c", "\u0915\u0930\u094b\u0921", "tri\u1ec7u", "juta", "jt", "ล้าน", "млн",
]);

/**
 * An exact amount in units as read so far: one part ("3억") or several written one after the other, each
 * in a smaller unit ("3억 5,000만원" is 350,000,000 won, "1億2000万円", "1 करोड़ 20 लाख"). `values`: its
 * readings; `end`: where its last part ends in `input`; `unit`: its last part's unit.
 */
interface UnitAmount {
  input: string;
  end: number;
  unit: number;
  values: number[];
}

/**
 * The part starting at `start` of `input`, in `unit` (readings `parts`), goes on the amount before it:
 * right after it (a space between at most), in a smaller unit, and less than one of the amount's last
 * unit (3억 2억 are two amounts).
 */
function continuesAmount(amount: UnitAmount, input: string, start: number, unit: number, parts: readonly number[]): boolean {
  if (input !== amount.input) return false;
  const gap = start - amount.end;
  if (gap !== 0 && !(gap === 1 && AMOUNT_PART_GAP.test(input[amount.end]))) return false;
  return unit < amount.unit && parts.length > 0 && parts.every((p) => p < amount.unit);
}
const AMOUNT_PART_GAP = /[ \u00a0\u202f\u2009]/;

/**
 * The amount's last part in no unit, the currency after it: "1만 2,900원" is 12,900 won, "1万2900円"
 * 12,900 yen, "3억 5,000만 2,000원" 350,002,000 won, "3천500원" 3,500 won. Only before the currency's
 * word, and only after an exact unit (thousands or more): elsewhere a number after an amount is a number
 * of its own ("1만 2 리뷰"). The part is less than one of the amount's last unit; the amount it ends is read as a whole,
 * not its larger parts alone.
 */
function remainderAfter(amount: UnitAmount, mark: DecimalMark): UnitAmount | null {
  if (amount.unit < 1e3) return null;
  REMAINDER.lastIndex = amount.end;
  const m = REMAINDER.exec(amount.input);
  if (m === null) return null;
  const parts = readNumber(m[1], mark).filter((r) => r.decimals === 0 && r.value > 0 && r.value < amount.unit).map((r) => r.value);
  if (parts.length === 0) return null;
  return { input: amount.input, end: m.index + m[0].length, unit: 1, values: amount.values.flatMap((a) => parts.map((b) => a + b)) };
}
/** A number (bounded, as COMPACT's), then won, yen or yuan: the remainder of an amount in units. */
const REMAINDER = /[ \u00a0\u202f\u2009]?(\d(?:[\d.,]{0,10}\d)?)[ \u00a0\u202f\u2009]?(?:원|円|元|圓)/y;

/** A page's numbers in units (COMPACT): the counts each shows, as open intervals, and the exact amounts. */
interface UnitDisplays {
  counts: Array<{ low: number; high: number }>;
  amounts: Set<string>;
}

/**
 * Each way a unit is written, as COMPACT_UNITS names it: composed and decomposed (a Vietnamese page
 * typed with combining accents, "triệu" as "trie\u0323\u0302u"; the Devanagari nukta, "ज़" as one character
 * or "ज" and "़"). The text is not normalized: only its units are, as they are found.
 */
const UNIT_KEY: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(COMPACT_UNITS).flatMap((key) => [key, key.normalize("NFC"), key.normalize("NFD")].map((form) => [form, key])),
);

/**
 * A number in units: a number of up to 12 characters (a pattern of unbounded runs would read a run of
 * "111 111 ..." again from each place it can start), a space or none, a unit, and then no letter of
 * the unit's script (or a combining mark: "1.2 ألفا", "12 ezerszer", "12 miimo", "12 हज़ारों" hold
 * other words), nor a Thai vowel or tone mark, nor the "ธ" of "พันธุ์" (a breed). A Korean, Chinese,
 * Japanese or Thai word may follow the unit directly ("1.2만원", "298万円", "1.2พันรีวิว"); a digit only a
 * unit of the scripts written without spaces (unitEnds). The units longest first, so that "mill" is
 * tried before "mil" and "mi".
 */
const COMPACT = new RegExp(
  `(?<![\\d.,])(\\d(?:[\\d.,]{0,10}\\d)?)([ \\u00a0\\u202f\\u2009\\u2007\\u2006\\u200a]?)(${Object.keys(UNIT_KEY).sort((a, b) => b.length - a.length).join("|")})` +
    "(?![a-z\\u00c0-\\u024f\\u1e00-\\u1eff\\u0300-\\u036f\\u0370-\\u03ff\\u1f00-\\u1fff\\u0400-\\u04ff\\u0620-\\u064a\\u0900-\\u0963\\u0966-\\u097f\\u0e18\\u0e31\\u0e34-\\u0e3a\\u0e47-\\u0e4e])",
  "g",
);

/**
 * The unit `key` ends at `at`: no digit follows ("1k5" is no thousand), but for 억 and a unit of a script written
 * without spaces, which the text joins to the next element's number ("129.8萬" then "4.8" is "129.8萬4.8",
 * lower-text.ts).
 */
function unitEnds(text: string, at: number, key: string): boolean {
  // Korean writes an amount's next part right after 억, 만 and 천 too ("3억5000만원", continuesAmount;
  // "1만2900원", "3천500원", remainderAfter).
  return !isDigit(text.charCodeAt(at)) || unspaced(key.charCodeAt(key.length - 1)) || key === "억" || key === "만" || key === "천";
}

/**
 * A count "N+" in units ("10rb+", "1K+") covers N to N and one of its last written digit that is not a
 * zero, as lowerBoundStep reads a number: "10rb+" 10,000 to 19,999, "1,2K+" 1,200 to 1,299.
 */
function unitLowerBoundSpan(written: number, decimals: number, unit: number): number {
  let digits = Math.round(written * 10 ** decimals);
  let span = unit / 10 ** decimals;
  while (digits > 0 && digits % 10 === 0) {
    digits /= 10;
    span *= 10;
  }
  return span;
}

/** A "+" at `at` or after a space there, no number after it ("10rb+ ulasan"; not "1K+2"). A unit's "." may come before. */
function plusAt(text: string, at: number): boolean {
  if (text.charCodeAt(at) === 46) at++;
  if (isSpace(text.charCodeAt(at))) at++;
  if (text.charCodeAt(at) !== 43) return false;
  if (isSpace(text.charCodeAt(at + 1))) at++;
  return !isDigit(text.charCodeAt(at + 1));
}

/**
 * A price written as its whole units and its minor units apart, with their words: rubles and kopecks
 * ("1 299 руб. 50 коп."), hryvnias and kopiykas ("1 299 грн 50 коп."), złoty and grosze ("1299 zł 50 gr").
 * Only these words: elsewhere two numbers in a row are two amounts. The whole part grouped in up to
 * three groups (bounded, as COMPACT's number).
 */
const MINOR_APART =
  /(?<![\d.,])(\d{1,3}(?:[ .\u00a0\u202f\u2009\u2007\u2006\u200a]\d{3}){1,2}|\d{1,7})[ \u00a0\u202f\u2009\u2007\u2006\u200a]?(?:руб|грн|zł)\.?[ \u00a0\u202f\u2009\u2007\u2006\u200a]?(\d{1,2})[ \u00a0\u202f\u2009\u2007\u2006\u200a]?(?:коп|gr)(?![a-z\u00c0-\u024f\u0400-\u04ff])/g;

/**
 * Characters of a number before a "+" read at most: a count's "1,200,000" has nine, 13 with a rating
 * before it in the same run of numbers ("4.8 1,200,000+").
 */
const MAX_LOWER_BOUND = 24;

/**
 * The counts a "+" at `plus` shows as lower bounds, when a number ends right before it or a space
 * before it ("1,200+", "500 +") and no number follows (not "2+2", "500 + 200"). The number is read as
 * whole, with either mark grouping thousands (a count has no decimals), and a number of spaced pieces by
 * its last one or runs ending there, as tokenReadings reads them ("4.8 1,200+" is 1200). Nothing when
 * the number runs longer than MAX_LOWER_BOUND, or to the start of a window that is not the text's.
 */
function lowerBoundAt(text: string, plus: number, first: boolean): number[] {
  let next = plus + 1;
  if (next < text.length && isSpace(text.charCodeAt(next))) next++;
  if (next < text.length && isDigit(text.charCodeAt(next))) return [];
  let end = plus;
  if (end > 1 && isSpace(text.charCodeAt(end - 1)) && isDigit(text.charCodeAt(end - 2))) end--;
  if (end === 0 || !isDigit(text.charCodeAt(end - 1))) return [];
  let start = end;
  for (;;) {
    if (end - start > MAX_LOWER_BOUND) return [];
    if (start > 0 && isDigit(text.charCodeAt(start - 1))) start--;
    else if (start > 1 && isNumberSeparator(text.charCodeAt(start - 1)) && isDigit(text.charCodeAt(start - 2))) start -= 2;
    else break;
  }
  if (start === 0 && !first) return [];
  const pieces = text.slice(start, end).replace(THIN_SPACES, " ").split(" ");
  const out: number[] = [];
  for (let i = Math.max(0, pieces.length - SPACED_GROUPS); i < pieces.length; i++) {
    if (!startsNumber(pieces, i)) continue;
    for (const r of readNumber(pieces.slice(i).join(" "), null)) {
      if (r.decimals === 0 && r.value >= 1 && Number.isSafeInteger(r.value)) out.push(r.value);
    }
  }
  return out;
}

/** The counts "N+" covers past N: ten to the power of N's trailing zeros, at least 10 ("1,200+" 100, "1,000+" 1,000, "12+" 10). */
function lowerBoundStep(n: number): number {
  let step = 1;
  while (n % (step * 10) === 0) step *= 10;
  return Math.max(10, step);
}

/**
 * Where the amount part of the number text[start, end) starts: `start`, or, when the number begins a
 * code (number-codes.ts), past the code's digits (a number written with spaces may go on into a price:
 * "anv-1299 $1,299" is read as "1299 1,299"), or `end` when all of it is the code's.
 */
function amountStart(text: string, start: number, end: number): number {
  if (!codeBefore(text, start)) return start;
  for (let i = start; i < end; i++) if (isSpace(text.charCodeAt(i))) return i + 1;
  return end;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 0xa0 || c === 0x202f || c === 0x2009 || c === 0x2007 || c === 0x2006 || c === 0x200a;
}

/**
 * The zero of each block of decimal digits pages write numbers in besides 0-9: Arabic-Indic, Persian
 * (extended Arabic-Indic), Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada,
 * Malayalam, Sinhala, Thai, Lao, Tibetan, Myanmar, Khmer, Mongolian, and the full-width digits of
 * Japanese, Chinese and Korean pages. Each block is its zero and the nine digits after it.
 */
export const DIGIT_ZEROS = [
  0x0660, 0x06f0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0x0de6, 0x0e50, 0x0ed0, 0x0f20, 0x1040,
  0x17e0, 0x1810, 0xff10,
];
/** Their separators: the Arabic decimal and thousands marks, the full-width comma and full stop. */
const OTHER_SEPARATORS: Readonly<Record<string, string>> = { "\u066b": ".", "\u066c": ",", "\uff0c": ",", "\uff0e": "." };
const hex4 = (c: number) => c.toString(16).padStart(4, "0");
const OTHER_DIGIT_CLASS = `[${DIGIT_ZEROS.map((z) => `\\u${hex4(z)}-\\u${hex4(z + 9)}`).join("")}\\u066b\\u066c\\uff0c\\uff0e]`;
const HAS_OTHER_DIGITS = new RegExp(OTHER_DIGIT_CLASS);
const OTHER_DIGITS = new RegExp(OTHER_DIGIT_CLASS, "g");

/** `text` with other scripts' digits as 0-9 and their separators as `.` and `,`, character for character. */
export function foldDigits(text: string): string {
  return text.replace(OTHER_DIGITS, (ch) => {
    const separator = OTHER_SEPARATORS[ch];
    if (separator !== undefined) return separator;
    const c = ch.charCodeAt(0);
    for (const zero of DIGIT_ZEROS) if (c >= zero && c <= zero + 9) return String(c - zero);
    return ch;
  });
}

/**
 * Languages whose pages may write numbers in their script's own digits (Arabic, Persian, Urdu, the
 * Indic languages, Thai, Burmese, Khmer, full-width digits in Japanese, Chinese and Korean), and a page
 * without a language. The look-ups read those digits on every page (truth-page.ts: a page's language
 * attribute is often its CMS's default); this decides what the language rules out, a perfect rating
 * written only as a scale (not-visible.ts onlyAsScale).
 */
const OTHER_DIGIT_LANGUAGES = new Set([
  "ar", "fa", "ur", "ps", "ku", "ckb", "sd", "ug", "hi", "mr", "ne", "sa", "bn", "as", "pa", "gu", "or", "ta", "te", "kn", "ml", "si",
  "th", "lo", "bo", "dz", "my", "km", "mn", "ja", "zh", "ko",
]);

export function mayUseOtherDigits(lang: string | null): boolean {
  return lang === null || OTHER_DIGIT_LANGUAGES.has(languageTag(lang).language);
}

const NOT_FOUND = 0;
const FOUND = 1;
/** A number at an edge of the stretch searched may go on past it: not read there. */
const UNDECIDED = 2;

/**
 * NumberLookup's anchored search of the numbers whose anchors lie in text[from, to). A number that
 * runs to the text's start (`cutStart`: the whole text goes on before it) or end (`cutEnd`) is not
 * read: UNDECIDED unless another is the value.
 */
function lookUp(
  text: string, mark: DecimalMark, value: number, rounded: boolean, measures: boolean, from: number, to: number, cutStart: boolean, cutEnd: boolean,
  tally: { charsRead: number } = { charsRead: 0 },
): number {
  const want = canonical(value);
  // Rounded displays of a rating: exactly 1 or 2 decimals reading as the value cut or rounded there.
  const byDecimals: Array<string[]> = [[], [], []];
  const anchors = new Set<string>(anchorsOf(Math.round(value * 1e6), true));
  if (rounded) {
    for (let d = 1; d <= 2; d++) {
      const f = 10 ** d;
      for (const u of [Math.floor(value * f + 1e-9) / f, Math.round(value * f) / f]) {
        byDecimals[d].push(canonical(u));
        for (const a of anchorsOf(Math.round(u * 1e6), false)) anchors.add(a);
      }
    }
  }
  const read = new Set<number>();
  let undecided = false;
  for (const anchor of anchors) {
    // The next occurrence is looked for past the number this one is in: the anchor's other occurrences in
    // it are that number, and walking it again from each (a run of 240,000 digits) took 38 s.
    for (let at = text.indexOf(anchor, from), end = 0; at !== -1 && at < to; at = text.indexOf(anchor, end)) {
      const start = numberStart(text, at);
      end = numberEnd(text, at);
      if (read.has(start)) continue;
      read.add(start);
      // A separator and a digit after it would continue the number: the end needs two more characters
      // read; a digit, or a digit and a separator, before the start would too.
      if ((cutEnd && end >= text.length - 1) || (cutStart && start <= 1)) {
        undecided = true;
        continue;
      }
      tally.charsRead += end - start;
      // A price or a count is not shown by a measure ("120 mm") or a code's digits ("anv-1299", number-codes.ts).
      let from = start;
      if (!measures) {
        if (measureAt(text, start, end)) continue;
        from = amountStart(text, start, end);
        if (from >= end) continue;
      }
      for (const r of tokenReadings(text.slice(from, end), mark)) {
        const c = canonical(r.value);
        if (c === want) return FOUND;
        if (rounded && (r.decimals === 1 || r.decimals === 2) && byDecimals[r.decimals].includes(c)) return FOUND;
      }
    }
  }
  return undecided ? UNDECIDED : NOT_FOUND;
}

/**
 * Anchors of the values whose canonical text is `micros` millionths. A number of the text that reads
 * as such a value is written as its integer part (leading zeros, thousands separators) and, when it
 * has decimals, a decimal mark and its decimals: its integer part's last three digits stand together
 * (thousands groups have three), followed by `.` or `,` and the first decimal when there are decimals.
 * A reading with more than six decimals rounds to the value from below too (4.7999999 for 4.8): with
 * `below`, the anchors of the millionth below are added.
 */
function anchorsOf(micros: number, below: boolean): string[] {
  const out: string[] = [];
  for (const k of below && micros >= 1 ? [micros, micros - 1] : [micros]) {
    const whole = String(Math.floor(k / 1e6)).slice(-3);
    const decimals = String(k % 1e6).padStart(6, "0").replace(/0+$/, "");
    if (decimals === "") out.push(whole);
    else out.push(`${whole}.${decimals[0]}`, `${whole},${decimals[0]}`);
  }
  return out;
}

/** The number separators of NUMBER (between digits). */
function isNumberSeparator(c: number): boolean {
  return c === 46 || c === 44 || c === 39 || c === 0x2019 || isSpace(c);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Where the match of NUMBER that holds the digit at `at` starts: NUMBER's matches are the longest runs
 * of digits with single separators between digits, so go back over digits and over a separator with a digit before it.
 */
function numberStart(text: string, at: number): number {
  let s = at;
  for (;;) {
    if (s > 0 && isDigit(text.charCodeAt(s - 1))) s--;
    else if (s > 1 && isNumberSeparator(text.charCodeAt(s - 1)) && isDigit(text.charCodeAt(s - 2))) s -= 2;
    else return s;
  }
}

/** Where that match ends (exclusive). */
function numberEnd(text: string, at: number): number {
  let e = at;
  const n = text.length;
  for (;;) {
    if (e < n && isDigit(text.charCodeAt(e))) e++;
    else if (e + 1 < n && isNumberSeparator(text.charCodeAt(e)) && isDigit(text.charCodeAt(e + 1))) e += 2;
    else return e;
  }
}

interface Reading {
  value: number;
  decimals: number;
}

/**
 * The values a written number can mean. Groups after a thousands separator have three digits; a
 * last separator that differs from the ones before it, or that is followed by other than three
 * digits, is the decimal mark.
 */
export function readNumber(token: string, mark: DecimalMark): Reading[] {
  const groups: string[] = [];
  const seps: string[] = [];
  let start = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c < 48 || c > 57) {
      groups.push(token.slice(start, i));
      seps.push(token[i] === "\u2019" ? "'" : token[i]);
      start = i + 1;
    }
  }
  groups.push(token.slice(start));
  if (seps.length === 0) return [{ value: Number(token), decimals: 0 }];
  const last = seps[seps.length - 1];
  const lastGroup = groups[groups.length - 1];
  const groupedBefore = groupsAreThousands(groups, seps, seps.length - 1) || groupsAreLakhs(groups, seps, seps.length - 1);
  const out: Reading[] = [];
  // The last separator as a decimal mark: the ones before it group thousands with another character.
  if ((last === "." || last === ",") && groupedBefore && seps.slice(0, -1).every((s) => s !== last)) {
    // Ambiguous only when the mark could group thousands too: "1299.000" and "0,990" have no such reading
    // (a first group of four digits, or a lone 0), so they are decimals whatever the page's language.
    const ambiguous = lastGroup.length === 3 && seps.length === 1 && groupsAreThousands(groups, seps, 1);
    if (!ambiguous || mark === null || mark === last) out.push({ value: Number(`${groups.slice(0, -1).join("")}.${lastGroup}`), decimals: lastGroup.length });
  }
  // Every separator groups thousands.
  if (lastGroup.length === 3 && (groupsAreThousands(groups, seps, seps.length) || groupsAreLakhs(groups, seps, seps.length)) && seps.every((s) => s === seps[0])) {
    const ambiguous = seps.length === 1 && (last === "." || last === ",");
    if (!ambiguous || mark === null || mark !== last) out.push({ value: Number(groups.join("")), decimals: 0 });
  }
  return out;
}

/** The first `count` separators group thousands: a first group of 1-3 digits, then groups of three. */
function groupsAreThousands(groups: string[], seps: string[], count: number): boolean {
  if (count === 0) return groups[0].length > 0;
  // A first group of 1-3 digits, not a lone 0 ("0,990" is not 990; "000,500" may be a piece of "1 000,500").
  if (groups[0].length === 0 || groups[0].length > 3 || groups[0] === "0") return false;
  for (let i = 1; i < count; i++) if (groups[i].length !== 3) return false;
  if (count > 0 && seps.slice(0, count).some((s) => s !== seps[0])) return false;
  // The group after the last thousands separator (when it is not the last group) has three digits too.
  return count === seps.length || groups[count].length === 3;
}

/**
 * The first `count` separators group as Indian pages write numbers (lakh and crore: "1,29,900",
 * "12,34,56,789"): commas, a first group of one or two digits, then groups of two, and three digits
 * after the last comma. Two commas at least: with one, the number is grouped in thousands as well.
 * No other convention writes a group of two between commas, so this reading never doubts another.
 */
function groupsAreLakhs(groups: string[], seps: string[], count: number): boolean {
  if (count < 2 || groups[0].length === 0 || groups[0].length > 2) return false;
  for (let i = 0; i < count; i++) if (seps[i] !== ",") return false;
  for (let i = 1; i < count; i++) if (groups[i].length !== 2) return false;
  return groups[count].length === 3;
}

/** A number as canonical text: 1299 and 1299.00 are one value, 4.80 and 4.8 too. */
function canonical(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/**
 * A markup value as a number: JSON numbers as they are, text read with a point as the decimal mark
 * (what the documentation asks for: "use a dot instead of a comma"), a trailing currency or unit and
 * grouping commas left out ("1,299.00", "4.5 stars"). Null when it holds no number, or one written
 * another way ("4,8", "1.299,00"): the value's own check reports the format, and read as written here it
 * would be a number the page does not show (48, 1.299) while the page shows the very same text.
 */
export function markupNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const m = MARKUP_NUMBER.exec(value);
  if (m === null) return null;
  const written = m[0];
  if (written.indexOf(",") !== -1 && !GROUPED.test(written)) return null;
  const n = Number(written.replace(/,/g, ""));
  return Number.isFinite(n) ? n : null;
}

/**
 * The first number of a markup text as a page writes numbers ("1.299,00", "1 299", "4,8"), with its
 * marks and spaces; undefined when the text holds none.
 */
export function firstWrittenNumber(value: string): string | undefined {
  return WRITTEN_NUMBER.exec(value)?.[0];
}
const WRITTEN_NUMBER = /\d[\d.,'\u2019 \u00a0\u202f\u2009]*\d|\d/;

/** The first number of a markup text, with whatever separators it is written with (".99" too). */
const MARKUP_NUMBER = /-?(?:\d(?:[\d,.]*\d)?|\.\d+)/;
/** Commas that group thousands, and at most a point for the decimals: "1,299", "1,299.00". */
const GROUPED = /^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
