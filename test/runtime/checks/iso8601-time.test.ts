import { test } from "uvu";
import { iso8601Time } from "../../../runtime/checks/iso8601-time.ts";
import { checkTable } from "./_table.ts";

checkTable(iso8601Time, [
  ["19:30", true],
  ["00:00", true],
  ["23:59", true],
  ["19:30:05", true],
  ["19:30:05.5", true],
  ["19:30:05.123", true],
  ["19:30Z", true],
  ["19:30:00-05:00", true],
  ["19:30+0530", true],
  ["19:30+14:00", true],
  ["24:00", true],
  ["24:00:00", true],
  ["24:01", false, "hour 24"],
  ["25:00", false, "hour 25 is out of range"],
  ["19:60", false, "minute 60"],
  ["19:30:61", false, "second 61"],
  ["19:30+15:00", false, "out of range"],
  ["7:30", false, "two digits"],
  ["1930", false, "colons"],
  ["193000", false, "colons"],
  ["19", false, "add minutes"],
  ["7:30 PM", false, "24-hour clock"],
  ["7pm", false, "24-hour clock"],
  ["19:30:05,5", false, "use a dot"],
  ["19:30z", false, "uppercase Z"],
  ["19h30", false, "hh:mm"],
  ["2026-07-21T19:30", false, "without a date"],
  ["2026-07-21", false, "without a date"],
  ["", false, "expected a time"],
  ["Z", false, "expected a time"],
  [" 19:30", false, "remove the spaces"],
  [1930, false, "as text"],
]);

test.run();
