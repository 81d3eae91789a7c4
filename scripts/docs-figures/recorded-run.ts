/**
 * One run of one benchmark as bench/results/<name>.json keeps it (written by bench/results.ts): what was
 * measured, and which run measured it, so every figure the docs show names its run.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface Figure {
  /** Stable within its file: the docs' regions may name it. */
  id: string;
  /** What was measured, as the docs word it. */
  label: string;
  value: number;
  /** `s`, `ms`, `MB`, `MB/s`, `x` (a ratio), `` (a count)... */
  unit: string;
  /** Decimals to show. */
  digits: number;
  /** The budget it is held to, as text (`<= 10 s`), when there is one. */
  budget?: string;
}

export interface RecordedRun {
  bench: string;
  command: string;
  run: { date: string; commit: string; node: string; machine: string; load: string };
  figures: Figure[];
}

/** Every bench/results/*.json under `dir`, by file name without `.json`; a malformed file throws, naming it. */
export function readRecordedRuns(dir: string): Map<string, RecordedRun> {
  const runs = new Map<string, RecordedRun>();
  if (!existsSync(dir)) return runs;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    const parsed = JSON.parse(readFileSync(join(dir, file), "utf8")) as RecordedRun;
    const problem = shapeProblem(parsed);
    if (problem !== null) throw new Error(`bench/results/${file}: ${problem}`);
    runs.set(file.slice(0, -".json".length), parsed);
  }
  return runs;
}

function shapeProblem(r: RecordedRun): string | null {
  if (typeof r.bench !== "string" || typeof r.command !== "string") return "bench and command must be text";
  if (r.run === undefined || !["date", "commit", "node", "machine", "load"].every((k) => typeof (r.run as Record<string, unknown>)[k] === "string"))
    return "run must give date, commit, node, machine and load";
  if (!Array.isArray(r.figures)) return "figures must be a list";
  for (const f of r.figures) {
    if (typeof f.id !== "string" || typeof f.label !== "string" || typeof f.unit !== "string") return "each figure needs id, label and unit";
    if (typeof f.value !== "number" || !Number.isFinite(f.value) || !Number.isInteger(f.digits)) return `figure ${f.id}: value must be a number and digits a whole number`;
  }
  return null;
}
