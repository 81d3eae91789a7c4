/**
 * runtime/unratable-type.ts names the types review snippets show; the Review and AggregateRating rule
 * files name them too, as itemReviewed's expectations (less the not-eligible Vehicle). One list in
 * three places: this keeps them equal.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { REVIEWABLE_TYPES } from "../../runtime/unratable-type.ts";
import { ruleFiles } from "./rule-files.ts";

type Expect = string | { type: string; not_eligible?: string };

for (const type of ["Review", "AggregateRating"]) {
  test(`${type}.yaml's itemReviewed types are the review snippet types sdv warns about`, () => {
    const file = ruleFiles().find((f) => f.type === type) as unknown as { properties: { itemReviewed: { expect: Expect[] } } };
    const eligible = file.properties.itemReviewed.expect.filter((e) => typeof e === "string" || e.not_eligible === undefined).map((e) => (typeof e === "string" ? e : e.type));
    assert.equal([...eligible].sort(), [...REVIEWABLE_TYPES].sort());
  });
}

test.run();
