/** The human-readable report: what a person reads in a terminal or a CI log. */
import type { ValidationResponse } from "../runtime/report.ts";
import type { ValidationIssue } from "../runtime/types.ts";

const where = (i: ValidationIssue): string => (i.line !== undefined ? ` (line ${i.line}, column ${i.column})` : i.path ? ` (at ${i.path})` : "");

export function formatReport(response: ValidationResponse, source: string): string {
  const out: string[] = [];
  // A retired or restricted type's note is long and the same on every node of that type: once per report.
  const notesShown = new Set<string>();
  out.push(`sdv: ${response.url ?? source}: ${response.schemas_found} schema(s)`);
  for (const s of response.schemas) {
    const state = s.valid ? "valid" : "INVALID";
    const eligibility = s.rich_result_eligible ? "eligible" : "not eligible";
    const shown = s.matched_type ? `${s.type} (as ${s.matched_type})` : s.type;
    out.push("");
    const syntax = s.syntax === "microdata" ? " [Microdata]" : s.syntax === "rdfa" ? " [RDFa]" : "";
    out.push(`${shown}${syntax}: ${state}, ${eligibility}${s.checked || s.errors.some((e) => e.code === "unknown-type") ? "" : " (not checked: no rule set)"}`);
    out.push(`  ${s.rich_result.reason}`);
    if (s.deprecation_note && !notesShown.has(s.deprecation_note)) {
      notesShown.add(s.deprecation_note);
      out.push(`  deprecated: ${s.deprecation_note}`);
    } else if (s.deprecation_note) out.push(`  deprecated: see the note above.`);
    for (const f of s.features ?? []) out.push(`  feature ${f.name}: ${f.eligible ? "eligible" : "not eligible"}: ${f.reason}`);
    for (const issue of [...s.errors, ...s.warnings]) {
      out.push(`  ${issue.severity === "error" ? "error  " : "warning"} ${issue.property}: ${issue.message}${where(issue)}`);
      out.push(`          fix: ${issue.fix}`);
    }
  }
  const m = response.summary;
  out.push("");
  out.push(
    `score ${m.score}/100: ${m.valid_schemas} valid, ${m.invalid_schemas} invalid, ${m.rich_result_eligible} eligible; ${m.total_errors} error(s), ${m.total_warnings} warning(s)`,
  );
  return out.join("\n");
}
