/**
 * The audit's reports built from its runs' page snapshots (the pure builders of runtime/diff, shared with
 * `sdv crawl`): the latest run's pages by URL template (GET /api/v1/audits/{id}/templates) and the Search
 * Console-like report per feature over the finished runs (GET /api/v1/audits/{id}/report).
 */
import { featureReport, type FeatureReport } from "../../runtime/diff/feature-report.ts";
import { templateSummaries, type TemplateSummary } from "../../runtime/diff/template-report.ts";
import type { AuditStore, RunRecord } from "../stores/audit-store.ts";

/** Runs a report's trend reaches back (each run's snapshots are read). */
export const REPORT_RUNS = 10;

export async function latestTemplates(store: AuditStore, auditId: string): Promise<{ run: string | null; items: TemplateSummary[] }> {
  const [last] = await store.listRuns(auditId, 1);
  if (!last) return { run: null, items: [] };
  return { run: last.id, items: templateSummaries(await store.snapshots(last.id)) };
}

export async function trendReport(store: AuditStore, auditId: string): Promise<FeatureReport & { runs: Array<{ run: string; created_at: string; status: RunRecord["status"] }> }> {
  const finished = (await store.listRuns(auditId, 50)).filter((r) => r.status === "done" || r.status === "stopped").slice(0, REPORT_RUNS).reverse();
  const runs = await Promise.all(finished.map(async (r) => ({ run: r.id, snapshots: await store.snapshots(r.id) })));
  return { runs: finished.map((r) => ({ run: r.id, created_at: r.createdAt, status: r.status })), ...featureReport(runs) };
}
