/**
 * The command line as users run it, whole processes timed from outside:
 * - cold start: `sdv validate <small file>` (bin/sdv.js -> the bundle in dist/cli/) against `node -e 0`,
 *   runs interleaved (which one goes first alternates), medians and the median of the per-pair ratios
 *   with its interquartile range; budget <= 2x.
 * - a directory in one process: `sdv validate <google-examples>` against Adobe's validator (with
 *   web-auto-extractor for pages) over the same files in one process; budget: not slower.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { recordResults, type Figure } from "./results.ts";
import { median, quantile, sharedDir, type BenchContext } from "./util.ts";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const COLD_RUNS = 41;
const DIR_RUNS = 5;

function wallMs(args: string[]): { ms: number; status: number | null; stdout: string } {
  const t0 = process.hrtime.bigint();
  const child = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1" } });
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, status: child.status, stdout: child.stdout };
}


/**
 * Both commands run alternately, so a load spike on the machine hits both sides alike; which one goes
 * first alternates too (a run right after another may find warmer caches). Returns every pair's times.
 */
function pairs(a: string[], b: string[], runs: number): { as: number[]; bs: number[] } {
  const as: number[] = [];
  const bs: number[] = [];
  wallMs(a);
  wallMs(b); // warm the file cache
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      as.push(wallMs(a).ms);
      bs.push(wallMs(b).ms);
    } else {
      bs.push(wallMs(b).ms);
      as.push(wallMs(a).ms);
    }
  }
  return { as, bs };
}

function interleaved(a: string[], b: string[], runs: number): [number, number] {
  const { as, bs } = pairs(a, b, runs);
  return [median(as), median(bs)];
}

export async function run(_ctx: BenchContext): Promise<void> {
  const bin = join(repoRoot, "bin/sdv.js");
  if (!existsSync(join(repoRoot, "dist/cli/sdv.js"))) {
    console.log("cli: n/a: dist/ not built (npm run bench builds it)");
    return;
  }
  const small = join(mkdtempSync(join(tmpdir(), "sdv-bench-")), "event.json");
  writeFileSync(small, JSON.stringify({ "@context": "https://schema.org", "@type": "Event", name: "Jazz", startDate: "2026-07-21T19:00-05:00" }));
  const { as: floors, bs: colds } = pairs(["-e", "0"], [bin, "validate", small, "--format", "json"], COLD_RUNS);
  const ratios = colds.map((c, i) => c / floors[i]);
  const coldX = median(ratios);
  console.log(
    `cold start: node -e 0 ${median(floors).toFixed(0)} ms; sdv validate <small file> ${median(colds).toFixed(0)} ms = ${coldX.toFixed(2)}x ` +
      `(median of ${COLD_RUNS} side-by-side pairs; interquartile range of the ratio ${quantile(ratios, 0.25).toFixed(2)}-${quantile(ratios, 0.75).toFixed(2)}x)`,
  );
  console.log(`cold start budget: sdv <= 2x node -e 0: ${coldX <= 2 ? "PASS" : "FAIL"}`);
  const figures: Figure[] = [
    { id: "cold.ratio", label: "`sdv validate` of one small file against `node -e 0` (cold start, median of side-by-side pairs)", value: coldX, unit: "x", digits: 2, budget: "<= 2x" },
    { id: "cold.ms", label: "`sdv validate` of one small file, wall time", value: median(colds), unit: "ms", digits: 0 },
  ];
  const directory = directoryAgainstAdobe();
  if (directory !== null) figures.push(directory);
  recordResults("cli", figures);
}

/** The directory rows, as a figure, or null (said why) when the corpus, the vocabulary or Adobe's validator is missing. */
function directoryAgainstAdobe(): Figure | null {
  const bin = join(repoRoot, "bin/sdv.js");
  const corpus = sharedDir("corpus");
  const vocabDir = sharedDir("vocab");
  const examples = corpus && join(corpus, "google-examples");
  const vocab = vocabDir && join(vocabDir, "schemaorg-all-https-v29.4.jsonld");
  if (!examples || !existsSync(examples) || !vocab || !existsSync(vocab)) {
    console.log("directory: n/a: ../shared/corpus/google-examples or ../shared/vocab not found");
    return null;
  }
  const files = readdirSync(examples)
    .filter((f) => /\.(json|jsonld|html?)$/i.test(f))
    .sort()
    .map((f) => join(examples, f));
  const ours = [bin, "validate", examples, "--format", "json", "--fail-on", "never"];
  const theirs = [join(repoRoot, "bench/adobe-validate-files.mjs"), vocab, ...files];
  const check = wallMs(theirs);
  const adobeOut = JSON.parse(check.stdout.trim().split("\n").pop() || "{}") as { error?: string; failed?: number };
  if (adobeOut.error) {
    console.log(`directory: adobe n/a: ${adobeOut.error}`);
    return null;
  }
  const sdvOut = JSON.parse(wallMs(ours).stdout) as { inputs: number; summary: { validated: number } };
  const [sdvMs, adobeMs] = interleaved(ours, theirs, DIR_RUNS);
  console.log(
    `directory of ${files.length} Google examples, one process each: sdv ${sdvMs.toFixed(0)} ms (${sdvOut.summary.validated}/${sdvOut.inputs} validated); ` +
      `adobe ${adobeMs.toFixed(0)} ms (${files.length - (adobeOut.failed ?? 0)}/${files.length} read) = sdv ${(sdvMs / adobeMs).toFixed(2)}x adobe (medians of ${DIR_RUNS})`,
  );
  console.log(`directory budget: sdv not slower than adobe: ${sdvMs <= adobeMs ? "PASS" : "FAIL"}`);
  return { id: "directory.ratio", label: `a directory of ${files.length} Google examples in one process, sdv's time against Adobe's validator's`, value: sdvMs / adobeMs, unit: "x", digits: 2, budget: "not slower: <= 1x" };
}
