/**
 * Keeps a benchmark's figures in bench/results/<name>.json for the docs: through bench/results.ts
 * (`recordResults`) where this tree has it, else in the same shape (bench, command, run, figures) written
 * here, so the Action's figures land where `npm run docs:figures` reads them either way.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface Figure {
  id: string;
  label: string;
  value: number;
  unit: string;
  digits: number;
  budget?: string;
}

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

function commit(): string {
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: repoRoot, encoding: "utf8" }).trim() !== "";
    return dirty ? `${sha} with local changes` : sha;
  } catch {
    return "unknown";
  }
}

export async function recordRun(bench: string, figures: Figure[]): Promise<void> {
  const shared = new URL("./results.ts", import.meta.url);
  if (existsSync(shared)) {
    const { recordResults } = (await import(shared.href)) as { recordResults: (bench: string, figures: Figure[]) => void };
    recordResults(bench, figures);
    return;
  }
  const run = {
    date: new Date().toISOString().slice(0, 10),
    commit: commit(),
    node: process.version,
    machine: `${process.platform}/${process.arch}, ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"})`,
    load: `load average ${loadavg()[0].toFixed(1)} at the end`,
  };
  mkdirSync(join(repoRoot, "bench/results"), { recursive: true });
  writeFileSync(join(repoRoot, "bench/results", `${bench}.json`), `${JSON.stringify({ bench, command: `npm run bench -- ${bench}`, run, figures }, null, 2)}\n`);
  console.log(`recorded: bench/results/${bench}.json`);
}
