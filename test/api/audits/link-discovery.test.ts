/**
 * Issue 26: audits discovered by links, on one instance (in-process queue, embedded store), over a
 * loopback site without a sitemap: before, such an audit failed with "No page to validate". Now the start
 * page and every page its links reach are validated once, within max_depth and max_pages; nothing robots.txt
 * disallows, nothing linked only with rel="nofollow", nothing on another origin is requested; credits equal
 * the pages validated. List mode (`urls`) validates exactly the listed pages.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startApp, signup, login, OFFLINE_FETCH, type TestApp } from "../helpers.ts";
import { startLoopbackSite, type LoopbackSite } from "./loopback-site.ts";
import { allPages, settled } from "./helpers.ts";

const PAGES = 12;
let site: LoopbackSite;
let t: TestApp;
const elsewhere: string[] = [];

test.before(async () => {
  site = await startLoopbackSite(PAGES, { sitemap: false });
  t = await startApp(
    { FETCH_ALLOWED_PRIVATE_HOSTS: site.host, AUDIT_HOST_DELAY_MS: "0", RATE_LIMIT_PER_MINUTE: "100000", LOG_LEVEL: "warn" },
    {
      fetchOptions: {
        connectGuard: (address: string, port: number) => {
          if (port === 9) elsewhere.push(`${address}:${port}`);
          OFFLINE_FETCH.connectGuard(address);
        },
      },
    },
  );
});
test.after(async () => {
  await t.close();
  await site.close();
});

const post = (key: string, payload: object) => t.app.inject({ method: "POST", url: "/api/v1/audits", headers: { "x-api-key": key }, payload });

test("no sitemap: the start page and every page its links reach, once each; nothing disallowed, nofollow or off-site", async () => {
  const { key, email } = await signup(t.app);
  const res = await post(key, { url: `${site.origin}/` });
  assert.is(res.statusCode, 202, res.body);
  assert.is(res.json().discover, "both", "link discovery by default");
  assert.is(res.json().max_depth, 10);
  const audit = await settled(t.app, key, res.json().id);
  assert.is(audit.status, "done", JSON.stringify(audit));
  // The home page (no structured data) + the events; skipped: the two private pages and the other origin.
  assert.equal(audit.pages, { found: PAGES + 1 + 3, done: PAGES + 1, failed: 0, skipped: 3 });
  assert.is(audit.credits_used, PAGES, "one credit per page validated (the home page has no markup: free)");
  assert.is((await login(t.app, email)).requests_used, PAGES);
  for (const page of site.pages) assert.is(site.hits.get(page), 1, `${page} fetched once`);
  for (const never of [...site.privatePages, "/sponsored"]) assert.is(site.hits.get(never), undefined, `${never} never requested`);
  assert.equal(elsewhere, [], "the other origin is never contacted");
  const skipped = (await allPages(t.app, key, audit.id, "status=skipped", 50)).items.map((p) => [p.url, p.problem.message]);
  assert.equal(
    skipped.sort((a, b) => a[0].localeCompare(b[0])),
    [
      [`${site.origin}/private/a`, "disallowed by robots.txt"],
      [`${site.origin}/private/b`, "disallowed by robots.txt"],
      ["http://127.0.0.2:9/elsewhere", "other origin"],
    ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
  );
});

test("max_depth and max_pages bound the crawl", async () => {
  const { key } = await signup(t.app);
  site.hits.clear();
  const shallow = await settled(t.app, key, (await post(key, { url: `${site.origin}/`, discover: "links", max_depth: 2 })).json().id);
  // Depth 0: home; 1: event 1; 2: events 2 and 3 (their links are not followed).
  assert.equal(
    (await allPages(t.app, key, shallow.id, "status=validated", 50)).items.map((p) => p.url),
    site.pages.slice(0, 3).map((p) => `${site.origin}${p}`),
  );
  assert.is(site.hits.get(site.pages[3]!), undefined, "depth 3 never requested");
  const { key: k2 } = await signup(t.app);
  const bounded = await settled(t.app, k2, (await post(k2, { url: `${site.origin}/`, discover: "links", max_pages: 4 })).json().id);
  assert.is(bounded.pages.done, 4, JSON.stringify(bounded.pages));
  assert.is(bounded.credits_used, 3);
});

test("list mode: exactly the listed pages (robots.txt still decides); one site per audit; inputs checked", async () => {
  const { key } = await signup(t.app);
  site.hits.clear();
  const urls = [`${site.origin}${site.pages[4]}`, `${site.origin}${site.pages[7]}#top`, `${site.origin}/private/a`];
  const res = await post(key, { urls });
  assert.is(res.statusCode, 202, res.body);
  assert.equal(res.json().urls, [`${site.origin}${site.pages[4]}`, `${site.origin}${site.pages[7]}`, `${site.origin}/private/a`]);
  const audit = await settled(t.app, key, res.json().id);
  assert.equal(audit.pages, { found: 3, done: 2, failed: 0, skipped: 1 });
  assert.equal([...site.hits.keys()].sort(), ["/robots.txt", site.pages[4], site.pages[7]].sort(), "nothing but robots.txt and the two pages");

  for (const [payload, code] of [
    [{ urls: [`${site.origin}/a`, "https://example.com/b"] }, "invalid_request"],
    [{ urls: [] }, "invalid_request"],
    [{ urls: [`${site.origin}/a`], url: `${site.origin}/` }, "invalid_request"],
    [{ url: `${site.origin}/`, discover: "everything" }, "invalid_request"],
    [{ url: `${site.origin}/`, max_depth: -1 }, "invalid_request"],
    [{ urls: ["http://10.0.0.1/"] }, "invalid_url"],
  ] as const) {
    const bad = await post(key, payload);
    assert.is(bad.statusCode, 400, `${JSON.stringify(payload)}: ${bad.body}`);
    assert.is(bad.json().error.code, code, JSON.stringify(payload));
  }
});

test("templates, the report over two runs, and the diff (and its webhook) per template", async () => {
  const { key } = await signup(t.app);
  const get = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url, headers: { "x-api-key": key } });
    assert.is(res.statusCode, 200, res.body);
    return res.json();
  };
  site.broken.clear();
  site.hooks.length = 0;
  const created = (await post(key, { url: `${site.origin}/`, notify: { webhook_url: `${site.origin}/hook` } })).json();
  await settled(t.app, key, created.id);
  const templates = await get(`/api/v1/audits/${created.id}/templates`);
  assert.equal(
    templates.items.map((i: { template: string; pages: number }) => [i.template, i.pages]),
    [["/events/*", PAGES], ["/", 1]],
  );
  assert.equal(templates.items[0].features.Event, { eligible: PAGES, not_eligible: 0 });

  const broken = site.pages.slice(0, 3);
  for (const p of broken) site.broken.add(p);
  const rerun = await t.app.inject({ method: "POST", url: `/api/v1/audits/${created.id}/run`, headers: { "x-api-key": key } });
  assert.is(rerun.statusCode, 202, rerun.body);
  const second = await settled(t.app, key, created.id);
  assert.is(second.status, "done");

  const report = await get(`/api/v1/audits/${created.id}/report`);
  const event = report.features.find((f: { feature: string }) => f.feature === "Event");
  assert.equal(report.runs.map((r: { run: string }) => r.run), [...second.runs].reverse().map((r: { id: string }) => r.id), "oldest run first");
  const [one, two] = event.runs;
  assert.is(one.valid + one.valid_with_warnings, PAGES);
  assert.is(one.invalid, 0);
  assert.is(two.valid + two.valid_with_warnings, PAGES - 3);
  assert.is(two.invalid, 3);
  const top = event.top_issues[0];
  assert.is(top.severity, "error");
  assert.is(top.property, "location");
  assert.is(top.pages, 3);
  assert.equal([...top.examples].sort(), broken.map((p) => `${site.origin}${p}`).sort());

  const diff = await get(`/api/v1/audits/${created.id}/diff`);
  assert.equal(diff.diff.templates, [{ template: "/events/*", pages: PAGES, features: [{ feature: "Event", gained: 0, lost: 3 }] }]);
  const until = Date.now() + 10_000;
  while (site.hooks.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  assert.equal(JSON.parse(site.hooks[0]!.body).diff.templates, diff.diff.templates, "the webhook carries the same");
  site.broken.clear();
});

test.run();
