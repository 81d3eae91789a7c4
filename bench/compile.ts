/**
 * `npm run compile:check` before and after the emitters printed their layout directly
 * (compiler/emit/code.ts) instead of building ts-morph trees and running its formatter.
 * "Before" is the tree of the commit preceding the one that removed compiler/emit/source.ts (the
 * ts-morph printer), unpacked with `git archive` into a temporary folder that borrows this
 * checkout's node_modules; each side runs its own `compiler/cli.ts --check` over its own rules-src/
 * and generated/, as a whole process, alternately. Budget: after at least 2x faster.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, printTable, type BenchContext } from "./util.ts";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const RUNS = 3;

function wallMs(root: string): { ms: number; status: number | null } {
  const t0 = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ["--import", "tsx", join(root, "compiler/cli.ts"), "--check"], { cwd: root, encoding: "utf8" });
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, status: child.status };
}

/** The parent of the commit that removed the ts-morph printer, or null outside a git checkout / without that history. */
function beforeCommit(): string | null {
  try {
    const removal = execFileSync("git", ["rev-list", "-1", "HEAD", "--", "compiler/emit/source.ts"], { cwd: repoRoot, encoding: "utf8" }).trim();
    return removal ? `${removal}^` : null;
  } catch {
    return null;
  }
}

export async function run(_ctx: BenchContext): Promise<void> {
  const before = beforeCommit();
  if (before === null) {
    console.log("compile: n/a: no git history with compiler/emit/source.ts");
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "sdv-bench-compile-"));
  try {
    const archive = execFileSync("git", ["archive", before, "package.json", "compiler", "runtime", "rules-src", "generated"], { cwd: repoRoot, maxBuffer: 512 * 1024 * 1024 });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
    symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
    const sides = { before: [] as number[], after: [] as number[] };
    const status = { before: wallMs(dir).status, after: wallMs(repoRoot).status }; // also warms the file cache
    for (let i = 0; i < RUNS; i++) {
      // Alternating which side goes first, so a load spike or a warmer cache favours neither.
      const order: Array<["before" | "after", string]> = i % 2 === 0 ? [["before", dir], ["after", repoRoot]] : [["after", repoRoot], ["before", dir]];
      for (const [side, root] of order) sides[side].push(wallMs(root).ms);
    }
    const [b, a] = [median(sides.before), median(sides.after)];
    printTable([
      ["compile:check (whole process)", "median ms", "exit"],
      [`before (${before.slice(0, 7)}^, ts-morph formatText)`, b.toFixed(0), String(status.before)],
      ["after (compiler/emit/code.ts)", a.toFixed(0), String(status.after)],
    ]);
    const ratio = b / a;
    console.log(`${ratio >= 2 ? "PASS" : "FAIL"} compile:check ${ratio.toFixed(2)}x faster (budget >= 2x; ${RUNS} runs each, alternating)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
