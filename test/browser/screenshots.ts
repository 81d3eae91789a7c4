/**
 * `npm run screenshots`: the README's pictures (docs/images/*.png), taken from the pages built from the
 * working tree and served by the service on 127.0.0.1, in the same Chromium the browser tests use. Not a
 * test (no .test.ts): it only writes files, which a person looks at before committing them.
 *
 * Each shot waits for the page's own "done" signal (the validation's status line, the account's usage,
 * the current plan marked), so no half-loaded state is captured. Google's Event example is read from
 * ../shared/corpus at run time. The dashboard's key stays masked (it is only revealed on request).
 */
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { browserSkipReason, startSite, type Site } from "./harness.ts";
import { paste, resultStatus } from "./playground-page.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const outDir = join(repoRoot, "docs", "images");
const eventExample = fileURLToPath(new URL("../../../shared/corpus/google-examples/Event-1.html", import.meta.url));

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const skip = browserSkipReason();
if (skip) throw new Error(`screenshots: ${skip}`);
if (!existsSync(eventExample)) throw new Error(`screenshots: ${eventExample} not found (../shared/corpus)`);

/** Google's Event example with its startDate line removed: one missing required property. */
function eventWithoutStartDate(): string {
  const page = readFileSync(eventExample, "utf8");
  const markup = page.replace(/^[^\n]*"startDate"[^\n]*\n/m, "");
  if (markup === page) throw new Error("the Event example has no startDate line to remove");
  return markup;
}

const written: string[] = [];

async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  // Web fonts and late layout: wait until the fonts are in and two frames have been painted.
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
  const path = join(outDir, `${name}.png`);
  await page.screenshot({ path, scale: "css", animations: "disabled", caret: "hide", fullPage: options.fullPage ?? false });
  written.push(path);
}

async function playground(site: Site, name: string, viewport: { width: number; height: number }): Promise<void> {
  const { context, page, problems } = await site.newPage({ viewport });
  try {
    await page.goto("/");
    await page.locator(".cm-content").waitFor();
    await paste(page, eventWithoutStartDate());
    const status = await resultStatus(page);
    if (!/1 node: [1-9]\d* errors?/.test(status)) throw new Error(`playground: expected an error, the status says ${JSON.stringify(status)}`);
    const issue = page.locator("button.pg-issue-button", { hasText: "startDate" }).first();
    await issue.waitFor();
    // The gutter marks the issues once the editor has taken the diagnostics.
    await page.locator(".cm-lint-marker-error").first().waitFor();
    // Clicking the issue is what a visitor does next: the editor jumps to the node. Then bring the
    // results (and, on a desktop, the editor beside them) into view.
    await issue.click();
    if (viewport.width >= 900) await page.evaluate(() => window.scrollTo(0, 0));
    else await page.locator("#pg-results-h").evaluate((el) => el.scrollIntoView({ block: "start" }));
    await page.mouse.move(0, 0);
    await shoot(page, name);
    if (problems.length > 0) throw new Error(`playground: ${problems.join("; ")}`);
  } finally {
    await context.close();
  }
}

async function dashboardAndUpgrade(site: Site): Promise<void> {
  const { context, page, problems } = await site.newPage({ viewport: DESKTOP });
  try {
    await page.goto("/dashboard");
    await page.locator("#signup-email").fill("ann@example.com");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.locator("#signed-in").waitFor({ state: "visible" });
    await page.waitForFunction(() => (document.querySelector("[data-field=usage]")?.textContent ?? "").includes("0 of 100"));
    const key = await page.locator("#api-key").textContent();
    if (!key || !/•{8}/.test(key)) throw new Error(`dashboard: the key is not masked (${key?.slice(0, 12)}…)`);
    await page.mouse.move(0, 0);
    await shoot(page, "dashboard");

    await page.goto("/dashboard/upgrade");
    await page.locator('li[data-plan="free"][aria-current="true"]').waitFor();
    await page.mouse.move(0, 0);
    await shoot(page, "upgrade");
    if (problems.length > 0) throw new Error(`dashboard: ${problems.join("; ")}`);
  } finally {
    await context.close();
  }
}

async function rulePage(site: Site): Promise<void> {
  const { context, page, problems } = await site.newPage({ viewport: DESKTOP });
  try {
    const res = await page.goto("/rules/Event");
    if (res?.status() !== 200) throw new Error(`/rules/Event answered ${res?.status()}`);
    await shoot(page, "rule-page-event");
    if (problems.length > 0) throw new Error(`rule page: ${problems.join("; ")}`);
  } finally {
    await context.close();
  }
}

mkdirSync(outDir, { recursive: true });
// The service's own limits: the dashboard picture shows the free plan as a visitor gets it.
const site = await startSite();
try {
  await playground(site, "playground", DESKTOP);
  await playground(site, "playground-phone", PHONE);
  await dashboardAndUpgrade(site);
  await rulePage(site);
} finally {
  await site.close();
}
let total = 0;
for (const path of written) {
  const { size } = statSync(path);
  total += size;
  console.log(`${path.slice(repoRoot.length)}  ${(size / 1024).toFixed(0)} KB`);
}
console.log(`${written.length} pictures, ${(total / 1024).toFixed(0)} KB in all`);
