/**
 * The docs' speed and size figures are the benchmarks' recorded runs (bench/results/*.json), copied in
 * by `npm run docs:figures`: this fails while any figure region of README.md or docs/ disagrees with them
 * (a figure edited by hand, or a bench run recorded without the docs following), and while a region
 * names a figure its run does not have.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { documentedFiles } from "../../scripts/docs-figures/documents.ts";
import { readRecordedRuns, type RecordedRun } from "../../scripts/docs-figures/recorded-run.ts";
import { fillRegions, regionsOf, renderRegion } from "../../scripts/docs-figures/regions.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const runs = readRecordedRuns(join(repoRoot, "bench", "results"));
const documents = documentedFiles(repoRoot).map((file) => ({ file, text: readFileSync(join(repoRoot, file), "utf8") }));

test("every figure region of README.md and docs/ shows what bench/results records (npm run docs:figures)", () => {
  const stale = documents.filter((d) => fillRegions(d.text, runs) !== d.text).map((d) => d.file);
  assert.equal(stale, [], "run npm run docs:figures");
});

test("the README shows the light package's install figures and the Action's, each region a figure its run has", () => {
  const regions = documents.flatMap((d) => regionsOf(d.text).map((r) => ({ ...r, file: d.file })));
  const inReadme = regions.filter((r) => r.file === "README.md").map((r) => r.name);
  assert.ok(inReadme.includes("install-light") && inReadme.includes("action"), inReadme.join(" "));
  assert.ok(runs.has("install-light"), "the light package's install is recorded");
  for (const r of regions) renderRegion(r, runs); // throws on an id the run does not have
});

const run: RecordedRun = {
  bench: "install",
  command: "npm run bench -- install",
  run: { date: "2026-11-27", commit: "abc1234", node: "v20.19.5", machine: "linux/x64, 2 cores (CPU)", load: "load average 1.0 at the end" },
  figures: [
    { id: "seconds", label: "light package: install time", value: 8.234, unit: "s", digits: 1, budget: "<= 10 s" },
    { id: "packages", label: "light package: packages installed", value: 8, unit: "", digits: 0 },
    { id: "ratio", label: "against the floor", value: 1.5, unit: "x", digits: 2 },
  ],
};

test("a region is rendered from its run: each figure with its budget, then the run it comes from", () => {
  const filled = fillRegions("before\n<!-- figures:install seconds ratio -->\nhand-typed 7 s\n<!-- /figures -->\nafter\n", new Map([["install", run]]));
  assert.is(
    filled,
    "before\n<!-- figures:install seconds ratio -->\n" +
      "- light package: install time: **8.2 s** (budget <= 10 s)\n- against the floor: **1.50x**\n\n" +
      "<sub>Measured by `npm run bench -- install` on 2026-11-27 (commit abc1234; Node v20.19.5; linux/x64, 2 cores (CPU); load average 1.0 at the end).</sub>\n" +
      "<!-- /figures -->\nafter\n",
  );
  assert.is(fillRegions(filled, new Map([["install", run]])), filled, "filling twice changes nothing");
});

test("a region naming an unknown figure fails; a run not recorded yet says how to record it", () => {
  assert.throws(() => renderRegion({ name: "install", ids: ["minutes"] }, new Map([["install", run]])), /names minutes/);
  assert.match(renderRegion({ name: "action", ids: [] }, new Map()), /Not measured yet: `npm run bench -- action`/);
});

test.run();
