/**
 * `npm test`: every test/**\/*.test.ts under uvu in one process, and the type check (`tsc --noEmit`) next to
 * it, then one closing line `N passed, N failed, N skipped` (what CI reads). The type check counts as one
 * test: a store adapter missing a port method runs fine under tsx, so only tsc can catch it. Arguments
 * narrow the run to folders or files (`npm test -- test/api test/cli/crawl.test.ts`), each run by uvu in
 * turn and the totals added up; a narrowed run skips the type check (it covers the whole project).
 */
import { spawn } from "node:child_process";
import { statSync } from "node:fs";
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const narrowed = process.argv.length > 2;

/**
 * The whole run is two uvu processes side by side (CI's machine, like most, has two cores; the suite took
 * ten minutes in one). The folders in the second are the ones that share nothing with the rest: the
 * Redis on 6379 is used by test/api alone, and lib and artifacts, which pack the light package into the
 * tree, are in one process (packed once, test/support/packed-sdv.ts). Every other folder, and any new
 * one, runs in the first. The files that time the service (/health's answer while hostile pages are
 * validated) and the browser tests (a playground that debounces typing and waits on its worker) run in
 * one process after both: beside another test process on two cores they time the machine, not sdv.
 */
const SECOND_PROCESS = ["cli", "runtime", "lib", "artifacts", "fetch"];
const ALONE = ["api/hostile-input", "browser/"];
const SIDE_BY_SIDE: Array<[string, string]> = [
  ["test", `^(?!(?:${SECOND_PROCESS.join("|")})/|${ALONE.join("|")}).*\\.test\\.ts$`],
  ["test", `^(?:${SECOND_PROCESS.join("|")})/.*\\.test\\.ts$`],
];
const AFTER: Array<[string, string]> = [["test", `^(?:${ALONE.join("|")}).*\\.test\\.ts$`]];
const targets = narrowed ? process.argv.slice(2).map(target) : [...SIDE_BY_SIDE, ...AFTER];

/** uvu's folder and file pattern for a folder or a single test file. */
function target(path: string): [string, string] {
  const isFile = statSync(new URL(path, `file://${repoRoot}`), { throwIfNoEntry: false })?.isFile() ?? false;
  if (!isFile) return [path, ".*\\.test\\.ts$"];
  return [dirname(path), `^${basename(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`];
}

interface Finished {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * uvu leaves the process to exit on its own once its totals are printed; a test that leaks a handle (a
 * socket, a timer) would then hold the whole run, and CI, open. Past the totals the child gets a grace
 * period, then is ended, and the run says so: the totals it printed stand.
 */
const EXIT_GRACE_MS = 15_000;
let leakedHandles = false;

function run(args: string[]): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env: { ...process.env, FORCE_COLOR: "0" } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let tail = "";
    let grace: NodeJS.Timeout | undefined;
    child.stdout.on("data", (chunk: Buffer) => {
      out.push(chunk);
      tail = (tail + chunk.toString("utf8")).slice(-4096);
      if (grace === undefined && /Duration:\s+[\d.]+ms/.test(tail)) {
        grace = setTimeout(() => {
          leakedHandles = true;
          child.kill("SIGKILL");
        }, EXIT_GRACE_MS);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(grace);
      resolve({ status, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") });
    });
  });
}

/** A target in a uvu process of its own (uvu takes one folder and pattern). */
function runTarget([dir, pattern]: [string, string]): Promise<Finished> {
  return run(["--import", "tsx", "node_modules/uvu/bin.js", dir, pattern, "--no-color"]);
}

/** A narrowed run's targets in turn (test files that start servers do not overlap); the whole run's side by side, then those run alone. */
async function runTargets(): Promise<Finished[]> {
  if (!narrowed) {
    const sideBySide = await Promise.all(SIDE_BY_SIDE.map(runTarget));
    const after: Finished[] = [];
    for (const t of AFTER) after.push(await runTarget(t));
    return [...sideBySide, ...after];
  }
  const finished: Finished[] = [];
  for (const t of targets) finished.push(await runTarget(t));
  return finished;
}

const [runs, typecheck] = await Promise.all([runTargets(), narrowed ? Promise.resolve(null) : typeCheckAll()]);

/** The Node project and the browser pages (DOM types, bundler resolution) are checked with their own settings. */
async function typeCheckAll(): Promise<Finished> {
  const node = await run(["node_modules/typescript/bin/tsc", "--noEmit", "-p", "tsconfig.json"]);
  const web = await run(["node_modules/typescript/bin/tsc", "--noEmit", "-p", "web/tsconfig.json"]);
  return { status: node.status || web.status, stdout: node.stdout + web.stdout, stderr: node.stderr + web.stderr };
}
for (const tests of runs) {
  process.stdout.write(tests.stdout);
  process.stderr.write(tests.stderr);
}

let typeFailures = 0;
if (typecheck === null) {
  console.log("type check: skipped (narrowed run; `npm run typecheck` covers the project)");
} else if (typecheck.status === 0) {
  console.log("type check: tsc --noEmit passed (node and web)");
} else {
  typeFailures = 1;
  console.log("type check: tsc --noEmit FAILED");
  process.stdout.write(typecheck.stdout);
  process.stderr.write(typecheck.stderr);
}

let passed = 0;
let failed = typeFailures;
let skipped = 0;
let exitedBadly = false;
for (const [i, tests] of runs.entries()) {
  // eslint-disable-next-line no-control-regex
  const plain = tests.stdout.replace(/\x1b\[[0-9;]*m/g, "");
  const count = (label: string) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(plain)?.[1] ?? NaN);
  const total = count("Total");
  const ran = count("Passed");
  if (Number.isNaN(total) || Number.isNaN(ran)) {
    console.error(`test/run: uvu printed no totals for ${targets[i][0]} (a test file failed to load?)`);
    failed += 1;
    continue;
  }
  // uvu's Total counts the tests that ran; skipped ones are counted apart.
  passed += ran;
  failed += total - ran;
  skipped += Number.isNaN(count("Skipped")) ? 0 : count("Skipped");
  if (tests.status !== 0) exitedBadly = true;
}
// A leak is named loudly but is no failed assertion: every test it held has passed or failed already.
if (leakedHandles) console.log(`test/run: WARNING: the test process did not exit ${EXIT_GRACE_MS / 1000} s after its totals (a test left a handle open): ended`);
const typePassed = typecheck !== null && typeFailures === 0 ? 1 : 0;
console.log(`${passed + typePassed} passed, ${failed} failed, ${skipped} skipped`);
process.exit((!exitedBadly || leakedHandles) && failed === 0 ? 0 : 1);
