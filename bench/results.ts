/**
 * What a benchmark measured, kept: `recordResults("install", [...])` writes bench/results/install.json
 * (committed), from which `npm run docs:figures` fills the README's and docs' figure regions. Each file is
 * one run of one benchmark and says which: date, commit, Node, machine and its load, so a figure in the
 * docs always names the run it comes from. The shape is scripts/docs-figures/recorded-run.ts.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Figure, RecordedRun } from "../scripts/docs-figures/recorded-run.ts";

export type { Figure };

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const RESULTS_DIR = join(repoRoot, "bench", "results");

function commit(): string {
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: repoRoot, encoding: "utf8" }).trim() !== "";
    return dirty ? `${sha} with local changes` : sha;
  } catch {
    return "unknown";
  }
}

/** Writes bench/results/<file>.json for one run of `bench` (the module name `npm run bench -- <bench>` takes). */
export function recordResults(bench: string, figures: Figure[], file = bench): void {
  const recorded: RecordedRun = {
    bench,
    command: `npm run bench -- ${bench}`,
    run: {
      date: new Date().toISOString().slice(0, 10),
      commit: commit(),
      node: process.version,
      machine: `${process.platform}/${process.arch}, ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"})`,
      load: `load average ${loadavg()[0].toFixed(1)} at the end`,
    },
    figures,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `${file}.json`), `${JSON.stringify(recorded, null, 2)}\n`);
  console.log(`recorded: bench/results/${file}.json (npm run docs:figures copies it into the docs)`);
}
