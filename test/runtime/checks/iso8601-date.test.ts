import { test } from "uvu";
import { iso8601Date } from "../../../runtime/checks/iso8601-date.ts";
import { checkTable } from "./_table.ts";

checkTable(iso8601Date, [
  ["2026-07-21", true],
  ["2026-01-01", true],
  ["2026-12-31", true],
  ["0001-01-01", true],
  ["9999-12-31", true],
  // leap years: divisible by 4, except centuries not divisible by 400
  ["2024-02-29", true],
  ["2000-02-29", true],
  ["2400-02-29", true],
  ["2025-02-29", false, "2025 is not a leap year"],
  ["1900-02-29", false, "not a leap year"],
  ["2100-02-29", false, "not a leap year"],
  ["2024-02-30", false, "day 30 is out of range for February (01-29)"],
  ["2026-04-31", false, "day 31 is out of range for April"],
  ["2026-06-31", false, "June"],
  ["2026-09-31", false, "September"],
  ["2026-11-31", false, "November"],
  ["2026-07-31", true],
  ["2026-13-01", false, "month 13 is out of range"],
  ["2026-00-10", false, "month 00 is out of range"],
  ["2026-01-00", false, "day 00 is out of range"],
  ["2026-01-32", false, "day 32"],
  // common wrong shapes, each with its own fix
  ["2026-7-21", false, "two digits"],
  ["2026-07-1", false, "two digits"],
  ["21/07/2026", false, "put the year first"],
  ["07-21-2026", false, "put the year first"],
  ["21.07.2026", false, "put the year first"],
  ["20260721", false, "add hyphens"],
  ["2026/07/21", false, "YYYY-MM-DD"],
  ["26-07-21", false, "YYYY-MM-DD"],
  ["+2026-07-21", false, "YYYY-MM-DD"],
  ["2026-07", false, "YYYY-MM-DD"],
  ["2026", false, "YYYY-MM-DD"],
  ["July 21, 2026", false, "YYYY-MM-DD"],
  ["", false, "YYYY-MM-DD"],
  ["2026-O7-21", false, "YYYY-MM-DD"],
  // strictly a date: a date-time is named as such
  ["2026-07-21T19:30", false, "without a time"],
  ["2026-07-21T19:30:00Z", false, "without a time"],
  ["2026-07-21Z", false, "YYYY-MM-DD"],
  ["2026-07-21 ", false, "remove the spaces"],
  [" 2026-07-21", false, "remove the spaces"],
  [20260721, false, "as text"],
  [true, false, "as text"],
]);

test.run();
