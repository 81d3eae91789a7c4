import { test } from "uvu";
import { gtin } from "../../../runtime/checks/gtin.ts";
import { checkTable } from "./_table.ts";

checkTable(gtin, [
  ["96385074", true], // GTIN-8
  ["036000291452", true], // GTIN-12 (UPC-A)
  ["4006381333931", true], // GTIN-13 (EAN-13)
  ["9780306406157", true], // ISBN-13
  ["10036000291459", true], // GTIN-14
  ["00012345600012", true],
  ["00000000000000", true], // all zeros has check digit 0
  ["96385075", false, "the last digit should be 4, not 5"],
  ["036000291453", false, "should be 2, not 3"],
  ["4006381333932", false, "wrong check digit"],
  ["10036000291458", false, "wrong check digit"],
  ["123456789", false, "9 digits: a GTIN has 8, 12, 13 or 14 digits"],
  ["1234567", false, "7 digits"],
  ["12345678901", false, "11 digits"],
  ["123456789012345", false, "15 digits"],
  ["4006-3813-3393-1", false, "remove the spaces and hyphens"],
  ["4 006381 333931", false, "remove the spaces and hyphens"],
  [" 4006381333931", false, "remove the spaces"],
  ["gtin13:4006381333931", false, "remove the prefix"],
  ["GTIN-13 4006381333931", false, "remove the prefix"],
  ["ABC1234567890", false, "8, 12, 13 or 14 digits"],
  ["", false, "empty GTIN"],
  // a JSON number has lost its leading zeros, which don't change the check digit
  [4006381333931, true],
  [36000291452, true],
  [96385074, true],
  [4006381333932, false, "wrong check digit"],
  [4006381.5, false, "as text"],
  [0, false, "as text"],
  [-4006381333931, false, "as text"],
  [true, false, "as text"],
]);

test.run();
