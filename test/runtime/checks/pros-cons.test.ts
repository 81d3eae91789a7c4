/**
 * Pros and cons need two statements in all (product snippet page: "You must provide at least two
 * statements about the product in any combination of positive or negative statements"): one is
 * reported on the product's review, two (of either kind, or one of each) are not.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { prosConsProblem } from "../../../runtime/checks/pros-cons.ts";
import { validateValue } from "../../../runtime/validate.ts";

const list = (...names: string[]) => ({ "@type": "ItemList", itemListElement: names.map((name, i) => ({ "@type": "ListItem", position: i + 1, name })) });

test("one statement in all is too few; two of one kind, or one of each, are enough; none is no pros and cons", () => {
  assert.ok(prosConsProblem({ positiveNotes: list("Consistent results") }));
  assert.ok(prosConsProblem({ negativeNotes: list("Heavy") }));
  assert.is(prosConsProblem({ positiveNotes: list("Consistent results", "Easy to clean") }), null);
  assert.is(prosConsProblem({ positiveNotes: list("Consistent results"), negativeNotes: list("Heavy") }), null);
  assert.is(prosConsProblem({}), null);
  // An empty list is its own issue (itemListElement is required), not this one.
  assert.is(prosConsProblem({ positiveNotes: { "@type": "ItemList" } }), null);
});

test("on a product's review: a too-few-values warning on positiveNotes; its clean twin has none", () => {
  const review = (extra: object) =>
    validateValue({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Cheese Grater Pro",
      review: { "@type": "Review", author: { "@type": "Person", name: "Pascal Van Cleeff" }, datePublished: "2026-11-20", ...extra },
    }).schemas[0].warnings.filter((w) => w.property === "review.positiveNotes").map((w) => w.code);
  assert.equal(review({ positiveNotes: list("Consistent results") }), ["too-few-values"]);
  assert.equal(review({ positiveNotes: list("Consistent results", "Easy to clean") }), []);
});

test.run();
