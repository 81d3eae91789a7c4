/**
 * AuditStore in the embedded SQLite file (the accounts' file, its own connection and its own tables and
 * schema version, so the audit tables evolve without touching the accounts' migrations). Several server
 * processes may open the file (WAL); every state change is one conditional statement or one IMMEDIATE
 * transaction, and a lock held by another connection is waited out from a timer, never on the event loop
 * (as in account-store.ts).
 *
 * Reads are served by indexes: pages by (run, url) for cursor paging, (run, status, url) for the status
 * filter, and page_tags (run, kind, value, url) for the type, feature and code filters and the summaries.
 */
import { dirname } from "node:path";
import type { PageSnapshot } from "../../../runtime/diff/feature-diff.ts";
import type {
  AuditRecord,
  AuditStore,
  ChargeOutcome,
  PageFilter,
  PageEnd,
  PageOutcome,
  PageRecord,
  RunDiffTotals,
  RunRecord,
  RunStatus,
  RunSummary,
} from "../audit-store.ts";
import { MAX_SKIPPED_LINKS } from "../audit-store.ts";
import { ensurePrivateFile, makePrivateDir } from "../private-files.ts";
import { MMAP_BYTES, WAL_CHECKPOINT_PAGES, WAL_SIZE_LIMIT_BYTES, openDatabase, type Database, type SqlValue, type Statement } from "./sqlite-driver.ts";
import { withLockRetry } from "./lock-retry.ts";

/** Distinct SQL texts kept prepared (the filters of listPages make a few dozen; past this the cache starts over). */
const MAX_CACHED_STATEMENTS = 256;

export const AUDIT_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE audits (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    url TEXT NOT NULL,
    kind TEXT NOT NULL,
    max_pages INTEGER NOT NULL,
    render INTEGER NOT NULL,
    schedule TEXT,
    webhook_url TEXT,
    webhook_secret TEXT,
    next_run_at TEXT,
    created_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX audits_account ON audits (account_id, created_at);
  CREATE INDEX audits_due ON audits (next_run_at) WHERE next_run_at IS NOT NULL;

  CREATE TABLE audit_runs (
    id TEXT PRIMARY KEY,
    audit_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    status TEXT NOT NULL,
    reason TEXT,
    trigger TEXT NOT NULL,
    created_at TEXT NOT NULL,
    started_at TEXT,
    finished_at TEXT,
    found INTEGER NOT NULL DEFAULT 0,
    done INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    skipped INTEGER NOT NULL DEFAULT 0,
    to_check INTEGER NOT NULL DEFAULT 0,
    handed_out INTEGER NOT NULL DEFAULT 0,
    credits INTEGER NOT NULL DEFAULT 0,
    delay_ms INTEGER,
    diff TEXT,
    eligible TEXT
  ) STRICT;
  CREATE INDEX audit_runs_audit ON audit_runs (audit_id, created_at);
  CREATE INDEX audit_runs_account ON audit_runs (account_id, status);

  CREATE TABLE audit_pages (
    run_id TEXT NOT NULL,
    url TEXT NOT NULL,
    seq INTEGER NOT NULL,
    status TEXT NOT NULL,
    types TEXT NOT NULL DEFAULT '[]',
    features TEXT NOT NULL DEFAULT '[]',
    score INTEGER,
    errors INTEGER NOT NULL DEFAULT 0,
    warnings INTEGER NOT NULL DEFAULT 0,
    issues TEXT NOT NULL DEFAULT '[]',
    problem TEXT,
    snapshot TEXT,
    validated_at TEXT,
    worker TEXT,
    PRIMARY KEY (run_id, url)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX audit_pages_seq ON audit_pages (run_id, seq);
  CREATE INDEX audit_pages_status ON audit_pages (run_id, status, url);
  CREATE INDEX audit_pages_score ON audit_pages (run_id, score);

  CREATE TABLE audit_page_tags (
    run_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    value TEXT NOT NULL,
    url TEXT NOT NULL,
    PRIMARY KEY (run_id, kind, value, url)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE audit_charges (
    run_id TEXT NOT NULL,
    url TEXT NOT NULL,
    audit_id TEXT NOT NULL,
    PRIMARY KEY (run_id, url)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX audit_charges_audit ON audit_charges (audit_id);
  `,
  // Link discovery (issue 26): how an audit finds its pages, each page's depth, the claim window's count.
  // Audits made before it found their pages in sitemaps only, and keep doing so.
  `
  ALTER TABLE audits ADD COLUMN discover TEXT NOT NULL DEFAULT 'sitemap';
  ALTER TABLE audits ADD COLUMN max_depth INTEGER NOT NULL DEFAULT 10;
  ALTER TABLE audits ADD COLUMN urls TEXT;
  ALTER TABLE audit_pages ADD COLUMN depth INTEGER;
  ALTER TABLE audit_runs ADD COLUMN claimed INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE audit_runs ADD COLUMN skipped_links INTEGER NOT NULL DEFAULT 0;
  `,
  // A run's issues counted per issue (the pages that have it), not kept as a row per page and issue: those rows
  // were seven in ten of the tag rows, each page end wrote one into as many places of the table as the page had
  // issues, and only the summary's counts read them. Runs recorded before keep their counts.
  `
  CREATE TABLE audit_run_issues (
    run_id TEXT NOT NULL,
    value TEXT NOT NULL,
    pages INTEGER NOT NULL,
    PRIMARY KEY (run_id, value)
  ) STRICT, WITHOUT ROWID;
  INSERT INTO audit_run_issues (run_id, value, pages) SELECT run_id, value, COUNT(*) FROM audit_page_tags WHERE kind = 'issue' GROUP BY run_id, value;
  DELETE FROM audit_page_tags WHERE kind = 'issue';
  `,
  // Fewer index entries a page writes: the credits an audit used are its runs' counts (kept with the charge
  // records in one transaction), not a count of the records by audit; pages without a score (pending, no
  // markup) have no entry in the score index, which only ever looks up scored pages.
  `
  DROP INDEX audit_charges_audit;
  DROP INDEX audit_pages_score;
  CREATE INDEX audit_pages_score ON audit_pages (run_id, score) WHERE score IS NOT NULL;
  `,
];

interface AuditRow {
  id: string;
  account_id: string;
  url: string;
  kind: AuditRecord["kind"];
  max_pages: number;
  discover: AuditRecord["discover"];
  max_depth: number;
  urls: string | null;
  render: number;
  schedule: AuditRecord["schedule"];
  webhook_url: string | null;
  webhook_secret: string | null;
  next_run_at: string | null;
  created_at: string;
}

interface RunRow {
  id: string;
  audit_id: string;
  account_id: string;
  status: RunStatus;
  reason: string | null;
  trigger: RunRecord["trigger"];
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  found: number;
  done: number;
  failed: number;
  skipped: number;
  delay_ms: number | null;
  diff: string | null;
  eligible: string | null;
  credits: number;
}

interface PageRow {
  url: string;
  status: PageRecord["status"];
  types: string;
  features: string;
  score: number | null;
  errors: number;
  warnings: number;
  issues: string;
  problem: string | null;
  validated_at: string | null;
  depth: number | null;
}

const toAudit = (r: AuditRow): AuditRecord => ({
  id: r.id,
  accountId: r.account_id,
  url: r.url,
  kind: r.kind,
  maxPages: r.max_pages,
  discover: r.discover,
  maxDepth: r.max_depth,
  urls: r.urls === null ? null : (JSON.parse(r.urls) as string[]),
  render: r.render === 1,
  schedule: r.schedule,
  webhookUrl: r.webhook_url,
  webhookSecret: r.webhook_secret,
  nextRunAt: r.next_run_at,
  createdAt: r.created_at,
});

const toRun = (r: RunRow): RunRecord => ({
  id: r.id,
  auditId: r.audit_id,
  accountId: r.account_id,
  status: r.status,
  reason: r.reason,
  trigger: r.trigger,
  createdAt: r.created_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  found: r.found,
  done: r.done,
  failed: r.failed,
  skipped: r.skipped,
  creditsUsed: r.credits,
  delayMs: r.delay_ms,
  diff: r.diff === null ? null : (JSON.parse(r.diff) as RunDiffTotals),
  eligible: r.eligible === null ? null : (JSON.parse(r.eligible) as Record<string, number>),
});

const toPage = (r: PageRow): PageRecord => ({
  url: r.url,
  status: r.status,
  types: JSON.parse(r.types) as string[],
  features: JSON.parse(r.features) as string[],
  score: r.score,
  errors: r.errors,
  warnings: r.warnings,
  issues: JSON.parse(r.issues) as PageRecord["issues"],
  problem: r.problem === null ? null : (JSON.parse(r.problem) as PageRecord["problem"]),
  validatedAt: r.validated_at,
  depth: r.depth,
});

const RUN_COLUMNS = `r.id, r.audit_id, r.account_id, r.status, r.reason, r.trigger, r.created_at, r.started_at, r.finished_at,
  r.found, r.done, r.failed, r.skipped, r.delay_ms, r.diff, r.eligible, r.credits`;
const PAGE_COLUMNS = "p.url, p.status, p.types, p.features, p.score, p.errors, p.warnings, p.issues, p.problem, p.validated_at, p.depth";

/** Pages to hand out so that `window` of the run's pages are handed out and not finished. */
const roomIn = (window: number) => (run: { claimed: number; done: number; failed: number }) => window - (run.claimed - run.done - run.failed);

export class SqliteAuditStore implements AuditStore {
  readonly #db: Database;
  readonly #lockWaitMs: number;
  readonly #statements = new Map<string, Statement<unknown>>();

  static open(filename: string, options: { lockWaitMs?: number } = {}): SqliteAuditStore {
    if (filename !== ":memory:") {
      makePrivateDir(dirname(filename));
      ensurePrivateFile(filename);
    }
    const db = openDatabase(filename, { timeout: 5000 });
    try {
      db.pragma("journal_mode = WAL");
      db.pragma("synchronous = NORMAL");
      db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
      db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
      // Reads through a memory map: with several processes writing, each transaction starts with its page
      // cache emptied, and re-reading its pages by read() calls cost an audit instance about a tenth of its CPU.
      db.pragma(`mmap_size = ${MMAP_BYTES}`);
      db.transaction(() => {
        db.exec("CREATE TABLE IF NOT EXISTS schema_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL) STRICT");
        const row = db.prepare<{ version: number }>("SELECT version FROM schema_versions WHERE name = 'audits'").get();
        const current = row?.version ?? 0;
        if (current > AUDIT_MIGRATIONS.length) throw new Error(`the audit tables have schema version ${current}, newer than this build knows (${AUDIT_MIGRATIONS.length})`);
        for (let v = current; v < AUDIT_MIGRATIONS.length; v++) db.exec(AUDIT_MIGRATIONS[v]!);
        db.prepare("INSERT INTO schema_versions (name, version) VALUES ('audits', ?) ON CONFLICT (name) DO UPDATE SET version = excluded.version").run(AUDIT_MIGRATIONS.length);
      }).immediate();
      db.pragma("busy_timeout = 0");
      return new SqliteAuditStore(db, options.lockWaitMs ?? 5_000);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  private constructor(db: Database, lockWaitMs: number) {
    this.#db = db;
    this.#lockWaitMs = lockWaitMs;
  }

  #run<T>(op: () => T): Promise<T> {
    return withLockRetry(op, this.#lockWaitMs);
  }

  #tx<T>(fn: () => T): Promise<T> {
    return this.#run(() => this.#db.transaction(fn).immediate());
  }

  /**
   * Statements are prepared once per SQL text: preparing took as long as running them (a page's outcome is
   * a dozen statements), the largest CPU cost of an audit's page after the engine.
   */
  #prepare<Row = unknown>(sql: string): Statement<Row> {
    let statement = this.#statements.get(sql);
    if (!statement) {
      if (this.#statements.size >= MAX_CACHED_STATEMENTS) this.#statements.clear();
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement as Statement<Row>;
  }

  #all<Row>(sql: string, ...params: SqlValue[]): Row[] {
    return this.#prepare<Row>(sql).all(...params);
  }

  #get<Row>(sql: string, ...params: SqlValue[]): Row | undefined {
    return this.#prepare<Row>(sql).get(...params);
  }

  async createAudit(a: AuditRecord): Promise<void> {
    await this.#run(() =>
      this.#prepare(
          "INSERT INTO audits (id, account_id, url, kind, max_pages, discover, max_depth, urls, render, schedule, webhook_url, webhook_secret, next_run_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .run(a.id, a.accountId, a.url, a.kind, a.maxPages, a.discover, a.maxDepth, a.urls === null ? null : JSON.stringify(a.urls), a.render ? 1 : 0, a.schedule, a.webhookUrl, a.webhookSecret, a.nextRunAt, a.createdAt),
    );
  }

  async getAudit(id: string, accountId?: string): Promise<AuditRecord | null> {
    const row = await this.#run(() => this.#get<AuditRow>("SELECT * FROM audits WHERE id = ?", id));
    if (!row || (accountId !== undefined && row.account_id !== accountId)) return null;
    return toAudit(row);
  }

  async listAudits(accountId: string, limit: number): Promise<AuditRecord[]> {
    const rows = await this.#run(() => this.#all<AuditRow>("SELECT * FROM audits WHERE account_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?", accountId, limit));
    return rows.map(toAudit);
  }

  async deleteAudit(id: string): Promise<void> {
    await this.#tx(() => {
      const runs = this.#all<{ id: string }>("SELECT id FROM audit_runs WHERE audit_id = ?", id).map((r) => r.id);
      for (const runId of runs) this.#deleteRun(runId);
      this.#prepare("DELETE FROM audits WHERE id = ?").run(id);
    });
  }

  #deleteRun(runId: string): void {
    this.#prepare("DELETE FROM audit_pages WHERE run_id = ?").run(runId);
    this.#prepare("DELETE FROM audit_page_tags WHERE run_id = ?").run(runId);
    this.#prepare("DELETE FROM audit_run_issues WHERE run_id = ?").run(runId);
    this.#prepare("DELETE FROM audit_charges WHERE run_id = ?").run(runId);
    this.#prepare("DELETE FROM audit_runs WHERE id = ?").run(runId);
  }

  async createRun(r: RunRecord): Promise<void> {
    await this.#run(() =>
      this.#prepare("INSERT INTO audit_runs (id, audit_id, account_id, status, reason, trigger, created_at, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .run(r.id, r.auditId, r.accountId, r.status, r.reason, r.trigger, r.createdAt, r.startedAt, r.finishedAt),
    );
  }

  async getRun(id: string): Promise<RunRecord | null> {
    const row = await this.#run(() => this.#get<RunRow>(`SELECT ${RUN_COLUMNS} FROM audit_runs r WHERE r.id = ?`, id));
    return row ? toRun(row) : null;
  }

  async listRuns(auditId: string, limit: number): Promise<RunRecord[]> {
    const rows = await this.#run(() => this.#all<RunRow>(`SELECT ${RUN_COLUMNS} FROM audit_runs r WHERE r.audit_id = ? ORDER BY r.created_at DESC, r.rowid DESC LIMIT ?`, auditId, limit));
    return rows.map(toRun);
  }

  async activeRuns(accountId: string): Promise<number> {
    const row = await this.#run(() => this.#get<{ n: number }>("SELECT COUNT(*) AS n FROM audit_runs WHERE account_id = ? AND status IN ('queued', 'running')", accountId));
    return row?.n ?? 0;
  }

  async setRunStatus(id: string, from: readonly RunStatus[], to: RunStatus, fields: { reason?: string; startedAt?: string; finishedAt?: string } = {}): Promise<boolean> {
    const marks = from.map(() => "?").join(", ");
    const result = await this.#run(() =>
      this.#prepare(
          `UPDATE audit_runs SET status = ?, reason = COALESCE(?, reason), started_at = COALESCE(?, started_at), finished_at = COALESCE(?, finished_at)
           WHERE id = ? AND status IN (${marks})`,
        )
        .run(to, fields.reason ?? null, fields.startedAt ?? null, fields.finishedAt ?? null, id, ...from),
    );
    return result.changes === 1;
  }

  async setRunDiff(id: string, diff: RunDiffTotals): Promise<void> {
    await this.#run(() => this.#prepare("UPDATE audit_runs SET diff = ? WHERE id = ?").run(JSON.stringify(diff), id));
  }

  async setRunEligible(id: string, eligible: Record<string, number>): Promise<void> {
    await this.#run(() => this.#prepare("UPDATE audit_runs SET eligible = ? WHERE id = ?").run(JSON.stringify(eligible), id));
  }

  async addPages(runId: string, pages: string[], skipped: Array<{ url: string; reason: string }>, delayMs: number, depth: number | null = null): Promise<void> {
    await this.#tx(() => {
      const insert = this.#prepare("INSERT OR IGNORE INTO audit_pages (run_id, url, seq, status, problem, depth) VALUES (?, ?, ?, ?, ?, ?)");
      pages.forEach((url, i) => insert.run(runId, url, i, "pending", null, depth));
      skipped.forEach((s, i) => insert.run(runId, s.url, pages.length + i, "skipped", JSON.stringify({ code: "skipped", message: s.reason }), null));
      this.#prepare("UPDATE audit_runs SET found = ?, skipped = ?, to_check = ?, delay_ms = ? WHERE id = ?")
        .run(pages.length + skipped.length, skipped.length, pages.length, delayMs, runId);
    });
  }

  async addFound(runId: string, urls: string[], depth: number, maxPages: number, skipped: Array<{ url: string; reason: string }>): Promise<string[]> {
    return this.#tx(() => this.#addFound(runId, urls, depth, maxPages, skipped));
  }

  #addFound(runId: string, urls: string[], depth: number, maxPages: number, skipped: Array<{ url: string; reason: string }>): string[] {
    const run = this.#get<{ to_check: number; skipped_links: number }>("SELECT to_check, skipped_links FROM audit_runs WHERE id = ?", runId);
    if (!run) return [];
    let seq = (this.#get<{ n: number | null }>("SELECT MAX(seq) AS n FROM audit_pages WHERE run_id = ?", runId)?.n ?? -1) + 1;
    const insert = this.#prepare("INSERT OR IGNORE INTO audit_pages (run_id, url, seq, status, problem, depth) VALUES (?, ?, ?, ?, ?, ?)");
    const added: string[] = [];
    for (const url of urls) {
      if (run.to_check + added.length >= maxPages) break;
      if (insert.run(runId, url, seq, "pending", null, depth).changes === 1) {
        added.push(url);
        seq++;
      }
    }
    let skips = 0;
    for (const s of skipped) {
      if (run.skipped_links + skips >= MAX_SKIPPED_LINKS) break;
      if (insert.run(runId, s.url, seq, "skipped", JSON.stringify({ code: "skipped", message: s.reason }), null).changes === 1) {
        skips++;
        seq++;
      }
    }
    this.#prepare("UPDATE audit_runs SET found = found + ?, skipped = skipped + ?, to_check = to_check + ?, skipped_links = skipped_links + ? WHERE id = ?")
      .run(added.length + skips, skips, added.length, skips, runId);
    return added;
  }

  async claimWindow(runId: string, window: number): Promise<string[]> {
    return this.#claim(runId, roomIn(window));
  }

  async claimPages(runId: string, n: number): Promise<string[]> {
    return this.#claim(runId, () => n);
  }

  #claim(runId: string, howMany: (run: { claimed: number; done: number; failed: number }) => number): Promise<string[]> {
    return this.#tx(() => this.#claimNow(runId, howMany));
  }

  #claimNow(runId: string, howMany: (run: { claimed: number; done: number; failed: number }) => number): string[] {
    const run = this.#get<{ handed_out: number; claimed: number; done: number; failed: number }>("SELECT handed_out, claimed, done, failed FROM audit_runs WHERE id = ?", runId);
    if (!run) return [];
    const n = howMany(run);
    if (n <= 0) return [];
    const rows = this.#all<{ url: string; seq: number }>(
      "SELECT url, seq FROM audit_pages WHERE run_id = ? AND seq >= ? AND status = 'pending' ORDER BY seq LIMIT ?",
      runId,
      run.handed_out,
      n,
    );
    if (rows.length > 0) this.#prepare("UPDATE audit_runs SET handed_out = ?, claimed = claimed + ? WHERE id = ?").run(rows[rows.length - 1]!.seq + 1, rows.length, runId);
    return rows.map((r) => r.url);
  }

  async resetClaims(runId: string): Promise<void> {
    await this.#run(() =>
      // Pending pages are handed out again: none of them counts as in flight any more.
      this.#prepare("UPDATE audit_runs SET handed_out = COALESCE((SELECT MIN(seq) FROM audit_pages WHERE run_id = ? AND status = 'pending'), handed_out), claimed = done + failed WHERE id = ?")
        .run(runId, runId),
    );
  }

  async getRunAndPage(runId: string, url: string): Promise<{ run: RunRecord | null; page: PageRecord | null }> {
    // One read transaction: with other processes writing the file, each starts by emptying the page cache.
    return this.#run(() =>
      this.#db.transaction(() => {
        const run = this.#get<RunRow>(`SELECT ${RUN_COLUMNS} FROM audit_runs r WHERE r.id = ?`, runId);
        const page = run === undefined ? undefined : this.#get<PageRow>(`SELECT ${PAGE_COLUMNS} FROM audit_pages p WHERE p.run_id = ? AND p.url = ?`, runId, url);
        return { run: run ? toRun(run) : null, page: page ? toPage(page) : null };
      })(),
    );
  }

  async getPage(runId: string, url: string): Promise<PageRecord | null> {
    const row = await this.#run(() => this.#get<PageRow>(`SELECT ${PAGE_COLUMNS} FROM audit_pages p WHERE p.run_id = ? AND p.url = ?`, runId, url));
    return row ? toPage(row) : null;
  }

  async charge(runId: string, auditId: string, url: string, reserve: () => Promise<boolean>): Promise<ChargeOutcome> {
    // The run's credit count moves with its charge records, in the same transaction (no count over the records per read).
    const inserted = await this.#tx(() => {
      const changes = this.#prepare("INSERT OR IGNORE INTO audit_charges (run_id, url, audit_id) VALUES (?, ?, ?)").run(runId, url, auditId).changes;
      if (changes === 1) this.#prepare("UPDATE audit_runs SET credits = credits + 1 WHERE id = ?").run(runId);
      return changes;
    });
    if (inserted === 0) return "already";
    let ok = false;
    try {
      ok = await reserve();
    } finally {
      if (!ok) await this.#removeCharge(runId, url);
    }
    return ok ? "charged" : "quota";
  }

  #removeCharge(runId: string, url: string): Promise<boolean> {
    return this.#tx(() => {
      const deleted = this.#prepare("DELETE FROM audit_charges WHERE run_id = ? AND url = ?").run(runId, url).changes === 1;
      if (deleted) this.#prepare("UPDATE audit_runs SET credits = credits - 1 WHERE id = ?").run(runId);
      return deleted;
    });
  }

  async refund(runId: string, url: string, release: () => Promise<void>): Promise<boolean> {
    if (!(await this.#removeCharge(runId, url))) return false;
    await release();
    return true;
  }

  async completePage(runId: string, url: string, o: PageOutcome): Promise<{ changed: boolean; finished: boolean }> {
    return this.#tx(() => this.#completePage(runId, url, o));
  }

  async finishPage(runId: string, url: string, o: PageOutcome, next: PageEnd): Promise<{ changed: boolean; finished: boolean; claimed: string[] }> {
    return this.#tx(() => {
      if (next.found !== null) this.#addFound(runId, next.found.urls, next.found.depth, next.found.maxPages, next.found.skipped);
      const { changed, finished } = this.#completePage(runId, url, o);
      const claimed = changed ? this.#claimNow(runId, roomIn(next.window)) : [];
      return { changed, finished, claimed };
    });
  }

  #completePage(runId: string, url: string, o: PageOutcome): { changed: boolean; finished: boolean } {
    const changed =
      this.#prepare(
          `UPDATE audit_pages SET status = ?, types = ?, features = ?, score = ?, errors = ?, warnings = ?, issues = ?, problem = ?, snapshot = ?, validated_at = ?, worker = ?
           WHERE run_id = ? AND url = ? AND status = 'pending'`,
        )
        .run(o.status, JSON.stringify(o.types), JSON.stringify(o.features), o.score, o.errors, o.warnings, JSON.stringify(o.issues), o.problem === null ? null : JSON.stringify(o.problem), JSON.stringify(o.snapshot), o.validatedAt, o.worker, runId, url).changes === 1;
    if (changed) {
      const tag = this.#prepare("INSERT OR IGNORE INTO audit_page_tags (run_id, kind, value, url) VALUES (?, ?, ?, ?)");
      for (const t of o.types) tag.run(runId, "type", t, url);
      for (const f of o.features) tag.run(runId, "feature", f, url);
      for (const code of new Set(o.issues.map((i) => i.code).concat(o.problem ? [o.problem.code] : []))) tag.run(runId, "code", code, url);
      const count = this.#prepare("INSERT INTO audit_run_issues (run_id, value, pages) VALUES (?, ?, 1) ON CONFLICT (run_id, value) DO UPDATE SET pages = pages + 1");
      for (const issue of new Set(o.issues.map((i) => JSON.stringify([i.severity, i.type, i.property, i.code])))) count.run(runId, issue);
      const failed = o.status === "failed" ? 1 : 0;
      this.#prepare("UPDATE audit_runs SET done = done + ?, failed = failed + ? WHERE id = ?").run(1 - failed, failed, runId);
    }
    const run = this.#get<{ done: number; failed: number; to_check: number }>("SELECT done, failed, to_check FROM audit_runs WHERE id = ?", runId);
    return { changed, finished: run !== undefined && run.done + run.failed >= run.to_check };
  }

  async listPages(runId: string, filter: PageFilter, after: string | null, limit: number): Promise<PageRecord[]> {
    const where = ["p.run_id = ?", "p.url > ?"];
    const params: SqlValue[] = [runId, after ?? ""];
    if (filter.status) {
      where.push("p.status = ?");
      params.push(filter.status);
    }
    for (const kind of ["type", "feature", "code"] as const) {
      const value = filter[kind];
      if (value === undefined) continue;
      where.push("EXISTS (SELECT 1 FROM audit_page_tags t WHERE t.run_id = p.run_id AND t.kind = ? AND t.value = ? AND t.url = p.url)");
      params.push(kind, value);
    }
    params.push(limit);
    const rows = await this.#run(() => this.#all<PageRow>(`SELECT ${PAGE_COLUMNS} FROM audit_pages p WHERE ${where.join(" AND ")} ORDER BY p.url LIMIT ?`, ...params));
    return rows.map(toPage);
  }

  async summary(runId: string): Promise<RunSummary> {
    return this.#run(() => {
      const features: Record<string, number> = {};
      for (const r of this.#all<{ value: string; n: number }>("SELECT value, COUNT(*) AS n FROM audit_page_tags WHERE run_id = ? AND kind = 'feature' GROUP BY value ORDER BY value", runId)) features[r.value] = r.n;
      const scores: Record<string, number> = { "0-49": 0, "50-89": 0, "90-99": 0, "100": 0 };
      for (const r of this.#all<{ band: string; n: number }>(
        `SELECT CASE WHEN score = 100 THEN '100' WHEN score >= 90 THEN '90-99' WHEN score >= 50 THEN '50-89' ELSE '0-49' END AS band, COUNT(*) AS n
         FROM audit_pages WHERE run_id = ? AND score IS NOT NULL GROUP BY band`,
        runId,
      )) scores[r.band] = r.n;
      const issues = this.#all<{ value: string; n: number }>(
        "SELECT value, pages AS n FROM audit_run_issues WHERE run_id = ? ORDER BY n DESC, value LIMIT 50",
        runId,
      ).map((r) => {
        const [severity, type, property, code] = JSON.parse(r.value) as [PageRecord["issues"][number]["severity"], string, string, string];
        return { severity, type, property, code, pages: r.n };
      });
      const worst = this.#all<{ url: string; score: number; errors: number }>(
        "SELECT url, score, errors FROM audit_pages WHERE run_id = ? AND score IS NOT NULL ORDER BY score, errors DESC, url LIMIT 10",
        runId,
      );
      return { features, scores, issues, worst };
    });
  }

  async snapshots(runId: string): Promise<PageSnapshot[]> {
    const rows = await this.#run(() => this.#all<{ snapshot: string }>("SELECT snapshot FROM audit_pages WHERE run_id = ? AND snapshot IS NOT NULL ORDER BY url", runId));
    return rows.map((r) => JSON.parse(r.snapshot) as PageSnapshot);
  }

  async creditsUsed(auditId: string): Promise<number> {
    return (await this.#run(() => this.#get<{ n: number }>("SELECT COALESCE(SUM(credits), 0) AS n FROM audit_runs WHERE audit_id = ?", auditId)))?.n ?? 0;
  }

  async claimDue(now: string, next: (audit: AuditRecord) => string, limit: number): Promise<AuditRecord[]> {
    const due = await this.#run(() => this.#all<AuditRow>("SELECT * FROM audits WHERE next_run_at IS NOT NULL AND next_run_at <= ? ORDER BY next_run_at LIMIT ?", now, limit));
    const claimed: AuditRecord[] = [];
    for (const row of due) {
      const audit = toAudit(row);
      const nextRunAt = next(audit);
      const won = await this.#run(() => this.#prepare("UPDATE audits SET next_run_at = ? WHERE id = ? AND next_run_at = ?").run(nextRunAt, row.id, row.next_run_at));
      if (won.changes === 1) claimed.push({ ...audit, nextRunAt });
    }
    return claimed;
  }

  async prune(before: string): Promise<number> {
    return this.#tx(() => {
      const old = this.#all<{ id: string }>(
        `SELECT r.id FROM audit_runs r WHERE r.finished_at IS NOT NULL AND r.finished_at < ?
         AND r.id <> (SELECT l.id FROM audit_runs l WHERE l.audit_id = r.audit_id ORDER BY l.created_at DESC, l.rowid DESC LIMIT 1)`,
        before,
      );
      for (const r of old) this.#deleteRun(r.id);
      return old.length;
    });
  }

  async unfinishedRuns(): Promise<RunRecord[]> {
    const rows = await this.#run(() => this.#all<RunRow>(`SELECT ${RUN_COLUMNS} FROM audit_runs r WHERE r.status IN ('queued', 'running')`));
    return rows.map(toRun);
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}
