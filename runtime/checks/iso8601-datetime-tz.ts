import { dateTimeError, isoDateFix } from "./iso8601.ts";
import { expectedText, trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";
import { passesWithT } from "./space-for-t.ts";

// Without a zone an event's start is ambiguous by up to a day, so the zone is required here.
const check = trimAware((s) => dateTimeError(s, true, true));

export const iso8601DatetimeTz: ValueCheck = {
  name: "iso8601-datetime-tz",
  description: "ISO 8601 date and time with a time zone, e.g. 2026-07-21T19:30-05:00",
  test(value) {
    return typeof value === "string" ? check(value) : expectedText("a date-time", value);
  },
  repaired: (value) => passesWithT(value, check),
  fix: isoDateFix,
};
