import { decimalProblem, scanDecimal } from "./decimal.ts";
import { currencyCode, ISO_4217_CODES } from "./iso4217.ts";
import { trimAware } from "./shared.ts";
import type { FixedValue, ValueCheck } from "./value-check.ts";

const CURRENCY_SYMBOL = /\p{Sc}/u;
const WORDS = /[A-Za-z]+/g;
const FREE = /^(?:free|gratis|kostenlos|gratuit)$/i;

function hasCurrencyCode(s: string): boolean {
  for (const [word] of s.matchAll(WORDS)) {
    if (word.length === 3 && ISO_4217_CODES.has(word.toUpperCase())) return true;
  }
  return false;
}

const check = trimAware((s) => {
  // Digits with an optional dot decimal only: a sign, an exponent or ".5" is not how prices are written.
  if (scanDecimal(s, false, false) >= 0) return null;
  if (FREE.test(s)) return "use 0 for a free offer";
  // The currency's own property: priceCurrency beside a price, currency in a MonetaryAmount (a shipping rate).
  if (CURRENCY_SYMBOL.test(s)) return "remove the currency symbol: give the currency in its own property (priceCurrency, or currency in a MonetaryAmount)";
  if (hasCurrencyCode(s)) return "remove the currency code: give it in its own property (priceCurrency, or currency in a MonetaryAmount)";
  const first = s.charCodeAt(0);
  if (first === 45 && scanDecimal(s, true, false) >= 0) return "a price can't be negative";
  if (first === 43 && scanDecimal(s, true, false) >= 0) return "remove the plus sign";
  if (scanDecimal(s, true, true) >= 0) return "write the price as plain digits, without an exponent";
  return decimalProblem(s);
});

/**
 * A number with an optional currency written before or after it ("$1,299.00", "19,99 €", "EUR 12.50").
 * The currency before it holds no digit (codes and symbols have none), so the number starts at the first
 * digit: a lazy `\S*?` there let every stop rescan the rest ("?1a1a1a…" of 80,000 characters took 4 s).
 */
const WITH_CURRENCY = /^(?:([^\d\s]*[^\d\s.,+-])\s*)?(\d(?:[\d.,\s]*\d)?)(?:\s*([^\d\s.,+-]\S*))?$/u;
const SYMBOL = /^(?:[A-Za-z]{0,3}\p{Sc})$/u;
const SPACED_GROUPS = /^\d{1,3}(?:\s\d{3})+(?:[.,]\d+)?$/;

/**
 * "1,299.00", "1.299,00", "1 299,00", "19,99" and "1,234,567" as plain digits; null where the reading is
 * not certain ("1,299" and "1.299": a thousands separator or a decimal one).
 */
function plainNumber(written: string): string | null {
  let s = written;
  if (/\s/.test(s)) {
    if (!SPACED_GROUPS.test(s)) return null;
    s = s.replace(/\s/g, "");
  }
  const comma = s.lastIndexOf(",");
  const dot = s.lastIndexOf(".");
  if (comma >= 0 && dot >= 0) {
    const [thousands, decimal] = comma < dot ? [",", "."] : [".", ","];
    const pattern = thousands === "," ? /^\d{1,3}(?:,\d{3})+\.\d+$/ : /^\d{1,3}(?:\.\d{3})+,\d+$/;
    if (!pattern.test(s)) return null;
    return s.split(thousands).join("").replace(decimal, ".");
  }
  const separator = comma >= 0 ? "," : dot >= 0 ? "." : null;
  if (separator === null) return s;
  const parts = s.split(separator);
  if (parts.length > 2) return parts.slice(1).every((p) => p.length === 3) && parts[0].length <= 3 ? parts.join("") : null;
  if (parts[1].length === 3) return null;
  return `${parts[0]}.${parts[1]}`;
}

/** "$1,299.00" -> "1299.00" (the currency unknown: "$" is ambiguous), "19,99 €" -> "19.99" in EUR. */
/** Longer than any price written with its currency: not read as one (and not searched). */
const MAX_FIXABLE_PRICE = 64;

function fixPrice(value: string): FixedValue | null {
  if (value.length > MAX_FIXABLE_PRICE) return null;
  const match = WITH_CURRENCY.exec(value.trim());
  if (!match) return null;
  const [, before, number, after] = match;
  if (before !== undefined && after !== undefined) return null;
  const written = before ?? after;
  let currency: string | undefined;
  if (written !== undefined) {
    const code = currencyCode(written);
    // Words that are no currency ("from", "ca.") change what the price says: not ours to drop.
    if (code === null && !SYMBOL.test(written)) return null;
    currency = code ?? undefined;
  }
  const plain = plainNumber(number);
  if (plain === null) return null;
  if (written === undefined) return { value: plain };
  return currency === undefined ? { value: plain, currencyWritten: written } : { value: plain, currency, currencyWritten: written };
}

export const price: ValueCheck = {
  name: "price",
  description: 'price as a number or digits with an optional dot decimal, e.g. 12 or "12.50"',
  test(value) {
    if (typeof value === "number") {
      if (!Number.isFinite(value)) return `${value} is not a price`;
      return value < 0 ? "a price can't be negative" : null;
    }
    return typeof value === "string" ? check(value) : `expected a price, not ${value}`;
  },
  fix(value) {
    return typeof value === "string" ? fixPrice(value) : null;
  },
};
