import { decimalProblem, scanDecimal } from "./decimal.ts";
import { trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

const check = trimAware((s) => (scanDecimal(s, true, true) >= 0 ? null : decimalProblem(s)));

export const number: ValueCheck = {
  name: "number",
  description: 'number, or a number as text with a dot decimal, e.g. 4.5 or "-1.5e3"',
  test(value) {
    if (typeof value === "number") return Number.isFinite(value) ? null : `${value} is not a finite number`;
    return typeof value === "string" ? check(value) : `expected a number, not ${value}`;
  },
};
