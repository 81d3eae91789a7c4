/**
 * `sdv crawl --report report.html` and `sdv crawl --format html`: one self-contained page (no scripts, no
 * external resources, no request to any other host): per rich-result feature the pages valid, valid with
 * warnings and invalid with the top issues and example pages (the counts of GET /api/v1/audits/{id}/report,
 * for this one crawl), pages by URL template, pages by status, issues grouped by type and property, and an
 * inline SVG chart of the score distribution.
 */
import type { Outcome } from "../outcome.ts";
import type { Verdict } from "../exit-policy.ts";
import { pageRows, typeRows } from "./summary.ts";
import type { TemplateSummary } from "../../runtime/diff/template-report.ts";
import type { FeatureReport } from "../../runtime/diff/feature-report.ts";
import { featureCounts } from "./templates.ts";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);

interface IssueRow {
  type: string;
  property: string;
  code: string;
  severity: string;
  count: number;
  pages: Set<string>;
  message: string;
  fix: string;
}

function issueRows(outcomes: Outcome[]): IssueRow[] {
  const rows = new Map<string, IssueRow>();
  for (const o of outcomes) {
    for (const s of o.response?.schemas ?? []) {
      for (const i of [...s.errors, ...s.warnings]) {
        const key = `${s.type}\u0000${i.property}\u0000${i.code}\u0000${i.severity}`;
        const row = rows.get(key) ?? { type: s.type, property: i.property, code: i.code, severity: i.severity, count: 0, pages: new Set<string>(), message: i.message, fix: i.fix };
        row.count++;
        row.pages.add(o.source);
        rows.set(key, row);
      }
    }
  }
  return [...rows.values()].sort((a, b) => (a.severity === b.severity ? b.count - a.count : a.severity === "error" ? -1 : 1));
}

/** Ten buckets 0-9, 10-19, ..., 90-100, drawn as bars with their counts. */
function scoreChart(scores: number[]): string {
  const buckets = Array.from({ length: 10 }, () => 0);
  for (const s of scores) buckets[Math.min(9, Math.floor(s / 10))]++;
  const max = Math.max(1, ...buckets);
  const w = 40;
  const h = 160;
  const bars = buckets
    .map((n, i) => {
      const bh = Math.round((n / max) * h);
      const x = 40 + i * (w + 8);
      const colour = i >= 9 ? "#2e7d32" : i >= 5 ? "#f9a825" : "#c62828";
      return `<rect x="${x}" y="${20 + h - bh}" width="${w}" height="${bh}" fill="${colour}"><title>${i * 10}-${i === 9 ? 100 : i * 10 + 9}: ${n} page(s)</title></rect>` +
        `<text x="${x + w / 2}" y="${14 + h - bh}" text-anchor="middle" font-size="11">${n}</text>` +
        `<text x="${x + w / 2}" y="${h + 36}" text-anchor="middle" font-size="11">${i * 10}</text>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Score distribution" width="${40 + 10 * (w + 8)}" height="${h + 50}">${bars}<line x1="36" y1="${h + 20}" x2="${40 + 10 * (w + 8)}" y2="${h + 20}" stroke="#555"/></svg>`;
}

/** Valid, with warnings, invalid: one stacked bar per feature, drawn inline. */
function featureSection(report: FeatureReport): string {
  if (report.features.length === 0) return "<p>No page is eligible for a rich-result feature.</p>";
  return report.features
    .map(({ feature, runs, top_issues }) => {
      const c = runs[runs.length - 1]!;
      const total = Math.max(1, c.valid + c.valid_with_warnings + c.invalid);
      const width = 600;
      let x = 0;
      const parts = [
        [c.valid, "#2e7d32", "valid"],
        [c.valid_with_warnings, "#f9a825", "valid with warnings"],
        [c.invalid, "#c62828", "invalid"],
      ] as const;
      const bars = parts
        .map(([n, colour, label]) => {
          const w = Math.round((n / total) * width);
          const rect = `<rect x="${x}" y="0" width="${w}" height="18" fill="${colour}"><title>${label}: ${n}</title></rect>`;
          x += w;
          return rect;
        })
        .join("");
      const issues = top_issues.length
        ? `<table><tr><th>Severity</th><th>Code</th><th>Property</th><th>Pages</th><th>Examples</th></tr>${top_issues
            .map((i) => `<tr><td class="${i.severity}">${i.severity}</td><td>${esc(i.code)}</td><td>${esc(i.property ?? "")}</td><td>${i.pages}</td><td>${i.examples.map((u) => `<a href="${esc(u)}">${esc(u)}</a>`).join("<br>")}</td></tr>`)
            .join("")}</table>`
        : "";
      return `<h3>${esc(feature)}</h3><p>${c.valid} valid, ${c.valid_with_warnings} valid with warnings, ${c.invalid} invalid</p><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${esc(feature)}: ${c.valid} valid, ${c.valid_with_warnings} with warnings, ${c.invalid} invalid" width="${width}" height="18">${bars}</svg>${issues}`;
    })
    .join("\n");
}

function templateSection(templates: TemplateSummary[]): string {
  return `<table><tr><th>Template</th><th>Pages</th><th>Errors</th><th>Warnings</th><th>Eligible / pages with the feature's markup</th></tr>${templates
    .map((t) => `<tr><td>${esc(t.template)}</td><td>${t.pages}</td><td>${t.errors}</td><td>${t.warnings}</td><td>${esc(featureCounts(t))}</td></tr>`)
    .join("")}</table>`;
}

export function htmlReport(
  site: string,
  outcomes: Outcome[],
  skipped: Array<{ url: string; reason: string }>,
  verdict: Verdict,
  generatedAt: string,
  templates: TemplateSummary[] = [],
  features: FeatureReport = { features: [] },
): string {
  const pages = pageRows(outcomes);
  const byStatus = new Map<string, typeof pages>();
  for (const p of pages) byStatus.set(p.status, [...(byStatus.get(p.status) ?? []), p]);
  const scores = pages.filter((p) => p.score !== null).map((p) => p.score!);
  const types = typeRows(outcomes);
  const issues = issueRows(outcomes);
  const statusOrder = ["failed", "with errors", "valid", "no structured data"];
  const sections = statusOrder
    .filter((s) => byStatus.has(s))
    .map((status) => {
      const rows = byStatus.get(status)!;
      return `<h3>${esc(status)} (${rows.length})</h3><table><tr><th>Page</th><th>Schemas</th><th>Score</th><th>Errors</th><th>Warnings</th><th>Detail</th></tr>${rows
        .map((p) => `<tr><td><a href="${esc(p.url)}">${esc(p.url)}</a></td><td>${p.schemas}</td><td>${p.score ?? "–"}</td><td>${p.errors}</td><td>${p.warnings}</td><td>${esc(p.detail)}</td></tr>`)
        .join("")}</table>`;
    })
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>sdv crawl report: ${esc(site)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#222;max-width:1200px}
table{border-collapse:collapse;margin:.5rem 0 1.5rem;width:100%}th,td{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f4f4f4}td:nth-child(n+2){white-space:nowrap}.error{color:#c62828}.warning{color:#8d6e00}.muted{color:#666}
</style></head><body>
<h1>Structured data on ${esc(site)}</h1>
<p class="muted">Generated ${esc(generatedAt)} by sdv. ${pages.length} page(s) checked, ${skipped.length} skipped. ${esc(verdict.reason)}</p>
<h2>Rich-result features</h2>
${featureSection(features)}
<h2>Pages by template</h2>
${templateSection(templates)}
<h2>Score distribution</h2>
${scores.length ? scoreChart(scores) : "<p>No page with structured data.</p>"}
<h2>Pages by status</h2>
${sections}
<h2>Issues by type and property</h2>
<table><tr><th>Type</th><th>Property</th><th>Severity</th><th>Code</th><th>Count</th><th>Pages</th><th>Message (first seen) and fix</th></tr>
${issues.map((i) => `<tr><td>${esc(i.type)}</td><td>${esc(i.property)}</td><td class="${i.severity}">${i.severity}</td><td>${esc(i.code)}</td><td>${i.count}</td><td>${i.pages.size}</td><td>${esc(i.message)}<br><span class="muted">Fix: ${esc(i.fix)}</span></td></tr>`).join("\n")}
</table>
<h2>Types</h2>
<table><tr><th>Type</th><th>Nodes</th><th>Valid</th><th>Eligible</th><th>Errors</th><th>Warnings</th><th>Pages</th></tr>
${types.map((t) => `<tr><td>${esc(t.type)}</td><td>${t.nodes}</td><td>${t.valid}</td><td>${t.eligible}</td><td>${t.errors}</td><td>${t.warnings}</td><td>${t.pages}</td></tr>`).join("\n")}
</table>
${skipped.length ? `<h2>Skipped (${skipped.length})</h2><table><tr><th>URL</th><th>Why</th></tr>${skipped.map((s) => `<tr><td>${esc(s.url)}</td><td>${esc(s.reason)}</td></tr>`).join("")}</table>` : ""}
</body></html>
`;
}
