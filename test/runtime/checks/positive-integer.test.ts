import { test } from "uvu";
import { positiveInteger } from "../../../runtime/checks/positive-integer.ts";
import { checkTable } from "./_table.ts";

checkTable(positiveInteger, [
  [1, true],
  [42, true],
  [Number.MAX_SAFE_INTEGER, true],
  ["1", true],
  ["+1", true],
  ["0001", true],
  ["99999999999999999999", true],
  [0, false, "1 or more"],
  [-0, false, "1 or more"],
  [-1, false, "1 or more"],
  [1.5, false, "whole number"],
  [0.5, false, "whole number"],
  ["0", false, "1 or more"],
  ["000", false, "1 or more"],
  ["-0", false, "1 or more"],
  ["-3", false, "1 or more"],
  ["1.5", false, "whole number"],
  ["1.0", false, "whole number"],
  ["1e2", false, "whole number"],
  ["one", false, "expected a number"],
  ["", false, "empty"],
  [true, false, "whole number"],
]);

test.run();
