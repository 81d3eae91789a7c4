/**
 * The light package as a user gets it, shared by every test of the run that needs it: `npm pack --workspace
 * sdv` once (its prepack builds packages/sdv from this tree: slow, so memoised for the whole uvu process),
 * then `npm install --omit=dev --prefer-offline <tarball>` into an empty project, once. Tests run the
 * installed command (`node_modules/.bin/sdv`) and the installed library from that project, never the
 * repository's tree, so a file the package forgets to ship fails them.
 *
 * The project is removed when the process exits. When npm cannot reach the registry and its cache lacks a
 * dependency, `installedSdv()` answers `{ skipped: reason }` so callers register visible skips.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** This machine's environment minus an enclosing npm's settings (npm_config_* of `npm test` would leak into a child npm). */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.toLowerCase().startsWith("npm_") && k !== "FORCE_COLOR") env[k] = v;
  return { ...env, ...extra };
}

export function runSync(command: string, args: string[], cwd: string, env: Record<string, string> = cleanEnv()): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: "utf8", env, maxBuffer: 64 * 1024 * 1024 });
}

let scratch: string | null = null;
function scratchDir(): string {
  if (scratch === null) {
    const dir = mkdtempSync(join(tmpdir(), "sdv-artifact-"));
    scratch = dir;
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  return scratch;
}

let tarball: string | null = null;

/** The packed light package (a .tgz path), built once per process. */
export function packedSdv(): string {
  if (tarball !== null) return tarball;
  const dir = join(scratchDir(), "pack");
  mkdirSync(dir, { recursive: true });
  const packed = runSync(npm, ["pack", "--workspace", "sdv", "--pack-destination", dir, "--silent"], repoRoot);
  const file = readdirSync(dir).find((f) => f.endsWith(".tgz"));
  if (packed.status !== 0 || !file) throw new Error(`npm pack --workspace sdv failed: ${packed.stderr}`);
  tarball = join(dir, file);
  return tarball;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface InstalledSdv {
  /** The consumer project: package.json, node_modules/sdv; tests write their inputs here. */
  project: string;
  /** node_modules/.bin/sdv of the project. */
  bin: string;
  /** npm install's own output (for tests of what it prints). */
  install: SpawnSyncReturns<string>;
  /** The installed command, in `cwd` (default: the project), optionally fed `input` on standard input. */
  sdv(args: string[], options?: { cwd?: string; input?: string; env?: Record<string, string> }): Promise<RunResult>;
  /** `node <args>` in the project (a script importing "sdv" resolves the installed package). */
  node(args: string[], options?: { cwd?: string; input?: string; env?: Record<string, string> }): Promise<RunResult>;
}

function runAsync(command: string, args: string[], cwd: string, input: string | undefined, env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input ?? "");
  });
}

let installed: InstalledSdv | { skipped: string } | null = null;

/** The tarball installed into an empty project with --omit=dev, once per process. */
export function installedSdv(): InstalledSdv | { skipped: string } {
  if (installed !== null) return installed;
  const project = join(scratchDir(), "consumer");
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  const install = runSync(npm, ["install", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund", packedSdv()], project);
  if (install.status !== 0 && /ENOTCACHED|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT/.test(install.stderr)) {
    installed = { skipped: "npm registry unreachable, and the cache lacks a dependency of the light package" };
    return installed;
  }
  if (install.status !== 0) throw new Error(`npm install <tarball> failed: ${install.stderr}`);
  const bin = join(project, "node_modules/.bin/sdv");
  const env = (extra?: Record<string, string>) => cleanEnv({ NO_COLOR: "1", ...extra });
  installed = {
    project,
    bin,
    install,
    sdv: (args, o = {}) => runAsync(bin, args, o.cwd ?? project, o.input, env(o.env)),
    node: (args, o = {}) => runAsync(process.execPath, args, o.cwd ?? project, o.input, env(o.env)),
  };
  return installed;
}
