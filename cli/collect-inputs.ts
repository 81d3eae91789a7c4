/**
 * Turn the command line's inputs into a list of sources: files as given, directories walked for
 * .html/.htm/.jsonld files and .json files that hold JSON-LD, globs expanded the same way (quoted globs
 * work the same on every shell), "-" and URLs kept as they are. Order: as given, each directory and glob
 * sorted. A .json file named explicitly is read as JSON-LD whatever it holds.
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { holdsJsonLd } from "./json-ld-file.ts";

export type Source = { kind: "file"; path: string } | { kind: "stdin" } | { kind: "url"; url: string } | { kind: "missing"; input: string; reason: string };

const VALIDATABLE = /\.(json|jsonld|html?)$/i;
const PLAIN_JSON = /\.json$/i;

/** A file found by a walk or a glob is an input unless it is a .json file without JSON-LD (json-ld-file.ts). */
const isInput = (path: string): boolean => !PLAIN_JSON.test(path) || holdsJsonLd(path);
const GLOB_CHARS = /[*?[\]{}]/;
const SKIPPED_DIRS = new Set(["node_modules"]);

export const isUrl = (input: string): boolean => /^https?:\/\//i.test(input);

export async function collectInputs(inputs: string[]): Promise<Source[]> {
  const out: Source[] = [];
  for (const input of inputs) {
    if (input === "-") out.push({ kind: "stdin" });
    else if (isUrl(input)) out.push({ kind: "url", url: input });
    else {
      const stat = statOrNull(input);
      if (stat?.isDirectory()) {
        const files = walk(input);
        if (files.length === 0) out.push({ kind: "missing", input, reason: "the directory holds no .html, .htm or .jsonld file, nor a .json file with JSON-LD" });
        for (const path of files) out.push({ kind: "file", path });
      } else if (stat) out.push({ kind: "file", path: input });
      else if (GLOB_CHARS.test(input)) {
        // Loaded only when a glob is given: most runs name files and directories.
        const { glob } = await import("tinyglobby");
        const matched = (await glob(input, { onlyFiles: true, expandDirectories: false })).sort();
        const files = matched.filter(isInput);
        if (files.length === 0)
          out.push({ kind: "missing", input, reason: matched.length === 0 ? "no file matches the pattern" : "the files the pattern matches are .json files without JSON-LD" });
        for (const path of files) out.push({ kind: "file", path });
      } else out.push({ kind: "missing", input, reason: "no such file or directory" });
    }
  }
  return out;
}

function walk(dir: string): string[] {
  const found: string[] = [];
  const visit = (current: string) => {
    const entries = readdirSync(current, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) visit(path);
      } else if (entry.isFile() && VALIDATABLE.test(entry.name) && isInput(path)) found.push(path);
    }
  };
  visit(dir);
  return found;
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** A path as reports show it: relative to the working directory when inside it, with forward slashes. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  const shown = rel && !rel.startsWith("..") ? rel : path;
  return sep === "/" ? shown : shown.split(sep).join("/");
}
