/**
 * `npm run bench`: runs every benchmark of BENCHMARKS that exists, in order, and prints its
 * report. It reports and never gates: FAIL lines are information, the exit code stays 0.
 * Inputs are read in place from ../shared/bench; without them it skips.
 */
import { existsSync } from "node:fs";
import { sharedDir, type BenchContext } from "./util.ts";

/**
 * One module per benchmark, each exporting `run(ctx: BenchContext): Promise<void>`. Names given on
 * the command line (`npm run bench -- http`) narrow the run.
 */
const wanted = process.argv.slice(2);
const BENCHMARKS = [
  "extract.ts",
  "extract-items.ts",
  "validate.ts",
  "page-truth.ts",
  "patches.ts",
  "cli.ts",
  "http.ts",
  "hostile.ts",
  "scaling.ts",
  "cache-amplification.ts",
  "sitemap.ts",
  "playground.ts",
  "install.ts",
  "action.ts",
  "render.ts",
  "audits.ts",
  "crawl.ts",
  "compile.ts",
  "lsp.ts",
].filter((b) => wanted.length === 0 || wanted.includes(b.replace(/\.ts$/, "")));

const benchDir = sharedDir("bench");
if (benchDir === null) {
  console.log("SKIP bench: ../shared/bench not found");
  process.exit(0);
}
const ctx: BenchContext = { benchDir, vocabDir: sharedDir("vocab") };

console.log(`sdv bench: Node ${process.version}, ${process.platform}/${process.arch}; medians after warm-up`);
for (const name of BENCHMARKS) {
  const url = new URL(`./${name}`, import.meta.url);
  console.log(`\n== ${name.replace(/\.ts$/, "")} ==`);
  if (!existsSync(url)) {
    console.log(`(bench/${name} not present yet: skipped)`);
    continue;
  }
  try {
    const mod = (await import(url.href)) as { run: (ctx: BenchContext) => Promise<void> };
    await mod.run(ctx);
  } catch (err) {
    // One broken benchmark must not hide the others' reports.
    console.log(`bench/${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
}
process.exit(0);
