import { expectedText, show, trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

/**
 * ISO 4217 List One, the active alphabetic codes, including the fund, precious-metal, testing
 * and no-currency codes, since they are part of the standard. As amended through 2025: XAD and
 * XCG added, ANG, SLL, ZWL withdrawn; BGN withdrawn after Bulgaria adopted the euro in 2026.
 */
export const ISO_4217_CODES: ReadonlySet<string> = new Set([
  "AED", "AFN", "ALL", "AMD", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BHD",
  "BIF", "BMD", "BND", "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF",
  "CHE", "CHF", "CHW", "CLF", "CLP", "CNY", "COP", "COU", "CRC", "CUP", "CVE", "CZK", "DJF",
  "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP",
  "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR", "IQD", "IRR",
  "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT",
  "LAK", "LBP", "LKR", "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP",
  "MRU", "MUR", "MVR", "MWK", "MXN", "MXV", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR",
  "NZD", "OMR", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB",
  "RWF", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP", "STN",
  "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH",
  "UGX", "USD", "USN", "UYI", "UYU", "UYW", "UZS", "VED", "VES", "VND", "VUV", "WST", "XAD",
  "XAF", "XAG", "XAU", "XBA", "XBB", "XBC", "XBD", "XCD", "XCG", "XDR", "XOF", "XPD", "XPF",
  "XPT", "XSU", "XTS", "XUA", "XXX", "YER", "ZAR", "ZMW", "ZWG",
]);

/** Withdrawn codes still seen in markup, with the code that replaced them. */
const REPLACED: Readonly<Record<string, string>> = {
  ANG: "XCG", BGN: "EUR", BYR: "BYN", CUC: "CUP", EEK: "EUR", GHC: "GHS", HRK: "EUR", LTL: "EUR",
  LVL: "EUR", MRO: "MRU", MTL: "EUR", RUR: "RUB", SKK: "EUR", SLL: "SLE", STD: "STN", TRL: "TRY",
  VEF: "VES", ZMK: "ZMW", ZWL: "ZWG",
};

/** Symbols and informal names used in place of a code. */
const INFORMAL: Readonly<Record<string, string>> = {
  "$": "USD", "US$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW",
  "RMB": "CNY", "NTD": "TWD", "YEN": "JPY", "EURO": "EUR", "DOLLAR": "USD",
};

const check = trimAware((s) => {
  if (ISO_4217_CODES.has(s)) return null;
  const upper = s.toUpperCase();
  if (ISO_4217_CODES.has(upper)) return `use uppercase: ${upper}`;
  if (Object.hasOwn(REPLACED, upper)) return `${upper} was withdrawn from ISO 4217: use ${REPLACED[upper]}`;
  if (Object.hasOwn(INFORMAL, upper)) return `use the ISO 4217 code, e.g. ${INFORMAL[upper]}, not ${show(s)}`;
  return `${show(s)} is not an ISO 4217 currency code, e.g. USD`;
});

/**
 * Symbols and names that stand for exactly one currency. "$" (a dozen dollars and pesos), "¥" (yen and
 * yuan), "₩" (both wons) and "dollar" are ambiguous and get no fix; a withdrawn code is never replaced
 * (a price in kuna is not a price in euros).
 */
const UNAMBIGUOUS: Readonly<Record<string, string>> = {
  "US$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "RMB": "CNY", "NTD": "TWD", "YEN": "JPY", "EURO": "EUR",
  "EUROS": "EUR", "₽": "RUB", "₺": "TRY", "₴": "UAH", "₪": "ILS", "₫": "VND", "₦": "NGN", "₱": "PHP", "zł": "PLN",
};

/** Currencies written with a bare "$" (dollars and pesos): the sign does not say which, but it rules out the others. */
const DOLLAR_SIGN: ReadonlySet<string> = new Set([
  "USD", "CAD", "AUD", "NZD", "SGD", "HKD", "TWD", "MXN", "ARS", "CLP", "COP", "UYU", "BSD", "BBD", "BMD", "BND", "BZD",
  "FJD", "GYD", "JMD", "KYD", "LRD", "NAD", "SBD", "SRD", "TTD", "XCD", "CUP", "DOP",
]);

/** Whether a price written with `sign` can be in `code` (a "$" price in EUR cannot). */
export function signMayStandFor(sign: string, code: string): boolean {
  const own = currencyCode(sign);
  if (own !== null) return own === code;
  const written = sign.trim();
  if (written === "$") return DOLLAR_SIGN.has(code);
  return SHARED_SIGNS[written.toLowerCase()]?.includes(code) ?? false;
}

/**
 * Other signs that several currencies write (a theme's Microdata "priceCurrency" on the shown sign): "¥"
 * is the yen's and the yuan's, "kr" the Swedish, Norwegian, Danish and Icelandic crown's, "Fr." the franc's.
 */
const SHARED_SIGNS: Readonly<Record<string, readonly string[]>> = {
  "¥": ["JPY", "CNY"], "￥": ["JPY", "CNY"], "₩": ["KRW", "KPW"], "kr": ["SEK", "NOK", "DKK", "ISK"], "kr.": ["SEK", "NOK", "DKK", "ISK"],
  ",-": ["SEK", "NOK", "DKK", "CZK"], "fr.": ["CHF"], "fr": ["CHF"], "chf": ["CHF"], "r$": ["BRL"], "kč": ["CZK"], "ft": ["HUF"], "lei": ["RON"],
};

/** The ISO 4217 code a currency written as a lowercase code, a symbol or a name stands for, or null. */
export function currencyCode(text: string): string | null {
  const s = text.trim();
  if (ISO_4217_CODES.has(s)) return s;
  const upper = s.toUpperCase();
  if (ISO_4217_CODES.has(upper)) return upper;
  if (Object.hasOwn(UNAMBIGUOUS, s)) return UNAMBIGUOUS[s];
  return Object.hasOwn(UNAMBIGUOUS, upper) ? UNAMBIGUOUS[upper] : null;
}

export const iso4217: ValueCheck = {
  name: "iso4217",
  description: "ISO 4217 currency code in uppercase, e.g. USD",
  test(value) {
    return typeof value === "string" ? check(value) : expectedText("a currency code", value);
  },
  fix(value) {
    if (typeof value !== "string") return null;
    const code = currencyCode(value);
    return code === null ? null : { value: code };
  },
};
