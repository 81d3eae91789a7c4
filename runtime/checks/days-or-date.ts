import { dateTimeError } from "./iso8601.ts";
import { integerTextProblem } from "./integer.ts";
import { show, trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

// merchantReturnDays is Integer, Date or DateTime in Schema.org and on the return policy page: a
// number of days, or the last day a return is accepted. "30 days" is neither, and no search
// engine is documented to read the number out of it.
const check = trimAware((s) => {
  if (integerTextProblem(s) === null) return null;
  if (dateTimeError(s, false, false) === null) return null;
  return `expected a whole number of days (e.g. 30) or an ISO 8601 date (e.g. "2026-12-31"), not ${show(s)}`;
});

export const daysOrDate: ValueCheck = {
  name: "days-or-date",
  description: 'a whole number of days, e.g. 30, or an ISO 8601 date, e.g. "2026-12-31"',
  test(value) {
    if (typeof value === "number") return Number.isInteger(value) ? null : `expected a whole number of days, not ${value}`;
    return typeof value === "string" ? check(value) : `expected a whole number of days or a date, not ${value}`;
  },
};
