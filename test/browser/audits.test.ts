/**
 * The audits page in Chromium, against the service on 127.0.0.1 auditing a loopback site: the account's
 * audits, a finished audit's summary (eligible pages per feature, issues by property, worst pages), the
 * trend chart (inline SVG) across two runs, the report's chart per feature (valid, with warnings, invalid
 * per run: issue 26), the diff between them, an audit started from the page followed to the end; no CSP
 * violation or page error, and no serious axe violation.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { browserSkipReason, browserTest, startSite, type Site } from "./harness.ts";
import { seriousViolations } from "./axe.ts";
import { OFFLINE_FETCH } from "../api/helpers.ts";
import { startLoopbackSite, type LoopbackSite } from "../api/audits/loopback-site.ts";

const skip = browserSkipReason();
const it = browserTest(test, skip);
let site: Site;
let loopback: LoopbackSite;
let key = "";
let email = "";

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${site.base}${path}`, { method, headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return res.json();
}

async function settle(id: string): Promise<any> {
  for (let i = 0; i < 300; i++) {
    const audit = await api("GET", `/api/v1/audits/${id}`);
    if (["done", "stopped", "failed"].includes(audit.status)) return audit;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("audit did not finish");
}

async function signedIn(page: Page): Promise<void> {
  await page.goto("/dashboard/audits");
  await page.evaluate(([k, e]) => {
    sessionStorage.setItem("sdv.api_key", k!);
    sessionStorage.setItem("sdv.email", e!);
  }, [key, email]);
  await page.reload();
}

test.before(async () => {
  if (skip) return;
  loopback = await startLoopbackSite(8);
  site = await startSite(
    { RATE_LIMIT_PER_MINUTE: "100000", FETCH_ALLOWED_PRIVATE_HOSTS: loopback.host, AUDIT_HOST_DELAY_MS: "0" },
    { fetchOptions: { connectGuard: OFFLINE_FETCH.connectGuard } },
  );
  const res = await fetch(`${site.base}/api/auth/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `audits-${process.pid}@example.com` }) });
  const account = await res.json();
  key = account.api_key;
  email = account.email;
  const created = await api("POST", "/api/v1/audits", { url: `${loopback.origin}/`, discover: "sitemap" });
  await settle(created.id);
  for (const p of loopback.pages.slice(0, 3)) loopback.broken.add(p);
  await api("POST", `/api/v1/audits/${created.id}/run`);
  await settle(created.id);
});
test.after(async () => {
  await site?.close();
  await loopback?.close();
});

it("a finished audit: summary, issues by property, worst pages, the trend chart and the diff of two runs", async () => {
  const { context, page, problems } = await site.newPage();
  try {
    await signedIn(page);
    await page.locator("#audit-list tr[data-audit]").first().waitFor();
    await page.locator("[data-field=detail-status]", { hasText: "done" }).waitFor();
    assert.match(await page.locator("[data-field=progress]").textContent() ?? "", /10 of 10 pages checked: 8 validated, 0 failed, 2 skipped/);
    assert.match(await page.locator("[data-field=eligible]").textContent() ?? "", /Event\s*5/);
    assert.match(await page.locator("[data-field=issues]").textContent() ?? "", /location/);
    assert.is(await page.locator("[data-field=worst] li").count(), 8);
    // The trend: one series (Event), a point per run, 8 then 5 eligible pages.
    const chart = page.locator("svg.trend");
    assert.is(await chart.getAttribute("role"), "img");
    assert.is(await page.locator("svg.trend g.series circle").count(), 2);
    assert.match(await page.locator("#trend-desc").textContent() ?? "", /Event: 8, 5/);
    // The report: a chart per feature, a bar per run; 8 valid pages, then 5 valid and 3 invalid.
    const report = page.locator('svg.feature-report[data-feature="Event"]');
    await report.waitFor();
    assert.is(await report.getAttribute("role"), "img");
    assert.is(await report.locator("g.run-bar").count(), 2);
    assert.is(await report.locator("rect.part-invalid").count(), 1, "invalid pages only in the second run");
    const desc = (await report.locator("desc").textContent()) ?? "";
    assert.match(desc, /run 1: (\d+) valid, (\d+) with warnings, 0 invalid; run 2: \d+ valid, \d+ with warnings, 3 invalid/);
    const [, v1, w1] = /run 1: (\d+) valid, (\d+) with warnings/.exec(desc)!;
    assert.is(Number(v1) + Number(w1), 8);
    assert.match(await page.locator("[data-field=feature-report] .top-issues").first().textContent() ?? "", /error: location .* on 3 pages/);
    await page.getByRole("button", { name: "Compare" }).click();
    await page.locator("[data-field=diff-totals]").waitFor();
    assert.match(await page.locator("[data-field=diff-totals]").textContent() ?? "", /3 pages lost eligibility, 0 gained it; 3 new errors/);
    const violations = await seriousViolations(page);
    assert.equal(violations, [], JSON.stringify(violations, null, 2));
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

it("an audit started from the page is followed while it runs, to the end", async () => {
  loopback.broken.clear();
  loopback.pageDelayMs = 100;
  const { context, page, problems } = await site.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await signedIn(page);
    await page.locator("#audit-list tr[data-audit]").first().waitFor();
    await page.getByLabel("Site or sitemap URL").fill(`${loopback.origin}/sitemap-events.xml`);
    await page.getByLabel("Pages at most (optional)").fill("4");
    await page.getByLabel("Find pages in").selectOption("sitemap");
    await page.getByRole("button", { name: "Start the audit" }).click();
    await page.locator("#status", { hasText: "started" }).waitFor();
    // The new audit's own figures: until the detail shows it, "done" may still be the previous audit's.
    const expected = /10 of 10 pages checked: 4 validated/;
    await page.locator("[data-field=progress]", { hasText: expected }).waitFor({ timeout: 20_000 }).catch(() => {});
    const progress = (await page.locator("[data-field=progress]").textContent()) ?? "";
    assert.match(progress, expected, `the new audit's progress: ${progress}`);
    await page.locator("[data-field=detail-status]", { hasText: "done" }).waitFor({ timeout: 20_000 });
    assert.is(await page.locator("#audit-list tr[data-audit]").count(), 2);
    const violations = await seriousViolations(page);
    assert.equal(violations, [], JSON.stringify(violations, null, 2));
    assert.equal(problems, []);
  } finally {
    loopback.pageDelayMs = 0;
    await context.close();
  }
});

it("without a session the page says to sign in first", async () => {
  const { context, page, problems } = await site.newPage();
  try {
    await page.goto("/dashboard/audits");
    await page.getByRole("link", { name: "Sign in on the dashboard" }).waitFor();
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

test.run();
