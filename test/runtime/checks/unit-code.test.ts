import { test } from "uvu";
import { unitCode } from "../../../runtime/checks/unit-code.ts";
import { configuredCheck } from "../../../runtime/checks/index.ts";
import { checkTable } from "./_table.ts";

checkTable(unitCode, [
  ["DAY", true],
  ["MTK", true],
  ["C62", true],
  ["day", false, "upper case"],
  [" DAY", false, "spaces"],
  ["days", false, "Common Code"],
  ["", false, "Common Code"],
  [1, false, "as text"],
]);

// Shipping times take exactly "DAY" or "d" (Search Central), "d" being no Common Code.
checkTable(configuredCheck("unit-code", { allowed: ["DAY", "d"] }), [
  ["DAY", true],
  ["d", true],
  ["HUR", false, '"DAY" or "d"'],
  ["Day", false, "case-sensitive"],
  ["DAY ", false, "spaces"],
  [1, false, '"DAY" or "d"'],
]);

test.run();
