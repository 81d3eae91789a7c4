/**
 * Numbers as pages write them: "$1,299.00", "1.299,00 €", "1 299,00 €", "EUR 1,299", "1299", "4,8".
 * Each number of the visible text is read into the values it can mean; where a single `.` or `,`
 * before three digits could be a decimal point or a thousands separator ("1,299", "1.299"), the
 * page's language decides (English writes 1,299 for a thousand and more, German and French 1.299 or
 * 1 299); without a language both readings count, so an unknown convention never makes a warning.
 */

/** Languages whose decimal separator is the point; the others in DECIMAL_COMMA use the comma. */
const DECIMAL_POINT = new Set(["en", "ja", "zh", "ko", "he", "th", "hi", "ms", "tl", "ga", "cy", "mt", "sw", "ta", "te", "ur", "bn", "my", "km"]);
const DECIMAL_COMMA = new Set([
  "de", "fr", "es", "it", "pt", "nl", "ru", "pl", "sv", "da", "nb", "nn", "no", "fi", "cs", "sk", "sl", "hr", "sr", "bs", "hu", "ro",
  "bg", "el", "tr", "uk", "be", "lt", "lv", "et", "is", "ca", "gl", "eu", "id", "vi", "az", "kk", "ka", "hy", "sq", "mk", "af",
]);

export type DecimalMark = "." | "," | null;

/** The decimal separator of a `lang` value ("de-CH" -> de), or null when the language does not tell. */
export function decimalMarkOf(lang: string | null): DecimalMark {
  if (lang === null) return null;
  const primary = lang.split(/[-_]/)[0];
  if (DECIMAL_POINT.has(primary)) return ".";
  if (DECIMAL_COMMA.has(primary)) return ",";
  return null;
}

/** Numbers read per page at most (a hostile page of digits is indexed up to here). */
const MAX_NUMBERS = 200_000;

/** Digits with the separators numbers are written with in between (group or decimal marks, spaces). */
const NUMBER = /\d+(?:[.,'\u2019 \u00a0\u202f\u2009]\d+)*/g;

const DIGITS_ONLY = /^\d+$/;

/** The numbers a page shows, for look-up by value. */
export class ShownNumbers {
  /** Every value read, as canonical text (1299, 4.8). */
  private readonly exact = new Set<string>();
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
      this.addToken(m[0], mark);
    }
    this.truncated = cut;
  }

  /** True when the page shows `value`; `rounded`: a display rounded to one or two decimals also counts (ratings). */
  shows(value: number, rounded = false): boolean {
    if (this.exact.has(canonical(value))) return true;
    if (!rounded) return false;
    for (let d = 1; d <= 2; d++) {
      const f = 10 ** d;
      if (this.byDecimals[d].has(canonical(Math.floor(value * f + 1e-9) / f)) || this.byDecimals[d].has(canonical(Math.round(value * f) / f))) return true;
    }
    return false;
  }

  private addToken(written: string, mark: DecimalMark): void {
    // Most numbers of a page are plain digits: read without the separator analysis and its arrays.
    if (DIGITS_ONLY.test(written)) {
      this.exact.add(canonical(Number(written)));
      return;
    }
    const token = written.replace(/[\u00a0\u202f\u2009]/g, " ");
    // A space may separate thousands ("1 299,00") or two numbers ("4.8 120"): both readings count.
    if (token.indexOf(" ") !== -1) {
      for (const piece of token.split(" ")) this.addReadings(piece, mark);
    }
    this.addReadings(token, mark);
  }

  private addReadings(token: string, mark: DecimalMark): void {
    for (const reading of readNumber(token, mark)) {
      this.exact.add(canonical(reading.value));
      if (reading.decimals === 1 || reading.decimals === 2) this.byDecimals[reading.decimals].add(canonical(reading.value));
    }
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
  const groupedBefore = groupsAreThousands(groups, seps, seps.length - 1);
  const out: Reading[] = [];
  // The last separator as a decimal mark: the ones before it group thousands with another character.
  if ((last === "." || last === ",") && groupedBefore && seps.slice(0, -1).every((s) => s !== last)) {
    const ambiguous = lastGroup.length === 3 && seps.length === 1;
    if (!ambiguous || mark === null || mark === last) out.push({ value: Number(`${groups.slice(0, -1).join("")}.${lastGroup}`), decimals: lastGroup.length });
  }
  // Every separator groups thousands.
  if (lastGroup.length === 3 && groupsAreThousands(groups, seps, seps.length) && seps.every((s) => s === seps[0])) {
    const ambiguous = seps.length === 1 && (last === "." || last === ",");
    if (!ambiguous || mark === null || mark !== last) out.push({ value: Number(groups.join("")), decimals: 0 });
  }
  return out;
}

/** The first `count` separators group thousands: a first group of 1-3 digits, then groups of three. */
function groupsAreThousands(groups: string[], seps: string[], count: number): boolean {
  if (count === 0) return groups[0].length > 0;
  if (groups[0].length === 0 || groups[0].length > 3) return false;
  for (let i = 1; i < count; i++) if (groups[i].length !== 3) return false;
  if (count > 0 && seps.slice(0, count).some((s) => s !== seps[0])) return false;
  // The group after the last thousands separator (when it is not the last group) has three digits too.
  return count === seps.length || groups[count].length === 3;
}

/** A number as canonical text: 1299 and 1299.00 are one value, 4.80 and 4.8 too. */
function canonical(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/**
 * A markup value as a number: JSON numbers as they are, text read with a point as the decimal mark
 * (what the documentation asks for: "use a dot instead of a comma"), a trailing currency or unit and
 * grouping commas left out ("1,299.00", "4.5 stars"). Null when it holds no number.
 */
export function markupNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const m = /-?\d[\d,]*(?:\.\d+)?/.exec(value);
  if (m === null) return null;
  const n = Number(m[0].replace(/,/g, ""));
  return Number.isFinite(n) ? n : null;
}
