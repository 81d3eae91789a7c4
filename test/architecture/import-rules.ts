/**
 * Who may import whom (DESIGN.md section 3, and the floors of api/ in api/README.md), as data, and a
 * checker that reads every .ts file of a tree and lists the imports that break the rules. The test
 * (imports.test.ts) runs it on this repository and on a small tree with a deliberate upward import.
 *
 * Imports are read with TypeScript's own pre-processor (static imports, `import type`, re-exports and
 * `import()` with a literal), so a type-only import counts too: it is an arrow all the same.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import ts from "typescript";

/** Top-level folder -> the top-level folders its files may import (its own always included). */
export const MAY_IMPORT: Record<string, readonly string[]> = {
  runtime: [],
  generated: ["runtime"],
  fetch: ["runtime"],
  api: ["runtime", "generated", "fetch"],
  cli: ["runtime", "generated", "fetch"],
  lib: ["runtime", "generated", "fetch"],
  web: ["runtime", "generated", "lib"],
  compiler: ["runtime", "generated"],
  // The GitHub Action runs the command line in its own process (action/src/main.ts).
  action: ["cli"],
};
/** Folders of tooling (tests, benchmarks, build scripts): they may import anything; nothing above imports them. */
export const TOOLING = ["test", "bench", "build", "scripts"];

/**
 * The floors of api/, bottom first: a file may import its own floor and those below. A path names a
 * folder (`stores/`) or a file at api/'s root (`errors.ts`).
 */
export const API_FLOORS: readonly (readonly string[])[] = [
  ["errors.ts"],
  ["stores/"],
  ["keys/", "billing/"],
  ["config.ts", "config/", "env-file.ts"],
  ["accounts/"],
  ["http/"],
  ["validation/"],
  ["audits/"],
  ["plugins/", "openapi/", "web/"],
  ["routes/"],
  ["app.ts", "server.ts"],
];

/**
 * Imports that break the rules on purpose, each with its reason. Keep this list short: an entry is a
 * debt the next contributor should be able to read and pay.
 */
export const EXCEPTIONS: ReadonlyArray<{ from: string; to: string; why: string }> = [
  { from: "cli/admin-command.ts", to: "api/", why: "`sdv admin` administers the service's own accounts: its configuration, stores and plans" },
  { from: "cli/read-input.ts", to: "lib/validate-on-demand.ts", why: "the CLI validates as the library does, rule sets loaded on demand (one code path, not two)" },
  { from: "runtime/validate.ts", to: "generated/index.ts", why: "the engine bound to the committed rule sets: the one place runtime/ meets generated/ (engine.ts takes any registry)" },
  { from: "runtime/type-hierarchy.ts", to: "generated/vocabulary.json", why: "the compact Schema.org vocabulary is data the subtype look-ups read, not code" },
  { from: "web/src/upgrade/main.ts", to: "api/billing/plans.ts", why: "the upgrade page shows the very plans table the service enforces, bundled" },
];

export interface Violation {
  from: string;
  to: string;
  rule: string;
}

/** Every .ts file under `root` in the layered folders, as paths relative to root with `/`. */
function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist") continue;
      const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|mts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(path);
    }
  };
  for (const top of Object.keys(MAY_IMPORT)) {
    try {
      walk(top);
    } catch {
      // a folder this tree does not have
    }
  }
  return out.sort();
}

/** The relative imports of one file, resolved to paths relative to root. */
function importsOf(root: string, file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith("."))
    .map((spec) => relative(root, join(root, dirname(file), spec)).split(sep).join("/"));
}

function apiFloor(path: string): number {
  const inner = path.slice("api/".length);
  return API_FLOORS.findIndex((floor) => floor.some((p) => (p.endsWith("/") ? inner.startsWith(p) : inner === p)));
}

/** What is wrong with one import, or null. */
export function checkImport(from: string, to: string): string | null {
  const top = from.split("/")[0];
  const target = to.split("/")[0];
  if (EXCEPTIONS.some((e) => from === e.from && to.startsWith(e.to))) return null;
  if (top !== target) {
    if (TOOLING.includes(target)) return `${top}/ may not import tooling (${target}/)`;
    if (!MAY_IMPORT[top]?.includes(target)) return `${top}/ may import only ${[top, ...(MAY_IMPORT[top] ?? [])].join(", ")}`;
    return null;
  }
  if (top !== "api") return null;
  const a = apiFloor(from);
  const b = apiFloor(to);
  if (a === -1) return `${from} is on no floor of api/ (add it to API_FLOORS)`;
  if (b > a) return `api/ floors: ${API_FLOORS[a].join(" ")} may not import ${API_FLOORS[b].join(" ")} (a floor above)`;
  return null;
}

/** Every import under `root` that breaks the rules. */
export function checkTree(root: string): Violation[] {
  const out: Violation[] = [];
  for (const file of sourceFiles(root)) {
    for (const to of importsOf(root, file)) {
      const rule = checkImport(file, to);
      if (rule !== null) out.push({ from: file, to, rule });
    }
  }
  return out;
}
