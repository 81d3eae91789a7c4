import { integerTextProblem } from "./integer.ts";
import { trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

const check = trimAware((s) => {
  const problem = integerTextProblem(s);
  if (problem !== null) return problem;
  // Compared digit by digit, so a value beyond 2^53 is judged exactly.
  if (s.charCodeAt(0) !== 45) {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c > 48 && c <= 57) return null;
    }
  }
  return `expected a whole number of 1 or more, not ${s}`;
});

export const positiveInteger: ValueCheck = {
  name: "positive-integer",
  description: 'whole number of 1 or more, or one as text, e.g. 1 or "12"',
  test(value) {
    if (typeof value === "number") {
      if (!Number.isInteger(value)) return `expected a whole number, not ${value}`;
      return value >= 1 ? null : `expected a whole number of 1 or more, not ${value}`;
    }
    return typeof value === "string" ? check(value) : `expected a whole number, not ${value}`;
  },
};
