/**
 * The playground in Chromium: pasted markup is validated in the page (no request leaves it), its issues
 * show in the results and in the editor's gutter, a clicked issue lands the editor's selection on its
 * line and column; a loopback page is validated by URL through the API with a key (stored, or got by
 * signing up inline); quota_exceeded links to the upgrade page; a share link restores the markup.
 * Google's examples are read from ../shared/corpus at test time.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page, Request } from "playwright-core";
import { browserSkipReason, browserTest, startSite, type Site } from "./harness.ts";
import { seriousViolations } from "./axe.ts";
import { paste, resultStatus } from "./playground-page.ts";
import { OFFLINE_FETCH, uniqueEmail } from "../api/helpers.ts";
import { API_KEY_PREFIX } from "../../api/keys/api-key.ts";
import { validate } from "../../lib/index.ts";
import { summaryLine } from "../../web/src/playground/results.ts";

const examples = fileURLToPath(new URL("../../../shared/corpus/google-examples/", import.meta.url));
const skip = browserSkipReason() ?? (existsSync(examples) ? null : "../shared/corpus/google-examples not found");
const it = browserTest(test, skip);

const example = (name: string) => readFileSync(`${examples}${name}`, "utf8");

let site: Site;
let fixture: Server;
let fixtureBase: string;

test.before(async () => {
  if (skip) return;
  fixture = createServer((req, res) => {
    if ((req.url ?? "").split("?")[0] === "/event") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(example("Event-1.html"));
    } else {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not here");
    }
  });
  await new Promise<void>((resolve) => fixture.listen(0, "127.0.0.1", resolve));
  const { port } = fixture.address() as AddressInfo;
  fixtureBase = `http://127.0.0.1:${port}`;
  site = await startSite({}, { fetchOptions: { ...OFFLINE_FETCH, allowPrivateHosts: [`127.0.0.1:${port}`] } });
});
test.after(async () => {
  await site?.close();
  await new Promise((resolve) => (fixture ? fixture.close(resolve) : resolve(undefined)));
});

interface Visit {
  context: BrowserContext;
  page: Page;
  problems: string[];
  requests: Request[];
}

/** A fresh context on the playground; every request the page, its worker or its service worker makes is recorded. */
async function open(path = "/", before?: (context: BrowserContext) => Promise<unknown>): Promise<Visit> {
  const { context, page, problems } = await site.newPage();
  const requests: Request[] = [];
  context.on("request", (request) => void requests.push(request));
  await before?.(context);
  await page.goto(path);
  await page.locator(".cm-content").waitFor();
  return { context, page, problems, requests };
}

/** A visitor who signed up earlier in this tab: the key in sessionStorage, as web/src/session.ts keeps it. */
function storedKey(key: string, email: string): (context: BrowserContext) => Promise<unknown> {
  return (context) =>
    context.addInitScript(([k, e]) => {
      sessionStorage.setItem("sdv.api_key", k);
      sessionStorage.setItem("sdv.email", e);
    }, [key, email]);
}

async function editorText(page: Page): Promise<string> {
  return (await page.locator(".cm-line").allTextContents()).join("\n");
}

/** Line and column (1-based) of the editor's selection start, read from the DOM selection inside its shadow root. */
async function selectionPlace(page: Page): Promise<{ line: number; column: number; gutterLine: string }> {
  return page.evaluate(() => {
    const root = document.getElementById("pg-editor")!.shadowRoot as ShadowRoot & { getSelection(): Selection };
    const selection = root.getSelection();
    const node = selection.anchorNode!;
    const line = (node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement!).closest(".cm-line")!;
    const lines = [...root.querySelectorAll(".cm-content .cm-line")];
    const range = document.createRange();
    range.setStart(line, 0);
    range.setEnd(node, selection.anchorOffset);
    return { line: lines.indexOf(line) + 1, column: range.toString().length + 1, gutterLine: root.querySelector(".cm-activeLineGutter")?.textContent ?? "" };
  });
}

/** Polls an async condition in the page (waitForFunction does not await a promise it is handed). */
async function until(page: Page, predicate: (arg: string[]) => Promise<boolean>, arg: string[], timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(predicate, arg))) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms: ${predicate.toString().slice(0, 200)}`);
    await page.waitForTimeout(50);
  }
}

/** Nothing but the service's own origin was asked for. */
function assertSameOrigin(requests: Request[]): void {
  const foreign = requests.map((r) => r.url()).filter((url) => !url.startsWith(`${site.base}/`) && !url.startsWith("data:") && !url.startsWith("blob:"));
  assert.equal(foreign, [], "requests to another origin");
}

it("the Event example without startDate shows the error; clicking it selects the node's line and column; the gutter marks it", async () => {
  const page0 = example("Event-1.html");
  const markup = page0.replace(/^[^\n]*"startDate"[^\n]*\n/m, "");
  assert.is.not(markup, page0, "the example has a startDate line to remove");
  // Where the Event node starts: the first "{" of its ld+json script.
  const open0 = markup.indexOf("{", markup.indexOf('type="application/ld+json"'));
  const before = markup.slice(0, open0);
  const expected = { line: before.split("\n").length, column: open0 - before.lastIndexOf("\n") };
  assert.ok(expected.line > 1, "the node is not on the first line (the test would prove little)");

  const { context, page, problems, requests } = await open();
  try {
    await paste(page, markup);
    assert.match(await resultStatus(page), /1 node: [1-9]\d* errors?/);
    assert.match(await page.locator("#pg-detected").textContent() ?? "", /HTML/);
    const issue = page.locator("button.pg-issue-button", { hasText: "startDate" }).first();
    assert.match((await issue.textContent()) ?? "", /Missing required property "startDate"/);
    assert.match((await issue.textContent()) ?? "", new RegExp(`line ${expected.line}, column ${expected.column}\\b`));
    // The issue's fix and its documentation link are shown with it.
    const item = page.locator("li.pg-issue", { has: issue });
    assert.match((await item.locator(".pg-fix").textContent()) ?? "", /startDate/);
    assert.match((await item.locator(".pg-docs a").getAttribute("href")) ?? "", /^https:\/\/developers\.google\.com\//);
    assert.ok(await page.locator(".cm-gutter-lint .cm-lint-marker-error").count() >= 1, "an error marker in the gutter");

    // Move the cursor away, then let the issue bring it back (by keyboard: the issue is a real button).
    await page.locator(".cm-content").press("Control+End");
    assert.is.not((await selectionPlace(page)).line, expected.line);
    await issue.focus();
    await page.keyboard.press("Enter");
    const place = await selectionPlace(page);
    assert.equal({ line: place.line, column: place.column }, expected);
    assert.is(place.gutterLine, String(expected.line));
    assert.ok(await page.evaluate(() => document.activeElement?.id === "pg-editor"), "the editor has the focus");

    // Validating pasted markup asked the service for nothing but the page and its files.
    assert.equal(requests.filter((r) => new URL(r.url()).pathname.startsWith("/api/")).map((r) => r.url()), []);
    assertSameOrigin(requests);
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

it("a valid example reads as JSON-LD and shows eligible, with no serious accessibility violation in the results", async () => {
  const { context, page, problems, requests } = await open();
  try {
    await paste(page, example("Event-1.json"));
    assert.match(await resultStatus(page), /1 node: 0 errors, \d+ warnings?, 1 eligible/);
    assert.match(await page.locator("#pg-detected").textContent() ?? "", /JSON-LD/);
    const node = page.locator("section.pg-node").first();
    assert.match((await node.locator("h3").textContent()) ?? "", /Event\s*valid/);
    assert.match((await node.locator(".pg-features li").first().textContent()) ?? "", /^Rich result: eligible\. Meets the requirements/);
    assert.is(await page.locator(".cm-gutter-lint .cm-lint-marker-error").count(), 0);
    assert.equal(await seriousViolations(page), []);
    assert.equal(requests.filter((r) => new URL(r.url()).pathname.startsWith("/api/")).map((r) => r.url()), []);
    assertSameOrigin(requests);
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

it("a loopback page validated by URL with a stored key: the key goes in the header, never in the URL", async () => {
  const email = uniqueEmail("playground-url");
  const signup = await fetch(`${site.base}/api/auth/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
  const { api_key: key } = (await signup.json()) as { api_key: string };
  const { context, page, problems, requests } = await open("/", storedKey(key, email));
  try {
    assert.match((await page.locator("#pg-key-text").textContent()) ?? "", new RegExp(email));
    await page.getByLabel("Page URL").fill(`${fixtureBase}/event`);
    await page.getByRole("button", { name: "Validate URL" }).click();
    assert.match(await resultStatus(page), /1 node: 0 errors/);
    assert.match((await page.locator("#pg-source").textContent()) ?? "", new RegExp(`${fixtureBase}/event`));
    assert.match((await page.locator("section.pg-node h3").first().textContent()) ?? "", /^Event/);
    const calls = requests.filter((r) => new URL(r.url()).pathname === "/api/v1/validate");
    assert.is(calls.length, 1);
    assert.is(calls[0].headers()["x-api-key"], key);
    assert.not.ok(calls[0].url().includes(key), "the key is not in the URL");
    assert.is(new URL(calls[0].url()).searchParams.get("url"), `${fixtureBase}/event`);
    assertSameOrigin(requests);
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

it("Run JavaScript: the URL check asks for render=true and shows where each node comes from", async () => {
  const email = uniqueEmail("playground-render");
  const signup = await fetch(`${site.base}/api/auth/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
  const { api_key: key } = (await signup.json()) as { api_key: string };
  const { context, page, problems, requests } = await open("/", storedKey(key, email));
  try {
    await page.getByLabel("Page URL").fill(`${fixtureBase}/event`);
    await page.getByLabel("Run JavaScript").check();
    await page.getByRole("button", { name: "Validate URL" }).click();
    assert.match(await resultStatus(page), /1 node: 0 errors/);
    const calls = requests.filter((r) => new URL(r.url()).pathname === "/api/v1/validate");
    assert.is(calls.length, 1);
    assert.is(new URL(calls[0].url()).searchParams.get("render"), "true");
    assert.match((await page.locator("section.pg-node p.pg-muted").first().textContent()) ?? "", /in the server's HTML/);
    assert.match((await page.locator(".pg-summary").textContent()) ?? "", /After JavaScript/);
    assertSameOrigin(requests);
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

it("without a key, the URL check signs up inline, keeps the key in sessionStorage and validates", async () => {
  const { context, page, problems, requests } = await open();
  try {
    const email = uniqueEmail("playground-inline");
    await page.getByLabel("Page URL").fill(`${fixtureBase}/event`);
    await page.getByRole("button", { name: "Validate URL" }).click();
    const form = page.locator("#pg-signup");
    await form.waitFor({ state: "visible" });
    assert.ok(await page.evaluate(() => document.activeElement?.id === "pg-email"), "the e-mail field has the focus");
    assert.is(requests.filter((r) => new URL(r.url()).pathname.startsWith("/api/")).length, 0, "no API call before signing up");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Sign up and validate" }).click();
    assert.match(await resultStatus(page), /1 node: 0 errors/);
    assert.ok(await form.isHidden());
    const stored = await page.evaluate(() => ({ key: sessionStorage.getItem("sdv.api_key"), email: sessionStorage.getItem("sdv.email"), local: localStorage.length }));
    assert.is(stored.email, email);
    assert.ok(stored.key && stored.key.length > 32, "a key in sessionStorage");
    assert.is(stored.local, 0, "nothing in localStorage");
    const api = requests.filter((r) => new URL(r.url()).pathname.startsWith("/api/")).map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
    assert.equal(api, ["POST /api/auth/signup", "GET /api/v1/validate"]);
    assert.not.ok(requests.some((r) => r.url().includes(stored.key!)), "the key is in no URL");
    assertSameOrigin(requests);
    assert.equal(problems, []);
    // A URL that fails next: its error, and no longer the previous page's report as if it were this one's.
    await page.getByLabel("Page URL").fill(`${fixtureBase}/missing`);
    await page.getByRole("button", { name: "Validate URL" }).click();
    await page.getByRole("alert").getByText("fetch_failed").waitFor();
    assert.is(await page.locator("section.pg-node").count(), 0, "the previous report is cleared");
    assert.match((await page.locator("#pg-source").textContent()) ?? "", new RegExp(`${fixtureBase}/missing: not validated`));
  } finally {
    await context.close();
  }
});

it("quota_exceeded shows the API's message and links to its upgrade_url", async () => {
  const email = uniqueEmail("playground-quota");
  const signup = await fetch(`${site.base}/api/auth/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
  const { api_key: key, requests_limit: limit } = (await signup.json()) as { api_key: string; requests_limit: number };
  const accounts = site.server.app.sdv.stores.accounts;
  const account = (await accounts.findByEmail(email))!;
  const period = new Date().toISOString().slice(0, 7);
  for (let i = 0; i < limit; i++) assert.ok((await accounts.reserveCredit(account.id, period, limit)).ok);
  const { context, page } = await open("/", storedKey(key, email));
  try {
    // An address of its own: a page validated within the hour is served from the cache even with no credits left.
    await page.getByLabel("Page URL").fill(`${fixtureBase}/event?for=quota`);
    await page.getByRole("button", { name: "Validate URL" }).click();
    const alert = page.getByRole("alert");
    await alert.getByText("quota_exceeded").waitFor();
    const link = alert.getByRole("link", { name: "Upgrade your plan" });
    assert.is(new URL((await link.getAttribute("href"))!, site.base).pathname, "/dashboard/upgrade");
  } finally {
    await context.close();
  }
});

it("a key the service no longer knows is reported and forgotten, so the next check offers to sign up", async () => {
  const { context, page } = await open("/", storedKey(`${API_KEY_PREFIX}${"0".repeat(32)}`, "gone@example.com"));
  try {
    await page.getByLabel("Page URL").fill(`${fixtureBase}/event`);
    await page.getByRole("button", { name: "Validate URL" }).click();
    await page.getByRole("alert").getByText("invalid_api_key").waitFor();
    assert.is(await page.evaluate(() => sessionStorage.getItem("sdv.api_key")), null);
    await page.getByRole("button", { name: "Validate URL" }).click();
    await page.locator("#pg-signup").waitFor({ state: "visible" });
  } finally {
    await context.close();
  }
});

it("a share link carries the markup in its fragment and restores and validates it", async () => {
  const json = JSON.parse(example("Event-1.json")) as Record<string, unknown>;
  delete json.startDate;
  const markup = JSON.stringify(json, null, 2);
  const first = await open();
  let link: string;
  try {
    await paste(first.page, markup);
    await resultStatus(first.page);
    await first.page.getByRole("button", { name: "Copy share link" }).click();
    const field = first.page.getByLabel(/Share link/);
    await field.waitFor();
    link = await field.inputValue();
  } finally {
    await first.context.close();
  }
  const url = new URL(link);
  assert.is(url.origin + url.pathname, `${site.base}/`);
  assert.ok(url.hash.length > 1 && !url.search, "the markup is in the fragment, not the query");
  assert.not.ok(url.hash.includes("Kira"), "the markup is compressed, not plain");

  const second = await open(link);
  try {
    assert.match(await resultStatus(second.page), /1 node: [1-9]\d* errors?/);
    assert.is(await editorText(second.page), markup);
    assert.ok(await second.page.locator("button.pg-issue-button", { hasText: "startDate" }).count() >= 1);
    assert.equal(second.requests.filter((r) => new URL(r.url()).pathname.startsWith("/api/")).map((r) => r.url()), []);
    assert.equal(second.problems, []);
  } finally {
    await second.context.close();
  }
});

/** Replaces the editor's text with a paste and returns the status once the new paste's validation landed. */
async function replaceAndValidate(page: Page, text: string): Promise<string> {
  const before = (await page.locator("#pg-status").textContent()) ?? "";
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete"); // a synthetic paste does not replace the selection
  await paste(page, text);
  await page.waitForFunction(
    (previous) => {
      const now = document.getElementById("pg-status")?.textContent ?? "";
      return now !== previous && /\d+ nodes?:|No structured data|validation failed/.test(now);
    },
    before,
  );
  return (await page.locator("#pg-status").textContent()) ?? "";
}

/** What the page must say for a Google example: the summary of the Node engine's answer. */
function expectedStatus(name: string): string {
  return summaryLine(validate(example(name), { format: name.endsWith(".json") ? "json" : "html", profile: "spec" }));
}

/** The paths of the hashed assets the page, its worker and its service worker fetched. */
function assetPaths(requests: Request[]): string[] {
  return requests.map((r) => new URL(r.url())).filter((u) => u.origin === site.base && u.pathname.startsWith("/assets/")).map((u) => u.pathname);
}

it("the validation worker fetches a rule set the first time a paste needs it, and only that one", async () => {
  // No service worker: it would fetch every asset in the background.
  const { context, page, problems } = await site.newPage({ serviceWorkers: "block" });
  const requests: Request[] = [];
  context.on("request", (request) => void requests.push(request));
  try {
    await page.goto("/");
    await page.locator(".cm-content").waitFor();
    const ruleSetChunk = (type: string) => new RegExp(`^/assets/${type}-[\\w-]+\\.js$`);
    const fetched = (type: string) => assetPaths(requests).filter((p) => ruleSetChunk(type).test(p)).length;
    assert.ok(assetPaths(requests).some((p) => /^\/assets\/worker-/.test(p)), "the worker started");
    assert.is(fetched("Event"), 0, "no rule set before a paste");
    assert.is(await replaceAndValidate(page, example("Event-1.json")), expectedStatus("Event-1.json"));
    assert.is(fetched("Event"), 1);
    assert.is(fetched("Recipe"), 0, "the Recipe rule set is not fetched for an Event");
    assert.is(await replaceAndValidate(page, example("Recipe-1.json")), expectedStatus("Recipe-1.json"));
    assert.is(fetched("Recipe"), 1);
    assert.is(await replaceAndValidate(page, example("Event-2.json")), expectedStatus("Event-2.json"));
    assert.is(fetched("Event"), 1, "a loaded rule set is not fetched again");
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

it("a rule set that failed to load (a network blip) loads on the next validation", async () => {
  const { context, page } = await site.newPage({ serviceWorkers: "block" });
  try {
    await page.goto("/");
    await page.locator(".cm-content").waitFor();
    let blocked = 0;
    await context.route(/\/assets\/Recipe-[\w-]+\.js$/, (route) => (blocked++, route.abort("connectionreset")));
    assert.match(await replaceAndValidate(page, example("Recipe-1.json")), /^The validation failed/);
    assert.is(blocked, 1);
    await context.unrouteAll();
    assert.is(await replaceAndValidate(page, example("Recipe-1.json")), expectedStatus("Recipe-1.json"));
  } finally {
    await context.close();
  }
});

it("once loaded, the playground works offline: the service worker keeps the page, every asset (rule sets never used online too), and no API answer", async () => {
  const { context, page, problems } = await open();
  try {
    assert.is(await replaceAndValidate(page, example("Event-1.json")), expectedStatus("Event-1.json"));
    // After the first validation the page hands the service worker every built asset; wait until all are kept.
    const listed = (await page.evaluate(async () => (await fetch("/offline-assets.json")).json())) as string[];
    assert.ok(listed.some((p) => /^\/assets\/Recipe-.*\.js$/.test(p)) && listed.some((p) => /^\/assets\/worker-.*\.js$/.test(p)), "the list has the worker and the rule sets");
    await until(
      page,
      async (wanted) => {
        if (!navigator.serviceWorker.controller) return false;
        const keys = await (await caches.open("sdv-playground-v1")).keys();
        const paths = new Set(keys.map((r) => new URL(r.url).pathname));
        return paths.has("/") && wanted.every((p) => paths.has(p));
      },
      listed,
    );
    await context.setOffline(true);
    // A type not validated before, in the worker that started online.
    assert.is(await replaceAndValidate(page, example("Recipe-1.json")), expectedStatus("Recipe-1.json"));
    // And after a reload offline: the page, the worker and another new type's rule set come from the cache.
    await page.reload();
    await page.locator(".cm-content").waitFor();
    assert.is(await replaceAndValidate(page, example("Product-1.json")), expectedStatus("Product-1.json"));
    assert.is(await replaceAndValidate(page, example("Event-1.json")), expectedStatus("Event-1.json"));
    const cached = await page.evaluate(async () => (await (await caches.open("sdv-playground-v1")).keys()).map((r) => new URL(r.url).pathname));
    assert.equal(cached.filter((p) => p.startsWith("/api/")), []);
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

it("on a phone the results stack below the editor", async () => {
  const { context, page, problems } = await site.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await page.goto("/");
    await page.locator(".cm-content").waitFor();
    await paste(page, example("Event-1.json"));
    await resultStatus(page);
    const editor = (await page.locator("#pg-editor").boundingBox())!;
    const results = (await page.locator("#pg-results").boundingBox())!;
    assert.ok(results.y >= editor.y + editor.height, "results below the editor");
    assert.ok(editor.width <= 390 && results.width <= 390);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `scrolls sideways by ${overflow}px`);
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

test.run();
