import { dateTimeError } from "./iso8601.ts";
import { iso8601Duration } from "./iso8601-duration.ts";
import { expectedText, trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

const EXAMPLE = 'e.g. "2008", "1950-01-01/2013-12-18" or "2013-12-19/.."';
const YEAR_OR_MONTH = /^\d{4}(?:-(?:0[1-9]|1[0-2]))?$/;

/** A point in time of any precision the search engine reads: a year, a year and month, a date or a date-time. */
function pointError(s: string): string | null {
  return YEAR_OR_MONTH.test(s) ? null : dateTimeError(s, false, false);
}

/** One end of an interval: a point, a duration (P1Y) counted from the other end, or ".." for an open end. */
function endError(s: string): string | null {
  if (s === "..") return null;
  if (s.charCodeAt(0) === 80 /* P */) return iso8601Duration.test(s);
  return pointError(s);
}

const check = trimAware((s) => {
  const slash = s.indexOf("/");
  if (slash === -1) {
    const reason = pointError(s);
    return reason === null ? null : `${reason} (${EXAMPLE})`;
  }
  if (s.indexOf("/", slash + 1) !== -1) return `an interval has one slash, ${EXAMPLE}`;
  const start = s.slice(0, slash);
  const end = s.slice(slash + 1);
  if (start === ".." && end === "..") return "an interval needs at least one end";
  const reason = endError(start) ?? endError(end);
  return reason === null ? null : `${reason} (${EXAMPLE})`;
});

export const iso8601Interval: ValueCheck = {
  name: "iso8601-interval",
  description: "ISO 8601 point in time (a year, a date, a date-time) or interval (start/end, an open end as ..), e.g. 1950-01-01/2013-12-18",
  test(value) {
    return typeof value === "string" ? check(value) : expectedText("a date or an interval", value);
  },
};
