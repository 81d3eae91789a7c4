/**
 * Machine instructions per validation of a JSON-LD document, for telling two builds apart when wall
 * time cannot: on these shared machines one build's bench ratio reads 1.45x to 1.75x from one process
 * to the next, larger than most single changes. On a quiet machine the count repeats within about 1%
 * (under load it read up to 19% higher: V8 still reads the clock for some heuristics, so count both
 * builds in one quiet sitting, each twice, and take the lower): valgrind runs the
 * child in one thread with V8's --single-threaded --predictable, twice (WARM validations, then WARM +
 * COUNTED), and the difference divided by COUNTED leaves out start-up, loading and compiling.
 * Instructions are not time (a cache miss costs more than an add), so a change that the count favours
 * is still confirmed by `npm run bench -- validate`; a change it does not favour is no gain.
 *
 *   node --import tsx scripts/instructions.ts DIST DOC.json [DIST2 ...]
 *   (DIST: a tsc build's directory, e.g. dist; DOC: e.g. ../shared/bench/jsonld/breadcrumb.json)
 *   node --import tsx scripts/instructions.ts [--before] DIST PAGE.html [DIST2 ...]
 *   (the whole-page report of bench/page-truth.ts, with the page truth checks, or, with --before, as
 *   it was before them; fewer validations, as a page costs a hundred times a document)
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const before = args.includes("--before");
const doc = args.find((a) => a.endsWith(".json") || a.endsWith(".html"));
const page = doc?.endsWith(".html") ?? false;
const WARM = page ? 300 : 20_000;
const COUNTED = page ? 300 : 20_000;
const child = fileURLToPath(new URL("./instructions/validate-loop.mjs", import.meta.url));

function instructions(dist: string, doc: string, counted: number): number {
  const run = spawnSync(
    "valgrind",
    ["--tool=cachegrind", "--cache-sim=no", "--smc-check=all-non-file", "--cachegrind-out-file=/dev/null", process.execPath, "--single-threaded", "--predictable", child, dist, doc, String(WARM), String(counted), before ? "before" : "with"],
    { encoding: "utf8", maxBuffer: 1 << 24 },
  );
  if (run.error) throw new Error(`valgrind could not run (${run.error.message}): install it (apt-get install valgrind)`);
  const line = /I\s+refs:\s+([\d,]+)/.exec(run.stderr ?? "");
  if (line === null || run.status !== 0) throw new Error(`no count from valgrind (exit ${run.status}): ${(run.stderr ?? "").trim().split("\n").slice(-3).join(" | ")}`);
  return Number(line[1].replaceAll(",", ""));
}

const dists = args.filter((a) => a !== doc && a !== "--before");
if (doc === undefined || dists.length === 0) {
  console.error("usage: scripts/instructions.ts [--before] DIST [DIST2 ...] DOC.json|PAGE.html");
  process.exit(2);
}
const docPath = resolve(doc);
for (const dist of dists) {
  const dir = resolve(dist);
  const perValidation = (instructions(dir, docPath, COUNTED) - instructions(dir, docPath, 0)) / COUNTED;
  console.log(`${dist}  ${doc}  ${Math.round(perValidation)} instructions per ${page ? (before ? "report before the checks" : "whole-page report") : "validation"}`);
}
