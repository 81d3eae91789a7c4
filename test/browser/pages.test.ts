/**
 * Every page of the web face opens in Chromium under its strict CSP: 200, the security headers, no
 * script error or CSP violation, and no serious accessibility violation (axe-core), on a desktop and a
 * phone viewport. The links the API hands out (dashboard_url, upgrade_url) lead to these pages.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { browserSkipReason, browserTest, startSite, type Site } from "./harness.ts";
import { seriousViolations } from "./axe.ts";
import { PAGES } from "../../api/web/pages.ts";

const skip = browserSkipReason();
const it = browserTest(test, skip);
let site: Site;

test.before(async () => {
  if (skip) return;
  site = await startSite();
});
test.after(async () => {
  await site?.close();
});

for (const path of Object.keys(PAGES)) {
  it(`${path} opens under a strict CSP with no errors and no serious accessibility violations`, async (ctx) => {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const { context, page, problems } = await site.newPage({ viewport });
      try {
        const response = await page.goto(path);
        assert.is(response?.status(), 200);
        const headers = response!.headers();
        assert.match(headers["content-security-policy"] ?? "", /default-src 'self'/);
        assert.match(headers["content-security-policy"] ?? "", /script-src 'self'/);
        assert.not.match(headers["content-security-policy"] ?? "", /unsafe-inline|unsafe-eval/);
        assert.is(headers["x-frame-options"], "SAMEORIGIN");
        await page.waitForLoadState("networkidle");
        assert.equal(problems, [], `${path} at ${viewport.width}px: ${problems.join("; ")}`);
        const violations = await seriousViolations(page);
        assert.equal(violations, [], `${path} at ${viewport.width}px: ${JSON.stringify(violations, null, 1)}`);
        // Nothing wider than the phone's screen (usable without sideways scrolling).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 1, `${path} scrolls sideways by ${overflow}px at ${viewport.width}px`);
      } finally {
        await context.close();
      }
    }
    void ctx;
  });
}

it("the links signup and quota_exceeded hand out lead to working pages", async () => {
  const email = `links-${process.pid}@example.com`;
  const signup = await fetch(`${site.base}/api/auth/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
  const account = (await signup.json()) as { dashboard_url: string };
  assert.is(new URL(account.dashboard_url).pathname, "/dashboard");
  const { context, page } = await site.newPage();
  try {
    const dashboard = await page.goto(account.dashboard_url);
    assert.is(dashboard?.status(), 200);
    assert.match(dashboard!.headers()["content-type"] ?? "", /^text\/html/);
    const upgrade = await page.goto(`${site.base}/dashboard/upgrade`);
    assert.is(upgrade?.status(), 200);
    assert.match(upgrade!.headers()["content-type"] ?? "", /^text\/html/);
  } finally {
    await context.close();
  }
});

test.run();
