/** --baseline in the text report: new and fixed issues, and the pages that gained or lost a feature. */
import type { BaselineReport } from "../baseline.ts";

const SHOWN = 20;

export function baselineText(b: BaselineReport): string {
  const c = b.counts;
  const out: string[] = [`baseline ${b.file}: ${c.new_errors} new error(s), ${c.new_warnings} new warning(s), ${c.fixed_errors} error(s) fixed`];
  const list = (title: string, issues: BaselineReport["new"]) => {
    if (issues.length === 0) return;
    out.push(`  ${title}:`);
    for (const i of issues.slice(0, SHOWN)) out.push(`    ${i.source}: ${i.type} ${i.severity} ${i.property}: ${i.message} [${i.code}]`);
    if (issues.length > SHOWN) out.push(`    ... and ${issues.length - SHOWN} more (--format json lists them all)`);
  };
  list("new", b.new);
  list("fixed", b.fixed);
  for (const f of b.diff.features) {
    if (f.lost.length) out.push(`  ${f.feature}: lost on ${f.lost.length} page(s): ${f.lost.slice(0, 5).join(", ")}${f.lost.length > 5 ? ", ..." : ""}`);
    if (f.gained.length) out.push(`  ${f.feature}: gained on ${f.gained.length} page(s): ${f.gained.slice(0, 5).join(", ")}${f.gained.length > 5 ? ", ..." : ""}`);
  }
  return out.join("\n");
}
