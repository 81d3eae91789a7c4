/** The audit endpoints as the audits page uses them (docs/audits.md). */
import { call } from "../api.ts";

export interface PageCounts {
  found: number;
  done: number;
  failed: number;
  skipped: number;
}

export interface Run {
  id: string;
  status: string;
  reason: string | null;
  trigger: string;
  created_at: string;
  finished_at: string | null;
  pages: PageCounts;
  credits_used: number;
  eligible: Record<string, number> | null;
}

export interface Audit {
  id: string;
  url?: string;
  sitemap_url?: string;
  status: string;
  reason: string | null;
  pages: PageCounts;
  credits_used: number;
  created_at: string;
  schedule: string | null;
  eligible?: Record<string, number>;
  scores?: Record<string, number>;
  issues?: Array<{ severity: string; type: string; property: string; code: string; pages: number }>;
  worst_pages?: Array<{ url: string; score: number; errors: number }>;
  runs?: Run[];
}

export interface Diff {
  run: string;
  against: string;
  diff: {
    features: Array<{ feature: string; gained: string[]; lost: string[] }>;
    errors: { new: Array<{ type: string; code: string; property: string | null; pages: string[] }>; fixed: Array<{ type: string; code: string; property: string | null; pages: string[] }> };
    totals: { pages_gained: number; pages_lost: number; new_errors: number; fixed_errors: number };
  };
}

export interface FeatureReport {
  runs: Array<{ run: string; created_at: string; status: string }>;
  features: Array<{
    feature: string;
    runs: Array<{ run: string; valid: number; valid_with_warnings: number; invalid: number }>;
    top_issues: Array<{ severity: string; code: string; property: string | null; pages: number; examples: string[] }>;
  }>;
}

export const listAudits = (apiKey: string) => call<{ items: Audit[] }>("GET", "/api/v1/audits", { apiKey });
export const getAudit = (apiKey: string, id: string) => call<Audit>("GET", `/api/v1/audits/${encodeURIComponent(id)}`, { apiKey });
export const createAudit = (apiKey: string, body: { url: string; discover?: string; max_pages?: number; schedule?: string }) => call<Audit>("POST", "/api/v1/audits", { apiKey, body });
export const auditReport = (apiKey: string, id: string) => call<FeatureReport>("GET", `/api/v1/audits/${encodeURIComponent(id)}/report`, { apiKey });
export const runAudit = (apiKey: string, id: string) => call<Audit>("POST", `/api/v1/audits/${encodeURIComponent(id)}/run`, { apiKey });
export const diffRuns = (apiKey: string, id: string, run: string, against: string) =>
  call<Diff>("GET", `/api/v1/audits/${encodeURIComponent(id)}/diff?run=${encodeURIComponent(run)}&against=${encodeURIComponent(against)}`, { apiKey });

export const siteOf = (audit: Audit): string => audit.url ?? audit.sitemap_url ?? "";
