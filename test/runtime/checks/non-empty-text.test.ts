import { test } from "uvu";
import { nonEmptyText } from "../../../runtime/checks/non-empty-text.ts";
import { checkTable } from "./_table.ts";

checkTable(nonEmptyText, [
  ["a", true],
  ["Kira and Morrison: Summer Tour", true],
  [" padded ", true],
  ["0", true],
  ["日本語", true],
  ["", false, "empty text"],
  [" ", false, "only whitespace"],
  ["\t\n", false, "only whitespace"],
  ["\u00A0", false, "only whitespace"],
  ["\u3000", false, "only whitespace"],
  ["\u200B", false, "only whitespace"],
  ["\u200B \uFEFF", false, "only whitespace"],
  [0, false, "expected text, not the number 0"],
  [false, false, "expected text, not the boolean false"],
]);

test.run();
