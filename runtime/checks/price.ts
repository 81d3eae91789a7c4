import { decimalProblem, scanDecimal } from "./decimal.ts";
import { ISO_4217_CODES } from "./iso4217.ts";
import { trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

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
  if (CURRENCY_SYMBOL.test(s)) return "remove the currency symbol: give the currency in priceCurrency";
  if (hasCurrencyCode(s)) return "remove the currency code: give it in priceCurrency";
  const first = s.charCodeAt(0);
  if (first === 45 && scanDecimal(s, true, false) >= 0) return "a price can't be negative";
  if (first === 43 && scanDecimal(s, true, false) >= 0) return "remove the plus sign";
  if (scanDecimal(s, true, true) >= 0) return "write the price as plain digits, without an exponent";
  return decimalProblem(s);
});

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
};
