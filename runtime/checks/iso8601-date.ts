import { dateError, isoDateFix } from "./iso8601.ts";
import { expectedText, trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

const check = trimAware((s) => {
  const reason = dateError(s, s.length);
  // A date-time where a date is expected is a different mistake from a malformed date.
  if (reason !== null && s.length > 10 && s.charCodeAt(10) === 84 && dateError(s, 10) === null) {
    return `expected a date without a time: ${s.slice(0, 10)}`;
  }
  return reason;
});

export const iso8601Date: ValueCheck = {
  name: "iso8601-date",
  description: "ISO 8601 date, e.g. 2026-07-21",
  test(value) {
    return typeof value === "string" ? check(value) : expectedText("a date", value);
  },
  fix: isoDateFix,
};
