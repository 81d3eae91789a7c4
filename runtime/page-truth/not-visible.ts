/**
 * `not-visible`: a value the documentation wants readers to see (a price, a rating, a name, a
 * question and its answer) that the page's visible text does not show. "Don't mark up content that
 * is not visible to readers of the page" (General structured data guidelines).
 *
 * A Microdata or RDFa value read from an element's text is visible by construction (the element is
 * the text) unless the page hides the element; a `content` attribute (`<meta itemprop content>`) is
 * not, nor a hidden element's text: those are looked up. Numbers are compared as
 * numbers in the page's own format (price-text.ts), texts as words (text-match.ts).
 */
import type { TruthPage } from "./truth-page.ts";
import { GUIDELINES_URL, type Finding, type TruthNode } from "./truth-node.ts";
import { isObject, type JsonObject } from "../json.ts";
import { typeNames } from "../graph/type-names.ts";
import { subtypes } from "../type-hierarchy.ts";
import { brandNames, NO_BRANDS, valuesAt, type FoundValue, type Resolve } from "./node-values.ts";
import { offerPrices, type FoundPrice } from "./offer-prices.ts";
import { decimalMarkOf, firstWrittenNumber, markupNumber, mayUseOtherDigits, readNumber } from "./price-text.ts";
import { conjunctionKeys, decomposedKeys, joinedUnspacedValue, titleKeys, unaccentedKeys } from "./text-match.ts";

type Kind = "price" | "rating" | "count" | "text";

interface VisibleRule {
  /** The node's types (with subtypes) the rule applies to; empty: every type. */
  types: readonly string[];
  path: readonly string[];
  kind: Kind;
}

const ANY: readonly string[] = [];

/** What the documentation wants shown, per type (issue 25's list). */
const RULES: readonly VisibleRule[] = [
  { types: ["Product"], path: ["offers", "price"], kind: "price" },
  { types: ANY, path: ["aggregateRating", "ratingValue"], kind: "rating" },
  { types: ANY, path: ["aggregateRating", "reviewCount"], kind: "count" },
  { types: ANY, path: ["aggregateRating", "ratingCount"], kind: "count" },
  { types: ["AggregateRating"], path: ["ratingValue"], kind: "rating" },
  { types: ["AggregateRating"], path: ["reviewCount"], kind: "count" },
  { types: ["AggregateRating"], path: ["ratingCount"], kind: "count" },
  { types: ["Product", "Recipe", "Event", "Course"], path: ["name"], kind: "text" },
  { types: ["JobPosting"], path: ["title"], kind: "text" },
  { types: ["Article"], path: ["headline"], kind: "text" },
  { types: ["FAQPage", "QAPage"], path: ["mainEntity", "name"], kind: "text" },
  { types: ["FAQPage", "QAPage"], path: ["mainEntity", "acceptedAnswer", "text"], kind: "text" },
  { types: ["QAPage"], path: ["mainEntity", "suggestedAnswer", "text"], kind: "text" },
  { types: ["Review"], path: ["reviewBody"], kind: "text" },
  { types: ANY, path: ["review", "reviewBody"], kind: "text" },
];

/**
 * A rule as the walk over a page's nodes uses it: its property's name once, and the types it applies to
 * with their subtypes (a page has hundreds of nodes, most with none of these properties).
 */
interface PreparedRule extends VisibleRule {
  property: string;
  first: string;
  title: boolean;
  typeSets: ReadonlyArray<ReadonlySet<string>> | null;
}

let prepared: readonly PreparedRule[] | null = null;

function preparedRules(): readonly PreparedRule[] {
  return (prepared ??= RULES.map((rule) => ({
    ...rule,
    property: rule.path.join("."),
    first: rule.path[0],
    // The node's own name or headline: an FAQ question (mainEntity.name) is a sentence the page shows whole.
    title: rule.path.length === 1 && TITLES.has(rule.path[0]),
    typeSets: rule.types.length === 0 ? null : rule.types.map((t) => subtypes(t)),
  })));
}

function hasType(types: readonly string[], sets: ReadonlyArray<ReadonlySet<string>>): boolean {
  for (const t of types) for (const set of sets) if (set.has(t)) return true;
  return false;
}

/** Values looked up per page at most: past it the rest are not checked (each look-up reads the page's text). */
export const MAX_LOOKUPS = 500;

export interface LookupBudget {
  left: number;
}

export function notVisible(node: TruthNode, page: TruthPage, resolve: Resolve, budget: LookupBudget, out: Finding[]): void {
  const counts = new RatingCounts();
  checkRules(node, page, resolve, budget, out, counts);
  counts.takeBackCovered(out);
}

/**
 * A rating's two counts are alternatives: the documentation needs "at least one of ratingCount or
 * reviewCount", and the search engine shows one. Recipe plugins give both (WP Recipe Maker: 2,211 ratings,
 * 9 of them with a comment) and pages show the ratings ("5 from 2211 votes"). A count not shown is
 * reported only when the rating's other count is not shown either.
 */
class RatingCounts {
  readonly #unshown: Finding[] = [];
  /** The pointers of ratings (the counts' parent) with a count shown. */
  readonly #shown = new Set<string>();

  /** The count at `pointer` is shown. */
  shown(pointer: string): void {
    this.#shown.add(parentOf(pointer));
  }

  notShown(finding: Finding): void {
    this.#unshown.push(finding);
  }

  /** Takes back from `out` the counts not shown of ratings whose other count is; the rest keep their places. */
  takeBackCovered(out: Finding[]): void {
    if (this.#shown.size === 0) return;
    const covered = new Set(this.#unshown.filter((finding) => this.#shown.has(parentOf(finding.issue.path))));
    if (covered.size === 0) return;
    let kept = 0;
    for (const finding of out) if (!covered.has(finding)) out[kept++] = finding;
    out.length = kept;
  }
}

function parentOf(pointer: string): string {
  return pointer.slice(0, pointer.lastIndexOf("/"));
}

function checkRules(node: TruthNode, page: TruthPage, resolve: Resolve, budget: LookupBudget, out: Finding[], counts: RatingCounts): void {
  const { entity } = node;
  let types: readonly string[] | null = null;
  // A bare {"@id"} node is read through the node it names (valuesAt): its own properties tell nothing.
  const bare = typeof entity.node["@id"] === "string" && Object.keys(entity.node).length === 1;
  for (const rule of preparedRules()) {
    const head = entity.node[rule.first];
    if ((head === undefined || head === null) && !bare) continue;
    if (rule.typeSets !== null && !hasType((types ??= typeNames(entity.node["@type"])), rule.typeSets)) continue;
    const unshown: Finding[] = [];
    let oneShown = false;
    // An offer's price may be written in its priceSpecification (offer-prices.ts): each is reported by its own path.
    const values: ReadonlyArray<FoundValue & Partial<Pick<FoundPrice, "property" | "currency">>> =
      rule.kind === "price" ? offerPrices(entity.node, entity.path, resolve) : valuesAt(entity.node, rule.path, entity.path, resolve);
    for (const found of values) {
      if (budget.left <= 0) break;
      const { value, pointer } = found;
      const property = found.property ?? rule.property;
      if (typeof value !== "string" && typeof value !== "number") continue;
      let from: ValueSource = "markup";
      // Where the value is looked up: the page, or for a price in a struck-through element the page without them.
      let lookIn = page;
      if (node.items !== null && !found.viaReference) {
        const offset = node.items.offsets.get(pointer);
        if (offset !== undefined) {
          // The element's text is the value: shown, unless the page hides the element. Hidden, it is
          // looked up as a <meta content> value is: the page may show it elsewhere. A price in a
          // struck-through element is a former price: looked up in the rest of the page.
          if (!page.readsElementText(offset)) from = "attribute";
          else if (page.hidesElementAt(offset) || page.drawsNoTextAt(offset)) from = "hidden element";
          else if (rule.kind === "price" && page.struckTexts() !== null && page.withoutStruck().hidesElementAt(offset)) {
            from = "struck";
            lookIn = page.withoutStruck();
          } else {
            oneShown = true;
            if (rule.kind === "count") counts.shown(pointer);
            continue;
          }
        }
      }
      // Of several offers, one shown is enough (below): the rest need no look-up once one is.
      if (rule.kind === "price" && oneShown) continue;
      budget.left--;
      let shown: boolean | null;
      if (rule.kind === "price") {
        const currency = found.currency ?? null;
        shown = priceShown(value, currency, lookIn);
        if (shown === true && from !== "struck" && shownOnlyStruck(value, currency, page)) {
          shown = false;
          from = "struck";
        }
      } else shown = isShown(value, rule.kind, page, rule.title, rule.first === "name" ? brandNames(entity.node, resolve) : NO_BRANDS);
      // A perfect rating is not shown by the scale every rating display prints ("3.9 out of 5" shows no 5).
      if (shown === true && rule.kind === "rating" && onlyAsScale(value, scaleOf(entity.node, rule.path, pointer, resolve), page)) shown = false;
      if (shown === false && rule.kind === "rating") {
        const best = scaleOf(entity.node, rule.path, pointer, resolve);
        shown = shownAsPercent(value, best, page) || shownAsStars(value, best, page) || shownWithFraction(value, page) || shownRoundedToWhole(value, page);
      }
      if (shown !== false) {
        oneShown ||= shown === true;
        if (shown === true && rule.kind === "count") counts.shown(pointer);
        continue;
      }
      const finding = { node, issue: issue(property, pointer, value, rule.kind, from) };
      if (rule.kind === "count") counts.notShown(finding);
      unshown.push(finding);
    }
    // A product's several offers are its variants' (a Shopify theme marks up one per size) or its
    // sellers': the page shows the one selected, the others when a reader picks them, as the search
    // engine's own single-page variant example does. One price shown is the product's; none shown, each is reported.
    if (!(rule.kind === "price" && oneShown)) out.push(...unshown);
    if (budget.left <= 0) return;
  }
}

const HAS_DIGIT = /\d/;

/** The page shows the price, read in its own format or, in a currency of no third decimal, with either mark grouping thousands. */
function priceShown(value: string | number, currency: string | null, page: TruthPage): boolean | null {
  const shown = isShown(value, "price", page, false);
  return shown === false ? shownWithoutThirdDecimal(value, currency, page) : shown;
}

/**
 * The page shows the price only struck through (`<del>`, `<s>`, `<strike>`): as the former price beside
 * the one a buyer pays now ("<del>$1,499</del> $1,299"). The offer's price is the current one (the
 * merchant listing documentation: a former price is a priceSpecification of priceType StrikethroughPrice).
 * Asked only of a price the page shows; the page without its struck text is read only when a struck
 * element shows the price (most pages have none, and most sale pages strike another price).
 */
function shownOnlyStruck(value: string | number, currency: string | null, page: TruthPage): boolean {
  const struck = page.struckTexts();
  if (struck === null || priceShown(value, currency, struck) !== true) return false;
  return priceShown(value, currency, page.withoutStruck()) === false;
}

/**
 * The best rating of the rating that holds the value at `pointer` (5 when it gives none, as the review
 * snippet page's default scale). Its worst rating is taken as 0 for a percentage, as pages count one.
 */
function scaleOf(node: JsonObject, path: readonly string[], pointer: string, resolve: Resolve): number {
  const rating = holderOf(node, path, pointer, resolve);
  const best = rating === null ? null : markupNumber(rating.bestRating);
  return best !== null && best > 0 ? best : 5;
}

/** The object that holds the value found at `pointer` by the rule's `path` (a rating's, an offer's), or null. */
function holderOf(node: JsonObject, path: readonly string[], pointer: string, resolve: Resolve): JsonObject | null {
  const parent = pointer.slice(0, pointer.lastIndexOf("/"));
  for (const found of valuesAt(node, path.slice(0, -1), "", resolve)) {
    if (isObject(found.value) && parent.endsWith(found.pointer)) return found.value;
  }
  return null;
}

/**
 * Currencies without a minor unit: ISO 4217's of exponent 0, and those whose minor unit ISO still lists but
 * no longer circulates, so that prices are whole (the rupiah's sen, the forint's fillér, the Colombian
 * peso's centavos, the rial's dinars, the New Taiwan dollar's cents, the tenge's tiyn, the Pakistani
 * rupee's paisa). Their amounts have no decimals, so a mark before three digits is a thousands separator
 * whatever the page's language: "129.000₫" on a page in English is 129,000 dong, as a Vietnamese shop's
 * English pages print it, and "Rp129.000" 129,000 rupiah; never 129 with three decimals.
 */
const NO_MINOR_UNIT = new Set([
  "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF",
  "IDR", "HUF", "COP", "IRR", "LAK", "MMK", "TWD", "KZT", "UZS", "PKR",
]);

/**
 * Currencies of ISO 4217 exponent 2 (cents), withdrawn ones that markup still names too (HRK, CUC, SLL,
 * ANG). Their amounts have two decimals at most, so a mark before three digits cannot be their decimal
 * mark either: "€1.299" on a page in English is 1,299 euros, "$1,299" on a page in German 1,299
 * dollars. Not the currencies of exponent 3 (BHD, IQD, JOD, KWD, LYD, OMR, TND: "1.299 KD" is one dinar
 * and 299 fils), and not a currency the markup does not name or sdv does not know, whose amounts keep
 * the page's reading.
 */
const TWO_DECIMALS = new Set([
  "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BMD", "BND", "BOB", "BOV", "BRL",
  "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHE", "CHF", "CHW", "CNY", "COU", "CRC", "CUC", "CUP", "CVE", "CZK", "DKK", "DOP",
  "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GTQ", "GYD", "HKD", "HNL", "HRK", "HTG", "ILS",
  "INR", "JMD", "KES", "KGS", "KHR", "KPW", "KYD", "LBP", "LKR", "LRD", "LSL", "MAD", "MDL", "MGA", "MKD", "MNT", "MOP", "MRU", "MUR",
  "MVR", "MWK", "MXN", "MXV", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "PAB", "PEN", "PGK", "PHP", "PLN", "QAR", "RON",
  "RSD", "RUB", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SLL", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL", "THB",
  "TJS", "TMT", "TOP", "TRY", "TTD", "TZS", "UAH", "USD", "USN", "UYU", "VED", "VES", "WST", "XCD", "XCG", "YER", "ZAR", "ZMW", "ZWG",
  "ZWL",
]);

/**
 * A whole amount in a currency whose amounts have no three decimals (NO_MINOR_UNIT, TWO_DECIMALS), shown
 * with either mark grouping its thousands.
 */
function shownWithoutThirdDecimal(value: string | number, currency: string | null, page: TruthPage): boolean | null {
  if (currency === null || !(NO_MINOR_UNIT.has(currency) || TWO_DECIMALS.has(currency))) return false;
  const n = markupNumber(value);
  if (n === null || !Number.isInteger(n) || n < 1000) return false;
  if (shownAsWhole(n, page)) return true;
  return page.shownNumbersEitherMark().truncated ? null : false;
}

/**
 * A whole number of a thousand or more that the page shows with either mark grouping its thousands
 * ("1.299" on a page in English, "1,299" on one in German): for values that cannot be read with three
 * decimals (a price in most currencies, a count). A look-up of its own, asked only once the page's
 * reading did not show the value; not for a million or more, which no number of one mark writes
 * (the readings differ only there, price-text.ts readNumber).
 */
function shownAsWhole(n: number, page: TruthPage): boolean {
  return Number.isInteger(n) && n >= 1000 && n < 1e6 && page.shownNumbersEitherMark().shows(n, false, false);
}

/**
 * The rating is its scale's best (5 of 5) and the page writes that number only as a scale: after "/",
 * "out of" or their words in German, French, Italian, Russian and Dutch ("3.9/5", "3,9 von 5"). Read on
 * pages in a language written in 0-9 only (mayUseOtherDigits: elsewhere the rating may be in other digits).
 */
function onlyAsScale(value: string | number, best: number, page: TruthPage): boolean {
  const n = markupNumber(value);
  if (n === null || n !== best || !Number.isInteger(n) || page.lang === null || mayUseOtherDigits(page.lang)) return false;
  return !page.showsNumberOutsideScale(n);
}

/**
 * A rating whose one-decimal rounding is whole, shown without its ".0": "4" for 3.96, "5" for 4.96, as
 * Intl.NumberFormat with at most one decimal (review widgets' and headless shops' setting) prints it.
 */
function shownRoundedToWhole(value: string | number, page: TruthPage): boolean {
  const n = markupNumber(value);
  if (n === null || Number.isInteger(n)) return false;
  const tenths = Math.round(n * 10) / 10;
  return Number.isInteger(tenths) && page.shownNumbers().shows(tenths, false);
}

/**
 * A whole rating the page draws in star characters, filled then empty ("★★★★☆" for 4 of 5): text a
 * reader sees, as a theme's rating row writes it.
 */
function shownAsStars(value: string | number, best: number, page: TruthPage): boolean {
  const n = markupNumber(value);
  if (n === null || !Number.isInteger(n) || n < 1 || n > best || !Number.isInteger(best) || best > 10) return false;
  return page.showsRun("\u2605".repeat(n) + "\u2606".repeat(best - n));
}

/**
 * A rating the page shows as a share of its best ("96%" for 4.8 of 5: Magento's review summary beside a
 * module's JSON-LD on the five-point scale), rounded to a whole percent.
 */
function shownAsPercent(value: string | number, best: number, page: TruthPage): boolean {
  const n = markupNumber(value);
  if (n === null || !(n > 0) || n > best) return false;
  return page.showsPercent(Math.round((n / best) * 100)) ? true : false;
}

/**
 * The vulgar fractions a page writes a rating's part with, as the lower-cased text reads them (NFKC:
 * "½" is "1⁄2" with the fraction slash, lower-text.ts).
 */
const FRACTIONS: ReadonlyMap<number, string> = new Map([[0.5, "1\u20442"], [0.25, "1\u20444"], [0.75, "3\u20444"]]);

/**
 * A rating of halves (or quarters) the page writes with a vulgar fraction: "4½ stars", "4 ½", or a row
 * of stars that ends in one ("★★★★½").
 */
function shownWithFraction(value: string | number, page: TruthPage): boolean {
  const n = markupNumber(value);
  if (n === null || !(n >= 1) || n > 100) return false;
  const whole = Math.trunc(n);
  const fraction = FRACTIONS.get(n - whole);
  if (fraction === undefined) return false;
  return page.showsNumberWritten([`${whole}${fraction}`, `${whole} ${fraction}`, `${whole}\u00a0${fraction}`]) || (whole <= 10 && page.showsRun("\u2605".repeat(whole) + fraction));
}

/** Names and headlines: a page words its heading a little differently from its markup (text-match.ts). */
const TITLES = new Set(["name", "headline", "title"]);

/** Texts up to this long are looked up with "and" and "&" as one word (text-match.ts, conjunctionKeys). */
const MAX_CONJUNCTION_TEXT = 100;

/** True, false, or null when it cannot be told (no value to look up, or the page's text was cut). */
function isShown(value: string | number, kind: Kind, page: TruthPage, title: boolean, brands: readonly string[] = NO_BRANDS): boolean | null {
  if (kind === "text") {
    if (typeof value !== "string") return null;
    // A value of no words (punctuation only) has nothing to look up.
    const keys = title ? titleKeys(value, brands) : [page.keyOf(value)].filter((k) => k !== "");
    if (keys.length === 0) return null;
    const text = page.shownText();
    text.takeStopped();
    if (keys.some((k) => text.shows(k)) || decomposedKeys(keys).some((k) => text.shows(k)) || unaccentedKeys(keys).some((k) => text.shows(k))) return true;
    const joined = joinedUnspacedValue(value);
    if (joined !== null && (title ? titleKeys(joined, brands) : [page.keyOf(joined)]).some((k) => text.showsAsJoined(k))) return true;
    // Names, headlines and questions: a longer text is not looked up a second time (a look-up of words
    // the page lacks reads its whole text: 30 µs a value on the bench's typical page).
    if (value.length <= MAX_CONJUNCTION_TEXT && conjunctionKeys(keys, value, page.lang).some((k) => text.shows(k))) return true;
    if (page.showsAsWholeElement(value, keys[0])) return true;
    if (page.showsOpeningCut(keys[0])) return true;
    const unaccented = page.showsUnaccented(keys);
    if (unaccented !== false) return unaccented;
    const unjoined = joinedByStrippedTags(value);
    if (unjoined !== null && text.shows(page.keyOf(unjoined))) return true;
    // Not found in a text cut short, or by a search a cap stopped (text-match.ts): not told.
    return text.truncated || text.takeStopped() ? null : false;
  }
  const n = markupNumber(value);
  // A number written another way ("4,8", "1.299,00 €": the value's own check reports the format) is
  // looked up as the text it is, then as the number the page's format reads in it (a shop's "1.299,00"
  // beside a shown "1.299 €" is one price to a reader of the page).
  if (n === null) {
    if (typeof value !== "string" || !HAS_DIGIT.test(value)) return null;
    const asText = isShown(value, "text", page, false);
    return asText === false && localReadings(value, page).some((reading) => isShown(reading, kind, page, false) === true) ? true : asText;
  }
  const numbers = page.shownNumbers();
  // A price or a count is not shown by a size, a weight or a share that equals it ("120 mm", "20%").
  if (numbers.shows(n, kind === "rating", kind === "rating")) return true;
  // A count is whole: "1.234" on a page in English, "1,234" on one in German, can only be its thousands.
  // Not a rating: "4.8" and "4,8" stay the page's reading.
  if (kind === "count" && (shownAsWhole(n, page) || numbers.showsCompact(n) || numbers.showsLowerBound(n))) return true;
  if (kind === "price" && n === 0 && showsFree(page)) return true;
  if (kind === "price" && numbers.showsCents(n)) return true;
  if (kind === "price" && numbers.showsInUnits(n)) return true;
  return numbers.truncated ? null : false;
}

/**
 * The values the page's format reads in the first number of a markup text that is no markup number
 * ("1.299,00" is 1299 in German, "4,8" 4.8): none when the page's language reads it otherwise (a
 * comma-decimal "1,299" on a page in English is no 1.299) or when the text holds no such number.
 */
function localReadings(value: string, page: TruthPage): number[] {
  if (value.length > MAX_LOCAL_NUMBER_TEXT) return [];
  const written = firstWrittenNumber(value);
  if (written === undefined) return [];
  return readNumber(written.replace(GROUP_SPACES, " "), decimalMarkOf(page.lang)).map((reading) => reading.value);
}
const MAX_LOCAL_NUMBER_TEXT = 64;
const GROUP_SPACES = /[\u00a0\u202f\u2009]/g;

/**
 * A value whose tags a plugin stripped without a space between the texts they held ("<li>Small</li>
 * <li>Medium</li>" as "SmallMedium", "<p>Great anvil</p><p>Heavy</p>" as "Great anvilHeavy"), with a
 * space where a lower-case letter meets a capital; null when there is none. Read in the value's
 * opening only (the look-up key's): a brand's "iPhone" split so is one more way to be found, never a warning.
 */
function joinedByStrippedTags(value: string): string | null {
  const opening = value.length > STRIPPED_OPENING ? value.slice(0, STRIPPED_OPENING) : value;
  return LOWER_THEN_CAPITAL.test(opening) ? opening.replace(LOWER_THEN_CAPITAL_ALL, "$1 $2") : null;
}
const STRIPPED_OPENING = 320;
const LOWER_THEN_CAPITAL = /[a-z\u00df-\u00ff][A-Z\u00c0-\u00de]/;
const LOWER_THEN_CAPITAL_ALL = /([a-z\u00df-\u00ff])([A-Z\u00c0-\u00de])/g;

/**
 * What a page writes for a price of 0 (WooCommerce and most shop themes show "Free" instead of
 * "$0.00"), in the languages of the number formats price-text.ts reads. Matched as whole words: a
 * page that says "free shipping" passes too, a leniency that can only miss a warning.
 */
const FREE_WORDS = [
  "free", "gratis", "kostenlos", "kostenfrei", "gratuit", "gratuite", "gratuito", "gratuita", "grátis", "gratuït", "darmowy", "darmowe",
  "bezpłatnie", "zdarma", "ingyenes", "ücretsiz", "ilmainen", "бесплатно", "безкоштовно", "δωρεάν", "miễn phí", "percuma", "無料",
  "免费", "免費", "무료", "مجاني", "مجانا", "رایگان", "חינם", "ฟรี",
];

function showsFree(page: TruthPage): boolean {
  const text = page.shownText();
  return FREE_WORDS.some((word) => text.shows(word));
}

const MAX_QUOTED = 80;

/** Where a value comes from: JSON-LD (or a referenced node), a Microdata or RDFa attribute, a hidden element's text. */
type ValueSource = "markup" | "attribute" | "hidden element" | "struck";

const WHERE: Readonly<Record<ValueSource, string>> = {
  markup: "",
  attribute: " (it is only in an attribute such as <meta content>, which readers do not see)",
  "hidden element": " (it is only in an element the page hides: with the hidden attribute, an inline display:none, visibility:hidden or content-visibility:hidden, a closed dialog, a ruby reading, in a template or noscript, or an element whose text is not drawn, such as the head's title or an SVG's title)",
  struck: " other than struck through (in <del>, <s> or <strike>), as a former price beside the current one",
};

function issue(property: string, pointer: string, value: string | number, kind: Kind, from: ValueSource): Finding["issue"] {
  const quoted = typeof value === "number" ? String(value) : JSON.stringify(value.length > MAX_QUOTED ? `${value.slice(0, MAX_QUOTED)}...` : value);
  const what = kind === "text" ? "text" : "number";
  const where = WHERE[from];
  return {
    severity: "warning",
    property,
    code: "not-visible",
    message: `"${property}" is ${quoted} in the markup, but the page's visible text does not show this ${what}${where}. The guidelines: "Don't mark up content that is not visible to readers of the page."`,
    fix:
      from === "struck"
        ? `Give "${property}" the price a buyer pays now, as the page shows it; a former price the page strikes through goes in the offer's priceSpecification with "priceType": "https://schema.org/StrikethroughPrice".`
        : kind === "text"
        ? `Show the same ${property.split(".").pop()} on the page (not hidden, not only in a meta tag), or make the markup say what the page shows.`
        : `Show the ${kind === "price" ? "price" : kind === "rating" ? "rating" : "count"} on the page as the markup gives it (any number format), or correct the markup to the value the page shows.`,
    google_docs_url: GUIDELINES_URL,
    path: pointer,
  };
}
