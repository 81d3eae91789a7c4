/**
 * The diff `sdv fix` prints without --write: a file of 40,000 lines with 400 lines changed apart (a fix
 * per offer of a long pretty-printed file). It kept every diagonal of every step of the search, which
 * ran a 160,000-line file out of memory; each hunk's line numbers are checked.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { unifiedDiff } from "../../cli/fix/unified-diff.ts";

test("400 changed lines of 40,000: a hunk each, numbered where they are", () => {
  const before = Array.from({ length: 40_000 }, (_, i) => `  ${i}\n`);
  const after = before.slice();
  for (let i = 0; i < 400; i++) after[i * 97 + 5] = `  x${i}\n`;
  const diff = unifiedDiff("page.json", before.join(""), after.join(""));
  const hunks = diff.split("\n").filter((l) => l.startsWith("@@"));
  assert.is(hunks.length, 400);
  // Line 6 (index 5) changed: context from line 3, three lines on each side.
  assert.is(hunks[0], "@@ -3,7 +3,7 @@");
  assert.is(hunks[399], `@@ -${399 * 97 + 3},7 +${399 * 97 + 3},7 @@`);
  assert.ok(diff.includes("-  38708\n+  x399\n"));
});

test("lines added and removed: the counts of each side", () => {
  const diff = unifiedDiff("a.json", "a\nb\nc\n", "a\nB\nb2\nc\n");
  assert.is(diff, "--- a/a.json\n+++ b/a.json\n@@ -1,3 +1,4 @@\n a\n-b\n+B\n+b2\n c\n");
});

test.run();
