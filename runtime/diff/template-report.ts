/**
 * A run's pages grouped by URL template (url-templates.ts): per template, its pages, per feature the pages
 * eligible and not (a page has a feature when a node is of the feature's type or eligible for it; it is
 * not eligible when it has the feature and no node is eligible for it), and its errors and warnings (per
 * node, each code and property once, as the diff counts them). The same items serve `sdv crawl`'s reports
 * and GET /api/v1/audits/{id}/templates; templateDiff gives the run diff per template ("/products/* lost
 * merchant-listing on 12 of 40 pages").
 */
import type { PageSnapshot, RunDiff } from "./feature-diff.ts";
import { urlTemplates } from "./url-templates.ts";

export interface TemplateSummary {
  template: string;
  pages: number;
  features: Record<string, { eligible: number; not_eligible: number }>;
  errors: number;
  warnings: number;
}

export interface TemplateChange {
  template: string;
  /** The template's pages in the later run. */
  pages: number;
  /** Only features some page of the template gained or lost; counts of pages. */
  features: Array<{ feature: string; gained: number; lost: number }>;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function templateSummaries(snapshots: readonly PageSnapshot[]): TemplateSummary[] {
  const templates = urlTemplates(snapshots.map((s) => s.page));
  const byTemplate = new Map<string, TemplateSummary>();
  snapshots.forEach((snapshot, i) => {
    const template = templates[i]!;
    let row = byTemplate.get(template);
    if (!row) byTemplate.set(template, (row = { template, pages: 0, features: {}, errors: 0, warnings: 0 }));
    row.pages++;
    const has = new Set<string>();
    const eligible = new Set<string>();
    for (const node of snapshot.nodes) {
      has.add(node.type);
      for (const f of node.eligible) {
        has.add(f);
        eligible.add(f);
      }
      row.errors += node.errors.length;
      row.warnings += node.warnings.length;
    }
    for (const f of has) {
      const counts = (row.features[f] ??= { eligible: 0, not_eligible: 0 });
      if (eligible.has(f)) counts.eligible++;
      else counts.not_eligible++;
    }
  });
  for (const row of byTemplate.values()) row.features = Object.fromEntries(Object.entries(row.features).sort(([a], [b]) => compare(a, b)));
  return [...byTemplate.values()].sort((a, b) => b.pages - a.pages || compare(a.template, b.template));
}

/** The diff's gained and lost pages per template; the templates are read from both runs' URLs together, so a page keeps its template across them. */
export function templateDiff(before: readonly PageSnapshot[], after: readonly PageSnapshot[], diff: RunDiff): TemplateChange[] {
  const pages = [...new Set([...before.map((s) => s.page), ...after.map((s) => s.page)])];
  const templates = urlTemplates(pages);
  const templateOf = new Map(pages.map((p, i) => [p, templates[i]!]));
  const pagesNow = new Map<string, number>();
  for (const s of after) pagesNow.set(templateOf.get(s.page)!, (pagesNow.get(templateOf.get(s.page)!) ?? 0) + 1);
  const changes = new Map<string, Map<string, { gained: number; lost: number }>>();
  const note = (page: string, feature: string, key: "gained" | "lost") => {
    const template = templateOf.get(page) ?? "/";
    let features = changes.get(template);
    if (!features) changes.set(template, (features = new Map()));
    const counts = features.get(feature) ?? { gained: 0, lost: 0 };
    counts[key]++;
    features.set(feature, counts);
  };
  for (const change of diff.features) {
    for (const page of change.gained) note(page, change.feature, "gained");
    for (const page of change.lost) note(page, change.feature, "lost");
  }
  return [...changes]
    .map(([template, features]) => ({
      template,
      pages: pagesNow.get(template) ?? 0,
      features: [...features].map(([feature, c]) => ({ feature, ...c })).sort((a, b) => compare(a.feature, b.feature)),
    }))
    .sort((a, b) => Math.max(...b.features.map((f) => f.lost)) - Math.max(...a.features.map((f) => f.lost)) || compare(a.template, b.template));
}
