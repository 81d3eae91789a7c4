/** A crawl's summary by type (nodes, validity, issues) and by page (status, score), for text and HTML. */
import type { Outcome } from "../outcome.ts";

export interface TypeRow {
  type: string;
  nodes: number;
  valid: number;
  eligible: number;
  errors: number;
  warnings: number;
  pages: number;
}

export interface PageRow {
  url: string;
  status: "valid" | "with errors" | "no structured data" | "failed";
  schemas: number;
  score: number | null;
  errors: number;
  warnings: number;
  detail: string;
}

export function typeRows(outcomes: Outcome[]): TypeRow[] {
  const rows = new Map<string, TypeRow & { pageSet: Set<string> }>();
  for (const o of outcomes) {
    for (const s of o.response?.schemas ?? []) {
      const row = rows.get(s.type) ?? { type: s.type, nodes: 0, valid: 0, eligible: 0, errors: 0, warnings: 0, pages: 0, pageSet: new Set<string>() };
      row.nodes++;
      if (s.valid) row.valid++;
      if (s.rich_result_eligible) row.eligible++;
      row.errors += s.errors.length;
      row.warnings += s.warnings.length;
      row.pageSet.add(o.source);
      rows.set(s.type, row);
    }
  }
  return [...rows.values()].map(({ pageSet, ...r }) => ({ ...r, pages: pageSet.size })).sort((a, b) => b.nodes - a.nodes || a.type.localeCompare(b.type));
}

export function pageRows(outcomes: Outcome[]): PageRow[] {
  return outcomes.map((o) => {
    if (o.failure) {
      const none = o.failure.code === "no_jsonld_found";
      return { url: o.source, status: none ? "no structured data" : "failed", schemas: 0, score: null, errors: 0, warnings: 0, detail: none ? "" : `${o.failure.code}: ${o.failure.message}` };
    }
    const s = o.response!.summary;
    return {
      url: o.source,
      status: s.total_errors > 0 ? "with errors" : "valid",
      schemas: o.response!.schemas_found,
      score: s.score,
      errors: s.total_errors,
      warnings: s.total_warnings,
      detail: "",
    };
  });
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ").trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

/** `notListed`: skipped pages counted but not kept (discovery lists 10,000 at most). */
export function summaryText(outcomes: Outcome[], skipped: Array<{ url: string; reason: string }>, notListed = 0): string {
  const types = typeRows(outcomes);
  const pages = pageRows(outcomes);
  const out = [
    "By type:",
    table(
      ["type", "nodes", "valid", "eligible", "errors", "warnings", "pages"],
      types.map((t) => [t.type, String(t.nodes), String(t.valid), String(t.eligible), String(t.errors), String(t.warnings), String(t.pages)]),
    ),
    "",
    "By page:",
    table(
      ["page", "status", "schemas", "score", "errors", "warnings"],
      pages.map((p) => [p.url, p.status, String(p.schemas), p.score === null ? "-" : String(p.score), String(p.errors), String(p.warnings)]),
    ),
  ];
  if (skipped.length) {
    out.push("", `Skipped ${skipped.length + notListed}:`);
    for (const s of skipped.slice(0, 50)) out.push(`  ${s.url}: ${s.reason}`);
    if (skipped.length + notListed > 50) out.push(`  … and ${skipped.length + notListed - 50} more`);
  }
  return out.join("\n");
}
