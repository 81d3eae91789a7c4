import { test } from "uvu";
import * as assert from "uvu/assert";
import { ratingProblem, ratingWithinBounds } from "../../../runtime/checks/rating-bounds.ts";
import { validateValue } from "../../../runtime/validate.ts";

/** [ratingValue, bestRating, worstRating, null or a fragment of the message] */
const rows: ReadonlyArray<readonly [unknown, unknown, unknown, string | null]> = [
  // defaults: best 5, worst 1
  [4, undefined, undefined, null],
  [5, undefined, undefined, null],
  [1, undefined, undefined, null],
  [4.5, null, null, null],
  ["4.5", undefined, undefined, null],
  [6, undefined, undefined, "ratingValue 6 is above bestRating 5 (the default"],
  [0, undefined, undefined, "ratingValue 0 is below worstRating 1 (the default"],
  [0.5, undefined, undefined, "below worstRating 1"],
  // explicit bounds, numbers or numeric strings
  [8, 10, undefined, null],
  ["8", "10", "1", null],
  [0, 5, 0, null],
  [-2, 2, -2, null],
  [92, 100, 0, null],
  [11, 10, 1, "ratingValue 11 is above bestRating 10"],
  [0, "10", "1", "ratingValue 0 is below worstRating 1"],
  [5.01, 5, 1, "above bestRating 5"],
  // bounds that make no scale
  [3, 5, 5, "bestRating 5 must be greater than worstRating 5"],
  [3, 1, 5, "bestRating 1 must be greater than worstRating 5"],
  [3, 0.5, undefined, "greater than worstRating 1 (the default worstRating)"],
  [3, undefined, 5, "bestRating 5 must be greater than worstRating 5"],
  // not numbers
  ["four", undefined, undefined, 'ratingValue "four" is not a number'],
  ["4,5", undefined, undefined, 'ratingValue "4,5" is not a number (write decimals with a dot: 4.5)'],
  ["E", undefined, undefined, "nor a fraction or a percentage"],
  // a percentage or a fraction carries its own scale (the documentation's "4, 60%, or 6 / 10")
  ["60%", undefined, undefined, null],
  ["80%", 100, 0, null],
  ["100 %", 5, 1, null],
  ["120%", undefined, undefined, "above 100%"],
  ["6 / 10", undefined, undefined, null],
  ["6/10", 5, 1, null],
  ["11 / 10", undefined, undefined, "above its own scale of 10"],
  ["1 / 0", undefined, undefined, "has a scale of 0"],
  [" 4 ", undefined, undefined, null],
  [" 6 ", undefined, undefined, "ratingValue 6 is above bestRating 5"],
  ["", undefined, undefined, null], // empty: no value (its empty-value issue), not a malformed number
  [true, undefined, undefined, "ratingValue true is not a number"],
  [[4], undefined, undefined, "ratingValue a list is not a number"],
  [{ "@value": 4 }, undefined, undefined, null], // a JSON-LD value object is its value
  [{ "@value": 6 }, undefined, undefined, "ratingValue 6 is above bestRating 5"],
  [{ name: "four" }, undefined, undefined, "an object"],
  [Number.NaN, undefined, undefined, "is not a number"],
  // a bound that is no number leaves the default in place (its own rule warns on it)
  [4, "five", undefined, null],
  [4, 5, "one", null],
  [88, "hundred", undefined, 'ratingValue 88 is above bestRating 5 (the default, as bestRating "hundred" is not a number)'],
  [0, 10, "zero", 'ratingValue 0 is below worstRating 1 (the default, as worstRating "zero" is not a number)'],
  [3, "five", 6, "bestRating 5 must be greater than worstRating 6 (the default, as bestRating"],
  // an absent rating has no bounds to break; whether it is required is another rule's business
  [undefined, undefined, undefined, null],
  [null, 10, 0, null],
  [undefined, 1, 5, "must be greater than"],
];

for (const [rating, best, worst, expected] of rows) {
  test(`ratingWithinBounds(${JSON.stringify(rating)}, ${JSON.stringify(best)}, ${JSON.stringify(worst)})`, () => {
    const reason = ratingWithinBounds(rating, best, worst);
    if (expected === null) assert.is(reason, null);
    else assert.ok(reason?.includes(expected), `"${reason}" should contain "${expected}"`);
  });
}

const codes: Array<[unknown, unknown, unknown, string]> = [
  ["4,5", undefined, undefined, "invalid-format"],
  ["good", undefined, undefined, "invalid-format"],
  [88, "hundred", undefined, "out-of-range"],
  [6, undefined, undefined, "out-of-range"],
  ["120%", undefined, undefined, "out-of-range"],
  [3, 1, 5, "out-of-range"],
];
for (const [rating, best, worst, code] of codes) {
  test(`ratingProblem(${JSON.stringify(rating)}, ${JSON.stringify(best)}, ${JSON.stringify(worst)}) is ${code}`, () => {
    assert.is(ratingProblem(rating, best, worst)?.code, code);
  });
}

test("an empty rating or scale is no value, judged once (empty-value), not also as a malformed number", () => {
  const result = validateValue({ "@context": "https://schema.org", "@type": "Product", name: "Anvil", aggregateRating: { "@type": "AggregateRating", ratingValue: "", bestRating: " ", reviewCount: 3 } });
  const issues = result.schemas[0].errors.concat(result.schemas[0].warnings).filter((i) => i.property.startsWith("aggregateRating.ratingValue"));
  assert.equal(issues.map((i) => i.code), ["empty-value"]);
  assert.is(ratingProblem("", undefined, undefined), null);
  assert.is(ratingProblem("4", " ", ""), null);
  assert.is(ratingProblem("6", "", undefined)?.code, "out-of-range");
});

test.run();
