/**
 * The Node lines CI tests on besides this machine's: .ci/run installs each from the npm registry's `node`
 * package into a cache folder; tests that run something on another line find it there (and skip, saying
 * why, when CI has not filled the cache on this machine).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** The current LTS major, as .ci/run names it (NODE_LTS_MAJOR=...). */
export function ltsMajor(): number {
  const m = /^NODE_LTS_MAJOR=(\d+)$/m.exec(readFileSync(join(repoRoot, ".ci/run"), "utf8"));
  if (!m) throw new Error(".ci/run no longer names NODE_LTS_MAJOR");
  return Number(m[1]);
}

/** The cache folder .ci/run installs Node `major` into. */
export function registryNodeDir(major: number): string {
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "sdv-ci", `node-${major}`);
}

/** The bin folder (node, npm) of Node `major` from .ci/run's cache, or null when it is not there. */
export function registryNodeBin(major: number): string | null {
  const modules = join(registryNodeDir(major), "node_modules");
  if (!existsSync(modules)) return null;
  // The `node` package puts the official build under node_modules/node/bin or a platform package.
  for (const entry of readdirSync(modules, { recursive: true, encoding: "utf8" })) {
    if (!entry.endsWith(join("include", "node", "common.gypi"))) continue;
    const home = join(modules, entry, "../../..");
    if (existsSync(join(home, "bin", "node"))) return join(home, "bin");
  }
  return null;
}
