/**
 * Runs sdv over other validators' fixtures (../shared/corpus/peer-suites) and lists where it
 * disagrees with what their suites expect, with the justification from expectations.ts.
 *
 *   node --import tsx test/peer-suites/compare.ts            # the table on standard output
 *   node --import tsx test/peer-suites/compare.ts --write    # also rewrites docs/peer-suites.md
 *
 * Exits 1 when a disagreement has no justification. A helper, not a test: peers' expectations are
 * not always current, so agreement is not the goal; a reasoned answer for each difference is.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { corpusDir } from "../corpus-dir.ts";
import { validateJsonText } from "../../runtime/validate.ts";
import { JUSTIFICATIONS, peerExpectation } from "./expectations.ts";

const corpus = corpusDir();
if (!corpus) {
  console.error("peer-suites: ../shared/corpus not found");
  process.exit(2);
}
const root = join(corpus, "peer-suites");

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : name.endsWith(".json") ? [path] : [];
    });
}

interface Row {
  fixture: string;
  expected: string;
  sdv: string;
  why: string;
}

const rows: Row[] = [];
let total = 0;
for (const path of files(root)) {
  total++;
  const fixture = relative(root, path).split("\\").join("/");
  const result = validateJsonText(readFileSync(path, "utf8"));
  const errors = [...new Set(result.schemas.flatMap((s) => s.errors.map((e) => `${e.code} ${e.property}`)))];
  const expected = peerExpectation(fixture);
  if ((expected === "error") === errors.length > 0) continue;
  rows.push({
    fixture,
    expected: expected === "error" ? "an error" : "no error",
    sdv: errors.length ? `errors: ${errors.join("; ")}` : `no error (${result.summary.total_warnings} warning(s))`,
    why: JUSTIFICATIONS[fixture] ?? "MISSING JUSTIFICATION",
  });
}

const cell = (s: string) => s.replace(/\|/g, "\\|");
const table = [
  "| fixture | peer expects | sdv answers | why |",
  "|---|---|---|---|",
  ...rows.map((r) => `| ${cell(r.fixture)} | ${r.expected} | ${cell(r.sdv)} | ${cell(r.why)} |`),
].join("\n");
const toFix = rows.filter((r) => r.why.startsWith("to fix in rules")).length;
const summary = `${total} fixtures, ${total - rows.length} agree, ${rows.length} disagree (${toFix} to fix in rules, ${rows.length - toFix} justified).`;
console.log(summary);
console.log(table);

if (process.argv.includes("--write")) {
  const doc = fileURLToPath(new URL("../../docs/peer-suites.md", import.meta.url));
  const head = readFileSync(doc, "utf8").split("<!-- table -->")[0];
  writeFileSync(doc, `${head}<!-- table -->\n\n${summary}\n\n${table}\n`);
}
process.exit(rows.some((r) => r.why === "MISSING JUSTIFICATION") ? 1 : 0);
