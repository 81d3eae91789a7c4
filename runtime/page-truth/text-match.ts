/**
 * Text values looked up in the visible text, both sides normalized the same way: lower case, every
 * run of characters that are neither letters nor digits one space (quotes, dashes, punctuation and
 * markup differences do not count), tags and character references of the value (an FAQ answer may
 * hold HTML) read as text. A long value matches by its opening: pages show the first paragraph of
 * an answer and fold the rest, or cut a review.
 */
import { decodeEntities } from "../extract/html-text.ts";
import { LowerText, foldCase, withoutSpacesBetweenUnspaced, type TextWindow } from "./lower-text.ts";
import { UNSPACED_CHARACTER, unspaced } from "./unspaced-script.ts";
import { languageTag } from "./price-text.ts";

/** Characters of a value compared at most; a longer value matches by its opening this long. */
export const OPENING = 80;

/**
 * A tag in a markup value (an FAQ answer's HTML): a `<` and a letter (a name), `</` and a letter, or a
 * comment, as HTML's tokenizer reads them; not "<5 °C", "i < n; n > 0" or "<3", which a page shows as
 * text. Not `<[^>]*>`: on a run of "<" without a ">" that reads the rest of the value from each one.
 */
const TAG = /<\/?([A-Za-z][A-Za-z0-9-]*)[^<>]*>|<![^<>]*>/g;

/**
 * Elements that sit in the line: their tags join the text on each side, as the page's visible text
 * joins them ("CO<sub>2</sub>" is "CO2", "<code>Promise</code>s" is "Promises"). Other tags (a
 * paragraph, a list item, a line break) part words.
 */
const INLINE_IN_VALUE = new Set([
  "a", "abbr", "b", "bdi", "bdo", "big", "cite", "code", "data", "del", "dfn", "em", "font", "i", "ins", "kbd", "mark", "q", "s",
  "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr",
]);

/**
 * The tags decoding reveals that are read as tags: the ones plugins write into an escaped answer
 * ("&lt;p&gt;We ship…&lt;/p&gt;"). Another name stays text, as a page shows it: an answer about HTML
 * or code writes "&lt;meta&gt;" or "List&lt;Object&gt;" for the reader to see.
 */
const ESCAPED_MARKUP = new Set([
  ...INLINE_IN_VALUE, "p", "br", "div", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "table", "thead",
  "tbody", "tr", "td", "th", "img", "hr", "dl", "dt", "dd", "figure", "figcaption",
]);

function tagAsText(tag: string, name: string | undefined): string {
  return name !== undefined && INLINE_IN_VALUE.has(name.toLowerCase()) ? "" : " ";
}

function escapedTagAsText(tag: string, name: string | undefined): string {
  if (name === undefined || !ESCAPED_MARKUP.has(name.toLowerCase())) return tag;
  return tagAsText(tag, name);
}

/**
 * What separates words: ASCII that is no letter or digit, Latin-1 punctuation (the no-break space
 * among it), Hebrew and Arabic punctuation (HEBREW_ARABIC_PUNCTUATION), the general punctuation, supplemental punctuation and CJK punctuation blocks, the symbol
 * blocks from currency signs to miscellaneous symbols and arrows (U+20A0-U+2BFF: ™ ℃ → ★ ✔, which
 * pages put beside a name the markup gives without them: "Air Runner™"), and surrogates (emoji). A
 * plain character class: a \p{L} regex cost ten times more on a page's text.
 */
const NOT_WORD = /[^a-z0-9\u00aa\u00b2\u00b3\u00b5\u00b9\u00ba\u00bc-\u00be\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u05bd\u05bf\u05c1\u05c2\u05c4-\u05f2\u05f5-\u060b\u060d-\u061a\u061c-\u061e\u0620-\u0669\u066d-\u06d3\u06d5-\u1fff\u2070-\u209f\u2c00-\u2dff\u2e80-\u2fff\u3005-\u3007\u303b\u3040-\ud7ff\uf900-\ufe2f\ufe70-\ufefe\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff66-\uffdc]+/g;

/** A markup text as it is compared: composed ("é" one character, as pages nearly always write it), case folded, words apart. */
export function normalizeText(text: string): string {
  const composed = isAscii(text) ? text : text.normalize("NFC");
  return foldCase(composed.toLowerCase()).replace(NOT_WORD, " ").trim();
}

/**
 * A value the markup itself cut short: "Great anvil, heavy and so…", a WordPress excerpt's "[…]". Read
 * from the trimmed end, not by a regex anchored at it: `\s*...$` retried at every start costs the
 * square of a long run of spaces.
 */
function cutShort(text: string): boolean {
  let end = text.trimEnd();
  if (end.endsWith("]")) end = end.slice(0, -1);
  return end.endsWith("\u2026") || end.endsWith("...");
}

/**
 * A markup value's text: its tags read as the page reads them (an inline element's joining the words on
 * each side, another's parting them), its character references decoded (plugins escape "&" as "&amp;"
 * in JSON-LD), and the HTML tags that only decoding reveals read so too (an FAQ answer written as
 * "&lt;p&gt;We ship…&lt;/p&gt;" shows "We ship…").
 */
function plainText(value: string): string {
  if (value.indexOf("<") === -1 && value.indexOf("&") === -1) return value;
  const decoded = decodeEntities(value.replace(TAG, tagAsText));
  return decoded.indexOf("<") === -1 ? decoded : decoded.replace(TAG, escapedTagAsText);
}

/** A markup value as two descriptions' values are compared (duplicates.ts): its text, normalized. */
export function markupText(value: string): string {
  return normalizeText(plainText(value));
}

/** A markup value as it is looked up: its text, normalized, cut to its opening at a word's end. */
export function lookupKey(value: string): string {
  // Composed by normalizeText (decomposedKeys for the pages that write accents apart).
  const plain = plainText(value);
  const key = normalizeText(plain.length > OPENING * 4 ? plain.slice(0, OPENING * 4) : plain);
  if (key.length <= OPENING) return cutShort(plain) ? withoutCutWord(key) : key;
  const cut = key.lastIndexOf(" ", OPENING);
  return key.slice(0, cut > OPENING / 2 ? cut : OPENING);
}

/**
 * The key of a value cut short without its last word, which the cut may have split ("so…" of "solid"):
 * the page shows the whole text, whose opening the rest is. A single word is kept.
 */
function withoutCutWord(key: string): string {
  const last = key.lastIndexOf(" ");
  return last > 0 ? key.slice(0, last) : key;
}

/**
 * The keys as a page written in decomposed characters ("e" and a combining acute accent, as text copied
 * from some macOS programs is) shows them: those that differ from their composed form. Looked up only
 * after the composed keys are not found.
 */
export function decomposedKeys(keys: readonly string[]): string[] {
  const out: string[] = [];
  for (const key of keys) {
    if (isAscii(key)) continue;
    const decomposed = key.normalize("NFD");
    if (decomposed !== key) out.push(decomposed);
  }
  return out;
}

/**
 * "and" as the page's language writes it (English's without a language). By language only: "i", "e"
 * and "y" are Catalan, Italian and Spanish for "and", and English's "I" or a letter elsewhere.
 */
const CONJUNCTIONS: Readonly<Record<string, string>> = {
  en: "and", de: "und", fr: "et", es: "y", it: "e", pt: "e", nl: "en", sv: "och", no: "og", nb: "og", nn: "og", da: "og",
  fi: "ja", et: "ja", pl: "i", cs: "a", sk: "a", hr: "i", sl: "in", ro: "și", hu: "és", tr: "ve", id: "dan", ms: "dan", ca: "i",
};
/** An ampersand or a plus as a value writes it, escaped or not (the key's spaces are normalized after). */
const AMPERSAND = /&(?:amp;|#0*38;|#x0*26;)?|\+/gi;

/**
 * The value's key with the page language's "and" left out ("salt and pepper" as "salt pepper"): a page that
 * writes "Salt & Pepper" or "Salt + Pepper" reads so once its punctuation is set aside. And a value that
 * writes "&" (its key has nothing between the words) as the page would write it out: "Tom & Jerry" as
 * "tom and jerry". Looked up only after the keys as written are not found; leniency that can only
 * miss a warning.
 */
export function conjunctionKeys(keys: readonly string[], value: string, lang: string | null): string[] {
  const primary = lang === null ? "en" : languageTag(lang).language;
  const conjunction = CONJUNCTIONS[primary];
  if (conjunction === undefined) return [];
  const out: string[] = [];
  const between = ` ${conjunction} `;
  // The whole value's key only (a title's shortened keys are leniency already): each key the page
  // lacks is a read of its whole text.
  const key = keys[0];
  if (key !== undefined && key.includes(between)) out.push(key.split(between).join(" "));
  if (value.indexOf("&") !== -1 || value.indexOf("+") !== -1) {
    const spelled = lookupKey(value.replace(AMPERSAND, ` ${conjunction} `));
    if (spelled !== "" && !keys.includes(spelled)) out.push(spelled);
  }
  return out;
}

/**
 * The keys without their accents ("café crème" as "cafe creme"): French typesetting leaves the accents
 * off capitals, so a heading typed "CAFE CREME" or "ETE 2026" shows the markup's "Café Crème" or "Été
 * 2026". Looked up only after the keys as written are not found; leniency that can only miss a warning.
 */
const UMLAUT = /[äöüß]/g;
const UMLAUT_SPELLED: Readonly<Record<string, string>> = { "ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss" };
const SPELLED_UMLAUT = /([aou])e/g;

/**
 * A key typed with German's spelled-out umlauts ("kaesespaetzle"), as the page's text without accents
 * reads the umlauts ("käsespätzle" as "kasespatzle"): the other way round from unaccentedKeys. Null when
 * the key spells none.
 */
export function withoutSpelledUmlauts(key: string): string | null {
  const out = key.replace(SPELLED_UMLAUT, "$1");
  return out === key ? null : out;
}

export function unaccentedKeys(keys: readonly string[]): string[] {
  const out: string[] = [];
  for (const key of keys) {
    if (isAscii(key)) continue;
    const decomposed = key.normalize("NFD");
    const unaccented = withoutOptionalMarks(withoutStrokes(decomposed.replace(COMBINING_MARKS, "").normalize("NFC")));
    if (unaccented !== key) out.push(unaccented);
    // German's own spelling without umlauts: "Käsespätzle" typed "Kaesespaetzle", "Straße" "Strasse".
    const spelledOut = key.replace(UMLAUT, (letter) => UMLAUT_SPELLED[letter]);
    if (spelledOut !== key) out.push(spelledOut);
    // Greek capitals drop the tonos but keep the dialytika: "Προϊόν" in a heading is "ΠΡΟΪΟΝ".
    if (decomposed.includes("\u0308")) {
      const dialytika = decomposed.replace(MARKS_BUT_DIAERESIS, "").normalize("NFC");
      if (dialytika !== key && dialytika !== unaccented) out.push(dialytika);
    }
  }
  return out;
}

/**
 * Letters and marks of the Arabic, Hebrew and Indic scripts that writers add, leave out or type from
 * another keyboard for one word, read as one where accents are left off (unaccentedKeys, withoutAccents:
 * only for a value not found as written, so a page pays nothing for them until then), each by a native
 * replace (an Arabic text holds them everywhere):
 * - the Arabic harakat (U+064B-U+065F) and the superscript alef (U+0670): "محمّد" is "محمد", as most
 *   text is written without them;
 * - the hamza forms of alef (أ إ آ) as the bare alef: "أحمد" and "احمد" are one name as typed;
 * - the Arabic yeh and kaf (ي ك), and the alef maksura (ى), as the Persian yeh and kaf (ی ک): Persian
 *   pages mix the two keyboards' letters, which look alike, in one word ("ایرانی", "ايراني");
 * - the Hebrew points and cantillation marks (U+0591-U+05C7 but the maqaf, paseq, sof pasuq and nun
 *   hafukha, which are punctuation): "סַדָּן" is "סדן";
 * - the nukta of Devanagari, Bengali and Gurmukhi (a dot under a letter for a borrowed sound), and the
 *   letters written with it at once: "ज़रूरी" is "जरूरी", as Hindi is often typed.
 */
const ARABIC_HEBREW_INDIC = /[\u0591-\u05c7\u0622-\u0625\u0643\u0649\u064a-\u065f\u0670\u093c\u0958-\u095f\u09bc\u09dc\u09dd\u09df\u0a3c\u0a33\u0a36\u0a59-\u0a5b\u0a5e]/;
const ARABIC_MARKS = /[\u064b-\u065f\u0670]/g;
const HAMZA_ALEF = /[\u0622\u0623\u0625]/g;
const ARABIC_YEH = /[\u064a\u0649]/g;
const ARABIC_KAF = /\u0643/g;
const HEBREW_POINTS = /[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7]/g;
const NUKTA = /[\u093c\u09bc\u0a3c]/g;
const WITH_NUKTA = /[\u0958-\u095f\u09dc\u09dd\u09df\u0a33\u0a36\u0a59-\u0a5b\u0a5e]/g;

export function withoutOptionalMarks(text: string): string {
  let out = text;
  if (out.search(ARABIC_MARKS) !== -1) out = out.replace(ARABIC_MARKS, "");
  if (out.search(HAMZA_ALEF) !== -1) out = out.replace(HAMZA_ALEF, "\u0627");
  if (out.search(ARABIC_YEH) !== -1) out = out.replace(ARABIC_YEH, "\u06cc");
  if (out.search(ARABIC_KAF) !== -1) out = out.replace(ARABIC_KAF, "\u06a9");
  if (out.search(HEBREW_POINTS) !== -1) out = out.replace(HEBREW_POINTS, "");
  if (out.search(WITH_NUKTA) !== -1) out = out.replace(WITH_NUKTA, (letter) => letter.normalize("NFD").replace(NUKTA, ""));
  if (out.search(NUKTA) !== -1) out = out.replace(NUKTA, "");
  return out;
}

/** The combining marks but the diaeresis (U+0308). */
const MARKS_BUT_DIAERESIS = /[\u0300-\u0307\u0309-\u036f]/g;

/** The combining diacritical marks (U+0300-U+036F): accents, cedillas, carons, written apart by NFD. */
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * Latin letters written with a diacritic (Latin-1 Supplement, Extended-A and -B, Extended Additional, as
 * Vietnamese writes them) or a combining mark, Greek letters with the tonos or the dialytika (Greek
 * typed in a hurry leaves them out: "Ελληνικος" for "Ελληνικός"), and the Russian "ё" (nearly always
 * printed "е"): what withoutAccents changes, with ARABIC_HEBREW_INDIC's
 * marks and letters (hasScriptMarks). The letters with a stroke and the ligatures, which do not
 * decompose, among them (STROKES).
 */
const ACCENTED = /[\u00c0-\u024f\u1e00-\u1eff\u0300-\u036f\u0386-\u03ce\u0401\u0451]/;
const ACCENTED_LETTERS = /[\u00c0-\u024f\u1e00-\u1eff\u0386-\u03ce\u0401\u0451]/g;

/** The text holds a Latin letter or mark withoutAccents changes (ACCENTED): a text without one needs no unaccented copy for a Latin key. */
export function hasAccents(text: string): boolean {
  return ACCENTED.test(text);
}

/**
 * The text holds a mark or letter of ARABIC_HEBREW_INDIC. Asked apart from hasAccents, and only for a key
 * in those scripts (inMarkedScript): a class of many ranges costs twice a few ranges' per character, and
 * a Latin key gains nothing from a page's Arabic marks.
 */
export function hasScriptMarks(text: string): boolean {
  return ARABIC_HEBREW_INDIC.test(text);
}

/** The key is written in the Hebrew, Arabic or Indic scripts (U+0590-U+0A7F). */
export function inMarkedScript(key: string): boolean {
  return MARKED_SCRIPTS.test(key);
}
const MARKED_SCRIPTS = /[\u0590-\u0a7f]/;

/**
 * A text without its accents ("crème brûlée" as "creme brulee"): each accented letter by a table made
 * once (NFD per letter cost 170 ms for 200,000 of them), combining marks left out.
 */
export function withoutAccents(text: string): string {
  const table = (unaccentedLetters ??= letterTable());
  return withoutOptionalMarks(text.replace(ACCENTED_LETTERS, (letter) => table.get(letter) ?? letter).replace(COMBINING_MARKS, ""));
}

let unaccentedLetters: Map<string, string> | null = null;

/**
 * Letters with a stroke, and ligatures, that Unicode does not decompose but a feed or a keyboard without
 * them writes as plain letters: "Łyżka" as "Lyzka", "Smørrebrød" as "Smorrebrod", Vietnamese "đ" as
 * "d", "æ" and "œ" as "ae" and "oe".
 */
const STROKES: Readonly<Record<string, string>> = {
  "\u00f8": "o", "\u00d8": "O", "\u0142": "l", "\u0141": "L", "\u0111": "d", "\u0110": "D", "\u00e6": "ae", "\u00c6": "AE",
  "\u0153": "oe", "\u0152": "OE", "\u0127": "h", "\u0126": "H", "\u0167": "t", "\u0166": "T", "\u0180": "b", "\u01e5": "g",
};
const STROKE_LETTERS = /[\u00f8\u00d8\u0142\u0141\u0111\u0110\u00e6\u00c6\u0153\u0152\u0127\u0126\u0167\u0166\u0180\u01e5]/g;

function withoutStrokes(text: string): string {
  return text.search(STROKE_LETTERS) === -1 ? text : text.replace(STROKE_LETTERS, (letter) => STROKES[letter]);
}

function letterTable(): Map<string, string> {
  const table = new Map<string, string>(Object.entries(STROKES));
  for (const [first, last] of [[0xc0, 0x24f], [0x1e00, 0x1eff], [0x386, 0x3ce], [0x401, 0x401], [0x451, 0x451]]) {
    for (let code = first; code <= last; code++) {
      const letter = String.fromCharCode(code);
      const base = letter.normalize("NFD").replace(COMBINING_MARKS, "");
      if (base !== letter) table.set(letter, base);
    }
  }
  return table;
}

const NON_ASCII = /[^\x00-\x7f]/;

function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

/**
 * A site name or section after a title ("Anvil | Acme Shop", "Release - webpack - Medium"), also
 * after the separators SEO plugins offer besides those: "·", "•", "»", "/", "~".
 */
const TITLE_SUFFIX = /\s+[|\u2013\u2014:\u00b7\u2022\u00bb/~-]{1,2}\s+/;

/**
 * The full-width bar Japanese and Chinese titles put before the site's name, with or without spaces
 * ("金床の選び方｜鍛冶ブログ"): those scripts write no space around it.
 */
const FULL_WIDTH_TITLE_SUFFIX = /\s*\uff5c/;

/** The value before a site name or section after it ("Anvil | Acme Shop" is "Anvil"), or the value. */
export function withoutTitleSuffix(value: string): string {
  return value.split(TITLE_SUFFIX)[0].split(FULL_WIDTH_TITLE_SUFFIX)[0];
}

/**
 * A value of a script written without spaces (Japanese, Chinese, Thai) as such a page's text is read:
 * white space between its characters dropped (lower-text.ts), its punctuation kept as the words' edges
 * ("カレー、辛口" keeps its "、", which the page's text keeps too). Null for a value of no such script.
 * Its keys are looked up as they are (ShownText.showsAsJoined): the plain keys join the whole value,
 * and miss a page that writes the value's own punctuation.
 */
export function joinedUnspacedValue(value: string): string | null {
  if (!UNSPACED_CHARACTER.test(value)) return null;
  return withoutSpacesBetweenUnspaced(value, NaN);
}

/** A closing remark in brackets: a job's "(m/w/d)", a product's "(Black, XL)". */
const BRACKETED_END = /\s*[(\[][^()[\]]*[)\]]\s*$/;

/** The value without a remark in brackets at its end ("Anvil (Black)" is "Anvil"), or the value. */
export function withoutBracketedEnd(value: string): string {
  return value.replace(BRACKETED_END, "");
}

/**
 * A job title's gender note written without brackets, as job boards print it: "Schmied m/w/d",
 * "Forgeron H/F", "Engineer - f/m/x", "Koch*Köchin w/m/d" (two or three of the letters the notes use,
 * slashes between them).
 */
const GENDER_NOTE_END = /[\s,|\u2013\u2014-]+[mwfdhxi]\s?\/\s?[mwfdhxi](?:\s?\/\s?[mwfdhxi])?\s*$/i;

/** Two numbers with an x between them, as sizes are written: "20 x 30" and "20x30" (× is read as x) are one size. */
const TIMES_APART = /([0-9]) x (?=[0-9])/g;
const TIMES_TOGETHER = /([0-9])x(?=[0-9])/g;

/** Words that join a name to its maker's after it: "Executive Anvil by Acme Tools". */
const MADE_BY = new Set(["by", "from", "von", "de", "par", "di", "da", "door", "av", "fra", "från"]);

/** The name's key without the brand's at its start or end (and a "by" before it), or null when neither. */
function withoutBrandName(key: string, brand: string): string | null {
  if (brand === "" || brand === key) return null;
  if (key.startsWith(`${brand} `)) return key.slice(brand.length + 1);
  if (!key.endsWith(` ${brand}`)) return null;
  const rest = key.slice(0, key.length - brand.length - 1);
  const lastSpace = rest.lastIndexOf(" ");
  return lastSpace > 0 && MADE_BY.has(rest.slice(lastSpace + 1)) ? rest.slice(0, lastSpace) : rest;
}

/** A variant's options after the product's name: "Executive Anvil, Black, XL". */
const OPTIONS_AFTER_COMMA = /,\s/;

/** A number and its unit written together or apart, in a normalized key: "256gb", "256 gb", "13inch". */
const UNIT_TOGETHER = /([0-9])([a-z\u00c0-\u024f]+)/g;
const UNIT_APART = /(^|[^a-z0-9\u00c0-\u024f])([0-9]+) ([a-z\u00c0-\u024f]{1,4})(?=$| )/g;

/**
 * Ways a page shows a name or a headline that the markup words a little differently: whole, before a
 * site suffix, without a closing remark in brackets ("Softwareentwickler (m/w/d)" over a heading
 * "Softwareentwickler"), before a variant's options after a comma ("Executive Anvil, Black, XL" over
 * "Executive Anvil", when two words or more are left), with a number and its unit written together
 * or apart ("256GB" and "256 GB"), a size's x with spaces around it or without ("20 x 30", "20x30"),
 * without a job's gender note at its end ("Schmied m/w/d" over "Schmied"), without its brand's name at its start or end ("Acme Tools
 * Executive Anvil", "Executive Anvil by Acme Tools" over "Executive Anvil"), or without one word at
 * either end when there are three or more ("Aussie Meat Pie Recipe" over a heading "Aussie meat pie").
 * Leniency that only misses warnings, never makes one.
 */
export function titleKeys(whole: string, brands: readonly string[] = []): string[] {
  // Past its opening a value's keys are the opening's (lookupKey cuts there too), and the regexes below,
  // which split and trim at runs of spaces, read a bounded text: a name of 80,000 spaces took 8 s whole.
  const value = whole.length > OPENING * 4 ? whole.slice(0, OPENING * 4) : whole;
  const keys = [lookupKey(value)];
  for (const brand of brands) {
    const withoutBrand = withoutBrandName(keys[0], markupText(brand));
    if (withoutBrand !== null) keys.push(withoutBrand);
  }
  const cut = withoutTitleSuffix(value);
  if (cut !== value) keys.push(lookupKey(cut));
  const unbracketed = value.replace(BRACKETED_END, "");
  if (unbracketed !== value) keys.push(lookupKey(unbracketed));
  const withoutGenderNote = value.replace(GENDER_NOTE_END, "");
  if (withoutGenderNote !== value && withoutGenderNote !== "") keys.push(lookupKey(withoutGenderNote));
  const comma = value.search(OPTIONS_AFTER_COMMA);
  if (comma > 0) {
    const beforeOptions = lookupKey(value.slice(0, comma));
    if (beforeOptions.includes(" ")) keys.push(beforeOptions);
  }
  const full = keys[0];
  const unitsApart = full.replace(UNIT_TOGETHER, "$1 $2");
  if (unitsApart !== full) keys.push(unitsApart);
  const unitsTogether = full.replace(UNIT_APART, "$1$2$3");
  if (unitsTogether !== full) keys.push(unitsTogether);
  const timesTogether = full.replace(TIMES_APART, "$1x");
  if (timesTogether !== full) keys.push(timesTogether);
  const timesApart = full.replace(TIMES_TOGETHER, "$1 x ");
  if (timesApart !== full) keys.push(timesApart);
  const words = full.split(" ");
  // Three words or more without the remark or options at the end: "Senior Engineer (Remote)" is a title of
  // two, whose "Senior" no page that shows "Junior Engineer (Remote)" may leave off.
  if (words.length >= 3 && coreWords(value, comma) >= 3) keys.push(words.slice(0, -1).join(" "), words.slice(1).join(" "));
  return [...new Set(keys)].filter((k) => k !== "");
}

/** The words of a title without its bracketed remark, its gender note or its options after a comma (at `comma`, or -1). */
function coreWords(value: string, comma: number): number {
  let core = comma > 0 ? value.slice(0, comma) : value;
  core = core.replace(BRACKETED_END, "").replace(GENDER_NOTE_END, "");
  const key = lookupKey(core);
  return key === "" ? 0 : key.split(" ").length;
}

/**
 * Look-ups of a page by indexOf alone; later ones first ask the counts of the text's words (a key with a
 * word the text lacks is not shown; the others are searched by their least counted word). Counting is a
 * JavaScript pass over the text (about 3 ns a character on the bench machine, where an absent word's
 * indexOf is native and far faster): it pays on pages with many text values, not before.
 */
const WORD_INDEX_AFTER = 8;

/** Buckets of the word counts (128 KB). */
const BUCKETS = 1 << 16;
/** A bucket's count stops here. */
const MAX_COUNT = 0xffff;

function wordHash(h: number): number {
  return (h ^ (h >>> 15)) & (BUCKETS - 1);
}

/**
 * How often the text holds each word, by the word's hash (a longest run of word characters, no string
 * per word): a count is at least the word's, and 0 only for a word the text does not have. The windows'
 * cores follow each other: a word that runs from one into the next is one word.
 */
function wordCounts(windows: readonly TextWindow[]): Uint16Array {
  const wordChar = (wordCharTable ??= tableOf((c) => (!isWordChar(c) ? 0 : unspaced(c) ? UNSPACED_WORD : WORD)));
  const counts = new Uint16Array(BUCKETS);
  const count = (h: number) => {
    const b = wordHash(h);
    if (counts[b] < MAX_COUNT) counts[b]++;
  };
  let h = 0;
  // The kind of word character the word so far is of (WORD or UNSPACED_WORD), 0 outside a word: a Latin
  // word that runs into a Japanese one ("アップルiphone") is a word of its own, as edgeBetween reads it.
  let kind = 0;
  for (const w of windows) {
    const lower = w.text;
    for (let i = w.from; i < w.to; i++) {
      const c = lower.charCodeAt(i);
      const k = wordChar[c];
      if (k !== kind && kind !== 0) {
        count(h);
        h = 0;
      }
      if (k !== 0) h = (Math.imul(h, 31) + c) | 0;
      kind = k;
    }
  }
  if (kind !== 0) count(h);
  return counts;
}

const WORD = 1;
const UNSPACED_WORD = 2;

/** Each UTF-16 code unit's kind of word character (0: none), made on the first count: the counting pass reads it per character. */
let wordCharTable: Uint8Array | undefined;

function tableOf(kind: (c: number) => number): Uint8Array {
  const table = new Uint8Array(0x10000);
  for (let c = 0; c < 0x10000; c++) table[c] = kind(c);
  return table;
}

/**
 * The key's word the counts say the text holds least often, as [start, end); null when a word of the
 * key (words of word characters, one space between) is surely not a word of the text. A word with a
 * character of a script written without spaces is no word the counts know (the text runs it into its
 * neighbours: "ホーム金床セット"): it is searched only when the key has no other.
 */
function leastCountedWord(counts: Uint16Array, key: string): [number, number] | null {
  let best: [number, number] = [0, 0];
  let fewest = Infinity;
  let h = 0;
  let start = 0;
  let uncounted = false;
  for (let i = 0; i <= key.length; i++) {
    const c = i < key.length ? key.charCodeAt(i) : 32;
    if (c !== 32) {
      h = (Math.imul(h, 31) + c) | 0;
      if (unspaced(c)) uncounted = true;
      continue;
    }
    if (uncounted) {
      if (fewest === Infinity && i - start > best[1] - best[0]) best = [start, i];
      uncounted = false;
      h = 0;
      start = i + 1;
      continue;
    }
    const n = counts[wordHash(h)];
    if (n === 0) return null;
    if (n < fewest || (n === fewest && i - start > best[1] - best[0])) {
      fewest = n;
      best = [start, i];
    }
    h = 0;
    start = i + 1;
  }
  return best;
}

/**
 * Occurrences read per page, at most: each is compared over up to a key's length (OPENING characters
 * and its separators). A page reads a few per value (the corpus's pages at most 71 in all, the bench's
 * large.html 776); a page of 300 names of common words, each with brands that make more keys to
 * search, read 2,000 of each key's and took 8 s in 33 KB. Past the cap a value not yet found is not
 * reported.
 */
const MAX_PAGE_CANDIDATES = 50_000;

/** Answers kept per page for keys asked again. */
const MAX_ANSWERS_KEPT = 2_000;

/** Occurrences of a key's anchor word looked at per look-up, at most. */
const MAX_CANDIDATES = 2_000;

/**
 * The page's visible text prepared for phrase look-ups. The page's text is only lower-cased (one
 * native pass); a look-up finds one of its words with indexOf and reads the text around each
 * occurrence, so no page-wide normalization is paid for a handful of names. Given a LowerText that
 * reads the page as it goes, a look-up first searches the text read so far (lower-text.ts).
 */
export class ShownText {
  private readonly source: LowerText;
  /** How often the text holds its words (by hash), once WORD_INDEX_AFTER look-ups were made. */
  private words: Uint16Array | undefined;
  private lookups = 0;
  /** Occurrences still to be read on this page (MAX_PAGE_CANDIDATES). */
  private candidatesLeft = MAX_PAGE_CANDIDATES;
  /** A look-up stopped before it had read every occurrence (a cap): its false means "not found", not "not shown". */
  private stopped = false;
  /** Keys asked before and their answers: a listing names many items alike. */
  private readonly answers = new Map<string, boolean>();

  constructor(text: string | LowerText, truncated = false) {
    this.source = typeof text === "string" ? new LowerText(text, truncated) : text;
  }

  /** The text was cut (known once a look-up has read it to the end). */
  get truncated(): boolean {
    return this.source.truncated;
  }

  /**
   * Whether a look-up since the last call stopped at a cap before it had read every occurrence of its
   * word: a value not found then cannot be called not shown. Reading it resets it.
   */
  takeStopped(): boolean {
    const stopped = this.stopped;
    this.stopped = false;
    return stopped;
  }

  /** True when the normalized key appears as whole words. */
  shows(key: string): boolean {
    // As the page's text is read where it may be written without spaces (lower-text.ts).
    if (this.source.joinsUnspaced && UNSPACED_CHARACTER.test(key)) key = withoutSpacesBetweenUnspaced(key, NaN);
    return this.#lookUp(key);
  }

  /**
   * A key of joinedUnspacedValue, whose spaces between characters of scripts written without spaces
   * stand for the value's punctuation, looked up as it is: each such space one or more of the page's
   * separators. Only where the page's text joins those scripts (else the plain key is this one).
   */
  showsAsJoined(key: string): boolean {
    if (!this.source.joinsUnspaced || key.indexOf(" ") === -1) return false;
    return this.#lookUp(key);
  }

  #lookUp(key: string): boolean {
    const known = this.answers.get(key);
    if (known !== undefined) return known;
    const stoppedBefore = this.stopped;
    this.stopped = false;
    const shown = this.search(key);
    // An answer cut short by a cap is not kept: it is no answer.
    if (!this.stopped && this.answers.size < MAX_ANSWERS_KEPT) this.answers.set(key, shown);
    this.stopped ||= stoppedBefore;
    return shown;
  }

  private search(key: string): boolean {
    if (this.candidatesLeft <= 0) {
      this.stopped = true;
      return false;
    }
    const source = this.source;
    if (!source.complete) {
      if (this.inTextReadSoFar(key)) return true;
      source.extend(true);
    }
    // A match is the key's words, each with no word character before or after it: words of the text.
    // Each look-up below reads the text to its end when its anchor word is not there, and every occurrence
    // of a common one (up to MAX_CANDIDATES); past a few look-ups (a page of FAQs, reviews and events)
    // the text's words are counted once by hash (one pass, no string per word): a key with a word no
    // bucket holds is not shown, and the others are searched by their least counted word.
    let anchorAt: [number, number] | null;
    if (++this.lookups > WORD_INDEX_AFTER) {
      anchorAt = leastCountedWord((this.words ??= wordCounts(source.windows())), key);
      if (anchorAt === null) return false;
    } else anchorAt = anchorWord(key);
    const [from, to] = anchorAt;
    const anchor = from === 0 && to === key.length ? key : key.slice(from, to);
    // The search runs on the key's word the text holds least often (by the counts, or before them by
    // anchorWord's guess), and each occurrence is read out to the key's both ends: in its window, or in
    // the whole text when it reaches past the window (a match across more than OVERLAP characters).
    const windows = source.windows(anchor.length);
    let seen = 0;
    const most = Math.min(MAX_CANDIDATES, this.candidatesLeft);
    for (const w of windows) {
      const text = w.text;
      for (let at = text.indexOf(anchor, w.from); at !== -1 && at < w.to; at = text.indexOf(anchor, at + 1), seen++) {
        if (seen >= most) {
          this.stopped = true;
          break;
        }
        this.candidatesLeft--;
        if (at > 0 && !edgeBetween(text.charCodeAt(at - 1), anchor.charCodeAt(0))) continue;
        const before = matchesBefore(text, at, key, from, !w.first);
        if (before === NO_MATCH) continue;
        const after = before === MATCH ? matchesAt(text, at, key, from, !w.last) : CUT_OFF;
        if (after === MATCH) return true;
        if (after === CUT_OFF && matchesInWhole(source.lower, w.offset + at - w.from, key, from)) return true;
      }
      if (this.stopped) break;
    }
    return false;
  }

  /**
   * The key in the text read so far, reading on (lower-text.ts: READ_STEPS) while it is not there,
   * until the page is read: then false, and the whole text is searched as any look-up searches it. A
   * match the text read so far cuts off at its end is decided once more is read.
   */
  private inTextReadSoFar(key: string): boolean {
    const source = this.source;
    const [from, to] = anchorWord(key);
    const anchor = from === 0 && to === key.length ? key : key.slice(from, to);
    let seen = 0;
    let searchFrom = 0;
    // What an earlier look-up read is searched before more is read.
    if (source.lower === "") source.extend();
    for (;; source.extend()) {
      if (source.complete) return false;
      const lower = source.lower;
      let undecided = -1;
      for (let at = lower.indexOf(anchor, searchFrom); at !== -1; at = lower.indexOf(anchor, at + 1)) {
        // As many candidates as one whole-text look-up reads, over all the rounds; the whole text is
        // then searched, from its start, with what is left of the page's.
        if (++seen > MAX_CANDIDATES || this.candidatesLeft <= 0) return false;
        this.candidatesLeft--;
        if (at > 0 && !edgeBetween(lower.charCodeAt(at - 1), anchor.charCodeAt(0))) continue;
        if (matchesBefore(lower, at, key, from, false) !== MATCH) continue;
        const m = matchesAt(lower, at, key, from, true);
        if (m === MATCH) return true;
        if (m === CUT_OFF) {
          undecided = at;
          break;
        }
      }
      // Occurrences before here were decided; one the text's end cut off is looked at again.
      searchFrom = undecided !== -1 ? undecided : Math.max(0, lower.length - anchor.length + 1);
    }
  }
}

/**
 * Letters by how often English text holds them, most often first: a word starting with a letter late
 * in this list is found by fewer stops of indexOf (which looks for a pattern's first character first).
 */
const BY_FREQUENCY = "etaoinsrhldcumfpgwybvkxjqz";

/** How rarely a text holds the character: letters by BY_FREQUENCY, digits as the middle letters, other characters as rare ones. */
function rarity(c: number): number {
  if (c >= 97 && c <= 122) return BY_FREQUENCY.indexOf(String.fromCharCode(c));
  if (c >= 48 && c <= 57) return 12;
  return 20;
}

/**
 * [start, end) of the key's word to search the text for: of its words of three characters or more (all
 * of them when none is), the one whose first character the text holds least often, the longer on a tie.
 * Any word would find every match; this one stops indexOf least often on the way.
 */
export function anchorWord(key: string): [number, number] {
  let best: [number, number] = [0, 0];
  let bestScore = -1;
  for (let start = 0; start < key.length; ) {
    let end = key.indexOf(" ", start);
    if (end === -1) end = key.length;
    const length = end - start;
    const score = (length >= 3 ? 1000 : 0) + rarity(key.charCodeAt(start)) * 10 + Math.min(length, 9);
    if (score > bestScore) {
      bestScore = score;
      best = [start, end];
    }
    start = end + 1;
  }
  return best;
}

/**
 * The key's characters before `keyAt` read backwards from the text's `at`: each of its spaces one or
 * more separators, and a separator (or the text's start) before it. In a window that does not start at
 * the whole text's start (`cut`), CUT_OFF when its start comes before that is decided.
 */
function matchesBefore(lower: string, at: number, key: string, keyAt: number, cut: boolean): number {
  const ended = cut ? CUT_OFF : NO_MATCH;
  let i = at;
  for (let k = keyAt - 1; k >= 0; k--) {
    const kc = key.charCodeAt(k);
    if (kc === 32) {
      if (i === 0) return ended;
      if (isWordChar(lower.charCodeAt(i - 1))) return NO_MATCH;
      while (i > 0 && !isWordChar(lower.charCodeAt(i - 1))) i--;
      continue;
    }
    if (i === 0) return ended;
    if (lower.charCodeAt(i - 1) !== kc) return NO_MATCH;
    i--;
  }
  if (i === 0) return cut ? CUT_OFF : MATCH;
  return edgeBetween(lower.charCodeAt(i - 1), key.charCodeAt(0)) ? MATCH : NO_MATCH;
}

/** The key around the whole text's `at` (an occurrence of its part from `keyAt`), read as in a window. */
function matchesInWhole(lower: string, at: number, key: string, keyAt: number): boolean {
  return matchesBefore(lower, at, key, keyAt, false) === MATCH && matchesAt(lower, at, key, keyAt, false) === MATCH;
}

const NO_MATCH = 0;
const MATCH = 1;
/** The text ends before the match is decided (a text read only so far). */
const CUT_OFF = 2;

/**
 * The key from `keyAt` on read at `at` as normalizeText would read it: its characters as they are,
 * each of its spaces one or more separators, and a separator (or the end) after it. No string is made.
 * In a text read only so far (`cut`), CUT_OFF when its end comes before that is decided.
 */
function matchesAt(lower: string, at: number, key: string, keyAt: number, cut: boolean): number {
  const ended = cut ? CUT_OFF : NO_MATCH;
  let i = at;
  for (let k = keyAt; k < key.length; k++) {
    const kc = key.charCodeAt(k);
    if (kc === 32) {
      if (i >= lower.length) return ended;
      if (isWordChar(lower.charCodeAt(i))) return NO_MATCH;
      while (i < lower.length && !isWordChar(lower.charCodeAt(i))) i++;
      continue;
    }
    if (i >= lower.length) return ended;
    if (lower.charCodeAt(i) !== kc) return NO_MATCH;
    i++;
  }
  if (i >= lower.length) return cut ? CUT_OFF : MATCH;
  return edgeBetween(lower.charCodeAt(i), key.charCodeAt(key.length - 1)) ? MATCH : NO_MATCH;
}

/**
 * Whether a word of the key may end (or start) beside the text's character `c`: a separator, or a
 * character of a script written without spaces on either side (a Japanese name in a heading runs into
 * the text around it, "ホーム金床セット", and in a sentence, "金床セットの作り方"; a Latin word into a
 * Japanese one, "アップルiPhone", as the space between them is dropped: withoutSpacesBetweenUnspaced).
 */
function edgeBetween(c: number, keyEnd: number): boolean {
  return !isWordChar(c) || unspaced(c) || unspaced(keyEnd);
}

/**
 * Hebrew and Arabic punctuation, which their letters' blocks hold: the maqaf (a hyphen), paseq, sof
 * pasuq, geresh and gershayim (a page writes "צ׳יפס" where the markup has an apostrophe), the Arabic
 * comma, semicolon, question mark, percent sign, decimal and thousands separators and full stop. Kept
 * in line with NOT_WORD's ranges.
 */
const HEBREW_ARABIC_PUNCTUATION = new Set([0x5be, 0x5c0, 0x5c3, 0x5f3, 0x5f4, 0x60c, 0x61b, 0x61f, 0x66a, 0x66b, 0x66c, 0x6d4]);

/** A character normalizeText keeps: the complement of NOT_WORD, by ranges. */
function isWordChar(c: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
  if (c < 0xc0) return c === 0xaa || c === 0xb2 || c === 0xb3 || c === 0xb5 || c === 0xb9 || c === 0xba || (c >= 0xbc && c <= 0xbe);
  if (c < 0x5be) return c !== 0xd7 && c !== 0xf7;
  if (c <= 0x6d4) return !HEBREW_ARABIC_PUNCTUATION.has(c);
  // The Indic scripts, Thai, Georgian, Hangul Jamo, Vietnamese's letters (U+1E00-U+1EFF), Greek Extended.
  if (c <= 0x1fff) return true;
  return (
    (c >= 0x2070 && c <= 0x209f) ||
    (c >= 0x2c00 && c <= 0x2dff) ||
    (c >= 0x2e80 && c <= 0x2fff) ||
    (c >= 0x3005 && c <= 0x3007) ||
    c === 0x303b ||
    (c >= 0x3040 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfe2f) ||
    (c >= 0xfe70 && c <= 0xfefe) ||
    (c >= 0xff10 && c <= 0xff19) ||
    (c >= 0xff21 && c <= 0xff3a) ||
    (c >= 0xff41 && c <= 0xff5a) ||
    (c >= 0xff66 && c <= 0xffdc)
  );
}
