import { jsonErrorOffset } from "./json-error-offset.ts";
import { blankOutLeniencies } from "./options/lenient-json.ts";

/** JSON.parse with an honest error: the message and the offset where parsing failed. */
export type ParseOutcome = { ok: true; value: unknown } | { ok: false; message: string; offset: number; trailingComma?: true };

const POSITION = /at position (\d+)/;

export function parseBlock(text: string): ParseOutcome {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const raw = err instanceof Error ? err.message : String(err);
    const match = POSITION.exec(raw);
    // Node 20 names no position for an unexpected character: the scan finds it.
    const offset = match ? Number(match[1]) : errorOffset(text);
    // V8's message names the position and may quote the source around it (`, ..."Cuisine": “French”,"...
    // is not valid JSON`, raw line breaks and all); keep only the reason.
    const reason = raw
      .replace(/\s*(?:in JSON )?at position \d+.*$/s, "")
      .replace(/^JSON\.parse: /, "")
      .replace(/, (?:\.\.\.)?".*$/s, "")
      .replace(/\s*(?:\(line \d+ column \d+\))?\s*$/, "")
      .trim();
    // A trailing comma is what JSON.parse calls "Expected double-quoted property name" at the bracket after it: name it, where it is.
    // Only a fault right after a comma is looked at so: the scan reads the whole text (a broken 5 MB block paid it for nothing).
    const comma = followsComma(text, offset) ? trailingCommaAlone(text) : null;
    if (comma !== null) return { ok: false, message: `a comma before "${comma.closing}" (a trailing comma)`, offset: comma.offset, trailingComma: true };
    const endsInString = offset === text.length && reason.startsWith("Unterminated string");
    return { ok: false, message: `${reason || "invalid JSON"}${endsInString ? END_IN_STRING : hintAt(text, offset)}`, offset };
  }
}

/** The last character before `offset` that is not JSON white space is a comma (`"x",\n}`, `[1, ]`). */
function followsComma(text: string, offset: number): boolean {
  let i = Math.min(offset, text.length) - 1;
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 10 || text.charCodeAt(i) === 13)) i--;
  return i >= 0 && text.charCodeAt(i) === 44;
}

function errorOffset(text: string): number {
  const at = jsonErrorOffset(text);
  return at < 0 ? text.length : at;
}

/** Typographic quotes: what a word processor or a CMS's rich-text field makes of the quotes typed. */
const TYPOGRAPHIC_QUOTES = "\u201c\u201d\u201e\u201f\u2018\u2019\u00ab\u00bb\u2032\u2033";

/**
 * The text ends inside a string: a closing quote is missing, or in a page a `</script>` written inside
 * a string (a description quoting markup) ended the script element there, as HTML ends it at the first
 * `</script` whatever the JSON says.
 */
const END_IN_STRING = ' (the text ends inside a string: a closing quote is missing, or, in a page, a "</script>" inside a string ended the script element early; write it as "<\\/script>")';

/** What the character at the fault most often is, said in words. */
function hintAt(text: string, offset: number): string {
  const c = text[offset];
  if (c === undefined) return "";
  if (TYPOGRAPHIC_QUOTES.includes(c)) return ` (a typographic quote: JSON strings need straight double quotes ")`;
  if (c === "'") return ` (JSON strings need double quotes ", not single ones)`;
  if (text.startsWith("NaN", offset) || text.startsWith("undefined", offset) || text.startsWith("Infinity", offset)) return " (not a JSON value: write a number, a string or null)";
  return "";
}

/** The first trailing comma, when trailing commas (and nothing else) stop the text from being JSON. */
function trailingCommaAlone(text: string): { offset: number; closing: string } | null {
  const lenient = blankOutLeniencies(text);
  if (lenient === null || lenient.trailingCommas === 0 || lenient.comments > 0) return null;
  try {
    JSON.parse(lenient.text);
  } catch {
    return null;
  }
  return { offset: lenient.firstComma, closing: lenient.text.slice(lenient.firstComma).match(/[}\]]/)?.[0] ?? "}" };
}
