/**
 * Installing sdv as a user does: the light package (`npm pack --workspace sdv`: the CLI and the library)
 * next to the full package (`npm pack` at the root: the service, as every install was before the light
 * one), each with `npm install --omit=dev <tarball>` into an empty project, install scripts running as they
 * would for a user (better-sqlite3 fetches or builds its native module). Both from a warm npm cache, so the
 * figures compare what is installed and built rather than the network. Rows: wall time, size on disk of
 * node_modules, packages, and the light/full ratios. One install each: minutes for the full one, which
 * `BENCH_INSTALL=light` leaves out. Each install's figures are recorded apart (bench/results/install-light.json,
 * install-full.json): the docs show them, and a run of the light one alone keeps the full one's last run.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { recordResults } from "./results.ts";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith("npm_")));

function npmRun(args: string[], cwd: string) {
  const r = spawnSync(npm, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`npm ${args.join(" ")} failed: ${r.stderr}`);
  return r;
}

/** Bytes of every file under `dir` (symbolic links not followed). */
function diskBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const s = statSync(join(dir, entry), { throwIfNoEntry: false });
    if (s?.isFile()) total += s.size;
  }
  return total;
}

function packages(dir: string): number {
  return readdirSync(join(dir, "node_modules"), { recursive: true, encoding: "utf8" }).filter((p) => p.endsWith("package.json") && /(^|\/)node_modules\/(@[^/]+\/)?[^/]+\/package\.json$/.test(`node_modules/${p}`)).length;
}

interface Installed {
  seconds: number;
  bytes: number;
  tarballBytes: number;
  packages: number;
}

function install(label: string, packArgs: string[]): Installed {
  const scratch = mkdtempSync(join(tmpdir(), `sdv-bench-install-${label}-`));
  try {
    // `npm run bench` has just built dist/ and packages/sdv: pack what is there.
    npmRun(["pack", ...packArgs, "--ignore-scripts", "--pack-destination", scratch, "--silent"], repoRoot);
    const tarball = readdirSync(scratch).find((f) => f.endsWith(".tgz"))!;
    writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "consumer", private: true }));
    const started = performance.now();
    npmRun(["install", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund", `./${tarball}`], scratch);
    const seconds = (performance.now() - started) / 1000;
    return { seconds, bytes: diskBytes(join(scratch, "node_modules")), tarballBytes: statSync(join(scratch, tarball)).size, packages: packages(scratch) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

export async function run(): Promise<void> {
  const light = install("light", ["--workspace", "sdv"]);
  report("light (npm pack --workspace sdv)", light);
  recordResults("install", figures("light package (the CLI and the library)", light, { seconds: "<= 10 s", bytes: "<= 15 MB" }), "install-light");
  if (process.env.BENCH_INSTALL === "light") {
    console.log("install full: left out (BENCH_INSTALL=light)");
    return;
  }
  const full = install("full", []);
  report("full (npm pack at the root, the service)", full);
  recordResults("install", figures("full package (the service, the repository root)", full, {}), "install-full");
  console.log(
    `install light/full: time ${(light.seconds / full.seconds).toFixed(2)}x, size ${(light.bytes / full.bytes).toFixed(3)}x, packages ${light.packages}/${full.packages}`,
  );
}

function report(name: string, r: Installed): void {
  console.log(`install ${name.padEnd(42)} ${r.seconds.toFixed(1).padStart(6)} s  ${mb(r.bytes).padStart(9)} on disk  ${String(r.packages).padStart(4)} packages  tarball ${mb(r.tarballBytes)}`);
}

function figures(what: string, r: Installed, budgets: { seconds?: string; bytes?: string }) {
  return [
    { id: "seconds", label: `${what}: install time`, value: r.seconds, unit: "s", digits: 1, budget: budgets.seconds },
    { id: "size", label: `${what}: size on disk`, value: r.bytes / 1024 / 1024, unit: "MB", digits: 1, budget: budgets.bytes },
    { id: "packages", label: `${what}: packages installed`, value: r.packages, unit: "", digits: 0 },
    { id: "tarball", label: `${what}: tarball`, value: r.tarballBytes / 1024 / 1024, unit: "MB", digits: 2 },
  ];
}
