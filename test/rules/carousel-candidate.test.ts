/**
 * Issue 25: an ItemList that is no carousel candidate (its items are of a type no carousel shows,
 * and no ListItem gives a url) is not a failed carousel: no error, not eligible, and the reason says
 * what a carousel needs. Its twin with a carousel content type keeps every carousel error.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { corpusDir } from "../corpus-dir.ts";
import { validateJsonText, validateValue } from "../../runtime/validate.ts";

const list = (itemType: string) => ({
  "@context": "https://schema.org",
  "@type": "ItemList",
  name: "Carousel Custom",
  itemListElement: [1, 2].map((position) => ({ "@type": "ListItem", position, item: { "@type": itemType, name: `Item ${position}` } })),
});

for (const itemType of ["CustomList", "MusicGroup", "Article"]) {
  test(`items of type ${itemType} without url: no carousel, no error, the reason says why`, () => {
    const s = validateValue(list(itemType)).schemas[0];
    assert.is(s.type, "ItemList");
    assert.equal(s.errors, []);
    assert.ok(s.valid);
    assert.not.ok(s.rich_result_eligible);
    assert.match(s.rich_result.reason, /itemListElement\.url/);
    assert.match(s.rich_result.reason, /Course, Movie, Recipe/);
    assert.not.ok(s.warnings.some((w) => w.code === "feature-requirement"), JSON.stringify(s.warnings));
  });
}

for (const itemType of ["Recipe", "Movie", "Restaurant", "Product"]) {
  test(`the twin with ${itemType} items is a carousel candidate: the missing item url is an error`, () => {
    const s = validateValue(list(itemType)).schemas[0];
    assert.ok(s.errors.some((e) => e.property === "itemListElement.item.url" && e.code === "missing-required"), JSON.stringify(s.errors));
    assert.not.ok(s.valid);
  });
}

test("a summary page (ListItems with url only) is still checked as a carousel", () => {
  const s = validateValue({
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: [{ "@type": "ListItem", position: 1, url: "https://example.com/a.html" }, { "@type": "ListItem", position: 1, url: "https://example.com/b.html" }],
  }).schemas[0];
  assert.ok(s.errors.some((e) => e.code === "invalid-sequence"), JSON.stringify(s.errors));
});

for (const [what, elements] of [["no itemListElement", undefined], ["an empty itemListElement", []]] as const) {
  test(`a list with ${what} is still a broken carousel (an error naming itemListElement)`, () => {
    const s = validateValue({ "@context": "https://schema.org", "@type": "ItemList", name: "Best cookies", itemListElement: elements }).schemas[0];
    assert.ok(s.errors.some((e) => e.property === "itemListElement"), JSON.stringify(s.errors));
  });
}

const corpus = corpusDir();
const nextSeoCustom = corpus && join(corpus, "generators/next-seo/v6-carousel-5-carousel-custom-matches.json");
if (!nextSeoCustom || !existsSync(nextSeoCustom)) {
  test.skip("next-seo custom carousel (../shared/corpus not found)", () => {});
} else {
  test("next-seo's custom carousel: no error, not eligible", () => {
    const s = validateJsonText(readFileSync(nextSeoCustom, "utf8")).schemas.find((x) => x.type === "ItemList")!;
    assert.equal(s.errors, []);
    assert.not.ok(s.rich_result_eligible);
    assert.ok(s.warnings.length <= 2 && s.warnings.every((w) => w.code === "unknown-type"), JSON.stringify(s.warnings));
  });
}

test.run();
