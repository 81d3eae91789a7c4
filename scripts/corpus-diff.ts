/**
 * Compares two files written by scripts/corpus-report.ts: lists every input whose report differs (and
 * inputs present in only one), exits 1 when anything differs.
 *
 *   node --import tsx scripts/corpus-diff.ts before.json after.json
 */
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";

const [a, b] = process.argv.slice(2);
if (!a || !b) {
  console.error("usage: corpus-diff.ts before.json after.json");
  process.exit(2);
}
const before = JSON.parse(readFileSync(a, "utf8")) as Record<string, unknown>;
const after = JSON.parse(readFileSync(b, "utf8")) as Record<string, unknown>;

const changed: string[] = [];
for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
  if (!(name in before)) changed.push(`only after:  ${name}`);
  else if (!(name in after)) changed.push(`only before: ${name}`);
  else if (!isDeepStrictEqual(before[name], after[name])) changed.push(`differs:     ${name}`);
}
const total = new Set([...Object.keys(before), ...Object.keys(after)]).size;
for (const line of changed) console.log(line);
console.log(`${total} inputs, ${total - changed.length} identical, ${changed.length} different`);
process.exit(changed.length === 0 ? 0 : 1);
