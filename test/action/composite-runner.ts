/**
 * action.yml's steps run as the GitHub runner runs a composite action: each `run:` script written to a
 * file and started with `bash --noprofile --norc -eo pipefail`, in the workspace, with the runner's
 * variables (GITHUB_ACTION_PATH, GITHUB_WORKSPACE, RUNNER_TEMP, RUNNER_OS, a GITHUB_OUTPUT and a
 * GITHUB_STEP_SUMMARY file per step, GITHUB_ENV and GITHUB_PATH); `${{ }}` expressions and `if:`
 * conditions evaluated; a step's outputs read back from its GITHUB_OUTPUT. The `uses:` steps are other
 * repositories' actions: actions/cache/restore and save work on a local folder (as the cache service
 * would), any other is recorded with its evaluated `with:` and not run.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";

export interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
export interface Action {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

export interface StepRun {
  name: string;
  skipped: boolean;
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** The evaluated `with:` of a `uses:` step. */
  with?: Record<string, string>;
}

export interface JobRun {
  steps: StepRun[];
  succeeded: boolean;
  outputs: Record<string, string>;
  /** The job's step summary: every step's summary file, in order, as GitHub shows it. */
  summary: string;
  /** What the action asked the runner to change for the caller's later steps. */
  githubEnv: string;
  githubPath: string;
}

export function readAction(path: string): Action {
  return parse(readFileSync(path, "utf8")) as Action;
}

/** `key=value` lines and `key<<DELIM ... DELIM` blocks of a GITHUB_OUTPUT file. */
function readOutputs(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = readFileSync(file, "utf8").split("\n");
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

interface Context {
  inputs: Record<string, string>;
  steps: Record<string, { outputs: Record<string, string> }>;
  runner: Record<string, string>;
  github: Record<string, string>;
  jobFailed: boolean;
  workspace: string;
}

/** The expressions action.yml uses: contexts, string literals, ==, !=, !, &&, ||, (), always(), success(), failure(), hashFiles(). */
function evaluate(expression: string, ctx: Context): string | boolean {
  const tokens = expression.match(/'(?:[^']|'')*'|==|!=|&&|\|\||[()!,]|[\w.-]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const next = () => tokens[at++];
  const truthy = (v: string | boolean) => v !== "" && v !== false && v !== "false" && v !== "0";
  function primary(): string | boolean {
    const t = next();
    if (t === "(") {
      const v = or();
      next();
      return v;
    }
    if (t === "!") return !truthy(primary());
    if (t.startsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
    if (peek() === "(") {
      next();
      const args: Array<string | boolean> = [];
      while (peek() !== ")") {
        args.push(or());
        if (peek() === ",") next();
      }
      next();
      if (t === "always") return true;
      if (t === "success") return !ctx.jobFailed;
      if (t === "failure") return ctx.jobFailed;
      if (t === "hashFiles") return args.some((p) => existsSync(resolve(ctx.workspace, String(p)))) ? "hash" : "";
      throw new Error(`composite runner: no function ${t}()`);
    }
    if (t === "true" || t === "false") return t === "true";
    const [head, ...rest] = t.split(".");
    let value: unknown = ({ inputs: ctx.inputs, steps: ctx.steps, runner: ctx.runner, github: ctx.github } as Record<string, unknown>)[head];
    if (value === undefined) throw new Error(`composite runner: no context ${head}`);
    for (const key of rest) value = (value as Record<string, unknown> | undefined)?.[key];
    return typeof value === "string" ? value : "";
  }
  function comparison(): string | boolean {
    let left = primary();
    while (peek() === "==" || peek() === "!=") {
      const op = next();
      const right = primary();
      left = op === "==" ? String(left) === String(right) : String(left) !== String(right);
    }
    return left;
  }
  function and(): string | boolean {
    let left = comparison();
    while (peek() === "&&") {
      next();
      const right = comparison();
      left = truthy(left) ? right : left;
    }
    return left;
  }
  function or(): string | boolean {
    let left = and();
    while (peek() === "||") {
      next();
      const right = and();
      left = truthy(left) ? left : right;
    }
    return left;
  }
  const value = or();
  if (at !== tokens.length) throw new Error(`composite runner: cannot read "${expression}"`);
  return value;
}

const substitute = (text: string, ctx: Context) => text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, e: string) => String(evaluate(e, ctx)));

/** Whether a step runs: its `if:` (with or without ${{ }}), else success(); a status function keeps a failed job going. */
function shouldRun(step: Step, ctx: Context): boolean {
  const condition = (step.if ?? "success()").replace(/^\$\{\{\s*(.+?)\s*\}\}$/, "$1");
  const usesStatus = /\b(always|success|failure|cancelled)\(\)/.test(condition);
  const value = evaluate(usesStatus ? condition : `success() && (${condition})`, ctx);
  return value !== "" && value !== false;
}

export interface RunOptions {
  actionPath: string;
  workspace: string;
  /** Given inputs (others take their defaults). */
  inputs: Record<string, string>;
  /** The local folder standing in for the cache service. */
  cacheStore: string;
  /** Extra environment for every step (the runner's own environment is this process's). */
  env?: Record<string, string>;
}

export function runComposite(action: Action, options: RunOptions): JobRun {
  const runnerTemp = mkdtempSync(join(options.workspace, "..", "runner-temp-"));
  const files = mkdtempSync(join(options.workspace, "..", "runner-files-"));
  const githubEnv = join(files, "env");
  const githubPath = join(files, "path");
  writeFileSync(githubEnv, "");
  writeFileSync(githubPath, "");
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, options.inputs[k] ?? v.default ?? ""]));
  const ctx: Context = {
    inputs,
    steps: {},
    runner: { temp: runnerTemp, os: "Linux" },
    github: { action_path: options.actionPath, workspace: options.workspace },
    jobFailed: false,
    workspace: options.workspace,
  };
  // An enclosing `npm test` must not leak its npm_config_* into the action's npm.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith("npm_") && k !== "FORCE_COLOR"));
  const steps: StepRun[] = [];
  const summaries: string[] = [];

  action.runs.steps.forEach((step, index) => {
    const name = step.name ?? step.id ?? step.uses ?? `step ${index}`;
    if (!shouldRun(step, ctx)) {
      steps.push({ name, skipped: true, code: 0, stdout: "", stderr: "", outputs: {}, summary: "" });
      return;
    }
    let result: StepRun;
    if (step.uses) {
      const given = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, substitute(String(v), ctx)]));
      result = { name, skipped: false, code: 0, stdout: "", stderr: "", outputs: {}, summary: "", with: given };
      const cached = given.key ? join(options.cacheStore, given.key) : "";
      if (step.uses.startsWith("actions/cache/restore@")) {
        const hit = existsSync(cached);
        if (hit) cpSync(cached, given.path, { recursive: true, verbatimSymlinks: true });
        result.outputs = { "cache-hit": hit ? "true" : "false" };
      } else if (step.uses.startsWith("actions/cache/save@")) {
        mkdirSync(options.cacheStore, { recursive: true });
        cpSync(given.path, cached, { recursive: true, verbatimSymlinks: true });
      }
    } else {
      const stepFiles = mkdtempSync(join(files, "step-"));
      const script = join(stepFiles, "script.sh");
      const output = join(stepFiles, "output");
      const summary = join(stepFiles, "summary");
      writeFileSync(script, substitute(step.run!, ctx));
      writeFileSync(output, "");
      writeFileSync(summary, "");
      const env: Record<string, string> = {
        ...(inherited as Record<string, string>),
        CI: "true",
        GITHUB_ACTIONS: "true",
        GITHUB_ACTION_PATH: options.actionPath,
        GITHUB_WORKSPACE: options.workspace,
        RUNNER_TEMP: runnerTemp,
        RUNNER_OS: "Linux",
        GITHUB_OUTPUT: output,
        GITHUB_STEP_SUMMARY: summary,
        GITHUB_ENV: githubEnv,
        GITHUB_PATH: githubPath,
        ...options.env,
      };
      for (const [k, v] of Object.entries(step.env ?? {})) env[k] = substitute(String(v), ctx);
      if (step.shell !== "bash") throw new Error(`composite runner: step "${name}" has shell ${step.shell}`);
      const child = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
        cwd: options.workspace,
        env,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
      result = {
        name,
        skipped: false,
        code: child.status ?? 1,
        stdout: child.stdout,
        stderr: child.stderr,
        outputs: readOutputs(output),
        summary: readFileSync(summary, "utf8"),
      };
      summaries.push(result.summary);
    }
    if (step.id) ctx.steps[step.id] = { outputs: result.outputs };
    if (result.code !== 0) ctx.jobFailed = true;
    steps.push(result);
  });

  const outputs = Object.fromEntries(Object.entries(action.outputs).map(([k, v]) => [k, substitute(v.value, ctx)]));
  const job: JobRun = {
    steps,
    succeeded: !ctx.jobFailed,
    outputs,
    summary: summaries.join(""),
    githubEnv: readFileSync(githubEnv, "utf8"),
    githubPath: readFileSync(githubPath, "utf8"),
  };
  rmSync(files, { recursive: true, force: true });
  rmSync(runnerTemp, { recursive: true, force: true });
  return job;
}
