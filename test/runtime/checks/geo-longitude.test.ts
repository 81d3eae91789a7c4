import { test } from "uvu";
import { geoLongitude } from "../../../runtime/checks/geo-longitude.ts";
import { checkTable } from "./_table.ts";

checkTable(geoLongitude, [
  [-73.98566, true],
  [151.209296, true],
  ["-73.98566", true],
  ["180.00000", true],
  ["-180.00000", true],
  ["120.12345", true], // beyond latitude's range, within longitude's
  [180.00001, false, "longitude 180.00001 is out of range (-180 to 180)"],
  ["-181.00000", false, "out of range"],
  ["360.00000", false, "out of range"],
  [-73.9857, false, "use at least 5 decimal places (-73.9857 has 4)"],
  ["-73.9", false, "use at least 5 decimal places"],
  [151, false, "use at least 5 decimal places"],
  ["-73,98566", false, "use a dot"],
  ["73.98566W", false, "expected a number"],
  ["", false, "empty"],
  [false, false, "expected a longitude"],
]);

test.run();
