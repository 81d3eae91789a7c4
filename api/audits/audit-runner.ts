/**
 * What audit workers do with each job, on any instance:
 *
 *   discover: robots.txt and sitemaps through fetch/site/discover.ts (the code `sdv crawl` runs), paced per
 *             site; the start page and the sitemaps' pages (or the listed ones) are stored pending and the
 *             run's first window of them is queued
 *   page:     skip unless the run is running and the page still pending -> charge the page's credit once
 *             (per run and URL: a retry after a killed worker finds the record and charges nothing) -> a
 *             slot on the site (politeness across instances) -> guarded fetch + the engine -> credit given
 *             back when the page failed or holds no structured data -> with link discovery, the page's links
 *             (read from the HTML just validated) within the scope, robots.txt and max_depth are added as
 *             pending pages, once per run whichever instance finds them first (link-discovery.ts) -> the
 *             outcome stored once -> the run's window of pages refilled -> the last page finishes the run
 *   finish:   one instance wins the run's move to done, compares it with the previous done run (the CLI's
 *             diff model) and, when eligibility was lost or errors appeared, queues the webhook
 *   notify:   POST {audit, run, diff}, signed, through the guarded fetcher; a failure throws, and the queue
 *             retries it with backoff
 *
 * Only a window of each run's pages is queued at a time (AUDIT_ACCOUNT_WINDOW): the queue stays small for
 * 100,000-page audits, and another account's pages wait behind at most a window per running audit. A page
 * found by links is added before the page that found it completes, so the run cannot finish while it
 * waits, and a killed worker's page job, retried, finds its links again (added once).
 */
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import { discover, type Skipped } from "../../fetch/site/discover.ts";
import { fetchPage } from "../../fetch/guarded-fetch.ts";
import { renderOptionsFor } from "../../fetch/render/render-options.ts";
import { FetchError } from "../../fetch/fetch-error.ts";
import { diffRuns, snapshotPage, type RunDiff } from "../../runtime/diff/feature-diff.ts";
import { templateDiff, type TemplateChange } from "../../runtime/diff/template-report.ts";

/** The audit diff: the CLI's per-feature diff, and what each URL template gained and lost ("/products/* lost merchant-listing on 12 of 40 pages"). */
export type AuditDiff = RunDiff & { templates: TemplateChange[] };
import type { EngineResult } from "../../runtime/types.ts";
import { noStructuredDataMessage } from "../../runtime/extract/unreadable-markup.ts";
import { onlyUntypedItems } from "../../runtime/extract/item-positions.ts";
import { isApiError } from "../errors.ts";
import { billingPeriod } from "../billing/plans.ts";
import type { ServiceContext } from "../http/context.ts";
import type { ValidationPool } from "../validation/validation-pool.ts";
import type { AuditRecord, AuditStore, PageEnd, PageIssue, PageOutcome, RunRecord } from "../stores/audit-store.ts";
import type { Account } from "../stores/ports.ts";
import type { AuditJob, JobQueue } from "./job-queue.ts";
import type { Politeness } from "./politeness.ts";
import { SIGNATURE_HEADER, signatureHeader } from "./webhook-signature.ts";
import { auditView, runView } from "./views.ts";
import { RobotsCache } from "./robots-cache.ts";
import { linksToAdd } from "./link-discovery.ts";

/** Pages listed per feature and per error in a webhook's diff (the totals count them all; GET …/diff lists every one). */
export const WEBHOOK_PAGES_LISTED = 100;

/** Audits whose settings an instance keeps in memory (past it, it starts over). */
const AUDITS_KEPT = 1_000;

/** Accounts whose plan and state an instance keeps in memory (past it, it starts over). */
const ACCOUNTS_KEPT = 1_000;

/** How long an instance goes on with an account it read (its plan, whether it is active). */
const ACCOUNT_FRESH_MS = 1_000;

/** robots.txt may ask for more room than the setting, up to this. */
const MAX_DELAY_MS = 60_000;

/** The key a page's credit is taken under: once per run and page, whichever instance and attempt asks. */
export function creditKey(runId: string, url: string): string {
  return `audit ${runId} ${url}`;
}

export interface RunnerDeps {
  ctx: ServiceContext;
  store: AuditStore;
  queue: JobQueue;
  politeness: Politeness;
  pool: ValidationPool;
  log: FastifyBaseLogger;
}

/** A queued run of `audit`, nothing found yet. */
export function newRun(audit: AuditRecord, trigger: RunRecord["trigger"], createdAt: string): RunRecord {
  return {
    id: `run_${crypto.randomUUID().replaceAll("-", "")}`,
    auditId: audit.id,
    accountId: audit.accountId,
    status: "queued",
    reason: null,
    trigger,
    createdAt,
    startedAt: null,
    finishedAt: null,
    found: 0,
    done: 0,
    failed: 0,
    skipped: 0,
    creditsUsed: 0,
    delayMs: null,
    diff: null,
    eligible: null,
  };
}

export class AuditRunner {
  readonly #d: RunnerDeps;
  /** host:pid of this instance, stored with each page it works. */
  readonly worker = `${hostname()}:${process.pid}`;
  readonly #robots = new RobotsCache();
  readonly #audits = new Map<string, AuditRecord>();
  readonly #accounts = new Map<string, { account: Account | null; at: number }>();

  constructor(deps: RunnerDeps) {
    this.#d = deps;
  }

  handle = async (job: AuditJob, finalAttempt = false): Promise<void> => {
    try {
      if (job.kind === "discover") await this.#discover(job.runId);
      else if (job.kind === "page") await this.#page(job.runId, job.url);
      else await this.#notify(job.runId);
    } catch (err) {
      if (finalAttempt && job.kind === "page") {
        this.#d.log.error({ err, job: { kind: job.kind, runId: job.runId } }, "audit page job failed on its last attempt: the page is stored as failed");
        await this.#giveUp(job.runId, job.url);
        return;
      }
      this.#d.log.warn({ err, job: { kind: job.kind, runId: job.runId } }, finalAttempt ? "audit job failed on its last attempt" : "audit job failed (retried)");
      throw err;
    }
  };

  /**
   * A page whose job failed every attempt (store or engine trouble, not the site: a fetch failure is an
   * outcome) is stored as failed, its credit given back, so the run still ends rather than waiting for it.
   */
  async #giveUp(runId: string, url: string): Promise<void> {
    const { store, ctx } = this.#d;
    const run = await store.getRun(runId);
    if (!run || run.status !== "running") return;
    const account = await ctx.stores.accounts.findById(run.accountId);
    if (account) await store.refund(runId, url, () => ctx.stores.accounts.releaseCredit(account.id, billingPeriod(ctx.now()), creditKey(runId, url)));
    const outcome = this.#failed(url, { code: "internal_error", message: "The page could not be validated." });
    await this.#ended(run, url, outcome, null);
  }

  /** The page's links, outcome and the run's next window in one store write; the run finished when it was the last page. */
  async #ended(run: RunRecord, url: string, outcome: PageOutcome, found: PageEnd["found"]): Promise<void> {
    const { store, queue, ctx } = this.#d;
    const { finished, claimed } = await store.finishPage(run.id, url, outcome, { found, window: ctx.config.audits.accountWindow });
    await queue.add(claimed.map((next) => ({ kind: "page" as const, runId: run.id, accountId: run.accountId, url: next })));
    if (finished) await this.#finish(run.id);
  }

  /** Creates a queued run of `audit` and queues its discovery. */
  async startRun(audit: AuditRecord, trigger: RunRecord["trigger"]): Promise<RunRecord> {
    const run = newRun(audit, trigger, this.#d.ctx.now().toISOString());
    await this.#d.store.createRun(run);
    await this.#d.queue.add([{ kind: "discover", runId: run.id, accountId: run.accountId }]);
    return run;
  }

  /** In-process queue only: work left by a previous process (queued runs, pending pages) is queued again. */
  async resume(): Promise<void> {
    for (const run of await this.#d.store.unfinishedRuns()) await this.recover(run);
  }

  /**
   * Hands a stalled run's work out again (stalled-runs.ts): its discovery when it has found nothing yet,
   * else every pending page from the first, as after a restart. Jobs still waiting or running keep their
   * name, so only the work nobody holds is queued anew. A run whose every page is finished (its last page's
   * instance died before finishing the run) is finished.
   */
  async recover(run: RunRecord): Promise<void> {
    if (run.status === "queued" || run.found === 0) {
      await this.#d.queue.add([{ kind: "discover", runId: run.id, accountId: run.accountId }]);
      return;
    }
    if (run.done + run.failed >= run.found - run.skipped) {
      await this.#finish(run.id);
      return;
    }
    await this.#d.store.resetClaims(run.id);
    await this.#refill(run);
  }

  async stop(runId: string, reason: string): Promise<boolean> {
    const stopped = await this.#d.store.setRunStatus(runId, ["queued", "running"], "stopped", { reason, finishedAt: this.#d.ctx.now().toISOString() });
    if (stopped) await this.#d.store.setRunEligible(runId, (await this.#d.store.summary(runId)).features);
    return stopped;
  }

  async #discover(runId: string): Promise<void> {
    const { store, ctx } = this.#d;
    const run = await store.getRun(runId);
    if (!run) return;
    // A retried discovery (its worker was killed) finds the run running with nothing found yet.
    const retry = run.status === "running" && run.found === 0;
    if (!retry && !(await store.setRunStatus(runId, ["queued"], "running", { startedAt: ctx.now().toISOString() }))) return;
    const audit = await store.getAudit(run.auditId);
    if (!audit) return;
    const settings = ctx.config.audits;
    const origin = new URL(audit.url).origin;
    const followLinks = audit.urls === null && audit.discover !== "sitemap";
    let found;
    try {
      found = await discover(audit.url, {
        maxPages: audit.maxPages,
        fetchOptions: ctx.fetchOptions,
        beforeFetch: async () => (await this.#d.politeness.acquire(origin, settings.hostConcurrency, settings.hostDelayMs))(),
        mode: audit.urls !== null ? "links" : audit.discover,
      });
    } catch (err) {
      if (!(err instanceof FetchError)) throw err;
      await store.setRunStatus(runId, ["running"], "failed", { reason: `${audit.url} could not be read (${err.code}): ${err.message}`, finishedAt: ctx.now().toISOString() });
      return;
    }
    if (audit.urls !== null) {
      // List mode: exactly the listed pages robots.txt allows (the start page discover() offered is the first of them).
      const pages: string[] = [];
      const skipped: Skipped[] = [];
      for (const url of audit.urls) {
        const refused = found.robotsRefusal(url);
        if (refused) skipped.push({ url, reason: refused });
        else pages.push(url);
      }
      found = { ...found, pages, skipped };
    }
    if (found.pages.length === 0) {
      const why = found.sitemaps.map((s) => `${s.url}: ${s.error ?? `${s.pages} page(s)`}`).join("; ");
      await store.setRunStatus(runId, ["running"], "failed", {
        reason: `No page to validate (sitemaps: ${why || "none"}; skipped ${found.skipped.length}).`,
        finishedAt: ctx.now().toISOString(),
      });
      return;
    }
    const crawlDelayMs = found.crawlDelaySeconds === undefined ? 0 : Math.min(found.crawlDelaySeconds * 1000, MAX_DELAY_MS);
    const skipped = found.skipped.map((s) => ({ url: s.url, reason: s.reason === "over --max-pages" ? "over max_pages" : s.reason }));
    await store.addPages(runId, found.pages, skipped, Math.max(settings.hostDelayMs, crawlDelayMs), followLinks ? 0 : null);
    await this.#refill(run);
  }

  /** Queues the run's next pending pages, up to the window of pages handed out and not finished. */
  async #refill(run: RunRecord): Promise<void> {
    const urls = await this.#d.store.claimWindow(run.id, this.#d.ctx.config.audits.accountWindow);
    await this.#d.queue.add(urls.map((url) => ({ kind: "page" as const, runId: run.id, accountId: run.accountId, url })));
  }

  async #page(runId: string, url: string): Promise<void> {
    const { store, ctx } = this.#d;
    const { run, page } = await store.getRunAndPage(runId, url);
    if (!run || run.status !== "running") return;
    if (!page || page.status !== "pending") return;

    const account = await this.#account(run.accountId);
    if (!account || !account.active) {
      await this.stop(runId, "The account is no longer active.");
      return;
    }
    const period = billingPeriod(ctx.now());
    const limit = ctx.limits(account.plan).monthly;
    // The charge record is written first, then the credit under the page's key; a process killed between the
    // two leaves the record, and the retry asks for the credit again under the same key (taken once).
    const key = creditKey(runId, url);
    const reserve = async () => (await ctx.stores.accounts.reserveCredit(account.id, period, limit, { key })).ok;
    let charged = await store.charge(runId, run.auditId, url, reserve);
    // A charge record without its page's outcome: an attempt that died after writing it, maybe before its
    // credit. The credit is asked for again under the same key: taken now if it was not, never twice.
    if (charged === "already" && !(await reserve())) {
      await store.refund(runId, url, async () => {});
      charged = "quota";
    }
    if (charged === "quota") {
      await this.stop(runId, `Out of credits: the ${account.plan} plan's ${limit} validations for ${period} are used up. The pages validated so far are kept.`);
      return;
    }

    const audit = await this.#audit(run.auditId);
    if (!audit) return;
    const delayMs = run.delayMs ?? ctx.config.audits.hostDelayMs;
    const { outcome, html, finalUrl } = await this.#validate(url, delayMs, audit.render);
    if (outcome.status !== "validated") {
      await store.refund(runId, url, () => ctx.stores.accounts.releaseCredit(account.id, period, key));
    }
    // A run that already has max_pages pages to check takes no more: its links are not read.
    const room = run.found - run.skipped < audit.maxPages;
    let found: PageEnd["found"] = null;
    if (html !== undefined && page.depth !== null && page.depth < audit.maxDepth && room) {
      const origin = new URL(audit.url).origin;
      const robotsRefusal = await this.#robots.checkFor(origin, ctx.fetchOptions, async () => (await this.#d.politeness.acquire(origin, ctx.config.audits.hostConcurrency, delayMs))());
      const { pages, skipped } = linksToAdd(audit, html, finalUrl, robotsRefusal);
      found = { urls: pages, depth: page.depth + 1, maxPages: audit.maxPages, skipped };
    }
    await this.#ended(run, url, outcome, found);
  }

  /**
   * The run's account, read at most once a second per instance: its pages ask for it one after the other.
   * A plan changed or an account closed takes effect on this instance's pages within that second (the
   * credit itself is reserved in the account store, against the plan's limit, for every page).
   */
  async #account(accountId: string): Promise<Account | null> {
    const now = Date.now();
    const known = this.#accounts.get(accountId);
    if (known !== undefined && now - known.at < ACCOUNT_FRESH_MS) return known.account;
    const account = await this.#d.ctx.stores.accounts.findById(accountId);
    if (this.#accounts.size >= ACCOUNTS_KEPT) this.#accounts.clear();
    this.#accounts.set(accountId, { account, at: now });
    return account;
  }

  /**
   * The audit a page job belongs to, read once per instance: an audit's settings never change after it is
   * made (a deleted audit's runs are gone, and its jobs stop at the run), and every page of a run asked.
   */
  async #audit(auditId: string): Promise<AuditRecord | null> {
    const known = this.#audits.get(auditId);
    if (known !== undefined) return known;
    const audit = await this.#d.store.getAudit(auditId);
    if (audit === null) return null;
    if (this.#audits.size >= AUDITS_KEPT) this.#audits.clear();
    this.#audits.set(auditId, audit);
    return audit;
  }

  /**
   * Fetches (or, for an audit with `render`, renders in the service's browser) and validates one page;
   * every failure is an outcome (only the store's failures throw), a missing browser included
   * (`render_unavailable`, the page's credit given back).
   */
  async #validate(url: string, delayMs: number, render: boolean): Promise<{ outcome: PageOutcome; html?: string; finalUrl: string }> {
    const { ctx, pool, politeness } = this.#d;
    const base = this.#nothingFound();
    const slot = await politeness.acquire(new URL(url).origin, ctx.config.audits.hostConcurrency, delayMs);
    // The site's slot covers its requests (a render's too), not the validation after them; giving it back is
    // not waited for (a lease left behind expires), so the page's end does not wait on a round trip to Redis.
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      slot().catch(() => {});
    };
    let html: string | undefined;
    let finalUrl = url;
    let result: EngineResult;
    try {
      if (render) {
        const rendered = await ctx.renderer.render(url, renderOptionsFor(ctx.fetchOptions));
        html = rendered.html;
      } else {
        const fetched = await fetchPage(url, ctx.fetchOptions);
        html = fetched.body;
        finalUrl = fetched.finalUrl;
      }
      release();
      result = await pool.run({ kind: "html", text: html, pageUrl: url }, html.length);
    } catch (err) {
      const problem = err instanceof FetchError || isApiError(err) ? { code: err.code, message: err.message } : { code: "internal_error", message: "The page could not be validated." };
      if (!(err instanceof FetchError) && !isApiError(err)) this.#d.log.error({ err, url }, "audit page failed");
      return { outcome: this.#failed(url, problem), html, finalUrl };
    } finally {
      release();
    }
    if (result.blocks_found === 0 || ((result.schemas.length === 0 || onlyUntypedItems(result.schemas)) && result.blocks_unparsable === 0)) {
      return { outcome: { ...base, status: "no_markup", problem: { code: "no_jsonld_found", message: noStructuredDataMessage(html) }, snapshot: snapshotPage(url, [], "no-markup") }, html, finalUrl };
    }
    const snapshot = snapshotPage(url, result.schemas, "validated");
    const features = [...new Set(snapshot.nodes.flatMap((n) => n.eligible))].sort();
    const issues = new Map<string, PageIssue>();
    for (const schema of result.schemas) {
      for (const issue of [...schema.errors, ...schema.warnings]) {
        const entry: PageIssue = { severity: issue.severity, type: schema.type, property: issue.property, code: issue.code };
        issues.set(JSON.stringify(entry), entry);
      }
    }
    const outcome: PageOutcome = {
      ...base,
      status: "validated",
      types: [...new Set(result.schemas.map((s) => s.type))].sort(),
      features,
      score: result.summary.score,
      errors: result.summary.total_errors,
      warnings: result.summary.total_warnings,
      issues: [...issues.values()],
      problem: null,
      snapshot,
    };
    return { outcome, html, finalUrl };
  }

  /** An outcome's fields before anything was found on the page, stamped now by this instance. */
  #nothingFound() {
    return { types: [], features: [], score: null, errors: 0, warnings: 0, issues: [], validatedAt: this.#d.ctx.now().toISOString(), worker: this.worker };
  }

  #failed(url: string, problem: NonNullable<PageOutcome["problem"]>): PageOutcome {
    return { ...this.#nothingFound(), status: "failed", problem, snapshot: snapshotPage(url, null, "failed") };
  }

  async #finish(runId: string): Promise<void> {
    const { store, ctx } = this.#d;
    if (!(await store.setRunStatus(runId, ["running"], "done", { finishedAt: ctx.now().toISOString() }))) return;
    await store.setRunEligible(runId, (await store.summary(runId)).features);
    const run = (await store.getRun(runId))!;
    const previous = (await store.listRuns(run.auditId, 50)).find((r) => r.id !== runId && r.status === "done" && r.createdAt <= run.createdAt);
    if (!previous) return;
    const diff = await this.diff(previous.id, runId);
    await store.setRunDiff(runId, { against: previous.id, ...diff.totals, regressed: diff.regressed });
    const audit = await store.getAudit(run.auditId);
    if (diff.regressed && audit?.webhookUrl) await this.#d.queue.add([{ kind: "notify", runId, accountId: run.accountId }]);
  }

  /** The per-feature diff of two runs, with its changes per URL template. */
  async diff(beforeRunId: string, afterRunId: string): Promise<AuditDiff> {
    const [before, after] = await Promise.all([this.#d.store.snapshots(beforeRunId), this.#d.store.snapshots(afterRunId)]);
    const diff = diffRuns(before, after);
    return { ...diff, templates: templateDiff(before, after, diff) };
  }

  async #notify(runId: string): Promise<void> {
    const { store, ctx } = this.#d;
    const run = await store.getRun(runId);
    const audit = run && (await store.getAudit(run.auditId));
    if (!run || !audit?.webhookUrl || !audit.webhookSecret || !run.diff) return;
    const full = await this.diff(run.diff.against, runId);
    const cut = (pages: string[]) => pages.slice(0, WEBHOOK_PAGES_LISTED);
    const diff = {
      ...full,
      features: full.features.map((f) => ({ ...f, gained: cut(f.gained), lost: cut(f.lost) })),
      errors: { new: full.errors.new.map((e) => ({ ...e, pages: cut(e.pages) })), fixed: full.errors.fixed.map((e) => ({ ...e, pages: cut(e.pages) })) },
      pages: { added: cut(full.pages.added), removed: cut(full.pages.removed) },
    };
    const runs = await store.listRuns(audit.id, 1);
    const body = JSON.stringify({ audit: auditView(audit, runs, await store.creditsUsed(audit.id)), run: runView(run), diff });
    const secret = ctx.cipher.decrypt(audit.webhookSecret);
    const signature = signatureHeader(secret, body, Math.floor(ctx.now().getTime() / 1000));
    await fetchPage(audit.webhookUrl, {
      ...ctx.fetchOptions,
      maxRedirects: 0,
      maxBytes: 64 * 1024,
      post: { body, headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signature } },
    });
  }
}
