/**
 * Hostile Microdata and RDFa: deep nesting, itemref cycles, huge attribute counts. Each must end
 * quickly (generous bound: these are not benchmarks), without a stack overflow, with a bounded
 * answer and an issue saying what was cut.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml } from "../../../runtime/validate.ts";
import { MAX_ITEMS, MAX_VALUES } from "../../../runtime/extract/item-block.ts";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { corpusDir } from "../../corpus-dir.ts";

const GENEROUS_MS = 10_000;

function timed<T>(fn: () => T): [T, number] {
  const t0 = performance.now();
  const value = fn();
  return [value, performance.now() - t0];
}

const CASES: Array<[string, () => string, { truncated: boolean }]> = [
  ["10,000 nested itemscopes", () => `<div itemscope itemtype="https://schema.org/Thing">` + `<div itemprop="subjectOf" itemscope itemtype="https://schema.org/Thing">`.repeat(10_000) + "</div>".repeat(10_001), { truncated: true }],
  ["10,000 nested itemscopes, end tags omitted", () => `<div itemscope itemtype="https://schema.org/Thing">` + `<span itemprop="subjectOf" itemscope itemtype="https://schema.org/Thing">`.repeat(10_000), { truncated: true }],
  [
    "an itemref cycle",
    () => `<div id="a" itemscope itemtype="https://schema.org/Person" itemref="b"><span itemprop="name">A</span></div><div id="b" itemprop="knows" itemscope itemtype="https://schema.org/Person" itemref="a"><span itemprop="name">B</span></div>`,
    { truncated: false },
  ],
  ["an item that itemrefs itself and its ancestor", () => `<div id="x" itemscope itemtype="https://schema.org/Thing" itemref="x y"><div id="y" itemref="x"><span itemprop="name">N</span></div></div>`, { truncated: false }],
  ["100,000 property attributes", () => `<div vocab="https://schema.org/" typeof="Thing">` + `<span property="name">n</span>`.repeat(100_001) + "</div>", { truncated: true }],
  ["100,000 itemprop attributes", () => `<div itemscope itemtype="https://schema.org/Thing">` + `<span itemprop="name">n</span>`.repeat(100_001) + "</div>", { truncated: true }],
  ["20,000 top-level items", () => `<div itemscope itemtype="https://schema.org/Thing"><span itemprop="name">n</span></div>`.repeat(20_000), { truncated: true }],
  ["10,000 nested typeof", () => `<div vocab="https://schema.org/" typeof="Thing">` + `<div property="subjectOf" typeof="Thing">`.repeat(10_000) + "</div>".repeat(10_001), { truncated: true }],
  ["an RDFa cycle through resource", () => `<div vocab="https://schema.org/"><div typeof="Thing" resource="#a"><link property="sameAs" href="#b"></div><div typeof="Thing" resource="#b"><link property="sameAs" href="#a"></div></div>`, { truncated: false }],
  ["an unterminated tag at the end", () => `<div itemscope itemtype="https://schema.org/Thing"><span itemprop="name" title="`, { truncated: false }],
  ["10,000 nested itemprop elements taking their text", () => `<div itemscope itemtype="https://schema.org/Thing">` + `<div itemprop="description">x`.repeat(10_000), { truncated: true }],
];

for (const [name, make, expected] of CASES) {
  test(`hostile: ${name}`, () => {
    const html = make();
    const [result, ms] = timed(() => validateHtml(html));
    assert.ok(ms < GENEROUS_MS, `${ms} ms`);
    assert.ok(result.schemas.length <= MAX_ITEMS + 1, `${result.schemas.length} results`);
    const cut = result.schemas.some((s) => s.errors.some((e) => e.code === "too-large" || e.code === "too-deep"));
    assert.is(cut, expected.truncated, JSON.stringify(result.schemas.flatMap((s) => s.errors.map((e) => e.message))).slice(0, 500));
    const size = JSON.stringify(result).length;
    assert.ok(size < 50_000_000, `answer of ${size} bytes`);
  });
}

test("hostile: the value cap is what the message says", () => {
  const html = `<div itemscope itemtype="https://schema.org/Thing">` + `<meta itemprop="name" content="n">`.repeat(MAX_VALUES + 5) + "</div>";
  const result = validateHtml(html);
  const issue = result.schemas.flatMap((s) => s.errors).find((e) => e.code === "too-large");
  assert.ok(issue && issue.message.includes(String(MAX_VALUES)), issue?.message);
});

const corpus = corpusDir();
if (corpus) {
  test("hostile: every Microdata/RDFa example of the corpus cut short at many places still validates", () => {
    let runs = 0;
    for (const folder of ["formats/google-microdata", "formats/google-rdfa", "formats/w3c"]) {
      for (const name of readdirSync(join(corpus, folder)).filter((f) => f.endsWith(".html"))) {
        const html = readFileSync(join(corpus, folder, name), "utf8");
        for (let cut = 1; cut < html.length; cut += 211) {
          try {
            validateHtml(html.slice(0, cut));
            // Markup out of order: the second half first.
            validateHtml(html.slice(cut) + html.slice(0, cut));
          } catch (err) {
            assert.unreachable(`${folder}/${name} cut at ${cut}: ${(err as Error).stack}`);
          }
          runs += 2;
        }
      }
    }
    assert.ok(runs > 300, `${runs} runs`);
  });
} else {
  test.skip("hostile: corpus cuts (../shared/corpus not found)", () => {});
}

test.run();
