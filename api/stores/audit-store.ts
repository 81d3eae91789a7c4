/**
 * Where audits, their runs and their pages' results live: the account store's database (SQLite embedded,
 * MongoDB with MONGODB_URL). Every call is atomic on its own, because any instance may make it: a page's
 * state moves from pending once, a credit is charged once per run and page, a due schedule is claimed by
 * one instance. Both adapters pass the contract tests in test/api/audits/audit-store-contract.test.ts.
 */
import type { PageSnapshot } from "../../runtime/diff/feature-diff.ts";
import type { DiscoverMode } from "../../fetch/site/discover-mode.ts";

export type RunStatus = "queued" | "running" | "done" | "stopped" | "failed";
export type PageStatus = "pending" | "validated" | "no_markup" | "failed" | "skipped";
export type Schedule = "daily" | "weekly";
export const SCHEDULES: readonly Schedule[] = ["daily", "weekly"];
export const ACTIVE_RUN_STATUSES: readonly RunStatus[] = ["queued", "running"];

export interface AuditRecord {
  id: string;
  accountId: string;
  /** Where discovery starts: the site's URL, or a sitemap's; in list mode, the first listed URL. */
  url: string;
  kind: "url" | "sitemap_url" | "urls";
  maxPages: number;
  /** Sitemaps, links or both (audits created before link discovery existed read "sitemap"). */
  discover: DiscoverMode;
  /** Clicks from a seed page that links are followed to. */
  maxDepth: number;
  /** List mode: exactly these pages (kind "urls"); null otherwise. */
  urls: string[] | null;
  /** Asked for; kept with the audit (pages are validated from their HTML as served; see docs/audits.md). */
  render: boolean;
  schedule: Schedule | null;
  webhookUrl: string | null;
  /** The webhook's signing secret, encrypted with the server's key cipher. */
  webhookSecret: string | null;
  /** When the schedule next starts a run (ISO); null without a schedule. */
  nextRunAt: string | null;
  createdAt: string;
}

export interface RunDiffTotals {
  against: string;
  pages_gained: number;
  pages_lost: number;
  new_errors: number;
  fixed_errors: number;
  regressed: boolean;
}

export interface RunRecord {
  id: string;
  auditId: string;
  accountId: string;
  status: RunStatus;
  reason: string | null;
  trigger: "created" | "manual" | "schedule";
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Pages the sitemaps list for the site (skipped ones included). */
  found: number;
  /** validated + no_markup. */
  done: number;
  failed: number;
  skipped: number;
  /** Charge records of the run (kept as a counter that moves with them). */
  creditsUsed: number;
  /** The pause between requests to the site this run keeps (the setting, or robots.txt's Crawl-delay). */
  delayMs: number | null;
  diff: RunDiffTotals | null;
  /** Pages eligible per feature, recorded when the run finished or stopped (the dashboard's trend). */
  eligible: Record<string, number> | null;
}

/** One issue of a page, as the summaries count them. */
export interface PageIssue {
  severity: "error" | "warning";
  type: string;
  property: string;
  code: string;
}

/** What a worker learned about one page. */
export interface PageOutcome {
  status: Exclude<PageStatus, "pending" | "skipped">;
  types: string[];
  /** Features the page is eligible for (the diff's feature names). */
  features: string[];
  score: number | null;
  errors: number;
  warnings: number;
  issues: PageIssue[];
  /** Why the page failed or has no markup (an error code of docs/errors.md and its message). */
  problem: { code: string; message: string } | null;
  snapshot: PageSnapshot;
  validatedAt: string;
  /** The instance that worked the page (host:pid), for operators and the multi-instance tests. */
  worker: string;
}

export interface PageRecord extends Omit<PageOutcome, "snapshot" | "status" | "validatedAt" | "worker"> {
  url: string;
  status: PageStatus;
  validatedAt: string | null;
  /** Clicks from a seed page when the page's links are to be followed; null when they are not (sitemap or list mode). */
  depth: number | null;
}

export interface PageFilter {
  status?: PageStatus;
  type?: string;
  feature?: string;
  code?: string;
}

export interface RunSummary {
  /** Pages eligible per feature. */
  features: Record<string, number>;
  /** Validated pages per score band: "0-49", "50-89", "90-99", "100". */
  scores: Record<string, number>;
  /** Pages with each issue, most pages first (at most 50). */
  issues: Array<PageIssue & { pages: number }>;
  /** The lowest-scoring validated pages (at most 10). */
  worst: Array<{ url: string; score: number; errors: number }>;
}

/** Skipped links recorded per run (a link to another site on every page, or a trap of disallowed URLs, would list without end). */
export const MAX_SKIPPED_LINKS = 1_000;

export type ChargeOutcome = "charged" | "already" | "quota";

/** What follows a page's outcome in finishPage: the links it found to add (null: none read), and the window to refill. */
export interface PageEnd {
  found: { urls: string[]; depth: number; maxPages: number; skipped: Array<{ url: string; reason: string }> } | null;
  window: number;
}

/** finishPage as three calls, for a store whose writes are not grouped in transactions (MongoDB). */
export async function finishPageInSteps(
  store: Pick<AuditStore, "addFound" | "completePage" | "claimWindow">,
  runId: string,
  url: string,
  outcome: PageOutcome,
  next: PageEnd,
): Promise<{ changed: boolean; finished: boolean; claimed: string[] }> {
  if (next.found !== null) await store.addFound(runId, next.found.urls, next.found.depth, next.found.maxPages, next.found.skipped);
  const { changed, finished } = await store.completePage(runId, url, outcome);
  return { changed, finished, claimed: changed ? await store.claimWindow(runId, next.window) : [] };
}

export interface AuditStore {
  createAudit(audit: AuditRecord): Promise<void>;
  /** The audit when it belongs to `accountId` (null otherwise: another account's audit does not exist for the caller). */
  getAudit(id: string, accountId?: string): Promise<AuditRecord | null>;
  /** Newest first. */
  listAudits(accountId: string, limit: number): Promise<AuditRecord[]>;
  /** Deletes the audit with its runs, pages and charge records. */
  deleteAudit(id: string): Promise<void>;

  createRun(run: RunRecord): Promise<void>;
  getRun(id: string): Promise<RunRecord | null>;
  /** Newest first. */
  listRuns(auditId: string, limit: number): Promise<RunRecord[]>;
  /** Runs of the account in ACTIVE_RUN_STATUSES. */
  activeRuns(accountId: string): Promise<number>;
  /** Moves the run to `to` only from one of `from`; true when this call moved it (of concurrent callers, one). */
  setRunStatus(id: string, from: readonly RunStatus[], to: RunStatus, fields?: { reason?: string; startedAt?: string; finishedAt?: string }): Promise<boolean>;
  setRunDiff(id: string, diff: RunDiffTotals): Promise<void>;
  setRunEligible(id: string, eligible: Record<string, number>): Promise<void>;

  /**
   * Records the discovered pages (pending, at `depth`: null when their links are not followed) and the
   * skipped ones; sets found, skipped and the pause.
   */
  addPages(runId: string, pages: string[], skipped: Array<{ url: string; reason: string }>, delayMs: number, depth?: number | null): Promise<void>;
  /**
   * Pages a page's links lead to: each URL not yet a page of the run becomes a pending page at `depth`,
   * while the run has fewer than `maxPages` pages to check (a URL found by two instances at once is added
   * once); `skipped` are recorded once each, up to MAX_SKIPPED_LINKS per run. Returns the URLs added.
   */
  addFound(runId: string, urls: string[], depth: number, maxPages: number, skipped: Array<{ url: string; reason: string }>): Promise<string[]>;
  /** Takes the next `n` pending pages not yet handed out (each is handed out once, whoever asks). */
  claimPages(runId: string, n: number): Promise<string[]>;
  /** Takes pending pages until `window` of the run's pages are handed out and not finished (a link crawl's queue grows as pages are found). */
  claimWindow(runId: string, window: number): Promise<string[]>;
  getPage(runId: string, url: string): Promise<PageRecord | null>;
  /** getRun and getPage together (one read where the store can): what a page job reads first. */
  getRunAndPage(runId: string, url: string): Promise<{ run: RunRecord | null; page: PageRecord | null }>;
  /**
   * Charges one credit for the run's page once: the charge record (run, page) is written first, unique,
   * then `reserve` takes the credit from the account store. "charged": taken now; "already": an earlier
   * attempt (a worker killed mid-page) holds the record, so nothing is taken again; "quota": `reserve`
   * refused, and the record is removed. (A process killed between the two writes leaves a record without a
   * credit: that page is free, never charged twice.)
   */
  charge(runId: string, auditId: string, url: string, reserve: () => Promise<boolean>): Promise<ChargeOutcome>;
  /** Removes the page's charge record and, when there was one, calls `release` (the credit given back once). */
  refund(runId: string, url: string, release: () => Promise<void>): Promise<boolean>;
  /** Stores the outcome if the page is still pending; `finished` when it was the run's last page. */
  completePage(runId: string, url: string, outcome: PageOutcome): Promise<{ changed: boolean; finished: boolean }>;
  /**
   * A page's end: the links it found (addFound, when given), its outcome (completePage) and, when the
   * outcome was stored, the run's next window (claimWindow), in that order, each as its own method does
   * it. The embedded store writes the three in one transaction: with several processes on one file, each
   * transaction starts with its page cache emptied, and a page's end was three of them.
   */
  finishPage(runId: string, url: string, outcome: PageOutcome, next: PageEnd): Promise<{ changed: boolean; finished: boolean; claimed: string[] }>;
  /** The run's pages in URL order after `cursor`, filtered. */
  listPages(runId: string, filter: PageFilter, after: string | null, limit: number): Promise<PageRecord[]>;
  summary(runId: string): Promise<RunSummary>;
  snapshots(runId: string): Promise<PageSnapshot[]>;
  /** Credits charged by every run of the audit. */
  creditsUsed(auditId: string): Promise<number>;

  /**
   * Claims the audits whose schedule is due at `now`: each one's nextRunAt moves to `next(audit)` in one
   * conditional write, so of instances asking at the same time exactly one gets it.
   */
  claimDue(now: string, next: (audit: AuditRecord) => string, limit: number): Promise<AuditRecord[]>;
  /** Deletes runs finished before `before`, except each audit's latest; returns how many. */
  prune(before: string): Promise<number>;
  /** Runs left running or queued (an instance restarted): the in-process queue picks them up again. */
  unfinishedRuns(): Promise<RunRecord[]>;
  /** Hands out again the pending pages of a run whose queue was lost. */
  resetClaims(runId: string): Promise<void>;
  close(): Promise<void>;
}
