/**
 * The store and the queue are written apart, so an instance killed between them leaves work no job will do:
 * a run created but its discovery never queued, a window of pages claimed but never queued (the CI failure
 * that led here: 64 found, 60 done, 3 skipped, one page claimed by the killed instance and waiting for
 * ever), a last page completed but the run never finished. Each state is written into the store exactly as
 * the killed instance left it; the scheduler's stall watch (AUDIT_STALL_MS) must bring every run to done,
 * each page validated once and charged once. And a page job that fails on its last attempt (store trouble)
 * leaves a failed page, not a run waiting for ever.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../../api/app.ts";
import { loadConfig } from "../../../api/config.ts";
import type { PageOutcome, RunRecord } from "../../../api/stores/audit-store.ts";
import { snapshotPage } from "../../../runtime/diff/feature-diff.ts";
import { StalledRuns } from "../../../api/audits/stalled-runs.ts";
import { creditKey, newRun } from "../../../api/audits/audit-runner.ts";
import { OFFLINE_FETCH, signup, login } from "../helpers.ts";
import { startLoopbackSite, type LoopbackSite } from "./loopback-site.ts";
import { settled } from "./helpers.ts";

const PAGES = 8;
let site: LoopbackSite;
let dataDir: string;
let app: FastifyInstance;
let key: string;
let email: string;
let auditId: string;

test.before(async () => {
  site = await startLoopbackSite(PAGES);
  dataDir = mkdtempSync(join(tmpdir(), "sdv-audit-stall-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    FETCH_ALLOWED_PRIVATE_HOSTS: site.host,
    AUDIT_HOST_DELAY_MS: "0",
    AUDIT_ACCOUNT_WINDOW: "3",
    AUDIT_SCHEDULER_INTERVAL_MS: "100",
    // Long enough that a healthy run on a busy machine is not taken for a stalled one (its pages in flight
    // would then be queued again and fetched twice), short enough for the tests' 15 s waits.
    AUDIT_STALL_MS: "2500",
    RATE_LIMIT_PER_MINUTE: "100000",
    AUTH_RATE_LIMIT_PER_MINUTE: "0",
  });
  app = await buildApp(config, { fetchOptions: { connectGuard: OFFLINE_FETCH.connectGuard } });
  ({ key, email } = await signup(app));
  // A first run done the normal way: the audit exists, and the account has used PAGES credits.
  auditId = (await app.inject({ method: "POST", url: "/api/v1/audits", headers: { "x-api-key": key }, payload: { url: `${site.origin}/`, discover: "sitemap" } })).json().id;
  assert.is((await settled(app, key, auditId)).status, "done");
  site.hits.clear();
});

test.after(async () => {
  await app?.close();
  await site?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A run as AuditRunner.startRun writes it, without what startRun does next. */
async function bareRun(): Promise<RunRecord> {
  const run = newRun((await app.audits.store.getAudit(auditId))!, "manual", new Date().toISOString());
  await app.audits.store.createRun(run);
  return run;
}

async function creditsUsed(): Promise<number> {
  return (await login(app, email)).requests_used as number;
}

function assertEachPageFetchedOnce(): void {
  for (const page of site.pages) assert.is(site.hits.get(page), 1, `${page} fetched once`);
  site.hits.clear();
}

test("a run whose discovery was never queued is discovered and completed", async () => {
  const before = await creditsUsed();
  await bareRun();
  const audit = await settled(app, key, auditId, 15_000);
  assert.is(audit.status, "done", JSON.stringify(audit));
  assert.equal(audit.pages, { found: PAGES + 2, done: PAGES, failed: 0, skipped: 2 });
  assert.is(await creditsUsed(), before + PAGES);
  assertEachPageFetchedOnce();
});

test("pages claimed by an instance that died before queueing them are queued again", async () => {
  const before = await creditsUsed();
  const run = await bareRun();
  const { store } = app.audits;
  assert.ok(await store.setRunStatus(run.id, ["queued"], "running", { startedAt: new Date().toISOString() }));
  await store.addPages(run.id, site.pages.map((p) => site.origin + p), [], 0);
  // The killed instance's claim: the first window, in the store, and no job for any of it.
  assert.is((await store.claimWindow(run.id, 3)).length, 3);
  const audit = await settled(app, key, auditId, 15_000);
  assert.is(audit.status, "done", JSON.stringify(audit));
  assert.equal(audit.pages, { found: PAGES, done: PAGES, failed: 0, skipped: 0 });
  assert.is(audit.runs[0].credits_used, PAGES);
  assert.is(await creditsUsed(), before + PAGES);
  assertEachPageFetchedOnce();
});

test("a run whose last page was stored by an instance that died before finishing it is finished", async () => {
  const run = await bareRun();
  const { store } = app.audits;
  assert.ok(await store.setRunStatus(run.id, ["queued"], "running", { startedAt: new Date().toISOString() }));
  const url = `${site.origin}${site.pages[0]}`;
  await store.addPages(run.id, [url], [], 0);
  const outcome: PageOutcome = {
    status: "no_markup",
    types: [],
    features: [],
    score: null,
    errors: 0,
    warnings: 0,
    issues: [],
    problem: { code: "no_jsonld_found", message: "none" },
    validatedAt: new Date().toISOString(),
    worker: "killed:1",
    snapshot: snapshotPage(url, [], "no-markup"),
  };
  const { finished } = await store.completePage(run.id, url, outcome);
  assert.ok(finished, "that was the run's last page");
  const audit = await settled(app, key, auditId, 15_000);
  assert.is(audit.status, "done", JSON.stringify(audit));
  assert.is(audit.runs[0].id, run.id);
  assert.equal(site.hits.size, 0, "nothing fetched again");
});

test("a page whose job fails on its last attempt is stored as failed, its credit given back, and the run ends", async () => {
  const before = await creditsUsed();
  const run = await bareRun();
  const { store, runner } = app.audits;
  assert.ok(await store.setRunStatus(run.id, ["queued"], "running", { startedAt: new Date().toISOString() }));
  const url = `${site.origin}${site.pages[1]}`;
  await store.addPages(run.id, [url], [], 0);
  assert.equal(await store.claimWindow(run.id, 1), [url]);
  // Store trouble on storing the outcome (the fetch and the engine went well): the attempt throws.
  const finishPage = store.finishPage.bind(store);
  let refused = 0;
  store.finishPage = async (...args) => {
    if (refused++ === 0) throw new Error("disk I/O error");
    return finishPage(...args);
  };
  try {
    await runner.handle({ kind: "page", runId: run.id, accountId: run.accountId, url }, true);
  } finally {
    store.finishPage = finishPage;
  }
  const audit = await settled(app, key, auditId, 5_000);
  assert.is(audit.status, "done", JSON.stringify(audit));
  assert.equal(audit.pages, { found: 1, done: 0, failed: 1, skipped: 0 });
  assert.is(audit.runs[0].credits_used, 0, "the page's charge record is gone");
  assert.is(await creditsUsed(), before, "and its credit given back");
  const [page] = (await app.inject({ url: `/api/v1/audits/${auditId}/pages`, headers: { "x-api-key": key } })).json().items;
  assert.is(page.status, "failed");
  assert.is(page.problem.code, "internal_error");
  site.hits.clear();
});

test("an attempt that is not the last throws, for the queue to retry", async () => {
  const run = await bareRun();
  const { store, runner } = app.audits;
  assert.ok(await store.setRunStatus(run.id, ["queued"], "running", { startedAt: new Date().toISOString() }));
  const url = `${site.origin}${site.pages[2]}`;
  await store.addPages(run.id, [url], [], 0);
  const finishPage = store.finishPage.bind(store);
  store.finishPage = async () => {
    throw new Error("disk I/O error");
  };
  try {
    const thrown = await runner.handle({ kind: "page", runId: run.id, accountId: run.accountId, url }, false).then(() => null, (err: Error) => err);
    assert.match(String(thrown?.message), /disk I\/O error/);
  } finally {
    store.finishPage = finishPage;
  }
  assert.is((await store.getPage(run.id, url))?.status, "pending", "left for the retry");
  // The stall watch hands it out again; the retry completes the run.
  assert.is((await settled(app, key, auditId, 15_000)).status, "done");
  site.hits.clear();
});

test("a page charged by an instance that died before taking its credit is charged once by the retry; one that took it is not charged again", async () => {
  const before = await creditsUsed();
  const run = await bareRun();
  const { store } = app.audits;
  assert.ok(await store.setRunStatus(run.id, ["queued"], "running", { startedAt: new Date().toISOString() }));
  const [uncharged, charged] = [site.pages[3], site.pages[4]].map((p) => `${site.origin}${p}`) as [string, string];
  await store.addPages(run.id, [uncharged, charged], [], 0);
  // The killed instance claimed both and wrote both charge records; it took the credit of the second only.
  assert.is((await store.claimWindow(run.id, 2)).length, 2);
  const period = new Date().toISOString().slice(0, 7);
  assert.is(await store.charge(run.id, run.auditId, uncharged, async () => true), "charged");
  const taken = await app.sdv.stores.accounts.reserveCredit(run.accountId, period, 1_000_000, { key: creditKey(run.id, charged) });
  assert.is(taken.ok, true);
  assert.is(await store.charge(run.id, run.auditId, charged, async () => true), "charged");
  assert.is(await creditsUsed(), before + 1, "the dead instance's one credit");
  const audit = await settled(app, key, auditId, 15_000);
  assert.is(audit.status, "done", JSON.stringify(audit));
  assert.is(audit.runs[0].credits_used, 2);
  assert.is(await creditsUsed(), before + 2, "each page charged exactly once");
  site.hits.clear();
});

test("the stall watch: reported after the stall time without change, again a stall time later, never while counts move", () => {
  const watch = new StalledRuns(1000);
  const run = { id: "r", status: "running", found: 10, done: 2, failed: 0, skipped: 0 } as RunRecord;
  assert.equal(watch.observe([run], 0), []);
  assert.equal(watch.observe([run], 999), []);
  assert.equal(watch.observe([run], 1000).map((r) => r.id), ["r"]);
  assert.equal(watch.observe([run], 1500), [], "not again at once");
  assert.equal(watch.observe([run], 2000).map((r) => r.id), ["r"]);
  const moving = { ...run, done: 3 };
  assert.equal(watch.observe([moving], 2500), []);
  assert.equal(watch.observe([{ ...moving, done: 4 }], 3400), []);
  assert.equal(watch.observe([{ ...moving, done: 5 }], 4300), [], "each change starts the clock again");
  assert.equal(watch.observe([], 9000), [], "a finished run is forgotten");
  assert.equal(watch.observe([run], 9001), [], "and seen anew when it comes back");
});

test.run();
