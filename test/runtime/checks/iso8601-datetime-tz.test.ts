import { test } from "uvu";
import { iso8601DatetimeTz } from "../../../runtime/checks/iso8601-datetime-tz.ts";
import { checkTable } from "./_table.ts";

checkTable(iso8601DatetimeTz, [
  ["2026-07-21T19:30-05:00", true],
  ["2026-07-21T19:30:00-05:00", true],
  ["2026-07-21T19:30:00.5+01:00", true],
  ["2026-07-21T19:30Z", true],
  ["2026-07-21T19:30+0530", true],
  ["2026-07-21T19:30+14:00", true],
  ["2026-07-21T24:00Z", true],
  // what is missing is said
  ["2026-07-21T19:30", false, "no time zone: add Z or an offset like -05:00"],
  ["2026-07-21T19:30:00.000", false, "no time zone"],
  ["2026-07-21", false, "no time: add a time and a time zone"],
  ["2026-07-21Z", false, "a time zone needs a time"],
  ["2026-07-21 19:30-05:00", false, "with T"],
  ["2026-07-21T19:30+15:00", false, "out of range"],
  ["2026-07-21T19:30z", false, "uppercase Z"],
  ["2026-02-30T19:30Z", false, "day 30 is out of range for February"],
  ["2026-07-21T25:00Z", false, "hour 25"],
  ["", false, "YYYY-MM-DD"],
  // a text that reads as no date at all is asked for a date and time, not a date alone (which only earns "no time" next)
  ["Tue Jan 05 2021 21:36:30 GMT+0000 (UTC)", false, "expected a date and time as YYYY-MM-DDThh:mm with a time zone"],
  ["next Tuesday", false, "expected a date and time as YYYY-MM-DDThh:mm with a time zone"],
  // a date that is only written wrong is still told what is wrong with it
  ["21/07/2026", false, "put the year first"],
  [false, false, "as text"],
]);

test.run();
