import { test } from "uvu";
import { number } from "../../../runtime/checks/number.ts";
import { checkTable } from "./_table.ts";

checkTable(number, [
  [0, true],
  [4.5, true],
  [-12, true],
  [1e300, true],
  ["4.5", true],
  ["0", true],
  ["-1.5", true],
  ["+2", true],
  ["1e3", true],
  ["1.5E-3", true],
  ["-1.5e+3", true],
  ["007", true],
  [Number.NaN, false, "not a finite number"],
  [Number.NEGATIVE_INFINITY, false, "not a finite number"],
  [".5", false, "add a zero before the dot"],
  ["-.5", false, "add a zero before the dot"],
  ["5.", false, "add digits after the dot"],
  ["1,5", false, "use a dot as decimal separator"],
  ["1,000.5", false, "remove the thousands separator"],
  ["1e", false, "expected a number"],
  ["e3", false, "expected a number"],
  ["--1", false, "expected a number"],
  ["+-1", false, "expected a number"],
  ["0x1F", false, "expected a number"],
  ["NaN", false, "expected a number"],
  ["Infinity", false, "expected a number"],
  ["4.5 stars", false, "expected a number"],
  ["1 000 000", false, "remove the spaces"],
  ["$4", false, "currency symbol"],
  ["", false, "empty"],
  [" 4.5", false, "remove the spaces around the value"],
  [true, false, "expected a number"],
]);

test.run();
