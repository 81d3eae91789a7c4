/**
 * The rule pages the compiler writes to generated/site/, found from a module's own location so the
 * same code works from source (api/...) and after `npm run build` (dist/api/...): tsc copies no
 * .html, so both layouts read the repository's generated/site. Loaded once, into memory: a request
 * only ever looks a name up in the map of pages that exist, never builds a path from its input.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

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
/** Ancestors searched: the module's folder up to the repository root in both layouts. */
const MAX_LEVELS = 5;

/** The generated/site folder nearest above `moduleUrl`, or null when there is none. */
export function findGeneratedSite(moduleUrl: string | URL): string | null {
  let dir = dirname(fileURLToPath(moduleUrl));
  for (let i = 0; i < MAX_LEVELS; i++) {
    const candidate = join(dir, "generated", "site");
    if (existsSync(join(candidate, "rules", "index.html"))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
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
