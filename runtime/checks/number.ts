import { decimalProblem, scanDecimal } from "./decimal.ts";
import { trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

const check = trimAware((s) => (scanDecimal(s, true, true) >= 0 ? null : decimalProblem(s)));

export const number: ValueCheck = {
  options: {
    integer: { kind: "boolean", description: "a whole number only" },
    min: { kind: "number", description: "the smallest value allowed" },
    exclusive_min: { kind: "number", description: "the value must be above this (a price above zero: 0)" },
  },
  configure(options) {
    const base = this.test;
    const integer = options.integer === true;
    const min = typeof options.min === "number" ? options.min : null;
    const above = typeof options.exclusive_min === "number" ? options.exclusive_min : null;
    return {
      name: this.name,
      description: [integer ? "whole number" : "number", min !== null ? `at least ${min}` : null, above !== null ? `above ${above}` : null].filter(Boolean).join(", "),
      test(value) {
        const problem = base(value);
        if (problem !== null) return problem;
        const n = typeof value === "number" ? value : Number(String(value).trim());
        if (integer && !Number.isInteger(n)) return `expected a whole number, not ${value}`;
        if (min !== null && n < min) return `${n} is below ${min}`;
        if (above !== null && n <= above) return `${n} must be above ${above}`;
        return null;
      },
    };
  },
  name: "number",
  description: 'number, or a number as text with a dot decimal, e.g. 4.5 or "-1.5e3"',
  test(value) {
    if (typeof value === "number") return Number.isFinite(value) ? null : `${value} is not a finite number`;
    return typeof value === "string" ? check(value) : `expected a number, not ${value}`;
  },
};
