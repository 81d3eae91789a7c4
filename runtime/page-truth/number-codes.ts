/**
 * Digits that are part of a code, not an amount or a count: an article number, a model, a SKU
 * ("ANV-1299", "SKU: 1299", "Art.-Nr. 1299", "Item #1299", "Model 1299"). A price of 1,299 is not
 * shown by them, nor a count of 1,299 reviews; a rating is not asked (codes are looked past only where
 * measures are: price-text.ts). Read in the lower-cased text, backwards from the number's start.
 *
 * A letter right before the digits is no sign of a code: currencies are written so ("rp129.000",
 * "rs1299", "eur1299", "kr1299"). A letter and a hyphen before them are ("anv-1299", "x-1299"); so is a
 * number sign ("#1299", "item # 1299"), and a label word a colon or a space apart (CODE_LABELS).
 */

/** Words that name a code, as the lower-cased text writes them (abbreviations with their full stop). */
const CODE_LABELS: ReadonlySet<string> = new Set([
  "sku", "mpn", "ean", "gtin", "gtin8", "gtin12", "gtin13", "gtin14", "upc", "isbn", "asin",
  "model", "modell", "modelo", "modèle", "modello", "modelu", "модель", "artikelnummer", "artikelnr.",
  "nr.", "no.", "nº", "n°", "nr", "ref.", "réf.", "ref", "réf", "référence", "code", "art.",
]);

/** The last characters of CODE_LABELS. */
const LABEL_ENDS: ReadonlySet<number> = new Set([...CODE_LABELS].map((label) => label.charCodeAt(label.length - 1)));

/** Separators read back over between a label and its number, at most. */
const MAX_SEPARATORS = 3;
/** A label's length read back at most. */
const MAX_LABEL = 14;

/** The number starting at `start` of `text` is part of a code. */
export function codeBefore(text: string, start: number): boolean {
  let i = start - 1;
  if (i < 0) return false;
  let c = text.charCodeAt(i);
  if (c === 45 /* - */ || c === 0x2010 || c === 0x2011) return codeBeforeHyphen(text, i);
  let skipped = 0;
  while (skipped < MAX_SEPARATORS && (c === 32 || c === 0xa0 || c === 0x202f || c === 58 /* : */ || c === 35 /* # */ || c === 0xff03)) {
    if (c === 35 || c === 0xff03) return true;
    skipped++;
    if (--i < 0) return false;
    c = text.charCodeAt(i);
  }
  // Most numbers follow a word that is no label: its last letter already tells most of them.
  if (skipped === 0 || !LABEL_ENDS.has(c)) return false;
  let j = i;
  while (j >= 0 && i - j < MAX_LABEL && isLabelCharacter(text.charCodeAt(j))) j--;
  if (j >= 0 && i - j >= MAX_LABEL) return false;
  return j < i && CODE_LABELS.has(text.slice(j + 1, i + 1));
}

/**
 * Letters and a hyphen before the digits ("anv-1299"), the letters no currency's code or word ("eur-1299",
 * "rs-1299" are amounts written with a hyphen).
 */
function codeBeforeHyphen(text: string, hyphen: number): boolean {
  let j = hyphen - 1;
  while (j >= 0 && hyphen - 1 - j < MAX_LABEL && isLetter(text.charCodeAt(j))) j--;
  if (j === hyphen - 1) return false;
  const letters = text.slice(j + 1, hyphen);
  return !(CURRENCY_WORDS.has(letters) || (letters.length === 3 && currencyCodes().has(letters)));
}

/** Currency words and signs in letters that pages write before an amount (ISO codes aside). */
const CURRENCY_WORDS: ReadonlySet<string> = new Set(["rs", "rp", "kr", "kn", "ft", "lei", "zł", "r", "l", "k", "q", "p", "s", "tl", "tk", "ksh", "rm", "bs", "lek", "den", "din", "fr", "dh"]);

let codes: Set<string> | null = null;

/** ISO 4217 codes, lower-cased (the runtime's list: Intl.supportedValuesOf). */
function currencyCodes(): Set<string> {
  return (codes ??= new Set(Intl.supportedValuesOf("currency").map((c) => c.toLowerCase())));
}

function isLetter(c: number): boolean {
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) return true;
  return c >= 0xc0 && LETTER.test(String.fromCharCode(c));
}
const LETTER = /\p{L}/u;

function isLabelCharacter(c: number): boolean {
  return isLetter(c) || c === 46 /* . */ || c === 0xb0 /* ° */ || (c >= 48 && c <= 57);
}
