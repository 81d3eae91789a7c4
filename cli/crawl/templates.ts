/** A crawl's pages by URL template (runtime/diff/template-report.ts) and per feature, for its JSON, text and HTML reports. */
import type { Outcome } from "../outcome.ts";
import { snapshotPage, type PageSnapshot } from "../../runtime/diff/feature-diff.ts";
import { templateSummaries, type TemplateSummary } from "../../runtime/diff/template-report.ts";

export function crawlSnapshots(outcomes: Outcome[]): PageSnapshot[] {
  return outcomes.map((o) => snapshotPage(o.source, o.response ? o.response.schemas : o.failure?.code === "no_jsonld_found" ? [] : null));
}

export function crawlTemplates(snapshots: PageSnapshot[]): TemplateSummary[] {
  return templateSummaries(snapshots);
}

/** "eligible/with markup" per feature, e.g. "Product 38/40, merchant-listing 28/40". */
export function featureCounts(t: TemplateSummary): string {
  return Object.entries(t.features)
    .map(([feature, c]) => `${feature} ${c.eligible}/${c.eligible + c.not_eligible}`)
    .join(", ");
}

export function templatesText(templates: TemplateSummary[]): string {
  const rows = templates.map((t) => [t.template, String(t.pages), String(t.errors), String(t.warnings), featureCounts(t) || "-"]);
  const header = ["template", "pages", "errors", "warnings", "eligible / pages with the feature's markup"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ").trimEnd();
  return ["By template:", line(header), ...rows.map(line)].join("\n");
}
