/**
 * Issue 25: the generated value-corruption set (test/support/value-corruptions.ts) over the
 * documentation examples: at least 98 % caught with the severity the documentation's level gives,
 * and the corruptions the issue names among them, each caught. Prints the figure and every miss.
 * Skips visibly when ../shared/corpus is absent.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { corpusDir } from "../corpus-dir.ts";
import { compiledRuleSets, generateCorruptions, judge, type Outcome } from "../support/value-corruptions.ts";

const corpus = corpusDir();
if (!corpus) {
  test.skip("value corruptions of the documentation examples (../shared/corpus not found)", () => {});
} else {
  const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
  const outcomes: Outcome[] = generateCorruptions(join(corpus, "google-examples"), compiledRuleSets(repoRoot)).map(judge);
  const caught = outcomes.filter((o) => o.caught).length;
  const misses = outcomes.filter((o) => !o.caught).map((o) => `${o.corruption.file} ${o.corruption.property} (${o.corruption.kind}, expected ${o.corruption.expected}): ${o.seen}`);
  console.log(`value corruptions: ${caught} of ${outcomes.length} caught with the documented severity (${((100 * caught) / outcomes.length).toFixed(1)} %)`);
  for (const miss of misses) console.log(`  missed: ${miss}`);

  test("the set is large and covers every kind of corruption", () => {
    assert.ok(outcomes.length >= 300, `${outcomes.length} corruptions`);
    const kinds = new Set(outcomes.map((o) => o.corruption.kind));
    for (const kind of ["not a URL", "date word", "currency word", "not a member", "boolean word", "number word", "text for an object", "empty text", "bare member name"]) assert.ok(kinds.has(kind), kind);
  });

  test("at least 98 % caught with the documented severity", () => {
    assert.ok(caught / outcomes.length >= 0.98, misses.join("\n"));
  });

  // The list, where the examples give the value: each is in the set and caught.
  const NAMED: Array<[RegExp, string, string]> = [
    [/^BreadcrumbList-/, "itemListElement.item", "not a URL"],
    [/^DiscussionForumPosting-/, "video.uploadDate", "date word"],
    [/^Book-/, "dataFeedElement.workExample.bookFormat", "bare member name"],
    [/^ProductGroup-/, "hasVariant.offers.priceCurrency", "currency word"],
    [/^CreativeWork-/, "isAccessibleForFree", "boolean word"],
    [/^QAPage-/, "mainEntity.acceptedAnswer", "text for an object"],
  ];
  for (const [file, property, kind] of NAMED) {
    test(`${property} (${kind}) is in the set and caught`, () => {
      const these = outcomes.filter((o) => file.test(o.corruption.file) && o.corruption.property === property && o.corruption.kind === kind);
      assert.ok(these.length > 0, "in the set");
      for (const o of these) assert.ok(o.caught, `${o.corruption.file}: ${o.seen}`);
    });
  }
}

test.run();
