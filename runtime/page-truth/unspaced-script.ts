/**
 * Scripts written without spaces between words: kana, CJK ideographs (and their compatibility forms,
 * and the iteration and closing marks written inside words: 々 of "人々" and "佐々木", 〆, 〇, 〻),
 * half-width katakana, Thai, Lao, Burmese and Khmer. A Japanese or Chinese page runs a heading's name
 * into the text around it ("ホーム金床セット説明"), so where two such characters meet is as much a word's
 * edge as a space is. Hangul is written with spaces and is not among them. The digits of those scripts
 * (Thai ๐-๙, Lao, Burmese, Khmer) are not among them either: a number is no word's letters, and the space
 * between two numbers ("๔.๘ ๑,๒๓๔", a struck price before the price) parts them as it does 4.8 and 1,234.
 */
export function unspaced(c: number): boolean {
  if (unspacedDigit(c)) return false;
  return (
    (c >= 0x3040 && c <= 0x30ff) ||
    (c >= 0x3400 && c <= 0x9fff) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xff66 && c <= 0xff9f) ||
    (c >= 0x0e00 && c <= 0x0eff) ||
    (c >= 0x1000 && c <= 0x109f) ||
    (c >= 0x1780 && c <= 0x17ff) ||
    (c >= 0x3005 && c <= 0x3007) ||
    c === 0x303b
  );
}

/** A Thai, Lao, Burmese or Khmer digit. */
function unspacedDigit(c: number): boolean {
  return (c >= 0x0e50 && c <= 0x0e59) || (c >= 0x0ed0 && c <= 0x0ed9) || (c >= 0x1040 && c <= 0x1049) || (c >= 0x17e0 && c <= 0x17e9);
}

/** unspaced's characters as a regular expression's class (their digits left out). */
const UNSPACED =
  "\\u0e00-\\u0e4f\\u0e5a-\\u0ecf\\u0eda-\\u0eff\\u1000-\\u103f\\u104a-\\u109f\\u1780-\\u17df\\u17ea-\\u17ff\\u3005-\\u3007\\u303b\\u3040-\\u30ff\\u3400-\\u9fff\\uf900-\\ufaff\\uff66-\\uff9f";

/** A character of those scripts, looked for before a text's spaces between them are dropped. */
export const UNSPACED_CHARACTER = new RegExp(`[${UNSPACED}]`);

/**
 * A letter or digit of the Latin alphabet, half- or full-width: where such a character meets one of those
 * scripts is a word's edge too ("金床50kg", "iPhone15専用"), and pages set a space there or not as their
 * editor's habit goes (the "pangu spacing" of Chinese and Japanese text).
 */
export function latinAlphanumeric(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122) || (c >= 0xff10 && c <= 0xff19) || (c >= 0xff21 && c <= 0xff3a) || (c >= 0xff41 && c <= 0xff5a);
}

/**
 * White space between two such characters, or between one and a Latin letter or digit (either way round),
 * the no-break and the ideographic space (U+3000, a Japanese title's) among it: a space on one side only
 * ("プロ用 金床セット" and "プロ用金床セット", "金床 50kg" and "金床50kg") is the same text.
 */
const LATIN_ALPHANUMERIC = "A-Za-z0-9\\uff10-\\uff19\\uff21-\\uff3a\\uff41-\\uff5a";
const WHITE_SPACE = "[ \\t\\n\\r\\f\\u00a0\\u3000]+";
export const SPACE_BETWEEN_UNSPACED = new RegExp(`([${UNSPACED}])${WHITE_SPACE}(?=[${UNSPACED}${LATIN_ALPHANUMERIC}])|([${LATIN_ALPHANUMERIC}])${WHITE_SPACE}(?=[${UNSPACED}])`, "g");
