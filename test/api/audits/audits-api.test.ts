/**
 * Audits on one instance (in-process queue, embedded store) over a loopback site with robots.txt and a
 * sitemap index: every allowed page validated once, robots.txt honoured, credits equal to pages validated,
 * results paged and filtered, the diff after the site changed, the signed webhook, quota, errors.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startApp, signup, login, OFFLINE_FETCH, type TestApp } from "../helpers.ts";
import { hashApiKey } from "../../../api/keys/hash.ts";
import { billingPeriod } from "../../../api/billing/plans.ts";
import { verifySignature, SIGNATURE_HEADER } from "../../../api/audits/webhook-signature.ts";
import { startLoopbackSite, type LoopbackSite } from "./loopback-site.ts";
import { allPages, settled } from "./helpers.ts";

const PAGES = 12;
let site: LoopbackSite;
let t: TestApp;

test.before(async () => {
  site = await startLoopbackSite(PAGES);
  t = await startApp(
    { FETCH_ALLOWED_PRIVATE_HOSTS: site.host, AUDIT_HOST_DELAY_MS: "0", AUDIT_WEBHOOK_BACKOFF_MS: "50", RATE_LIMIT_PER_MINUTE: "100000", LOG_LEVEL: "warn" },
    { fetchOptions: { connectGuard: OFFLINE_FETCH.connectGuard } },
  );
});
test.after(async () => {
  await t.close();
  await site.close();
});

const post = (key: string, url: string, payload?: object) => t.app.inject({ method: "POST", url, headers: { "x-api-key": key }, ...(payload === undefined ? {} : { payload }) });
const get = (key: string, url: string) => t.app.inject({ method: "GET", url, headers: { "x-api-key": key } });

let key: string;
let email: string;
let auditId: string;
let secret: string;

test("an audit of the site validates every page robots.txt allows, once, for one credit each", async () => {
  ({ key, email } = await signup(t.app));
  const res = await post(key, "/api/v1/audits", { url: `${site.origin}/`, discover: "sitemap", notify: { webhook_url: `${site.origin}/hook` } });
  assert.is(res.statusCode, 202, res.body);
  const created = res.json();
  assert.match(created.id, /^aud_/);
  assert.is(created.status, "queued");
  assert.match(created.notify.secret, /^whsec_[0-9a-f]{48}$/, "the secret is returned once, on creation");
  assert.is(created.runs.length, 1);
  auditId = created.id;
  secret = created.notify.secret;

  const audit = await settled(t.app, key, auditId);
  assert.is(audit.status, "done", JSON.stringify(audit));
  assert.equal(audit.pages, { found: PAGES + 2, done: PAGES, failed: 0, skipped: 2 });
  assert.is(audit.credits_used, PAGES);
  assert.is(audit.notify.secret, undefined, "never shown again");
  for (const page of site.pages) assert.is(site.hits.get(page), 1, `${page} fetched once`);
  for (const page of site.privatePages) assert.is(site.hits.get(page), undefined, `${page} (disallowed) never fetched`);
  assert.is((await login(t.app, email)).requests_used, PAGES, "the account was charged one credit per page validated");
  assert.is(audit.eligible.Event, PAGES, JSON.stringify(audit.eligible));
  assert.is(audit.scores["100"] + audit.scores["90-99"] + audit.scores["50-89"] + audit.scores["0-49"], PAGES);
  assert.is(audit.runs.length, 1);
  assert.is(audit.runs[0].credits_used, PAGES);
  assert.ok(audit.runs[0].started_at && audit.runs[0].finished_at);
});

test("results are cursor-paged in URL order and filtered by status, type, feature and code", async () => {
  const all = await allPages(t.app, key, auditId);
  assert.is(all.items.length, PAGES + 2);
  assert.is(all.requests, Math.ceil((PAGES + 2) / 5));
  const urls = all.items.map((p) => p.url);
  assert.equal(urls, [...urls].sort(), "URL order");
  assert.is(new Set(urls).size, urls.length, "each page once");
  const skipped = await allPages(t.app, key, auditId, "status=skipped");
  assert.equal(skipped.items.map((p) => p.url).sort(), site.privatePages.map((p) => site.origin + p));
  assert.is(skipped.items[0].problem.message, "disallowed by robots.txt");
  assert.is((await allPages(t.app, key, auditId, "type=Event")).items.length, PAGES);
  assert.is((await allPages(t.app, key, auditId, "feature=Event")).items.length, PAGES);
  assert.is((await allPages(t.app, key, auditId, "type=Recipe")).items.length, 0);
  const bad = await get(key, `/api/v1/audits/${auditId}/pages?cursor=%21%21`);
  assert.is(bad.statusCode, 400);
  assert.is(bad.json().error.code, "invalid_request");
});

test("a second run after the site changed: the diff names lost eligibility and new errors, and a signed webhook says so", async () => {
  const changed = site.pages.slice(0, 3);
  for (const p of changed) site.broken.add(p);
  site.failing.add(site.pages[3]!);
  site.hookFailures = 1; // the first delivery fails: it is retried with backoff
  const res = await post(key, `/api/v1/audits/${auditId}/run`);
  assert.is(res.statusCode, 202, res.body);
  const again = await post(key, `/api/v1/audits/${auditId}/run`);
  assert.ok(again.statusCode === 409 || again.statusCode === 429, `a second run while one is active is refused (${again.statusCode})`);
  const audit = await settled(t.app, key, auditId);
  assert.is(audit.status, "done");
  assert.equal(audit.pages, { found: PAGES + 2, done: PAGES - 1, failed: 1, skipped: 2 });
  assert.is(audit.runs.length, 2);
  assert.is(audit.runs[0].credits_used, PAGES - 1, "the failed page's credit was given back");
  assert.is(audit.credits_used, 2 * PAGES - 1);
  assert.is((await login(t.app, email)).requests_used, 2 * PAGES - 1);
  assert.is(audit.eligible.Event, PAGES - 4);
  assert.ok(audit.runs[0].diff.regressed);
  assert.equal(audit.runs.map((r: { eligible: Record<string, number> }) => r.eligible.Event), [PAGES - 4, PAGES], "eligible pages per feature, per run (the trend)");

  const diff = (await get(key, `/api/v1/audits/${auditId}/diff`)).json();
  assert.is(diff.against, audit.runs[1].id);
  const event = diff.diff.features.find((f: { feature: string }) => f.feature === "Event");
  assert.equal(event.lost, [...changed, site.pages[3]!].map((p) => site.origin + p).sort());
  const location = diff.diff.errors.new.find((e: { property: string }) => e.property === "location");
  assert.ok(location, JSON.stringify(diff.diff.errors.new));
  assert.equal(location.pages, changed.map((p) => site.origin + p));
  const filtered = await allPages(t.app, key, auditId, `code=${location.code}`);
  assert.is(filtered.items.length, 3);
  assert.is((await allPages(t.app, key, auditId, "status=failed")).items[0].problem.code, "fetch_failed");
  const against = (await get(key, `/api/v1/audits/${auditId}/diff?against=${audit.runs[1].id}`)).json();
  assert.equal(against.diff, diff.diff);
  const byRun = (await get(key, `/api/v1/audits/${auditId}/diff?run=${audit.runs[0].id}`)).json();
  assert.equal([byRun.run, byRun.against], [audit.runs[0].id, audit.runs[1].id]);

  const until = Date.now() + 10_000;
  while (site.hooks.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  assert.is(site.hooks.length, 1, "one webhook delivered (after one failed attempt)");
  const hook = site.hooks[0]!;
  assert.is(hook.headers["content-type"], "application/json");
  const header = String(hook.headers[SIGNATURE_HEADER]);
  assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/);
  assert.ok(verifySignature(secret, hook.body, header, Math.floor(Date.now() / 1000)), "the signature verifies with the secret");
  assert.not.ok(verifySignature(secret, hook.body + " ", header, Math.floor(Date.now() / 1000)), "and not for another body");
  const body = JSON.parse(hook.body);
  assert.is(body.audit.id, auditId);
  assert.is(body.run.id, audit.runs[0].id);
  assert.ok(body.diff.regressed);
  assert.is(body.diff.totals.pages_lost, 4);
});

test("an account near its quota: the audit stops cleanly, keeping what it validated", async () => {
  site.broken.clear();
  site.failing.clear();
  const { key: k2 } = await signup(t.app);
  const account = (await t.app.sdv.stores.accounts.findByKeyHash(hashApiKey(k2)))!;
  for (let i = 0; i < 95; i++) await t.app.sdv.stores.accounts.reserveCredit(account.id, billingPeriod(new Date()), 100);
  const res = await post(k2, "/api/v1/audits", { sitemap_url: `${site.origin}/sitemap-events.xml` });
  assert.is(res.statusCode, 202, res.body);
  let audit = await settled(t.app, k2, res.json().id);
  // Pages already charged when the run stopped are finished and kept: wait for those in flight.
  for (let i = 0; i < 100 && audit.pages.done < audit.credits_used; i++) {
    await new Promise((r) => setTimeout(r, 50));
    audit = (await get(k2, `/api/v1/audits/${audit.id}`)).json();
  }
  assert.is(audit.status, "stopped");
  assert.match(audit.reason, /Out of credits/);
  assert.is(audit.credits_used, 5, JSON.stringify(audit));
  assert.is(audit.pages.done, 5);
  assert.is((await t.app.sdv.stores.accounts.usage(account.id, billingPeriod(new Date()))).used, 100, "never over the quota");
  assert.is((await allPages(t.app, k2, audit.id, "status=validated")).items.length, 5);
});

test("inputs are checked and errors use the spec's shape", async () => {
  const { key: k3 } = await signup(t.app);
  const cases: Array<[object, number, string]> = [
    [{ url: site.origin, sitemap_url: `${site.origin}/sitemap.xml` }, 400, "invalid_request"],
    [{}, 400, "invalid_request"],
    [{ url: "ftp://example.com/" }, 400, "invalid_url"],
    [{ url: "http://10.0.0.1/" }, 400, "invalid_url"],
    [{ url: "https://example.com/", notify: { webhook_url: "http://169.254.169.254/latest" } }, 400, "invalid_url"],
    [{ url: "https://example.com/", schedule: "hourly" }, 400, "invalid_request"],
    [{ url: "https://example.com/", max_pages: 101 }, 400, "invalid_request"],
    [{ url: "https://example.com/", extra: 1 }, 400, "invalid_request"],
  ];
  for (const [payload, status, code] of cases) {
    const res = await post(k3, "/api/v1/audits", payload);
    assert.is(res.statusCode, status, `${JSON.stringify(payload)}: ${res.body}`);
    assert.is(res.json().success, false);
    assert.is(res.json().error.code, code, JSON.stringify(payload));
  }
  assert.is((await get(k3, `/api/v1/audits/${auditId}`)).json().error.code, "audit_not_found", "another account's audit does not exist for the caller");
  assert.is((await get(k3, "/api/v1/audits/aud_nope")).statusCode, 404);
  assert.is((await t.app.inject({ method: "GET", url: "/api/v1/audits" })).statusCode, 401);
});

test("the list is newest first; DELETE removes the audit", async () => {
  const { key: k4 } = await signup(t.app);
  const first = (await post(k4, "/api/v1/audits", { url: `${site.origin}/`, discover: "sitemap" })).json();
  await settled(t.app, k4, first.id);
  const second = (await post(k4, "/api/v1/audits", { url: `${site.origin}/`, discover: "sitemap", max_pages: 3 })).json();
  const busy = await post(k4, "/api/v1/audits", { url: `${site.origin}/`, discover: "sitemap" });
  assert.is(busy.statusCode, 429, "the free plan runs one audit at once");
  assert.is(busy.json().error.code, "too_many_audits");
  const done = await settled(t.app, k4, second.id);
  assert.is(done.pages.done, 3);
  assert.is(done.pages.skipped, PAGES - 3 + 2);
  const list = (await get(k4, "/api/v1/audits")).json();
  assert.equal(list.items.map((a: { id: string }) => a.id), [second.id, first.id]);
  const del = await t.app.inject({ method: "DELETE", url: `/api/v1/audits/${first.id}`, headers: { "x-api-key": k4 } });
  assert.is(del.statusCode, 204);
  assert.is((await get(k4, `/api/v1/audits/${first.id}`)).statusCode, 404);
  assert.is((await get(k4, "/api/v1/audits")).json().items.length, 1);
});

test.run();
