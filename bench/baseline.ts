/**
 * `BENCH_BASELINE=<git revision> npm run bench`: the benchmarks that support it add a row for the same
 * code at that revision, measured in the same run, so a refactor shows "as fast" side by side rather
 * than across two runs on a shared machine. The revision's `runtime/` is written to a temporary folder
 * (git archive) and its modules imported from there; nothing is kept in the repository.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { errorMessage } from "./util.ts";

let root: string | null | undefined;

/** The revision named by BENCH_BASELINE, or null. */
export function baselineRevision(): string | null {
  return process.env.BENCH_BASELINE?.trim() || null;
}

/** A module of the baseline revision (`runtime/extract/extract-jsonld.ts`), or the reason it cannot be had. */
export async function importBaseline<T>(path: string): Promise<T | string> {
  const rev = baselineRevision();
  if (rev === null) return "BENCH_BASELINE not set";
  if (root === null) return `baseline ${rev} could not be written`;
  try {
    if (root === undefined) {
      const dir = mkdtempSync(join(tmpdir(), "sdv-baseline-"));
      const repo = new URL("..", import.meta.url);
      const archive = execFileSync("git", ["archive", rev, "runtime"], { cwd: repo, maxBuffer: 64 << 20 });
      execFileSync("tar", ["-x", "-C", dir], { input: archive });
      // Without it the sources would load as CommonJS, which runs slower and would tilt the comparison.
      writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
      root = dir;
    }
    return (await import(pathToFileURL(join(root!, path)).href)) as T;
  } catch (err) {
    root = null;
    return `baseline ${rev}: ${errorMessage(err)}`;
  }
}
