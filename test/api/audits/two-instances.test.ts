/**
 * Two server processes on one Redis (a redis-server of the test's own) and one store (the embedded SQLite
 * file, shared through DATA_DIR: several processes may open it): an audit's pages are worked by both; a
 * schedule due on both starts one run; `kill -9` of one instance mid-audit and the audit still completes,
 * every page stored once, no credit charged twice. Skips visibly without a redis-server binary.
 * Issue 26: the same with an audit discovered by links on a site without a sitemap (discovery runs in the
 * page jobs, on both instances; a page found by both is added and validated once).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { openDatabase } from "../../../api/stores/embedded/sqlite-driver.ts";
import { privateRedisMissing, startPrivateRedis, type PrivateRedis } from "../faults/private-redis.ts";
import { startLoopbackSite, type LoopbackSite } from "./loopback-site.ts";
import { sleep } from "./helpers.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const PAGES = 60;
let redis: PrivateRedis | null = null;
const missing = privateRedisMissing();
if (missing !== null) console.log(`  skipped: ${missing}`);
/** Without redis-server the tests are uvu skips (counted as skipped), not early returns (counted as passed). */
const redisTest = missing === null ? test : test.skip;
let site: LoopbackSite;
let linkSite: LoopbackSite;
let dataDir: string;
const servers: Array<{ child: ChildProcess; base: string }> = [];

function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "api/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      REDIS_URL: redis!.url,
      MONGODB_URL: "",
      FETCH_ALLOWED_PRIVATE_HOSTS: `${site.host},${linkSite.host}`,
      RATE_LIMIT_PER_MINUTE: "100000",
      AUTH_RATE_LIMIT_PER_MINUTE: "0",
      AUDIT_WORKERS: "3",
      AUDIT_HOST_CONCURRENCY: "6",
      AUDIT_HOST_DELAY_MS: "0",
      AUDIT_JOB_LOCK_MS: "2000",
      AUDIT_SCHEDULER_INTERVAL_MS: "150",
      // An instance killed between claiming pages in the store and queueing them leaves them to the stall watch.
      AUDIT_STALL_MS: "4000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("server did not start")), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (base) {
        clearTimeout(timer);
        out = "";
        resolve({ child, base });
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
}

async function call(base: string, method: string, path: string, key?: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(key ? { "x-api-key": key } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

async function settled(base: string, key: string, id: string, timeoutMs = 90_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { json } = await call(base, "GET", `/api/v1/audits/${id}`, key);
    if (["done", "stopped", "failed"].includes(json.status)) return json;
    if (Date.now() > until) throw new Error(`still ${json.status}: ${JSON.stringify(json.pages)}`);
    await sleep(100);
  }
}

/** The shared store, read as an operator would. */
function query<Row>(sql: string, ...params: string[]): Row[] {
  const db = openDatabase(join(dataDir, "sdv.db"), { readonly: true });
  try {
    return db.prepare<Row>(sql).all(...params);
  } finally {
    db.close();
  }
}

test.before(async () => {
  if (missing !== null) return;
  const started = await startPrivateRedis();
  // The binary is there: a server that does not start is a failure, not a skip.
  if ("reason" in started) throw new Error(started.reason);
  redis = started;
  site = await startLoopbackSite(PAGES);
  site.pageDelayMs = 60;
  linkSite = await startLoopbackSite(PAGES, { sitemap: false });
  linkSite.pageDelayMs = 60;
  dataDir = mkdtempSync(join(tmpdir(), "sdv-audit-2i-"));
  servers.push(await startServer());
  servers.push(await startServer());
});

test.after(async () => {
  for (const { child } of servers) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await redis?.kill();
  await site?.close();
  await linkSite?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let key = "";
let email = "";

redisTest("an audit's pages are worked by both instances; every page once, one credit each", async () => {
  const [a, b] = servers.map((s) => s.base) as [string, string];
  const signup = await call(a, "POST", "/api/auth/signup", undefined, { email: `two-${process.pid}@example.com` });
  assert.is(signup.status, 201);
  key = signup.json.api_key;
  email = signup.json.email;
  // A paid plan (as a checkout would set it): three runs of 60 pages need more than the free 100 credits.
  const db = openDatabase(join(dataDir, "sdv.db"));
  db.prepare("UPDATE accounts SET plan = 'basic' WHERE email = ?").run(email);
  db.close();
  const created = await call(a, "POST", "/api/v1/audits", key, { url: `${site.origin}/`, discover: "sitemap", schedule: "daily" });
  assert.is(created.status, 202, JSON.stringify(created.json));
  const audit = await settled(b, key, created.json.id);
  assert.is(audit.status, "done", JSON.stringify(audit));
  assert.equal(audit.pages, { found: PAGES + 2, done: PAGES, failed: 0, skipped: 2 });
  assert.is(audit.credits_used, PAGES);
  const workers = query<{ worker: string; n: number }>("SELECT worker, COUNT(*) AS n FROM audit_pages WHERE worker IS NOT NULL GROUP BY worker");
  assert.is(workers.length, 2, `pages worked by both instances: ${JSON.stringify(workers)}`);
  for (const page of site.pages) assert.is(site.hits.get(page), 1, `${page} fetched once`);
  assert.is((await call(b, "POST", "/api/auth/login", undefined, { email })).json.requests_used, PAGES);
});

redisTest("a schedule due on both instances starts one run", async () => {
  const [a] = servers.map((s) => s.base) as [string];
  const [{ id }] = query<{ id: string }>("SELECT id FROM audits");
  site.pageDelayMs = 0;
  // Make the schedule due now on both instances (each looks every 150 ms).
  const db = openDatabase(join(dataDir, "sdv.db"));
  db.prepare("UPDATE audits SET next_run_at = ? WHERE id = ?").run(new Date(Date.now() - 1000).toISOString(), id!);
  db.close();
  // Wait for the run to exist (a busy machine may take longer than a few ticks to start it), then give the
  // other instance several more ticks in which a second run would start.
  const until = Date.now() + 30_000;
  for (;;) {
    const now = await call(a, "GET", `/api/v1/audits/${id!}`, key);
    if (now.json.runs.some((r: { trigger: string }) => r.trigger === "schedule")) break;
    if (Date.now() > until) return assert.unreachable(`no scheduled run started: ${JSON.stringify(now.json)}`);
    await sleep(100);
  }
  await sleep(1500);
  const audit = await settled(a, key, id!);
  const scheduled = audit.runs.filter((r: { trigger: string }) => r.trigger === "schedule");
  assert.is(scheduled.length, 1, JSON.stringify(audit.runs));
  assert.ok(Date.parse(audit.next_run_at) > Date.now() + 23 * 3600_000, "the next one is a day later");
  assert.is(audit.runs[0].credits_used, PAGES);
});

redisTest("kill -9 of one instance mid-audit: the other completes it, every page stored once, no credit charged twice", async () => {
  const [a, b] = servers as [{ child: ChildProcess; base: string }, { child: ChildProcess; base: string }];
  site.pageDelayMs = 80;
  site.hits.clear();
  const { json } = await call(a.base, "POST", `/api/v1/audits/${query<{ id: string }>("SELECT id FROM audits")[0]!.id}/run`, key);
  const id = json.id;
  const until = Date.now() + 30_000;
  for (;;) {
    const now = await call(b.base, "GET", `/api/v1/audits/${id}`, key);
    if (now.json.pages.done >= PAGES / 4) break;
    if (Date.now() > until) throw new Error("the audit did not progress");
    await sleep(20);
  }
  a.child.kill("SIGKILL");
  const audit = await settled(b.base, key, id);
  assert.is(audit.status, "done", JSON.stringify(audit));
  assert.equal(audit.pages, { found: PAGES + 2, done: PAGES, failed: 0, skipped: 2 });
  assert.is(audit.runs[0].credits_used, PAGES, "one charge record per page of the run");
  assert.is((await call(b.base, "POST", "/api/auth/login", undefined, { email })).json.requests_used, 3 * PAGES, "the account was charged once per page per run");
  const rows = query<{ n: number; distinct_urls: number }>("SELECT COUNT(*) AS n, COUNT(DISTINCT url) AS distinct_urls FROM audit_pages WHERE run_id = ? AND status = 'validated'", audit.runs[0].id);
  assert.equal(rows[0], { n: PAGES, distinct_urls: PAGES });
  const refetched = site.pages.filter((p) => (site.hits.get(p) ?? 0) > 1);
  for (const page of site.pages) assert.ok((site.hits.get(page) ?? 0) >= 1, `${page} fetched`);
  assert.ok(refetched.length <= 3, `only the pages in flight on the killed instance were fetched again (${refetched.length})`);
});

redisTest("link discovery across instances, one killed mid-audit: every page found and validated once, credits exact", async () => {
  const b = servers[1]!;
  const c = await startServer();
  servers.push(c);
  const before = (await call(b.base, "POST", "/api/auth/login", undefined, { email })).json.requests_used as number;
  const created = await call(c.base, "POST", "/api/v1/audits", key, { url: `${linkSite.origin}/`, discover: "links" });
  assert.is(created.status, 202, JSON.stringify(created.json));
  const until = Date.now() + 30_000;
  for (;;) {
    const now = await call(b.base, "GET", `/api/v1/audits/${created.json.id}`, key);
    if (now.json.pages.done >= PAGES / 4) break;
    if (Date.now() > until) throw new Error("the audit did not progress");
    await sleep(20);
  }
  const runId = created.json.runs[0].id;
  const workersBeforeKill = query<{ worker: string }>("SELECT DISTINCT worker FROM audit_pages WHERE run_id = ? AND worker IS NOT NULL", runId);
  c.child.kill("SIGKILL");
  const audit = await settled(b.base, key, created.json.id);
  assert.is(audit.status, "done", JSON.stringify(audit));
  // Home (no markup) + the events; skipped: the two private pages and the other origin.
  assert.equal(audit.pages, { found: PAGES + 1 + 3, done: PAGES + 1, failed: 0, skipped: 3 });
  assert.is(audit.runs[0].credits_used, PAGES, "one charge record per event page");
  assert.is((await call(b.base, "POST", "/api/auth/login", undefined, { email })).json.requests_used, before + PAGES, "the account was charged once per page");
  const rows = query<{ n: number; distinct_urls: number }>("SELECT COUNT(*) AS n, COUNT(DISTINCT url) AS distinct_urls FROM audit_pages WHERE run_id = ? AND status = 'validated'", runId);
  assert.equal(rows[0], { n: PAGES, distinct_urls: PAGES });
  for (const page of linkSite.pages) assert.ok((linkSite.hits.get(page) ?? 0) >= 1, `${page} fetched`);
  const refetched = linkSite.pages.filter((p) => (linkSite.hits.get(p) ?? 0) > 1);
  assert.ok(refetched.length <= 3, `only the pages in flight on the killed instance were fetched again (${refetched.length})`);
  for (const never of [...linkSite.privatePages, "/sponsored"]) assert.is(linkSite.hits.get(never), undefined, `${never} never requested`);
  const workers = query<{ worker: string }>("SELECT DISTINCT worker FROM audit_pages WHERE run_id = ? AND worker IS NOT NULL", runId);
  assert.ok(workers.length >= 2 || workersBeforeKill.length >= 2, `pages worked by both instances: ${JSON.stringify(workers)}`);
});

test.run();
