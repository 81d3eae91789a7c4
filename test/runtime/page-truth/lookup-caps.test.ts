/**
 * The caps on how much of a page the text look-ups read (text-match.ts: MAX_CANDIDATES a look-up,
 * MAX_PAGE_CANDIDATES a page): a look-up a cap stops has not read every place its value could be, so
 * a value it did not find is not reported (no false not-visible), and one it found still counts. Keys
 * asked again are answered from what was found before.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ShownText } from "../../../runtime/page-truth/text-match.ts";
import { truthIssues, page, jsonLd, product } from "./helpers.ts";

test("a word on the page more often than a look-up reads: not found is no answer", () => {
  // "an" and "bo" both 30,000 times, never "an bo": every place of the anchor word has to be read.
  const text = new ShownText("an cc bo cc ".repeat(30_000));
  assert.is(text.shows("an bo"), false);
  assert.is(text.takeStopped(), true, "the look-up stopped at its cap");
  assert.is(text.takeStopped(), false, "taken once");
  // The twin: a key whose word is rare is read to the end, and its answer is an answer.
  const rare = new ShownText(`${"an cc bo cc ".repeat(30_000)} zed bo`);
  assert.is(rare.shows("zed an"), false);
  assert.is(rare.takeStopped(), false);
  assert.is(rare.shows("zed bo"), true);
});

test("the page's occurrences are shared: past them a value is not looked up, and not reported", () => {
  const names = Array.from({ length: 40 }, (_, i) => `Anvil Model ${"x".repeat(i + 1)}`);
  // Every word of every name is on the page, 1,500 times, never together: each look-up reads 1,500 places.
  const filler = `${names.map((n) => n.split(" ").join(" and ")).join(" ")} `.repeat(1_500 / 40 + 1);
  const body = `<p>${filler}</p>`;
  const issues = truthIssues(page(body, names.map((name, i) => jsonLd(product({ name, sku: `S${i}`, offers: undefined, aggregateRating: undefined }))).join("")));
  const reported = issues.filter((i) => i === "Product not-visible name").length;
  assert.ok(reported > 0, "the first names are looked up and reported");
  assert.ok(reported < 40, `the last ones are past the page's cap (${reported} reported)`);
});

test("a name asked again is answered as the first time, shown or not", () => {
  const text = new ShownText("the executive anvil, in stock");
  for (let round = 0; round < 3; round++) {
    assert.is(text.shows("executive anvil"), true);
    assert.is(text.shows("executive hammer"), false);
  }
});

test("300 names of common words with 23 brands each, in 33 KB: every name reported, the one shown not", () => {
  const key = `${"an ".repeat(24)}c0 an`;
  const brand = Array.from({ length: 23 }, (_, i) => "an ".repeat(i + 1).trim());
  const graph = Array.from({ length: 10 }, (_, i) => ({ "@type": "Product", "@id": `#p${i}`, name: Array(30).fill(key), brand }));
  graph.push({ "@type": "Product", "@id": "#shown", name: ["an an"], brand });
  const html = `<html lang="en"><body><p>${"an ".repeat(1950)}</p>${jsonLd({ "@context": "https://schema.org", "@graph": graph })}</body></html>`;
  const issues = truthIssues(html, "https://a.example/p");
  assert.is(issues.filter((i) => i === "Product not-visible name").length, 300);
});

test.run();
