import { decimalProblem, scanDecimal } from "./decimal.ts";
import { trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

/** Shared with positive-integer: null for an integer written as text, else why not. */
export function integerTextProblem(s: string): string | null {
  const places = scanDecimal(s, true, false);
  if (places === 0) return null;
  if (places > 0 || scanDecimal(s, true, true) >= 0) return `expected a whole number, not ${JSON.stringify(s)}`;
  return decimalProblem(s);
}

const check = trimAware(integerTextProblem);

export const integer: ValueCheck = {
  name: "integer",
  description: 'whole number, or one as text, e.g. 3 or "-12"',
  test(value) {
    if (typeof value === "number") return Number.isInteger(value) ? null : `expected a whole number, not ${value}`;
    return typeof value === "string" ? check(value) : `expected a whole number, not ${value}`;
  },
};
