/** The package's version, from its package.json (one level up from the sources, two from dist/). */
import { readFileSync } from "node:fs";

export function packageVersion(): string {
  for (const relative of ["../package.json", "../../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "sdv" && pkg.version) return pkg.version;
    } catch {
      // not at this level
    }
  }
  return "unknown";
}
