import { test } from "uvu";
import { integer } from "../../../runtime/checks/integer.ts";
import { checkTable } from "./_table.ts";

checkTable(integer, [
  [0, true],
  [3, true],
  [-12, true],
  [3.0, true], // JSON 3.0 parses to the integer 3
  ["3", true],
  ["-3", true],
  ["+3", true],
  ["0", true],
  ["007", true],
  ["123456789012345678901234567890", true],
  [3.5, false, "whole number"],
  [Number.NaN, false, "whole number"],
  ["3.5", false, "whole number"],
  ["3.0", false, "whole number"],
  ["3e2", false, "whole number"],
  [".5", false, "add a zero"],
  ["1,000", false, "thousands separator"],
  ["1 000", false, "remove the spaces"],
  ["three", false, "expected a number"],
  ["-", false, "expected a number"],
  ["", false, "empty"],
  [" 3", false, "remove the spaces around the value"],
  [false, false, "whole number"],
]);

test.run();
