/**
 * action.yml run as the GitHub runner runs a JavaScript action: `node <runs.main>` from the action's
 * folder, the working directory the workspace, every input as INPUT_<NAME> (upper-cased, spaces to
 * underscores, dashes kept: INPUT_MIN-SCORE), the default filled in where the workflow gives none
 * (`${{ github.token }}` evaluated), GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files of the step,
 * GITHUB_WORKSPACE, RUNNER_TEMP and the job's environment. The step's outputs are read back from
 * GITHUB_OUTPUT (`name=value` lines and `name<<DELIMITER` blocks).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

export interface ActionManifest {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, { description: string; value?: string }>;
  runs: { using: string; main: string };
}

export interface StepRun {
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** Wall time from the spawn to the process's exit, in milliseconds. */
  ms: number;
}

export const readManifest = (path: string): ActionManifest => parse(readFileSync(path, "utf8")) as ActionManifest;

/** `key=value` lines and `key<<DELIM ... DELIM` blocks of a GITHUB_OUTPUT file. */
export function readOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]);
    if (heredoc) {
      const body: string[] = [];
      for (i++; i < lines.length && lines[i] !== heredoc[2]; i++) body.push(lines[i]);
      out[heredoc[1]] = body.join("\n");
    } else if (lines[i].includes("=")) {
      const at = lines[i].indexOf("=");
      out[lines[i].slice(0, at)] = lines[i].slice(at + 1);
    }
  }
  return out;
}

export interface RunOptions {
  actionPath: string;
  workspace: string;
  /** The inputs the workflow's `with:` gives; the others take action.yml's defaults. */
  with: Record<string, string>;
  /** The job's environment beyond the runner's own variables (GITHUB_API_URL, GITHUB_SHA...). */
  env?: Record<string, string>;
  token?: string;
}

/** The runner's evaluation of the `${{ }}` defaults action.yml uses. */
function evaluateDefault(value: string, token: string): string {
  return value.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, e: string) => {
    if (e === "github.token") return token;
    throw new Error(`js-runner: no value for ${e}`);
  });
}

export function runAction(manifest: ActionManifest, options: RunOptions): Promise<StepRun> {
  for (const name of Object.keys(options.with)) if (!(name in manifest.inputs)) throw new Error(`js-runner: action.yml has no input ${name}`);
  const files = mkdtempSync(join(options.workspace, "..", "runner-files-"));
  const output = join(files, "output");
  const summary = join(files, "summary");
  writeFileSync(output, "");
  writeFileSync(summary, "");
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(manifest.inputs)) {
    inputs[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] = options.with[name] ?? evaluateDefault(spec.default ?? "", options.token ?? "");
  }
  // An enclosing `npm test` must not leak its npm_config_* or a test's NODE_OPTIONS into the action.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith("npm_") && !k.startsWith("INPUT_") && k !== "NODE_OPTIONS" && k !== "FORCE_COLOR"));
  const env: Record<string, string> = {
    ...(inherited as Record<string, string>),
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_WORKSPACE: options.workspace,
    RUNNER_TEMP: files,
    RUNNER_OS: "Linux",
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    ...options.env,
    ...inputs,
  };
  const started = performance.now();
  const child = spawn(process.execPath, [join(options.actionPath, manifest.runs.main)], { cwd: options.workspace, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = performance.now() - started;
      const run = { code: code ?? 1, stdout, stderr, outputs: readOutputs(readFileSync(output, "utf8")), summary: readFileSync(summary, "utf8"), ms };
      rmSync(files, { recursive: true, force: true });
      resolve(run);
    });
  });
}

/** The workflow commands of one kind (`::error ...`) the step printed. */
export const commandsIn = (run: StepRun, kind: string): string[] => run.stdout.split("\n").filter((l) => l.startsWith(`::${kind} `) || l.startsWith(`::${kind}::`));
