import { test } from "uvu";
import { daysOrDate } from "../../../runtime/checks/days-or-date.ts";
import { checkTable } from "./_table.ts";

checkTable(daysOrDate, [
  [30, true],
  [0, true],
  ["60", true],
  ["2026-12-31", true],
  ["2026-12-31T23:59:00Z", true],
  [30.5, false, "whole number"],
  ["30 days", false, "whole number of days"],
  ["thirty", false, "ISO 8601 date"],
  [" 30", false, "spaces"],
  [true, false, "whole number"],
]);

test.run();
