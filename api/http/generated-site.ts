/**
 * The rule pages the compiler writes to generated/site/, found from a module's own location so the
 * same code works from source (api/...) and after `npm run build` (dist/api/...): tsc copies no
 * .html, so both layouts read the repository's generated/site. Loaded once, into memory: a request
 * only ever looks a name up in the map of pages that exist, never builds a path from its input.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { findPackageRoot } from "./package-root.ts";

export interface RulePages {
  index: Buffer;
  /** The page for a name that is no rule page. */
  notFound: Buffer;
  /** Type name (exactly as the rule file) -> page. */
  byType: ReadonlyMap<string, Buffer>;
  /** Lower-cased type name -> the exact one, for redirects. */
  canonical: ReadonlyMap<string, string>;
}

const PAGE_FILE = /^([A-Z][A-Za-z0-9]*)\.html$/;
/** The generated/site folder of the package above `moduleUrl`, or null when there is none. */
export function findGeneratedSite(moduleUrl: string | URL): string | null {
  const root = findPackageRoot(moduleUrl);
  if (root === null) return null;
  const site = join(root, "generated", "site");
  return existsSync(join(site, "rules", "index.html")) ? site : null;
}

export function loadRulePages(siteDir: string): RulePages {
  const rulesDir = join(siteDir, "rules");
  const byType = new Map<string, Buffer>();
  const canonical = new Map<string, string>();
  for (const name of readdirSync(rulesDir).sort()) {
    const type = PAGE_FILE.exec(name)?.[1];
    if (type === undefined) continue;
    byType.set(type, readFileSync(join(rulesDir, name)));
    canonical.set(type.toLowerCase(), type);
  }
  return {
    index: readFileSync(join(rulesDir, "index.html")),
    notFound: readFileSync(join(siteDir, "rules-not-found.html")),
    byType,
    canonical,
  };
}
