/**
 * The package's version, from its package.json (one level up from the sources, two from dist/): the
 * repository's (sdv-service, the sources and the service) or the light package's (sdv).
 */
import { readFileSync } from "node:fs";

const OUR_PACKAGES = new Set(["sdv", "sdv-service"]);

export function packageVersion(): string {
  for (const relative of ["../package.json", "../../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as { name?: string; version?: string };
      if (pkg.name !== undefined && OUR_PACKAGES.has(pkg.name) && pkg.version) return pkg.version;
    } catch {
      // not at this level
    }
  }
  return "unknown";
}
