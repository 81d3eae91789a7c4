/**
 * CSV (RFC 4180) for spreadsheets: a row per issue, and a row for each input without one (valid, no
 * structured data, not validated), so that every input is in the sheet.
 */
import type { Outcome } from "../outcome.ts";
import { locatedIssues } from "./issues.ts";

const HEADER = ["source", "status", "score", "type", "severity", "code", "property", "line", "column", "message", "new", "profile"];

/** Quoted when needed; a leading = + - @ is defused so that a spreadsheet does not run it as a formula. */
function cell(value: string | number | undefined | null): string {
  if (value === undefined || value === null) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === "string") text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** `profile`: the rules that produced the report, in a last column of every row (a sheet may mix runs). */
export function formatCsv(outcomes: Outcome[], profile?: string): string {
  const rows: string[] = [HEADER.join(",")];
  const row = (values: Array<string | number | undefined | null>) => rows.push([...values, profile].map(cell).join(","));
  for (const o of outcomes) {
    for (const f of o.findings ?? []) row([o.source, "expectation not met", o.response?.summary.score, "", f.severity, f.code, "", "", "", f.message, ""]);
    if (o.failure) {
      const none = o.failure.code === "no_jsonld_found";
      row([o.source, none ? "no structured data" : "not validated", "", "", none ? "" : "error", o.failure.code, "", "", "", o.failure.message, ""]);
      continue;
    }
    const r = o.response!;
    const status = r.summary.total_errors > 0 ? "errors" : r.summary.total_warnings > 0 ? "warnings" : "valid";
    const issues = locatedIssues(o);
    if (issues.length === 0) row([o.source, status, r.summary.score, "", "", "", "", "", "", "", ""]);
    for (const { schema, issue } of issues) {
      row([o.source, status, r.summary.score, schema.type, issue.severity, issue.code, issue.property, issue.line, issue.column, issue.message, o.known ? (o.known.has(issue) ? "no" : "yes") : ""]);
    }
  }
  return rows.join("\r\n");
}
