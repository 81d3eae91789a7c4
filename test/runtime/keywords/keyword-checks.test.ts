/**
 * The rule keywords' runtime checks (runtime/keywords/), each on its own: what passes, what fails with
 * which code and message, and the cases a rule runtime relies on (a single value counts as one; a
 * list check skips a single value; a fixed text stops the value's later checks, a length does not).
 * The messages are the ones the rule runtime gave before the keywords had modules (the corpus report
 * is byte-identical across that change).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fixedTexts } from "../../../runtime/keywords/fixed-texts.ts";
import { textAtMost } from "../../../runtime/keywords/text-length.ts";
import { atLeastValues, atMostValues } from "../../../runtime/keywords/value-count.ts";
import { wholeList } from "../../../runtime/keywords/whole-list.ts";
import { siblingCondition } from "../../../runtime/keywords/sibling-condition.ts";
import { listChecks } from "../../../runtime/checks/structure-checks.ts";

test("fixed texts: exact and case-sensitive; a failure ends the value's checks", () => {
  const check = fixedTexts(["FULL_TIME", "PART_TIME"]);
  assert.is(check.test("FULL_TIME", "employmentType"), null);
  assert.equal(check.test("full_time", "employmentType"), {
    code: "invalid-enum",
    message: '"employmentType" should be one of FULL_TIME, PART_TIME (exactly, case-sensitive), not the text "full_time".',
  });
  assert.is(check.test(3, "employmentType")?.code, "invalid-enum");
  assert.ok(check.final);
});

test("text length: texts only; too long still gets its format checked", () => {
  const check = textAtMost(5);
  assert.is(check.test("abcde", "headline"), null);
  assert.is(check.test(123456, "headline"), null);
  assert.equal(check.test("abcdef", "headline"), { code: "too-long", message: '"headline" has 6 characters; it takes at most 5.' });
  assert.not.ok(check.final);
});

test("text length with a cost: the problem says what a longer text loses and carries it", () => {
  const check = textAtMost(5, "the page won't be eligible for an author-based review snippet");
  assert.is(check.test("abcde", "author.name"), null);
  const problem = check.test("abcdef", "author.name");
  assert.is(problem?.code, "too-long");
  assert.is(problem?.costs, "the page won't be eligible for an author-based review snippet");
  assert.match(problem?.message ?? "", /at most 5\. Longer, the page won't be eligible for an author-based review snippet/);
});

test("value counts: a single value counts as one; at most judges lists only", () => {
  assert.equal(atLeastValues(2).test(null, 1, "itemListElement"), { code: "too-few-values", message: '"itemListElement" has 1 value(s); it needs at least 2.' });
  assert.is(atLeastValues(2).test([1, 2], 2, "itemListElement"), null);
  // With what fewer values cost, the problem carries it (a warning whatever the level, and not eligible).
  const costly = atLeastValues(2, "a trail of one crumb shows no trail").test(null, 1, "itemListElement");
  assert.is(costly?.costs, "a trail of one crumb shows no trail");
  assert.match(costly?.message ?? "", /at least 2\. Fewer is valid markup, but a trail of one crumb shows no trail: not eligible\./);
  assert.is(atLeastValues(1).test(null, 1, "x"), null);
  assert.equal(atMostValues(2).test([1, 2, 3], 3, "x"), { code: "too-many-values", message: '"x" has 3 values; it takes at most 2.' });
  assert.is(atMostValues(2).test(null, 1, "x"), null);
});

test("a whole-list check: run on lists, not on a single value", () => {
  const check = wholeList(listChecks["ascending-positions"]);
  const item = (position: number) => ({ "@type": "ListItem", position });
  assert.is(check.test([item(1), item(2)], 2, "itemListElement"), null);
  assert.is(check.test(null, 1, "itemListElement"), null);
  // The order written does not matter (the search engine orders by position); a gap does.
  assert.is(check.test([item(2), item(1)], 2, "itemListElement"), null);
  const problem = check.test([item(1), item(3)], 2, "itemListElement");
  assert.is(problem?.code, "invalid-sequence");
  assert.ok(problem?.message.startsWith('"itemListElement": '), problem?.message);
});

test("a video's clips: each start time once, as numbers; a missing or malformed offset is left to its own check", () => {
  const check = wholeList(listChecks["distinct-start-times"]);
  const clip = (startOffset: unknown) => ({ "@type": "Clip", name: "x", startOffset, url: "https://e.x/v?t=1" });
  const problemOf = (clips: object[]) => check.test(clips, clips.length, "hasPart");
  assert.is(problemOf([clip(30), clip(111)]), null);
  assert.is(problemOf([clip(0), clip("0.5"), clip(1)]), null);
  const shared = problemOf([clip(10), clip(30), clip("30.0")]);
  assert.is(shared?.code, "invalid-sequence");
  assert.match(String(shared?.message), "clips 2 and 3 both start at 30 seconds");
  assert.is(problemOf([clip(undefined), clip(undefined), clip("soon"), clip("soon"), clip(""), clip("")]), null);
});

test("a carousel's items: positions first, then each URL once, one host carousel type, three courses", () => {
  const check = wholeList(listChecks["carousel-items"]);
  const entry = (position: number, item: object) => ({ "@type": "ListItem", position, item });
  const at = (type: string, url: string) => ({ "@type": type, name: "x", url });
  const codeOf = (items: object[]) => check.test(items, items.length, "itemListElement")?.code ?? null;
  assert.is(codeOf([entry(1, at("Movie", "https://e.x/#a")), entry(2, at("Movie", "https://e.x/#b"))]), null);
  assert.is(codeOf([entry(2, at("Movie", "https://e.x/#a")), entry(1, at("Movie", "https://e.x/#b"))]), null);
  assert.is(codeOf([entry(1, at("Movie", "https://e.x/#a")), entry(1, at("Movie", "https://e.x/#b"))]), "invalid-sequence");
  // A paginated list's later page numbers on from the pages before it (Schema.org's ItemList example
  // 3, Yoast's collection pages): 21, 22 and 22, 21 number two items; 21, 23 leaves a gap.
  const summary = (...positions: number[]) => positions.map((position, i) => ({ "@type": "ListItem", position, url: `https://e.x/${i}` }));
  assert.is(codeOf(summary(21, 22, 23)), null);
  assert.is(codeOf(summary(21, 23)), "invalid-sequence");
  assert.is(codeOf(summary(21, 20)), null);
  // A breadcrumb trail still starts at 1.
  assert.match(String(listChecks["ascending-positions"].test(summary(2, 3))), "no item has position 1");
  assert.is(codeOf([entry(1, at("Movie", "https://e.x/#a")), entry(2, at("Movie", " https://e.x/#a"))]), "invalid-format");
  assert.is(codeOf([{ "@type": "ListItem", position: 1, url: "https://e.x/a" }, { "@type": "ListItem", position: 2, url: "https://e.x/a" }]), "invalid-format");
  assert.is(codeOf([entry(1, at("Movie", "https://e.x/#a")), entry(2, at("Recipe", "https://e.x/#b"))]), "wrong-type");
  // The beta carousel's own types may be mixed, and a restaurant is a LocalBusiness too.
  assert.is(codeOf([entry(1, at("Restaurant", "https://e.x/a")), entry(2, at("Hotel", "https://e.x/b")), entry(3, at("Product", "https://e.x/c"))]), null);
  // A subtype of a host type counts as it (a FastFoodRestaurant is a Restaurant).
  assert.is(codeOf([entry(1, at("FastFoodRestaurant", "https://e.x/a")), entry(2, at("Restaurant", "https://e.x/b"))]), null);
  assert.is(codeOf([entry(1, at("Course", "https://e.x/#a")), entry(2, at("Course", "https://e.x/#b"))]), "too-few-values");
  assert.is(codeOf([entry(1, at("Course", "https://e.x/#a")), entry(2, at("Course", "https://e.x/#b")), entry(3, at("Course", "https://e.x/#c"))]), null);
});

test("a sibling condition: a value (enumeration members by short name, texts exactly) or absence", () => {
  const finite = siblingCondition("returnPolicyCategory", ["MerchantReturnFiniteReturnWindow"]);
  assert.ok(finite.holds({ returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow" }));
  assert.ok(finite.holds({ returnPolicyCategory: [{ "@id": "MerchantReturnFiniteReturnWindow" }] }));
  assert.not.ok(finite.holds({ returnPolicyCategory: "MerchantReturnUnlimitedWindow" }));
  assert.not.ok(finite.holds({}));
  assert.is(finite.describe(), '"returnPolicyCategory" is MerchantReturnFiniteReturnWindow');
  const absent = siblingCondition("potentialAction", null);
  assert.ok(absent.holds({}));
  assert.not.ok(absent.holds({ potentialAction: {} }));
  assert.is(absent.describe(), '"potentialAction" is absent');
});

test.run();
