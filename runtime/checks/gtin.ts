import { show } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

const SEPARATORS = /^[\d\s-]+$/;
const GTIN_PREFIX = /^gtin(?:-?(?:8|12|13|14))?:?\s*/i;

/** The GS1 check digit for s[0, end): weights 3, 1, 3, ... from the right, so leading zeros don't matter. */
function checkDigit(s: string, end: number): number {
  let sum = 0;
  let weight = 3;
  for (let i = end - 1; i >= 0; i--) {
    sum += (s.charCodeAt(i) - 48) * weight;
    weight = 4 - weight;
  }
  return (10 - (sum % 10)) % 10;
}

function allDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return s.length > 0;
}

function checkDigitError(digits: string): string | null {
  const expected = checkDigit(digits, digits.length - 1);
  const actual = digits.charCodeAt(digits.length - 1) - 48;
  return actual === expected
    ? null
    : `wrong check digit: the last digit should be ${expected}, not ${actual}; check the number for typos`;
}

function textError(s: string): string | null {
  const len = s.length;
  if ((len === 8 || len === 12 || len === 13 || len === 14) && allDigits(s)) return checkDigitError(s);
  if (allDigits(s)) return `${len} digits: a GTIN has 8, 12, 13 or 14 digits`;
  if (s.trim().length === 0) return "empty GTIN";
  if (SEPARATORS.test(s)) return "remove the spaces and hyphens: a GTIN is digits only";
  if (GTIN_PREFIX.test(s)) return "remove the prefix: give the digits only";
  return `a GTIN is 8, 12, 13 or 14 digits, not ${show(s)}`;
}

export const gtin: ValueCheck = {
  options: { lengths: { kind: "integer-list", description: "the digit counts the property takes (gtin13: [13]; an ISBN-13: [13])" } },
  configure(options) {
    const lengths = (options.lengths as number[] | undefined) ?? [8, 12, 13, 14];
    const base = this.test;
    const allowed = lengths.join(" or ");
    return {
      name: this.name,
      description: `GTIN of ${allowed} digits with a valid check digit`,
      test(value) {
        // Digits of a length the property does not take: the property's lengths say what is wrong (an
        // ISBN-10 where an ISBN-13 is asked for is not "a GTIN has 8, 12, 13 or 14 digits").
        if (typeof value === "string" && allDigits(value) && !lengths.includes(value.length)) return `${value.length} digits: this property takes a GTIN of ${allowed} digits`;
        const problem = base(value);
        if (problem !== null) return problem;
        // A JSON number lost its leading zeros: it may be shorter than the length, never longer.
        const digits = typeof value === "number" ? String(value) : String(value);
        const fits = typeof value === "number" ? digits.length <= Math.max(...lengths) : lengths.includes(digits.length);
        return fits ? null : `${digits.length} digits: this property takes a GTIN of ${allowed} digits`;
      },
    };
  },
  name: "gtin",
  description: 'GTIN-8, -12 (UPC), -13 (EAN) or -14 with a valid check digit, e.g. "4006381333931"',
  test(value) {
    if (typeof value === "string") return textError(value);
    // A JSON number has lost its leading zeros; since they don't change the check digit, any
    // positive integer of up to 14 digits can be checked as the GTIN-14 it was padded to.
    if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) {
      const digits = String(value);
      if (digits.length <= 14) return checkDigitError(digits);
      return `${digits.length} digits: a GTIN has 8, 12, 13 or 14 digits`;
    }
    return `expected a GTIN as text, e.g. "4006381333931", not ${value}`;
  },
};
