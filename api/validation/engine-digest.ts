/**
 * Which engine answers: a short digest of its code and rules (runtime/ and generated/ as this build holds
 * them: the sources under tsx, the compiled files in dist/). The URL cache keys its entries by it, so a
 * deployment with other rules (a new release, or the old one still running beside it on one Redis during a
 * rolling deploy) never serves a verdict the other engine gave.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ENGINE_DIRS = ["runtime", "generated"].map((dir) => fileURLToPath(new URL(`../../${dir}/`, import.meta.url)));

let engine: string | null = null;

/** This build's engine digest, computed once (a few MB read at the first URL validation). */
export function engineDigest(): string {
  return (engine ??= digestOf(ENGINE_DIRS));
}

/** The digest of every file under `roots`, by relative path and content. */
export function digestOf(roots: readonly string[]): string {
  const hash = createHash("sha256");
  for (const root of roots) {
    for (const path of filesUnder(root)) {
      hash.update(`${path.slice(root.length)}\0`);
      hash.update(readFileSync(path));
      hash.update("\0");
    }
  }
  return hash.digest("hex").slice(0, 16);
}

function filesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...filesUnder(path));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}
