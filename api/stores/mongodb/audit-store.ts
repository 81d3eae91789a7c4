/**
 * AuditStore on MongoDB (MONGODB_URL): the same contract as the SQLite adapter, each state change one
 * conditional write (a page leaves pending once; a run's status moves from an expected one; a due
 * schedule's next_run_at is compared and set; the claim cursor of a run is compared and set). Indexes
 * serve the paged and filtered reads: (runId, url), (runId, status, url), and multikey (runId, types|
 * features|codes, url).
 */
import { MongoClient, type Collection, type Db, type Filter } from "mongodb";
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
import { MAX_SKIPPED_LINKS, finishPageInSteps } from "../audit-store.ts";
import { dbNameInUrl } from "./database-name.ts";

type AuditDoc = Omit<AuditRecord, "id"> & { _id: string };
type RunDoc = Omit<RunRecord, "id" | "creditsUsed"> & {
  _id: string;
  toCheck: number;
  handedOut: number;
  credits: number;
  /** Pages handed out so far (the claim window's count), the next page's seq, skipped links recorded: link discovery's counters. */
  claimed?: number;
  nextSeq?: number;
  skippedLinks?: number;
};
interface PageDoc {
  _id: string;
  runId: string;
  url: string;
  seq: number;
  status: PageRecord["status"];
  types: string[];
  features: string[];
  codes: string[];
  score: number | null;
  errors: number;
  warnings: number;
  issues: PageRecord["issues"];
  problem: PageRecord["problem"];
  snapshot: PageSnapshot | null;
  validatedAt: string | null;
  worker: string | null;
  depth?: number | null;
}
interface ChargeDoc {
  _id: string;
  runId: string;
  auditId: string;
}

const pageId = (runId: string, url: string) => `${runId}\u0000${url}`;

// Audits made before link discovery have no discover, maxDepth or urls: they found their pages in sitemaps.
const toAudit = ({ _id, ...rest }: AuditDoc): AuditRecord => ({ id: _id, ...rest, discover: rest.discover ?? "sitemap", maxDepth: rest.maxDepth ?? 10, urls: rest.urls ?? null });

function toPage(d: PageDoc): PageRecord {
  return {
    url: d.url,
    status: d.status,
    types: d.types,
    features: d.features,
    score: d.score,
    errors: d.errors,
    warnings: d.warnings,
    issues: d.issues,
    problem: d.problem,
    validatedAt: d.validatedAt,
    depth: d.depth ?? null,
  };
}

export class MongoAuditStore implements AuditStore {
  readonly #client: MongoClient;
  readonly #audits: Collection<AuditDoc>;
  readonly #runs: Collection<RunDoc>;
  readonly #pages: Collection<PageDoc>;
  readonly #charges: Collection<ChargeDoc>;

  static async connect(url: string, options: { dbName?: string } = {}): Promise<MongoAuditStore> {
    const client = new MongoClient(url, /[?&]serverSelectionTimeoutMS=/i.test(url) ? {} : { serverSelectionTimeoutMS: 5000 });
    try {
      await client.connect();
      const db = client.db(options.dbName ?? dbNameInUrl(url) ?? "sdv");
      await MongoAuditStore.#ensureIndexes(db);
      return new MongoAuditStore(client, db);
    } catch (error) {
      await client.close();
      throw error;
    }
  }

  static async #ensureIndexes(db: Db): Promise<void> {
    await Promise.all([
      db.collection("audits").createIndexes([
        { key: { accountId: 1, createdAt: -1 }, name: "account_created" },
        { key: { nextRunAt: 1 }, name: "due", partialFilterExpression: { nextRunAt: { $type: "string" } } },
      ]),
      db.collection("audit_runs").createIndexes([
        { key: { auditId: 1, createdAt: -1 }, name: "audit_created" },
        { key: { accountId: 1, status: 1 }, name: "account_status" },
      ]),
      db.collection("audit_pages").createIndexes([
        { key: { runId: 1, url: 1 }, name: "run_url" },
        { key: { runId: 1, seq: 1 }, name: "run_seq" },
        { key: { runId: 1, status: 1, url: 1 }, name: "run_status_url" },
        { key: { runId: 1, types: 1, url: 1 }, name: "run_type_url" },
        { key: { runId: 1, features: 1, url: 1 }, name: "run_feature_url" },
        { key: { runId: 1, codes: 1, url: 1 }, name: "run_code_url" },
        { key: { runId: 1, score: 1 }, name: "run_score" },
      ]),
      db.collection("audit_charges").createIndexes([
        { key: { runId: 1 }, name: "run" },
        { key: { auditId: 1 }, name: "audit" },
      ]),
    ]);
  }

  private constructor(client: MongoClient, db: Db) {
    this.#client = client;
    this.#audits = db.collection<AuditDoc>("audits");
    this.#runs = db.collection<RunDoc>("audit_runs");
    this.#pages = db.collection<PageDoc>("audit_pages");
    this.#charges = db.collection<ChargeDoc>("audit_charges");
  }

  async #toRun({ _id, toCheck: _toCheck, handedOut: _handedOut, credits, claimed: _c, nextSeq: _n, skippedLinks: _s, ...rest }: RunDoc): Promise<RunRecord> {
    return { id: _id, ...rest, creditsUsed: credits ?? 0 };
  }

  async createAudit(a: AuditRecord): Promise<void> {
    const { id, ...rest } = a;
    await this.#audits.insertOne({ _id: id, ...rest });
  }

  async getAudit(id: string, accountId?: string): Promise<AuditRecord | null> {
    const doc = await this.#audits.findOne({ _id: id });
    if (!doc || (accountId !== undefined && doc.accountId !== accountId)) return null;
    return toAudit(doc);
  }

  async listAudits(accountId: string, limit: number): Promise<AuditRecord[]> {
    return (await this.#audits.find({ accountId }).sort({ createdAt: -1, _id: -1 }).limit(limit).toArray()).map(toAudit);
  }

  async deleteAudit(id: string): Promise<void> {
    const runs = await this.#runs.find({ auditId: id }, { projection: { _id: 1 } }).toArray();
    for (const run of runs) await this.#deleteRun(run._id);
    await this.#audits.deleteOne({ _id: id });
  }

  async #deleteRun(runId: string): Promise<void> {
    await this.#pages.deleteMany({ runId });
    await this.#charges.deleteMany({ runId });
    await this.#runs.deleteOne({ _id: runId });
  }

  async createRun(r: RunRecord): Promise<void> {
    const { id, creditsUsed: _credits, ...rest } = r;
    await this.#runs.insertOne({ _id: id, ...rest, toCheck: 0, handedOut: 0, credits: 0 });
  }

  async getRun(id: string): Promise<RunRecord | null> {
    const doc = await this.#runs.findOne({ _id: id });
    return doc ? this.#toRun(doc) : null;
  }

  async listRuns(auditId: string, limit: number): Promise<RunRecord[]> {
    const docs = await this.#runs.find({ auditId }).sort({ createdAt: -1, _id: -1 }).limit(limit).toArray();
    return Promise.all(docs.map((d) => this.#toRun(d)));
  }

  async activeRuns(accountId: string): Promise<number> {
    return this.#runs.countDocuments({ accountId, status: { $in: ["queued", "running"] } });
  }

  async setRunStatus(id: string, from: readonly RunStatus[], to: RunStatus, fields: { reason?: string; startedAt?: string; finishedAt?: string } = {}): Promise<boolean> {
    const set: Partial<RunDoc> = { status: to };
    if (fields.reason !== undefined) set.reason = fields.reason;
    if (fields.startedAt !== undefined) set.startedAt = fields.startedAt;
    if (fields.finishedAt !== undefined) set.finishedAt = fields.finishedAt;
    const result = await this.#runs.updateOne({ _id: id, status: { $in: [...from] } }, { $set: set });
    return result.modifiedCount === 1;
  }

  async setRunDiff(id: string, diff: RunDiffTotals): Promise<void> {
    await this.#runs.updateOne({ _id: id }, { $set: { diff } });
  }

  async setRunEligible(id: string, eligible: Record<string, number>): Promise<void> {
    await this.#runs.updateOne({ _id: id }, { $set: { eligible } });
  }

  async addPages(runId: string, pages: string[], skipped: Array<{ url: string; reason: string }>, delayMs: number, depth: number | null = null): Promise<void> {
    const blank = { types: [], features: [], codes: [], score: null, errors: 0, warnings: 0, issues: [], snapshot: null, validatedAt: null, worker: null };
    const docs: PageDoc[] = [
      ...pages.map((url, seq) => ({ _id: pageId(runId, url), runId, url, seq, status: "pending" as const, problem: null, ...blank, depth })),
      ...skipped.map((s, i) => ({ _id: pageId(runId, s.url), runId, url: s.url, seq: pages.length + i, status: "skipped" as const, problem: { code: "skipped", message: s.reason }, ...blank })),
    ];
    for (let i = 0; i < docs.length; i += 1000) {
      // A retried discovery inserts the same pages again: duplicates are ignored.
      await this.#pages.insertMany(docs.slice(i, i + 1000), { ordered: false }).catch((err: { code?: number; writeErrors?: unknown }) => {
        if (err.code !== 11000 && !(err as { errorResponse?: { code?: number } }).errorResponse) throw err;
      });
    }
    await this.#runs.updateOne({ _id: runId }, { $set: { found: pages.length + skipped.length, skipped: skipped.length, toCheck: pages.length, delayMs, nextSeq: docs.length } });
  }

  /**
   * Each URL: the run's count of pages to check goes up first (conditional on max_pages), then the page is
   * inserted; a URL another instance added first (duplicate key) takes the count back. The count is never
   * below the pending pages, so no instance sees the run finished while a found page waits.
   */
  async addFound(runId: string, urls: string[], depth: number, maxPages: number, skipped: Array<{ url: string; reason: string }>): Promise<string[]> {
    const blank = { types: [], features: [], codes: [], score: null, errors: 0, warnings: 0, issues: [], snapshot: null, validatedAt: null, worker: null };
    const added: string[] = [];
    for (const url of urls) {
      if (await this.#pages.findOne({ _id: pageId(runId, url) }, { projection: { _id: 1 } })) continue;
      const run = await this.#runs.findOneAndUpdate({ _id: runId, toCheck: { $lt: maxPages } }, { $inc: { toCheck: 1, found: 1, nextSeq: 1 } }, { returnDocument: "before" });
      if (!run) break;
      try {
        await this.#pages.insertOne({ _id: pageId(runId, url), runId, url, seq: run.nextSeq ?? 0, status: "pending", problem: null, ...blank, depth });
        added.push(url);
      } catch (err) {
        if ((err as { code?: number }).code !== 11000) throw err;
        await this.#runs.updateOne({ _id: runId }, { $inc: { toCheck: -1, found: -1 } });
      }
    }
    for (const s of skipped) {
      const run = await this.#runs.findOneAndUpdate({ _id: runId, skippedLinks: { $not: { $gte: MAX_SKIPPED_LINKS } } }, { $inc: { nextSeq: 1, skippedLinks: 1 } }, { returnDocument: "before" });
      if (!run) break;
      try {
        await this.#pages.insertOne({ _id: pageId(runId, s.url), runId, url: s.url, seq: run.nextSeq ?? 0, status: "skipped", problem: { code: "skipped", message: s.reason }, ...blank, depth: null });
        await this.#runs.updateOne({ _id: runId }, { $inc: { found: 1, skipped: 1 } });
      } catch (err) {
        if ((err as { code?: number }).code !== 11000) throw err;
        await this.#runs.updateOne({ _id: runId }, { $inc: { skippedLinks: -1 } });
      }
    }
    return added;
  }

  async claimWindow(runId: string, window: number): Promise<string[]> {
    const run = await this.#runs.findOne({ _id: runId }, { projection: { claimed: 1, done: 1, failed: 1 } });
    if (!run) return [];
    const n = window - ((run.claimed ?? 0) - run.done - run.failed);
    return n > 0 ? this.claimPages(runId, n) : [];
  }

  async claimPages(runId: string, n: number): Promise<string[]> {
    for (;;) {
      const run = await this.#runs.findOne({ _id: runId }, { projection: { handedOut: 1 } });
      if (!run) return [];
      const rows = await this.#pages.find({ runId, seq: { $gte: run.handedOut }, status: "pending" }, { projection: { url: 1, seq: 1 } }).sort({ seq: 1 }).limit(n).toArray();
      if (rows.length === 0) return [];
      const moved = await this.#runs.updateOne({ _id: runId, handedOut: run.handedOut }, { $set: { handedOut: rows[rows.length - 1]!.seq + 1 }, $inc: { claimed: rows.length } });
      if (moved.modifiedCount === 1) return rows.map((r) => r.url);
    }
  }

  async resetClaims(runId: string): Promise<void> {
    const first = await this.#pages.find({ runId, status: "pending" }, { projection: { seq: 1 } }).sort({ seq: 1 }).limit(1).next();
    const run = await this.#runs.findOne({ _id: runId }, { projection: { done: 1, failed: 1 } });
    if (first) await this.#runs.updateOne({ _id: runId }, { $set: { handedOut: first.seq, claimed: (run?.done ?? 0) + (run?.failed ?? 0) } });
  }

  async getRunAndPage(runId: string, url: string): Promise<{ run: RunRecord | null; page: PageRecord | null }> {
    const [run, page] = await Promise.all([this.getRun(runId), this.getPage(runId, url)]);
    return { run, page };
  }

  async getPage(runId: string, url: string): Promise<PageRecord | null> {
    const doc = await this.#pages.findOne({ _id: pageId(runId, url) });
    return doc ? toPage(doc) : null;
  }

  async charge(runId: string, auditId: string, url: string, reserve: () => Promise<boolean>): Promise<ChargeOutcome> {
    try {
      await this.#charges.insertOne({ _id: pageId(runId, url), runId, auditId });
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return "already";
      throw err;
    }
    await this.#runs.updateOne({ _id: runId }, { $inc: { credits: 1 } });
    let ok = false;
    try {
      ok = await reserve();
    } finally {
      if (!ok) await this.#removeCharge(runId, url);
    }
    return ok ? "charged" : "quota";
  }

  async #removeCharge(runId: string, url: string): Promise<boolean> {
    const deleted = await this.#charges.deleteOne({ _id: pageId(runId, url) });
    if (deleted.deletedCount === 0) return false;
    await this.#runs.updateOne({ _id: runId }, { $inc: { credits: -1 } });
    return true;
  }

  async refund(runId: string, url: string, release: () => Promise<void>): Promise<boolean> {
    if (!(await this.#removeCharge(runId, url))) return false;
    await release();
    return true;
  }

  finishPage(runId: string, url: string, outcome: PageOutcome, next: PageEnd): Promise<{ changed: boolean; finished: boolean; claimed: string[] }> {
    return finishPageInSteps(this, runId, url, outcome, next);
  }

  async completePage(runId: string, url: string, o: PageOutcome): Promise<{ changed: boolean; finished: boolean }> {
    const codes = [...new Set(o.issues.map((i) => i.code).concat(o.problem ? [o.problem.code] : []))];
    const result = await this.#pages.updateOne(
      { _id: pageId(runId, url), status: "pending" },
      {
        $set: {
          status: o.status,
          types: o.types,
          features: o.features,
          codes,
          score: o.score,
          errors: o.errors,
          warnings: o.warnings,
          issues: o.issues,
          problem: o.problem,
          snapshot: o.snapshot,
          validatedAt: o.validatedAt,
          worker: o.worker,
        },
      },
    );
    const changed = result.modifiedCount === 1;
    const failed = o.status === "failed" ? 1 : 0;
    const run = changed
      ? await this.#runs.findOneAndUpdate({ _id: runId }, { $inc: { done: 1 - failed, failed } }, { returnDocument: "after" })
      : await this.#runs.findOne({ _id: runId });
    return { changed, finished: run !== null && run.done + run.failed >= run.toCheck };
  }

  async listPages(runId: string, filter: PageFilter, after: string | null, limit: number): Promise<PageRecord[]> {
    const query: Filter<PageDoc> = { runId, url: { $gt: after ?? "" } };
    if (filter.status) query.status = filter.status;
    if (filter.type !== undefined) query.types = filter.type;
    if (filter.feature !== undefined) query.features = filter.feature;
    if (filter.code !== undefined) query.codes = filter.code;
    return (await this.#pages.find(query, { projection: { snapshot: 0 } }).sort({ url: 1 }).limit(limit).toArray()).map(toPage);
  }

  async summary(runId: string): Promise<RunSummary> {
    const features: Record<string, number> = {};
    for (const r of await this.#pages.aggregate<{ _id: string; n: number }>([{ $match: { runId } }, { $unwind: "$features" }, { $group: { _id: "$features", n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray()) {
      features[r._id] = r.n;
    }
    const scores: Record<string, number> = { "0-49": 0, "50-89": 0, "90-99": 0, "100": 0 };
    const band = { $switch: { branches: [{ case: { $eq: ["$score", 100] }, then: "100" }, { case: { $gte: ["$score", 90] }, then: "90-99" }, { case: { $gte: ["$score", 50] }, then: "50-89" }], default: "0-49" } };
    for (const r of await this.#pages.aggregate<{ _id: string; n: number }>([{ $match: { runId, score: { $type: "number" } } }, { $group: { _id: band, n: { $sum: 1 } } }]).toArray()) {
      scores[r._id] = r.n;
    }
    const issues = (
      await this.#pages
        .aggregate<{ _id: { severity: "error" | "warning"; type: string; property: string; code: string }; n: number }>([
          { $match: { runId } },
          { $unwind: "$issues" },
          { $group: { _id: "$issues", n: { $sum: 1 } } },
          { $sort: { n: -1, "_id.type": 1, "_id.property": 1 } },
          { $limit: 50 },
        ])
        .toArray()
    ).map((r) => ({ severity: r._id.severity, type: r._id.type, property: r._id.property, code: r._id.code, pages: r.n }));
    const worst = (await this.#pages.find({ runId, score: { $ne: null } }, { projection: { url: 1, score: 1, errors: 1 } }).sort({ score: 1, errors: -1, url: 1 }).limit(10).toArray()).map((d) => ({
      url: d.url,
      score: d.score!,
      errors: d.errors,
    }));
    return { features, scores, issues, worst };
  }

  async snapshots(runId: string): Promise<PageSnapshot[]> {
    const docs = await this.#pages.find({ runId, snapshot: { $ne: null } }, { projection: { snapshot: 1 } }).sort({ url: 1 }).toArray();
    return docs.map((d) => d.snapshot!);
  }

  async creditsUsed(auditId: string): Promise<number> {
    return this.#charges.countDocuments({ auditId });
  }

  async claimDue(now: string, next: (audit: AuditRecord) => string, limit: number): Promise<AuditRecord[]> {
    const due = await this.#audits.find({ nextRunAt: { $ne: null, $lte: now } }).sort({ nextRunAt: 1 }).limit(limit).toArray();
    const claimed: AuditRecord[] = [];
    for (const doc of due) {
      const audit = toAudit(doc);
      const nextRunAt = next(audit);
      const won = await this.#audits.updateOne({ _id: doc._id, nextRunAt: doc.nextRunAt }, { $set: { nextRunAt } });
      if (won.modifiedCount === 1) claimed.push({ ...audit, nextRunAt });
    }
    return claimed;
  }

  async prune(before: string): Promise<number> {
    const old = await this.#runs.find({ finishedAt: { $ne: null, $lt: before } }, { projection: { _id: 1, auditId: 1 } }).toArray();
    let pruned = 0;
    for (const run of old) {
      const latest = await this.#runs.find({ auditId: run.auditId }, { projection: { _id: 1 } }).sort({ createdAt: -1, _id: -1 }).limit(1).next();
      if (latest?._id === run._id) continue;
      await this.#deleteRun(run._id);
      pruned++;
    }
    return pruned;
  }

  async unfinishedRuns(): Promise<RunRecord[]> {
    const docs = await this.#runs.find({ status: { $in: ["queued", "running"] } }).toArray();
    return Promise.all(docs.map((d) => this.#toRun(d)));
  }

  async close(): Promise<void> {
    await this.#client.close();
  }
}
