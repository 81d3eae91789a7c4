/**
 * The package's root folder (where package.json is): one level above `api/` when run from source, two
 * when run from `dist/api/`. Files that are not modules (the built web pages, generated HTML) are found
 * from here, so both layouts work without copying them into dist/.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "sdv") return dir;
      } catch {
        // not ours; keep climbing
      }
    }
    dir = dirname(dir);
  }
  throw new Error("sdv: cannot find the package root (package.json named sdv) above " + fileURLToPath(import.meta.url));
}
