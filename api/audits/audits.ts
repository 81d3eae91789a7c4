/**
 * The audits as the API offers them (api/routes/audits.ts), and the parts every instance runs: the job
 * queue's workers (audit-runner.ts) and the scheduler.
 *
 * The scheduler ticks on every instance; a due audit is claimed in one conditional write of its
 * next_run_at (AuditStore.claimDue), so two instances ticking together start one run. The same tick
 * deletes runs older than AUDIT_RETENTION_DAYS (each audit's latest run is kept), and hands out again the
 * work of runs that stopped moving for AUDIT_STALL_MS (stalled-runs.ts: an instance killed between the store
 * and the queue).
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { ApiError } from "../errors.ts";
import type { ServiceContext } from "../http/context.ts";
import { storeCall } from "../stores/store-call.ts";
import { EMBEDDED_DB_FILE } from "../stores/index.ts";
import { SqliteAuditStore } from "../stores/embedded/audit-store.ts";
import type { Account } from "../stores/ports.ts";
import { ValidationPool } from "../validation/validation-pool.ts";
import type { AuditDiff } from "./audit-runner.ts";
import type { AuditRecord, AuditStore, PageFilter, RunRecord, Schedule } from "../stores/audit-store.ts";
import { AuditRunner } from "./audit-runner.ts";
import { StalledRuns } from "./stalled-runs.ts";
import { RunSummaries } from "./run-summaries.ts";
import { BullJobQueue, CLOSE_WAIT_MS, redisConnection, settledWithin } from "./bullmq-queue.ts";
import type { JobQueue } from "./job-queue.ts";
import { auditLimits } from "./limits.ts";
import { MemoryJobQueue } from "./memory-queue.ts";
import { MemoryPoliteness, RedisPoliteness, type Politeness } from "./politeness.ts";
import { checkTarget } from "./target-check.ts";
import { auditView, pageView, runView, type AuditView, type PageView } from "./views.ts";
import { newWebhookSecret } from "./webhook-signature.ts";
import { listedUrls } from "./listed-urls.ts";
import { latestTemplates, trendReport } from "./audit-reports.ts";
import { DEFAULT_MAX_DEPTH, type DiscoverMode } from "../../fetch/site/discover-mode.ts";

const DAY_MS = 86_400_000;
const SCHEDULE_MS: Record<Schedule, number> = { daily: DAY_MS, weekly: 7 * DAY_MS };
/** Runs listed in an audit's answer. */
const RUNS_SHOWN = 50;
/** Audits listed by GET /api/v1/audits. */
const AUDITS_LISTED = 200;

export interface CreateAuditBody {
  url?: string;
  sitemap_url?: string;
  /** List mode: exactly these pages, all on one site. */
  urls?: string[];
  discover?: DiscoverMode;
  max_depth?: number;
  max_pages?: number;
  render?: boolean;
  schedule?: Schedule;
  notify?: { webhook_url: string };
}

export interface PagesQuery extends PageFilter {
  cursor?: string;
  /** 1 to 500, as the query string gives it. */
  limit?: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The audit service, built and closed with the app's other services (api/app.ts). */
    audits: Audits;
  }
}

export class Audits {
  readonly store: AuditStore;
  readonly runner: AuditRunner;
  readonly queue: JobQueue;
  readonly #ctx: ServiceContext;
  readonly #log: FastifyBaseLogger;
  readonly #politeness: Politeness;
  readonly #pool: ValidationPool;
  readonly #redis: Redis | null;
  #timer: NodeJS.Timeout | null = null;
  #ticking: Promise<void> | null = null;
  readonly #stalled: StalledRuns;
  readonly #summaries: RunSummaries;

  static async open(ctx: ServiceContext, log: FastifyBaseLogger, options: { startWorkers?: boolean } = {}): Promise<Audits> {
    const settings = ctx.config.audits;
    let store: AuditStore;
    if (ctx.config.mongodbUrl) {
      const { MongoAuditStore } = await import("../stores/mongodb/audit-store.ts");
      store = await MongoAuditStore.connect(ctx.config.mongodbUrl);
    } else {
      store = SqliteAuditStore.open(join(ctx.config.dataDir, EMBEDDED_DB_FILE));
    }
    const queueOptions = { workers: settings.workers, webhookBackoffMs: settings.webhookBackoffMs, jobLockMs: settings.jobLockMs };
    let redis: Redis | null = null;
    let queue: JobQueue;
    let politeness: Politeness;
    if (ctx.config.redisUrl) {
      redis = redisConnection(ctx.config.redisUrl);
      // A Redis outage is logged once per connection error; BullMQ reconnects by itself.
      redis.on("error", (err: Error) => log.warn({ err: { message: err.message } }, "audit queue: redis connection error"));
      queue = new BullJobQueue(redis, { ...queueOptions, prefix: settings.queuePrefix });
      politeness = new RedisPoliteness(redis, { prefix: `${settings.queuePrefix}:`, leaseMs: settings.jobLockMs });
    } else {
      queue = new MemoryJobQueue(queueOptions);
      politeness = new MemoryPoliteness();
    }
    const audits = new Audits(ctx, log, store, queue, politeness, redis);
    if (options.startWorkers !== false) await audits.start();
    return audits;
  }

  private constructor(ctx: ServiceContext, log: FastifyBaseLogger, store: AuditStore, queue: JobQueue, politeness: Politeness, redis: Redis | null) {
    this.#ctx = ctx;
    this.#log = log;
    this.store = store;
    this.queue = queue;
    this.#politeness = politeness;
    this.#redis = redis;
    this.#pool = new ValidationPool();
    this.runner = new AuditRunner({ ctx, store, queue, politeness, pool: this.#pool, log });
    this.#stalled = new StalledRuns(ctx.config.audits.stallMs);
    this.#summaries = new RunSummaries((runId) => store.summary(runId));
  }

  async start(): Promise<void> {
    this.queue.start(this.runner.handle);
    if (this.queue.kind === "memory") await this.runner.resume();
    this.#timer = setInterval(() => void this.tick(), this.#ctx.config.audits.schedulerIntervalMs);
    this.#timer.unref();
  }

  /** Starts the runs of due schedules (one instance per due audit), recovers stalled runs and deletes expired runs. */
  tick(): Promise<void> {
    this.#ticking ??= this.#tick().finally(() => {
      this.#ticking = null;
    });
    return this.#ticking;
  }

  async #tick(): Promise<void> {
    const now = this.#ctx.now();
    try {
      const due = await this.store.claimDue(now.toISOString(), (a) => nextRunAt(a.schedule!, now), 50);
      for (const audit of due) {
        const active = (await this.store.listRuns(audit.id, 1)).find((r) => r.status === "queued" || r.status === "running");
        if (active) continue; // still busy with the last run: this one is skipped, not piled up
        await this.runner.startRun(audit, "schedule");
      }
      for (const run of this.#stalled.observe(await this.store.unfinishedRuns(), now.getTime())) {
        this.#log.warn({ runId: run.id, pages: { found: run.found, done: run.done, failed: run.failed } }, "audit run stalled: its pending work is queued again");
        await this.runner.recover(run);
      }
      const retention = this.#ctx.config.audits.retentionDays * DAY_MS;
      await this.store.prune(new Date(now.getTime() - retention).toISOString());
    } catch (err) {
      this.#log.warn({ err }, "audit scheduler tick failed");
    }
  }

  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.#ticking;
    await this.queue.close();
    await settledWithin(this.#politeness.close(), CLOSE_WAIT_MS);
    await this.#pool.close();
    await this.store.close();
    // quit() waits for Redis's reply: a frozen Redis would hold the shutdown, so it is bounded too.
    if (this.#redis) {
      await settledWithin(this.#redis.quit(), CLOSE_WAIT_MS);
      this.#redis.disconnect();
    }
  }

  // ------------------------------------------------------------------------------------------ the API

  async create(account: Account, body: CreateAuditBody): Promise<AuditView> {
    const ctx = this.#ctx;
    if ([body.url, body.sitemap_url, body.urls].filter((v) => v !== undefined).length !== 1) {
      throw new ApiError("invalid_request", "Give exactly one of url (the site), sitemap_url and urls (a list of pages).");
    }
    const kind = body.url !== undefined ? "url" : body.sitemap_url !== undefined ? "sitemap_url" : "urls";
    const urls = body.urls === undefined ? null : listedUrls(body.urls, ctx.fetchOptions);
    const url = urls ? urls[0]! : checkTarget(kind, (body.url ?? body.sitemap_url)!, ctx.fetchOptions);
    const webhookUrl = body.notify ? checkTarget("notify.webhook_url", body.notify.webhook_url, ctx.fetchOptions) : null;
    const limits = auditLimits(account.plan);
    if (body.max_pages !== undefined && body.max_pages > limits.pagesPerAudit) {
      throw new ApiError("invalid_request", `max_pages: the ${account.plan} plan audits at most ${limits.pagesPerAudit} pages per audit.`);
    }
    if (urls && urls.length > (body.max_pages ?? limits.pagesPerAudit)) {
      throw new ApiError("invalid_request", `urls: ${urls.length} pages, over the audit's max_pages (${body.max_pages ?? limits.pagesPerAudit}).`);
    }
    await this.#checkRoom(account);
    const secret = webhookUrl ? newWebhookSecret() : null;
    const now = ctx.now();
    const audit: AuditRecord = {
      id: `aud_${randomUUID().replaceAll("-", "")}`,
      accountId: account.id,
      url,
      kind,
      maxPages: body.max_pages ?? limits.pagesPerAudit,
      discover: urls ? "sitemap" : (body.discover ?? "both"),
      maxDepth: body.max_depth ?? DEFAULT_MAX_DEPTH,
      urls,
      render: body.render ?? false,
      schedule: body.schedule ?? null,
      webhookUrl,
      webhookSecret: secret ? ctx.cipher.encrypt(secret) : null,
      nextRunAt: body.schedule ? nextRunAt(body.schedule, now) : null,
      createdAt: now.toISOString(),
    };
    await storeCall(() => this.store.createAudit(audit));
    const run = await storeCall(() => this.runner.startRun(audit, "created"));
    const view = auditView(audit, [run], 0, undefined);
    if (secret && view.notify) view.notify.secret = secret;
    view.runs = [runView(run)];
    return view;
  }

  async list(account: Account): Promise<AuditView[]> {
    const audits = await storeCall(() => this.store.listAudits(account.id, AUDITS_LISTED));
    return Promise.all(audits.map(async (a) => auditView(a, await this.store.listRuns(a.id, 1), await this.store.creditsUsed(a.id))));
  }

  async get(account: Account, id: string): Promise<AuditView> {
    const audit = await this.#own(account, id);
    const runs = await storeCall(() => this.store.listRuns(audit.id, RUNS_SHOWN));
    const summary = runs[0] ? await this.#summaries.of(runs[0], this.#ctx.now().getTime()) : { features: {}, scores: {}, issues: [], worst: [] };
    return auditView(audit, runs, await this.store.creditsUsed(audit.id), { summary });
  }

  async pages(account: Account, id: string, query: PagesQuery): Promise<{ items: PageView[]; next_cursor: string | null }> {
    const audit = await this.#own(account, id);
    const [last] = await storeCall(() => this.store.listRuns(audit.id, 1));
    if (!last) return { items: [], next_cursor: null };
    const limit = query.limit === undefined ? 50 : Number(query.limit);
    const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
    const filter: PageFilter = { status: query.status, type: query.type, feature: query.feature, code: query.code };
    const rows = await storeCall(() => this.store.listPages(last.id, filter, after, limit + 1));
    const items = rows.slice(0, limit).map(pageView);
    return { items, next_cursor: rows.length > limit ? encodeCursor(items[items.length - 1]!.url) : null };
  }

  async run(account: Account, id: string): Promise<AuditView> {
    const audit = await this.#own(account, id);
    const runs = await storeCall(() => this.store.listRuns(audit.id, 1));
    if (runs[0] && (runs[0].status === "queued" || runs[0].status === "running")) {
      throw new ApiError("audit_in_progress", `The audit's run ${runs[0].id} is ${runs[0].status}.`);
    }
    await this.#checkRoom(account);
    await storeCall(() => this.runner.startRun(audit, "manual"));
    return this.get(account, id);
  }

  /** The last run against the one before it, or against `against`: a run of this audit, or another audit of the account (its last run). */
  async diff(account: Account, id: string, against?: string, runId?: string): Promise<{ run: string; against: string; diff: AuditDiff }> {
    const audit = await this.#own(account, id);
    const runs = await storeCall(() => this.store.listRuns(audit.id, RUNS_SHOWN));
    const finished = runs.filter((r) => r.status === "done" || r.status === "stopped");
    const after = runId === undefined ? finished[0] : finished.find((r) => r.id === runId);
    if (!after) throw new ApiError("audit_not_found", runId === undefined ? "The audit has no finished run to compare yet." : "The audit has no finished run with this id.");
    if (runId !== undefined && against === undefined) against = finished[finished.indexOf(after) + 1]?.id;
    let before: RunRecord | undefined;
    if (against === undefined) {
      before = finished[1];
      if (!before) throw new ApiError("audit_not_found", "The audit has only one finished run; give ?against= another run's or audit's id.");
    } else {
      const run = await storeCall(() => this.store.getRun(against));
      if (run && run.accountId === account.id) before = run;
      else {
        const other = await storeCall(() => this.store.getAudit(against, account.id));
        before = other ? (await this.store.listRuns(other.id, RUNS_SHOWN)).find((r) => r.status === "done" || r.status === "stopped") : undefined;
      }
      if (!before) throw new ApiError("audit_not_found", `No finished run or audit of the account has the id ${JSON.stringify(against.slice(0, 80))}.`);
    }
    return { run: after.id, against: before.id, diff: await this.runner.diff(before.id, after.id) };
  }

  async templates(account: Account, id: string): ReturnType<typeof latestTemplates> {
    const audit = await this.#own(account, id);
    return storeCall(() => latestTemplates(this.store, audit.id));
  }

  async report(account: Account, id: string): ReturnType<typeof trendReport> {
    const audit = await this.#own(account, id);
    return storeCall(() => trendReport(this.store, audit.id));
  }

  async delete(account: Account, id: string): Promise<void> {
    const audit = await this.#own(account, id);
    for (const run of await this.store.listRuns(audit.id, RUNS_SHOWN)) await this.runner.stop(run.id, "The audit was deleted.");
    await storeCall(() => this.store.deleteAudit(audit.id));
  }

  async #own(account: Account, id: string): Promise<AuditRecord> {
    const audit = await storeCall(() => this.store.getAudit(id, account.id));
    if (!audit) throw new ApiError("audit_not_found", `The account has no audit with the id ${JSON.stringify(id.slice(0, 80))}.`);
    return audit;
  }

  async #checkRoom(account: Account): Promise<void> {
    const limits = auditLimits(account.plan);
    const active = await storeCall(() => this.store.activeRuns(account.id));
    if (active >= limits.auditsAtOnce) {
      throw new ApiError("too_many_audits", `The ${account.plan} plan runs at most ${limits.auditsAtOnce} audit${limits.auditsAtOnce === 1 ? "" : "s"} at once; ${active} ${active === 1 ? "is" : "are"} queued or running.`, {
        upgrade_url: this.#ctx.urls.upgrade,
      });
    }
  }
}

function nextRunAt(schedule: Schedule, from: Date): string {
  return new Date(from.getTime() + SCHEDULE_MS[schedule]).toISOString();
}

/** Cursors are opaque to callers: the last URL seen, base64url. */
function encodeCursor(url: string): string {
  return Buffer.from(url, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): string {
  const url = /^[A-Za-z0-9_-]{1,4096}$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  if (url === "" || encodeCursor(url) !== cursor) throw new ApiError("invalid_request", "cursor: not a cursor this service returned.");
  return url;
}
