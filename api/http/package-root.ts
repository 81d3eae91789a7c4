/**
 * The package's root folder (where package.json is): one level above `api/` when run from source, two
 * when run from `dist/api/`. Files that are not modules (the built web pages, generated HTML) are found
 * from here, so both layouts work without copying them into dist/.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The root package.json's name (the light package, packages/sdv, is "sdv"). */
const SERVICE_PACKAGE = "sdv-service";

/** Folders climbed from a module: its own up to the package root, in both layouts. */
const MAX_LEVELS = 5;

/** The sdv package root above `moduleUrl` (a module's own URL or path), or null when there is none. */
export function findPackageRoot(moduleUrl: string | URL): string | null {
  let dir = dirname(moduleUrl instanceof URL || moduleUrl.startsWith("file:") ? fileURLToPath(moduleUrl) : moduleUrl);
  for (let i = 0; i < MAX_LEVELS; i++) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === SERVICE_PACKAGE) return dir;
      } catch {
        // not ours; keep climbing
      }
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

export function packageRoot(): string {
  const root = findPackageRoot(import.meta.url);
  if (root === null) throw new Error(`sdv: cannot find the package root (package.json named sdv) above ${fileURLToPath(import.meta.url)}`);
  return root;
}
