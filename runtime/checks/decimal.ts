// Scanning and diagnosing numbers written as text, shared by the numeric checks.

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Digits after the dot when `s` is `[sign] digits [. digits] [exponent]` (sign and exponent
 * only where allowed), else -1. A dot needs digits on both sides: ".5" and "5." fail, as in JSON.
 */
export function scanDecimal(s: string, allowSign: boolean, allowExponent: boolean): number {
  let i = 0;
  const first = s.charCodeAt(0);
  if (allowSign && (first === 43 || first === 45)) i = 1;
  const integerStart = i;
  while (isDigit(s.charCodeAt(i))) i++;
  if (i === integerStart) return -1;
  let places = 0;
  if (s.charCodeAt(i) === 46) {
    const fractionStart = ++i;
    while (isDigit(s.charCodeAt(i))) i++;
    places = i - fractionStart;
    if (places === 0) return -1;
  }
  if (allowExponent && (s.charCodeAt(i) | 32) === 101) {
    i++;
    const sign = s.charCodeAt(i);
    if (sign === 43 || sign === 45) i++;
    const exponentStart = i;
    while (isDigit(s.charCodeAt(i))) i++;
    if (i === exponentStart) return -1;
  }
  return i === s.length ? places : -1;
}

const CURRENCY_SYMBOL = /\p{Sc}/u;
const INNER_SPACE = /\s/;
const DIGIT_GROUPS = /^[+-]?[\d.,\s]+$/;
const THOUSANDS_COMMAS = /^[+-]?\d{1,3}(?:,\d{3})+$/;
const THOUSANDS_DOTS = /^[+-]?\d{1,3}(?:\.\d{3}){2,}$/;
const NO_LEADING_ZERO = /^[+-]?\.\d/;
const TRAILING_DOT = /\d\.$/;

/** Why a string that failed a numeric scan is not a plain decimal number; the common mistakes first. */
export function decimalProblem(s: string): string {
  if (s.trim().length === 0) return "empty value: expected a number";
  if (CURRENCY_SYMBOL.test(s)) return "remove the currency symbol";
  // Spaces between digits are thousands separators ("1 299", also with U+00A0 or U+202F).
  if (INNER_SPACE.test(s) && DIGIT_GROUPS.test(s)) return "remove the spaces: write the number without thousands separators";
  const comma = s.lastIndexOf(",");
  const dot = s.lastIndexOf(".");
  if (comma >= 0 && dot >= 0) {
    return comma < dot
      ? "remove the thousands separator (,)"
      : "use a dot as decimal separator, with no thousands separator";
  }
  if (comma >= 0) {
    if (!THOUSANDS_COMMAS.test(s)) return "use a dot as decimal separator";
    // "1,299" may be a thousands separator or a decimal comma; name both fixes.
    return s.indexOf(",") === comma
      ? "remove the thousands separator, or use a dot as decimal separator"
      : "remove the thousands separators (,)";
  }
  if (THOUSANDS_DOTS.test(s)) return "remove the thousands separators (.)";
  if (dot >= 0 && s.indexOf(".") !== dot) return "more than one dot: use a single dot as decimal separator";
  if (NO_LEADING_ZERO.test(s)) return "add a zero before the dot, e.g. 0.5";
  if (TRAILING_DOT.test(s)) return "add digits after the dot, or remove it";
  return `expected a number, e.g. 12.5, not ${JSON.stringify(s.length > 40 ? s.slice(0, 37) + "..." : s)}`;
}
