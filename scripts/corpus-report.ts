/**
 * Writes the engine's report for every input of the shared corpus to one JSON file, so that two trees
 * (before and after a refactor) can be compared with scripts/corpus-diff.ts.
 *
 *   node --import tsx scripts/corpus-report.ts out.json [corpus-dir]
 *
 * Only what the engine decides goes in (no timings, no dates): the same tree gives the same file.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { validateEngine } from "../lib/index.ts";
import { corpusDir } from "../test/corpus-dir.ts";

const [out, dirArg] = process.argv.slice(2);
if (!out) {
  console.error("usage: corpus-report.ts out.json [corpus-dir]");
  process.exit(2);
}
const dir = dirArg ?? corpusDir();
if (!dir) {
  console.error("no corpus: ../shared/corpus is absent and no directory was given");
  process.exit(2);
}

function* inputs(root: string): Generator<string> {
  for (const entry of readdirSync(root, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) yield* inputs(path);
    else if (/\.(json|html?)$/i.test(entry.name)) yield path;
  }
}

const reports: Record<string, unknown> = {};
for (const path of inputs(dir)) {
  const text = readFileSync(path, "utf8");
  const format = /\.json$/i.test(path) ? "json" : "html";
  let report: unknown;
  try {
    // The service's rules (the HTTP API's default), not the library's google default: the report compares with the service.
    report = validateEngine(text, { format, profile: "spec" });
  } catch (error) {
    // A throw is a result too: a refactor that starts or stops throwing must show in the diff.
    report = { thrown: String(error) };
  }
  reports[relative(dir, path)] = report;
}
writeFileSync(out, JSON.stringify(reports, null, 1) + "\n");
console.log(`${Object.keys(reports).length} reports written to ${out}`);
