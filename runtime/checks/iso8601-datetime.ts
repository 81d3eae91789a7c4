import { dateTimeError, isoDateFix } from "./iso8601.ts";
import { expectedText, trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";
import { passesWithT } from "./space-for-t.ts";

// A date alone passes: the search engine accepts one for most date-time properties.
const check = trimAware((s) => dateTimeError(s, false, false));

export const iso8601Datetime: ValueCheck = {
  name: "iso8601-datetime",
  description: "ISO 8601 date, or date and time with an optional time zone, e.g. 2026-07-21T19:30-05:00",
  test(value) {
    return typeof value === "string" ? check(value) : expectedText("a date or date-time", value);
  },
  repaired: (value) => passesWithT(value, check),
  fix: isoDateFix,
};
