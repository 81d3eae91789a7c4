import { dateError, timeError, zoneError, zoneStart } from "./iso8601.ts";
import { expectedText, trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

const check = trimAware((s) => {
  const zone = zoneStart(s, 0);
  if (zone === 0 || s.length === 0) return "expected a time, e.g. 19:30";
  const reason = timeError(s, 0, zone === -1 ? s.length : zone);
  if (reason !== null) {
    // A full date-time would otherwise be reported as a time with missing colons.
    if (s.length >= 10 && dateError(s, 10) === null) return "expected a time without a date, e.g. 19:30";
    return reason;
  }
  return zone === -1 ? null : zoneError(s, zone);
});

export const iso8601Time: ValueCheck = {
  name: "iso8601-time",
  description: "ISO 8601 time with an optional time zone, e.g. 19:30 or 19:30:00-05:00",
  test(value) {
    return typeof value === "string" ? check(value) : expectedText("a time", value);
  },
};
