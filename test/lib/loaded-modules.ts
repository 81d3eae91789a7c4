/** What a fresh process loads when it imports a module (see list-loaded-modules.mjs). */
import { spawnSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const RECORDER = ["list-loaded-modules.mjs", "resolve-recorder-hook.mjs"];

/** Every module URL (and CommonJS file) a fresh process loads when it imports `entry`. */
export function modulesLoadedBy(entry: string, nodeArgs: string[] = []): string[] {
  return runRecorder(fileURLToPath(new URL("./list-loaded-modules.mjs", import.meta.url)), entry, nodeArgs, undefined);
}

/**
 * The same from inside another project (`dir`), so a bare specifier ("sdv") resolves through that
 * project's node_modules: the recorder is copied there first.
 */
export function modulesLoadedInProject(dir: string, specifier: string): string[] {
  for (const file of RECORDER) copyFileSync(fileURLToPath(new URL(`./${file}`, import.meta.url)), join(dir, file));
  return runRecorder(join(dir, RECORDER[0]), specifier, [], dir);
}

function runRecorder(script: string, entry: string, nodeArgs: string[], cwd: string | undefined): string[] {
  const child = spawnSync(process.execPath, [...nodeArgs, script, entry], { cwd, encoding: "utf8" });
  if (child.status !== 0) throw new Error(`importing ${entry} failed: ${child.stderr}`);
  return (JSON.parse(child.stdout.trim().split("\n").pop()!) as { modules: string[] }).modules;
}

/** The service's dependencies (and the fetcher's HTTP client): none may load with the library. */
const SERVICE_PACKAGES = ["fastify", "@fastify/", "better-sqlite3", "mongodb", "redis", "@redis/", "stripe", "undici"];

export const servicePackagesIn = (modules: string[]): string[] =>
  modules.filter((m) => SERVICE_PACKAGES.some((p) => m.includes(`/node_modules/${p}`)));
