/**
 * `npm test`: every test/**\/*.test.ts under uvu in one process, then one closing line
 * `N passed, N failed, N skipped` (what CI reads). Extra arguments narrow the run to a folder.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const dir = process.argv[2] ?? "test";
const child = spawnSync(
  process.execPath,
  ["--import", "tsx", "node_modules/uvu/bin.js", dir, ".*\\.test\\.ts$", "--no-color"],
  { cwd: repoRoot, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: "0" } },
);
process.stdout.write(child.stdout ?? "");
process.stderr.write(child.stderr ?? "");

// eslint-disable-next-line no-control-regex
const plain = (child.stdout ?? "").replace(/\x1b\[[0-9;]*m/g, "");
const count = (label: string) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(plain)?.[1] ?? NaN);
const total = count("Total");
const passed = count("Passed");
const skipped = count("Skipped");
if (Number.isNaN(total) || Number.isNaN(passed)) {
  console.log("0 passed, 1 failed, 0 skipped");
  console.error("test/run: uvu printed no totals (a test file failed to load?)");
  process.exit(1);
}
// uvu's Total counts the tests that ran; skipped ones are counted apart.
const failed = total - passed;
console.log(`${passed} passed, ${failed} failed, ${Number.isNaN(skipped) ? 0 : skipped} skipped`);
process.exit(child.status === 0 && failed === 0 ? 0 : 1);
