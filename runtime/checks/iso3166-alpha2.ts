import { expectedText, show, trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

/** The 249 officially assigned ISO 3166-1 alpha-2 codes. */
export const ISO_3166_ALPHA2_CODES: ReadonlySet<string> = new Set([
  "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX", "AZ",
  "BA", "BB", "BD", "BE", "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS",
  "BT", "BV", "BW", "BY", "BZ", "CA", "CC", "CD", "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN",
  "CO", "CR", "CU", "CV", "CW", "CX", "CY", "CZ", "DE", "DJ", "DK", "DM", "DO", "DZ", "EC", "EE",
  "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK", "FM", "FO", "FR", "GA", "GB", "GD", "GE", "GF",
  "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS", "GT", "GU", "GW", "GY", "HK", "HM",
  "HN", "HR", "HT", "HU", "ID", "IE", "IL", "IM", "IN", "IO", "IQ", "IR", "IS", "IT", "JE", "JM",
  "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KY", "KZ", "LA", "LB", "LC",
  "LI", "LK", "LR", "LS", "LT", "LU", "LV", "LY", "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK",
  "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV", "MW", "MX", "MY", "MZ", "NA",
  "NC", "NE", "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE", "PF", "PG",
  "PH", "PK", "PL", "PM", "PN", "PR", "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW",
  "SA", "SB", "SC", "SD", "SE", "SG", "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS",
  "ST", "SV", "SX", "SY", "SZ", "TC", "TD", "TF", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO",
  "TR", "TT", "TV", "TW", "TZ", "UA", "UG", "UM", "US", "UY", "UZ", "VA", "VC", "VE", "VG", "VI",
  "VN", "VU", "WF", "WS", "YE", "YT", "ZA", "ZM", "ZW",
]);

/**
 * Reserved codes (exceptionally, transitionally, or user-assigned) that look like country codes,
 * with what to use instead. None of them is officially assigned, so all of them fail.
 */
const RESERVED: Readonly<Record<string, string>> = {
  UK: "the United Kingdom is GB",
  EU: "it is reserved for the European Union; use the country's code",
  EZ: "it is reserved for the eurozone; use the country's code",
  UN: "it is reserved for the United Nations; use the country's code",
  XK: "Kosovo uses it by convention only, as a user-assigned code",
  FX: "use FR for France",
  SU: "the Soviet Union code was withdrawn: use the current country's code, e.g. RU",
  YU: "the Yugoslavia code was withdrawn: use RS, ME or the current country's code",
  CS: "the Serbia and Montenegro code was withdrawn: use RS or ME",
  AN: "the Netherlands Antilles code was withdrawn: use CW, SX or BQ",
  TP: "use TL for Timor-Leste",
  ZR: "use CD for the Democratic Republic of the Congo",
  BU: "use MM for Myanmar",
  DD: "use DE for Germany",
  AC: "Ascension Island is part of SH",
  TA: "Tristan da Cunha is part of SH",
  CP: "Clipperton Island is part of FR",
  DG: "Diego Garcia is part of IO",
  EA: "Ceuta and Melilla are part of ES",
  IC: "the Canary Islands are part of ES",
};

const LETTERS_3 = /^[A-Za-z]{3}$/;

const check = trimAware((s) => {
  if (ISO_3166_ALPHA2_CODES.has(s)) return null;
  const upper = s.toUpperCase();
  if (Object.hasOwn(RESERVED, upper)) return `${upper} is not an assigned ISO 3166-1 code: ${RESERVED[upper]}`;
  if (ISO_3166_ALPHA2_CODES.has(upper)) return `use uppercase: ${upper}`;
  if (LETTERS_3.test(s)) return "use the two-letter ISO 3166-1 code, e.g. US, not the three-letter one";
  if (s.length > 3) return `use the two-letter ISO 3166-1 code, e.g. US, instead of ${show(s)}`;
  return `${show(s)} is not an ISO 3166-1 alpha-2 country code, e.g. US`;
});

export const iso3166Alpha2: ValueCheck = {
  name: "iso3166-alpha2",
  description: "ISO 3166-1 alpha-2 country code in uppercase, e.g. US",
  test(value) {
    return typeof value === "string" ? check(value) : expectedText("a country code", value);
  },
};
