/**
 * Without Redis the queue lives in the process: when the service stops mid-audit (pages in flight finish
 * first) and starts again on the same DATA_DIR, the run goes on from the store, every page validated once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildApp } from "../../../api/app.ts";
import { loadConfig } from "../../../api/config.ts";
import { OFFLINE_FETCH, signup, login } from "../helpers.ts";
import { startLoopbackSite } from "./loopback-site.ts";
import { settled, sleep } from "./helpers.ts";

test("an audit interrupted by a restart completes after it, every page validated once, one credit each", async () => {
  const site = await startLoopbackSite(12);
  site.pageDelayMs = 150;
  const dataDir = mkdtempSync(join(tmpdir(), "sdv-audit-restart-"));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", FETCH_ALLOWED_PRIVATE_HOSTS: site.host, AUDIT_HOST_DELAY_MS: "0", AUDIT_WORKERS: "2", RATE_LIMIT_PER_MINUTE: "100000", AUTH_RATE_LIMIT_PER_MINUTE: "0" });
  const deps = { fetchOptions: { connectGuard: OFFLINE_FETCH.connectGuard } };
  let app = await buildApp(config, deps);
  try {
    const { key, email } = await signup(app);
    const id = (await app.inject({ method: "POST", url: "/api/v1/audits", headers: { "x-api-key": key }, payload: { url: `${site.origin}/`, discover: "sitemap" } })).json().id;
    for (let i = 0; i < 200; i++) {
      const now = (await app.inject({ url: `/api/v1/audits/${id}`, headers: { "x-api-key": key } })).json();
      if (now.pages.done >= 3) break;
      await sleep(25);
    }
    await app.close();
    const before = site.pageTimes.length;
    assert.ok(before < 12, `stopped mid-audit (${before} pages fetched)`);
    app = await buildApp(config, deps);
    const audit = await settled(app, key, id);
    assert.is(audit.status, "done");
    assert.equal(audit.pages, { found: 14, done: 12, failed: 0, skipped: 2 });
    assert.is(audit.credits_used, 12);
    for (const page of site.pages) assert.is(site.hits.get(page), 1, `${page} fetched once`);
    assert.is((await login(app, email)).requests_used, 12);
  } finally {
    await app.close();
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
