import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkPositions } from "../../../runtime/checks/breadcrumb-positions.ts";

/** [positions, null or a fragment of the message] */
const rows: ReadonlyArray<readonly [unknown[], string | null]> = [
  [[], null],
  [[1], null],
  [[1, 2, 3], null],
  [["1", "2", "3"], null],
  [[1, "2", 3], null],
  [["+1", "02"], null],
  [[1.0, 2.0], null], // JSON 1.0 is the integer 1
  // The order written does not matter: the search engine orders by position.
  [[2, 1], null],
  [[3, 1, 2], null],
  [["2", 1], null],
  // gaps and duplicates: the message names the position no item has, or the repeating index
  [[1, 3], "no item has position 2, which leaves a gap (the 2 positions run from 1 to 3)"],
  [[1, 2, 4, 5], "no item has position 3"],
  [[3, 1, 2, 5], "no item has position 4"],
  [[2, 3], "no item has position 1: a list starts at position 1"],
  [[1, 1, 2], "position at index 1 is 1, a duplicate of index 0"],
  [[1, 2, 2], "index 2 is 2, a duplicate of index 1"],
  [[2, 1, 2], "index 2 is 2, a duplicate of index 0"],
  [[0, 1, 2], "index 0 is 0; positions start at 1"],
  [[-1], "positions start at 1"],
  // not integers
  [[1, 2.5], "position at index 1 (2.5) is not a whole number"],
  [[1, "2.0"], 'index 1 ("2.0") is not a whole number'],
  [["one"], 'index 0 ("one") is not a whole number'],
  [[1, ""], "index 1"],
  [[1, " 2"], "index 1"],
  [[1, "+"], "index 1"],
  [[1, "-2"], "index 1"],
  [[1, true], "index 1 (true) is not a whole number"],
  [[1, {}], "index 1 is not a whole number"],
  [[1, [2]], "index 1 is not a whole number"],
  [[1, Number.NaN], "index 1"],
  [[1, null], "position at index 1 is missing"],
  [[undefined, 2], "position at index 0 is missing"],
];

for (const [positions, expected] of rows) {
  test(`checkPositions(${JSON.stringify(positions)})`, () => {
    const reason = checkPositions(positions);
    if (expected === null) assert.is(reason, null);
    else assert.ok(reason?.includes(expected), `"${reason}" should contain "${expected}"`);
  });
}

test("a continued list (a paginated list's later page) numbers on from its lowest position", () => {
  assert.is(checkPositions([21, 22, 23], true), null);
  assert.is(checkPositions([22, 21, 23], true), null);
  assert.match(String(checkPositions([21, 23], true)), "no item has position 22, which leaves a gap");
  assert.match(String(checkPositions([21, 22, 22], true)), "index 2 is 22, a duplicate of index 1");
  assert.is(checkPositions([21, 20], true), null);
  assert.match(String(checkPositions([21, 22])), "no item has position 1: a list starts at position 1 (its positions run from 21 to 22)");
});

test.run();
