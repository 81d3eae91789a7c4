/**
 * `npm run docs:figures`: fills the figure regions of README.md and docs/**\/*.md from the benchmarks'
 * recorded runs (bench/results/*.json, written by `npm run bench`), so the docs' speed and size figures are
 * measured, never typed. `--check` changes nothing and exits 1 naming each file whose regions disagree
 * with the recorded runs (test/docs/figures.test.ts does the same in `npm test`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { documentedFiles } from "./docs-figures/documents.ts";
import { readRecordedRuns } from "./docs-figures/recorded-run.ts";
import { fillRegions } from "./docs-figures/regions.ts";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const check = process.argv.includes("--check");
const runs = readRecordedRuns(join(repoRoot, "bench", "results"));
const stale: string[] = [];
for (const file of documentedFiles(repoRoot)) {
  const path = join(repoRoot, file);
  const before = readFileSync(path, "utf8");
  const after = fillRegions(before, runs);
  if (after === before) continue;
  stale.push(file);
  if (!check) writeFileSync(path, after);
}
if (check && stale.length > 0) {
  console.error(`docs:figures: figures differ from bench/results in ${stale.join(", ")}; run npm run docs:figures`);
  process.exit(1);
}
console.log(stale.length === 0 ? "docs:figures: every figure region is current" : `docs:figures: updated ${stale.join(", ")}`);
