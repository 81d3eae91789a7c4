/**
 * A rating on a type review snippets do not show (Search Console's "Invalid object type for field
 * <parent_node>"): a warning on the node, its own verdict unchanged; none on the types the review
 * snippet page lists (and their subtypes), nor on a node without a rating.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const rating = { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 12 };
const nodeOf = (type: unknown, extra: Record<string, unknown> = {}) =>
  validateValue({ "@context": "https://schema.org", "@type": type, name: "Anvil", headline: "Anvil", ...extra }).schemas[0];
const warned = (s: { warnings: { code: string; property: string; message: string }[] }) =>
  s.warnings.filter((w) => w.code === "feature-requirement" && /review snippets are only for/.test(w.message)).map((w) => w.property);

for (const type of ["Article", "BlogPosting", "Service", "WebPage", "Person", "Brand", "Car"]) {
  test(`a rating on a ${type} is not shown: a warning`, () => {
    assert.equal(warned(nodeOf(type, { aggregateRating: rating })), ["aggregateRating"]);
  });
}

for (const type of ["Product", "Restaurant", "Organization", "Recipe", "Book", "MobileApplication", "TVSeason", ["Product", "Car"], ["WebPage", "Product"]]) {
  test(`a rating on a ${JSON.stringify(type)} is a review snippet's: no such warning`, () => {
    assert.equal(warned(nodeOf(type, { aggregateRating: rating })), []);
  });
}

test("the twin: the same Article without a rating has no such warning, and the rated one keeps its verdict", () => {
  assert.equal(warned(nodeOf("Article")), []);
  const rated = nodeOf("Article", { aggregateRating: rating, review: [{ "@type": "Review", author: { "@type": "Person", name: "Jane" } }] });
  assert.equal(warned(rated), ["aggregateRating", "review"]);
  const plain = nodeOf("Article");
  assert.equal([rated.valid, rated.rich_result_eligible], [plain.valid, plain.rich_result_eligible]);
});

test("an empty rating, or a type Schema.org does not know, is not judged here", () => {
  assert.equal(warned(nodeOf("Article", { aggregateRating: [] })), []);
  assert.equal(warned(nodeOf("Widget", { aggregateRating: rating })), []);
});

test.run();
