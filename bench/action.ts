/**
 * The GitHub Action's time to its first result: `node action/dist/index.mjs` run as the runner runs it
 * (INPUT_* variables, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, the workspace as working directory), from a
 * folder holding only what the action needs of the repository (the bundle and schema/: no node_modules),
 * on a small folder of ../shared/bench (its JSON-LD files and two pages, read in place). Figures: the time
 * to the first annotation and to the step's end (medians of 7 runs after a warm-up; target under 3 s),
 * and the bundle's size. The composite action it replaced installed 336 packages first (about 53 s).
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, type BenchContext } from "./util.ts";
import { recordResults, type Figure } from "./results.ts";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const RUNS = 7;

interface Timed {
  firstResultMs: number;
  totalMs: number;
  code: number;
}

function runOnce(actionDir: string, workspace: string, inputs: string): Promise<Timed> {
  const files = mkdtempSync(join(tmpdir(), "sdv-bench-action-files-"));
  writeFileSync(join(files, "output"), "");
  writeFileSync(join(files, "summary"), "");
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: join(files, "output"),
    GITHUB_STEP_SUMMARY: join(files, "summary"),
    RUNNER_TEMP: files,
    INPUT_COMMAND: "validate",
    INPUT_INPUTS: inputs,
    INPUT_PROFILE: "google",
    "INPUT_MIN-SCORE": "0",
    "INPUT_FAIL-ON": "error",
    INPUT_ANNOTATIONS: "true",
    "INPUT_STEP-SUMMARY": "true",
    "INPUT_SARIF-FILE": "sdv.sarif",
    "INPUT_UPLOAD-SARIF": "false",
  };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(actionDir, "action/dist/index.mjs")], { cwd: workspace, env, stdio: ["ignore", "pipe", "ignore"] });
    let firstResultMs = -1;
    let pending = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (firstResultMs >= 0) return;
      pending += chunk.toString("utf8");
      if (/^::(error|warning|notice) /m.test(pending)) firstResultMs = performance.now() - started;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const totalMs = performance.now() - started;
      rmSync(files, { recursive: true, force: true });
      resolve({ firstResultMs: firstResultMs < 0 ? totalMs : firstResultMs, totalMs, code: code ?? -1 });
    });
  });
}

export async function run(ctx: BenchContext): Promise<void> {
  const bundle = join(repoRoot, "action/dist/index.mjs");
  if (!existsSync(bundle)) {
    console.log("SKIP action: action/dist/index.mjs missing (npm run build:action)");
    return;
  }
  const scratch = mkdtempSync(join(tmpdir(), "sdv-bench-action-"));
  try {
    // What the action reads of its own folder: the bundle, and schema/ when a config file is given.
    const actionDir = join(scratch, "action-folder");
    mkdirSync(join(actionDir, "action/dist"), { recursive: true });
    cpSync(bundle, join(actionDir, "action/dist/index.mjs"));
    cpSync(join(repoRoot, "schema"), join(actionDir, "schema"), { recursive: true });
    const workspace = join(scratch, "workspace");
    mkdirSync(workspace);
    const inputs = [join(ctx.benchDir, "jsonld"), join(ctx.benchDir, "html/small.html"), join(ctx.benchDir, "html/typical.html")].map((p) => `'${p}'`).join(" ");

    await runOnce(actionDir, workspace, inputs); // warm-up: the file cache, as on a runner after checkout
    const runs: Timed[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce(actionDir, workspace, inputs));
    const first = median(runs.map((r) => r.firstResultMs));
    const total = median(runs.map((r) => r.totalMs));
    const mb = statSync(bundle).size / 1024 / 1024;
    console.log(`action: exit ${runs[0].code}; first result ${(first / 1000).toFixed(2)} s, whole step ${(total / 1000).toFixed(2)} s (median of ${RUNS}); bundle ${mb.toFixed(1)} MB`);
    console.log(`${first < 3000 ? "PASS" : "FAIL"} action time to first result < 3 s`);
    const figures: Figure[] = [
      { id: "first-result", label: "the Action's time to its first annotation for a small folder (8 files), nothing installed", value: first / 1000, unit: "s", digits: 2, budget: "< 3 s" },
      { id: "step", label: "the Action's whole step for the same folder (report, annotations, step summary)", value: total / 1000, unit: "s", digits: 2 },
      { id: "bundle", label: "the Action's one committed file (action/dist/index.mjs)", value: mb, unit: "MB", digits: 1 },
    ];
    recordResults("action", figures);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
