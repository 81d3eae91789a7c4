import { test } from "uvu";
import { iso8601Interval } from "../../../runtime/checks/iso8601-interval.ts";
import { checkTable } from "./_table.ts";

// Dataset temporalCoverage: the documentation's forms ("2008", "1950-01-01/2013-12-18", "2013-12-19/..").
checkTable(iso8601Interval, [
  ["2008", true],
  ["2008-05", true],
  ["1950-01-01/2013-12-18", true],
  ["2013-12-19/..", true],
  ["../2013-12-19", true],
  ["2011-01-01T00:00:00Z/2011-12-31T23:59:59Z", true],
  ["2008/P1Y", true],
  ["P1Y/2008-12-31", true],
  [" 2008 ", false], // told to remove the spaces, as every check does
  ["sometime", false],
  ["1950-13-01/2013-12-18", false],
  ["../..", false],
  ["2008/2009/2010", false],
  ["01/02/2008", false],
  [2008, false],
]);

test.run();
