/**
 * The GitHub Action (action.yml) run locally: its "Run sdv" step's shell script, with the step's env
 * filled from the inputs as the runner would, `sdv` on PATH running this checkout, against corpus files.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { corpusDir } from "../corpus-dir.ts";
import { repoRoot, tsxLoader } from "../cli/sdv-process.ts";

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string; required?: boolean }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(`${repoRoot}action.yml`, "utf8")) as Action;

test("action.yml is a composite action that runs sdv and uploads SARIF", () => {
  assert.is(action.runs.using, "composite");
  const run = action.runs.steps.find((s) => s.id === "sdv");
  assert.ok(run?.run, "a step with id sdv runs a script");
  const upload = action.runs.steps.find((s) => s.uses?.startsWith("github/codeql-action/upload-sarif@"));
  assert.ok(upload, "SARIF is uploaded to code scanning");
  assert.is(upload!.with!.sarif_file, "${{ inputs.sarif-file }}");
  for (const s of action.runs.steps) if (s.run) assert.is(s.shell, "bash", "composite run steps name their shell");
});

/** The step's env as the runner computes it: `${{ inputs.x }}` replaced by the given or default value. */
function stepEnv(step: Step, given: Record<string, string>): Record<string, string> {
  const value = (name: string) => given[name] ?? action.inputs[name]?.default ?? "";
  return Object.fromEntries(
    Object.entries(step.env ?? {}).map(([k, v]) => [k, v.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name: string) => value(name))]),
  );
}

function runStep(given: Record<string, string>, cwd: string): { code: number | null; output: Record<string, string>; stderr: string } {
  const step = action.runs.steps.find((s) => s.id === "sdv")!;
  const shim = mkdtempSync(join(tmpdir(), "sdv-action-bin-"));
  writeFileSync(join(shim, "sdv"), `#!/bin/sh\nexec "${process.execPath}" --import "${tsxLoader}" "${repoRoot}cli/sdv.ts" "$@"\n`);
  chmodSync(join(shim, "sdv"), 0o755);
  const outputFile = join(cwd, "github-output");
  writeFileSync(outputFile, "");
  const { FORCE_COLOR: _ignored, ...inherited } = process.env;
  const child = spawnSync("bash", ["-e", "-c", step.run!], {
    cwd,
    encoding: "utf8",
    env: { ...inherited, ...stepEnv(step, given), PATH: `${shim}:${process.env.PATH}`, GITHUB_OUTPUT: outputFile, NODE_OPTIONS: "" },
  });
  const output = Object.fromEntries(
    readFileSync(outputFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => l.split("=", 2) as [string, string]),
  );
  return { code: child.status, output, stderr: child.stderr };
}

const corpus = corpusDir();
if (!corpus) {
  test.skip("the action's command against corpus files (../shared/corpus not found)", () => {});
} else {
  test("the action's command validates corpus files into a SARIF file and reports the exit code", () => {
    const work = mkdtempSync(join(tmpdir(), "sdv-action-"));
    const examples = join(corpus, "google-examples");
    const files = readdirSync(examples).filter((f) => f.endsWith(".json")).slice(0, 3).map((f) => join(examples, f));
    const r = runStep({ inputs: files.join(" "), "fail-on": "never" }, work);
    assert.is(r.code, 0, r.stderr);
    assert.is(r.output["exit-code"], "0");
    const sarif = JSON.parse(readFileSync(join(work, "sdv.sarif"), "utf8"));
    assert.is(sarif.version, "2.1.0");
    assert.is(sarif.runs[0].artifacts.length, files.length);

    // A broken file with the default fail-on: the step itself succeeds (so SARIF is uploaded), exit-code says 1.
    const broken = join(work, "broken.json");
    writeFileSync(broken, JSON.stringify({ "@context": "https://schema.org", "@type": "Event", name: "x" }, null, 2));
    const failing = runStep({ inputs: `${broken} ${join(work, "*.nomatch")}`, "sarif-file": "report.sarif", "min-score": "10" }, work);
    assert.is(failing.code, 0, failing.stderr);
    assert.is(failing.output["exit-code"], "2", "the glob matching nothing is an unusable input");
    assert.ok(existsSync(join(work, "report.sarif")));
    const unwritable = runStep({ inputs: broken, "sarif-file": "no/such/dir/report.sarif" }, work);
    assert.is(unwritable.output["exit-code"], "2");
    assert.match(unwritable.stderr, /cannot write the report to no\/such\/dir\/report\.sarif: ENOENT/);
    const one = runStep({ inputs: broken }, work);
    assert.is(one.output["exit-code"], "1");
    assert.match(one.stderr, /sdv: exit 1: 2 errors in 1 of 1 input/);
  });
}

test.run();
