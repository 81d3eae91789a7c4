/**
 * The browser tests' plumbing: the pages built once per test process into a temporary folder (so a test
 * never runs against a stale dist/web), Debian's Chromium driven by playwright-core, and the service on
 * 127.0.0.1 with the built pages.
 *
 * Without Chromium the browser tests skip with a reason, except under CI (CI=true), where `.ci/run`
 * installs it and a missing browser is a failure.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { AppDeps } from "../../api/app.ts";
import type { Test } from "uvu";
import { startApp, type TestApp } from "../api/helpers.ts";
import { onFreePort } from "../support/free-port.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Where Chromium is: CHROMIUM_PATH, else Debian's package. */
export function chromiumPath(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter((p): p is string => !!p);
  return candidates.find((p) => existsSync(p)) ?? null;
}

/** Why the browser tests cannot run here (null: they can). Throws under CI, where Chromium must be present. */
export function browserSkipReason(): string | null {
  if (chromiumPath() !== null) return null;
  const reason = "Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)";
  if (process.env.CI) throw new Error(`browser tests: ${reason}; .ci/run installs it under CI`);
  return reason;
}

/**
 * How a browser test file registers its tests: uvu's `test`, or `test.skip` when they cannot run here,
 * so that the totals count them as skipped, never as passed (the reason is printed once per file).
 */
export function browserTest(test: Test, skip: string | null): Test["skip"] {
  if (skip === null) return test as Test["skip"];
  console.log(`SKIP browser tests: ${skip}`);
  return test.skip;
}

let built: Promise<string> | null = null;

/** The web pages built from the working tree into a temporary folder, once per process. */
export function builtWebRoot(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), "sdv-web-"));
    process.on("exit", () => rmSync(outDir, { recursive: true, force: true }));
    const { build } = await import("vite");
    process.env.SDV_WEB_OUT_DIR = outDir;
    try {
      await build({ configFile: join(repoRoot, "web", "vite.config.ts"), logLevel: "error" });
    } finally {
      delete process.env.SDV_WEB_OUT_DIR;
    }
    return outDir;
  })();
  return built;
}

/** Chromium as the machine allows it: headless, no sandbox (root), nothing that reaches for the network. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (executablePath === null) throw new Error("Chromium not found");
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

export interface Site {
  /** http://127.0.0.1:<port> */
  base: string;
  server: TestApp;
  browser: Browser;
  /** A fresh browser context (own sessionStorage) with a page; CSP violations and page errors are collected. */
  newPage(options?: { viewport?: { width: number; height: number }; serviceWorkers?: "allow" | "block" }): Promise<{ context: BrowserContext; page: Page; problems: string[] }>;
  close(): Promise<void>;
}

/** The service with the built pages, listening on 127.0.0.1, and a Chromium to look at it. */
export async function startSite(env: Record<string, string> = {}, deps: AppDeps = {}): Promise<Site> {
  const webRoot = await builtWebRoot();
  // PUBLIC_BASE_URL must be the real address (links the API hands out are followed by the browser), so
  // the port is taken first and the app built for it.
  const { base, server } = await onFreePort(async (port) => {
    const base = `http://127.0.0.1:${port}`;
    const server = await startApp({ PUBLIC_BASE_URL: base, ...env }, { webRoot, ...deps });
    try {
      await server.app.listen({ host: "127.0.0.1", port });
    } catch (err) {
      await server.close();
      throw err;
    }
    return { base, server };
  });
  const browser = await launchChromium();
  return {
    base,
    server,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({ baseURL: base, viewport: options.viewport ?? { width: 1280, height: 900 }, serviceWorkers: options.serviceWorkers ?? "allow" });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
      page.on("console", (msg) => {
        if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
      });
      page.on("requestfailed", (request) => {
        const error = request.failure()?.errorText ?? "";
        // A navigation cancels the previous page's late requests (its icon, say) with ERR_ABORTED: the
        // test moved on, the page did nothing wrong. Refusals (CSP, 404 bodies, resets) keep other codes.
        if (error === "net::ERR_ABORTED") return;
        problems.push(`request failed: ${request.url()} ${error}`);
      });
      return { context, page, problems };
    },
    async close() {
      await browser.close().catch(() => {});
      await server.close();
    },
  };
}

