import { dateTimeError, isoDateFix } from "./iso8601.ts";
import { expectedText, trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";
import { passesWithT } from "./space-for-t.ts";

// A video's upload date: the video page asks for "the date and time the video was first published",
// and the search engine's pages recommend a time zone with every date-time (the article page: "We
// recommend that you provide timezone information; otherwise, we will default to the timezone used by
// Googlebot"). A date alone or a time without a zone is read all the same, and the tools report it as
// non-critical ("Invalid datetime value", "missing a time zone": rawkode-academy/rawkode-academy#421),
// so those are warnings and count.
const zoned = trimAware((s) => dateTimeError(s, true, true));
const readable = trimAware((s) => dateTimeError(s, false, false));

export const iso8601DatetimeZoned: ValueCheck = {
  name: "iso8601-datetime-zoned",
  description: "ISO 8601 date and time with a time zone, e.g. 2024-03-31T08:00:00+08:00 (a date alone or a time without a zone: a warning)",
  test(value) {
    return typeof value === "string" ? zoned(value) : expectedText("a date-time", value);
  },
  repaired: (value) => typeof value === "string" && (readable(value) === null || passesWithT(value, readable)),
  fix: isoDateFix,
};
