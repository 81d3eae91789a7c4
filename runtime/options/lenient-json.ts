/**
 * JSON with `//` and `/* *\/` comments and trailing commas blanked out: comments are what the google
 * profile tolerates; a trailing comma is not tolerated (Search Console reports it as unparsable
 * structured data, "Missing '}' or object member name") but found here, to be named in the error.
 * Each is blanked out with spaces (line breaks kept), so every offset, line and column of the text
 * stays where it was. Two linear passes (comments, then commas, so that a comma before a
 * comment before a bracket is seen); strings are skipped as JSON defines them.
 */
export interface LenientText {
  text: string;
  comments: number;
  trailingCommas: number;
  /** Offset of the first thing blanked out, to point the warning at. */
  first: number;
  /** Offset of the first trailing comma, or -1. */
  firstComma: number;
}

/** Null when there is nothing to blank out (the text's problem is something else). */
export function blankOutLeniencies(source: string): LenientText | null {
  const chars = source.split("");
  let first = -1;
  let firstComma = -1;
  const blank = (from: number, to: number) => {
    if (first < 0 || from < first) first = from;
    for (let i = from; i < to; i++) if (chars[i] !== "\n" && chars[i] !== "\r") chars[i] = " ";
  };
  const comments = scan(source, (c, i, text) => {
    if (c !== "/" || (text[i + 1] !== "/" && text[i + 1] !== "*")) return 0;
    let end: number;
    if (text[i + 1] === "/") {
      end = i + 2;
      while (end < text.length && text[end] !== "\n" && text[end] !== "\r") end++;
    } else {
      const close = text.indexOf("*/", i + 2);
      end = close < 0 ? text.length : close + 2;
    }
    blank(i, end);
    return end - i;
  });
  const withoutComments = comments ? chars.join("") : source;
  const trailingCommas = scan(withoutComments, (c, i, text) => {
    if (c !== ",") return 0;
    let j = i + 1;
    while (j < text.length && WHITE.test(text[j])) j++;
    if (text[j] !== "}" && text[j] !== "]") return 0;
    if (firstComma < 0) firstComma = i;
    blank(i, i + 1);
    return 1;
  });
  if (comments === 0 && trailingCommas === 0) return null;
  return { text: chars.join(""), comments, trailingCommas, first, firstComma };
}

const WHITE = /\s/;

/** Calls `at` outside strings; it returns how many characters it consumed (0: none, not counted). Returns the count of hits. */
function scan(text: string, at: (c: string, i: number, text: string) => number): number {
  let hits = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
      continue;
    }
    const used = at(c, i, text);
    if (used > 0) {
      hits++;
      i += used;
    } else i++;
  }
  return hits;
}
