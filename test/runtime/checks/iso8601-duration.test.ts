import { test } from "uvu";
import { iso8601Duration } from "../../../runtime/checks/iso8601-duration.ts";
import { checkTable } from "./_table.ts";

checkTable(iso8601Duration, [
  ["PT1H30M", true],
  ["P1D", true],
  ["PT0.5S", true],
  ["PT30M", true],
  ["PT45S", true],
  ["P1Y", true],
  ["P1M", true], // a month, not a minute
  ["PT1M", true], // a minute
  ["P1Y2M3DT4H5M6S", true],
  ["P1Y2M3DT4H5M6.789S", true],
  ["P1DT12H", true],
  ["PT36H", true], // no carry-over limits
  ["PT90M", true],
  ["P0D", true],
  ["PT0S", true],
  ["P2W", true],
  ["P1.5D", true],
  ["PT1.5H", true], // a fraction on the last unit
  // at least one unit, and T needs a time unit after it
  ["P", false, "at least one unit"],
  ["PT", false, "T must be followed by hours, minutes or seconds"],
  ["P1DT", false, "T must be followed"],
  ["P1YT", false, "T must be followed"],
  ["PTT1H", false, "T appears twice"],
  ["P1DT2HT", false, "T appears twice"],
  // weeks stand alone
  ["P1W2D", false, "weeks can't be combined"],
  ["P2WT1H", false, "weeks can't be combined"],
  // order and placement
  ["PT30M1H", false, "out of order"],
  ["P1D2Y", false, "out of order"],
  ["P1D1D", false, "repeated"],
  ["PT1H1H", false, "repeated"],
  ["P1H", false, "add T before hours"],
  ["P30S", false, "add T before"],
  ["PT1D", false, "years, weeks and days go before T"],
  ["PT1Y", false, "go before T"],
  // numbers and letters
  ["PTH", false, "add a number before H"],
  ["PD", false, "add a number before D"],
  ["P1", false, "has no unit"],
  ["PT1", false, "has no unit"],
  ["P1.5DT2H", false, "only the last unit may have a fraction"],
  ["PT1.5H30M", false, "only the last unit"],
  ["PT0,5S", false, "use a dot"],
  ["PT.5S", false, "leading zero"],
  ["PT1.S", false, "add digits after the dot"],
  ["P1X", false, "unknown unit X"],
  ["P-1D", false, "PnYnMnDTnHnMnS"],
  ["pt1h", false, "use uppercase letters: PT1H"],
  ["P1d", false, "uppercase"],
  ["-P1D", false, "can't be negative"],
  ["1H30M", false, "starts with P"],
  ["1:30:00", false, "starts with P"],
  ["", false, "starts with P"],
  ["P0001-02-03", false, "PnYnMnDTnHnMnS"], // the alternative format is not accepted
  [" PT1H", false, "remove the spaces"],
  [90, false, "as text"],
]);

test.run();
