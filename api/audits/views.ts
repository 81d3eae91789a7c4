/** The audits' API answers (OpenAPI: api/openapi/audit-schemas.ts), built from the store's records. */
import type { AuditRecord, PageRecord, RunRecord, RunSummary } from "../stores/audit-store.ts";

export interface RunView {
  id: string;
  status: RunRecord["status"];
  reason: string | null;
  trigger: RunRecord["trigger"];
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  pages: { found: number; done: number; failed: number; skipped: number };
  credits_used: number;
  diff: RunRecord["diff"];
  eligible: RunRecord["eligible"];
}

export function runView(run: RunRecord): RunView {
  return {
    id: run.id,
    status: run.status,
    reason: run.reason,
    trigger: run.trigger,
    created_at: run.createdAt,
    started_at: run.startedAt,
    finished_at: run.finishedAt,
    pages: { found: run.found, done: run.done, failed: run.failed, skipped: run.skipped },
    credits_used: run.creditsUsed,
    diff: run.diff,
    eligible: run.eligible,
  };
}

export interface AuditView {
  id: string;
  url?: string;
  sitemap_url?: string;
  urls?: string[];
  discover: AuditRecord["discover"];
  max_depth: number;
  max_pages: number;
  render: boolean;
  schedule: AuditRecord["schedule"];
  next_run_at: string | null;
  notify: { webhook_url: string; secret?: string } | null;
  created_at: string;
  status: RunRecord["status"];
  reason: string | null;
  pages: RunView["pages"];
  credits_used: number;
  eligible?: RunSummary["features"];
  scores?: RunSummary["scores"];
  issues?: RunSummary["issues"];
  worst_pages?: RunSummary["worst"];
  runs?: RunView[];
}

/** The audit with its latest run's state; `detail` adds the summary and the runs (GET /api/v1/audits/{id}). */
export function auditView(audit: AuditRecord, runs: RunRecord[], creditsUsed: number, detail?: { summary: RunSummary }): AuditView {
  const last = runs[0];
  const view: AuditView = {
    id: audit.id,
    ...(audit.kind === "url" ? { url: audit.url } : audit.kind === "urls" ? { urls: audit.urls ?? [audit.url] } : { sitemap_url: audit.url }),
    discover: audit.discover,
    max_depth: audit.maxDepth,
    max_pages: audit.maxPages,
    render: audit.render,
    schedule: audit.schedule,
    next_run_at: audit.nextRunAt,
    notify: audit.webhookUrl === null ? null : { webhook_url: audit.webhookUrl },
    created_at: audit.createdAt,
    status: last?.status ?? "queued",
    reason: last?.reason ?? null,
    pages: last ? runView(last).pages : { found: 0, done: 0, failed: 0, skipped: 0 },
    credits_used: creditsUsed,
  };
  if (detail) {
    view.eligible = detail.summary.features;
    view.scores = detail.summary.scores;
    view.issues = detail.summary.issues;
    view.worst_pages = detail.summary.worst;
    view.runs = runs.map(runView);
  }
  return view;
}

export interface PageView {
  url: string;
  status: PageRecord["status"];
  types: string[];
  eligible: string[];
  score: number | null;
  errors: number;
  warnings: number;
  issues: PageRecord["issues"];
  problem: PageRecord["problem"];
  validated_at: string | null;
}

export function pageView(page: PageRecord): PageView {
  return {
    url: page.url,
    status: page.status,
    types: page.types,
    eligible: page.features,
    score: page.score,
    errors: page.errors,
    warnings: page.warnings,
    issues: page.issues,
    problem: page.problem,
    validated_at: page.validatedAt,
  };
}
