/** GET /rules and /rules/<Type>: the generated pages as HTML, redirects, 404s, no way out of the page set. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startApp, type TestApp } from "./helpers.ts";
import { findGeneratedSite } from "../../api/http/generated-site.ts";

const siteDir = fileURLToPath(new URL("../../generated/site/", import.meta.url));
const pageTypes = readdirSync(join(siteDir, "rules"))
  .filter((f) => f !== "index.html" && f.endsWith(".html"))
  .map((f) => f.slice(0, -".html".length));

let t: TestApp;
test.before(async () => {
  t = await startApp();
});
test.after(async () => {
  await t.close();
});

const HTML = "text/html; charset=utf-8";

test("GET /rules: the index page, as HTML with a cache lifetime", async () => {
  const res = await t.app.inject({ url: "/rules" });
  assert.is(res.statusCode, 200);
  assert.is(res.headers["content-type"], HTML);
  assert.match(String(res.headers["cache-control"]), /max-age=\d+/);
  assert.is(res.body, readFileSync(join(siteDir, "rules/index.html"), "utf8"));
});

test("GET /rules/<Type>: every rule file's page, byte for byte", async () => {
  assert.ok(pageTypes.length >= 40, `${pageTypes.length} pages`);
  for (const type of pageTypes) {
    const res = await t.app.inject({ url: `/rules/${type}` });
    assert.is(res.statusCode, 200, type);
    assert.is(res.headers["content-type"], HTML, type);
    assert.is(res.body, readFileSync(join(siteDir, `rules/${type}.html`), "utf8"), type);
  }
});

test("HEAD /rules/Event answers like GET, without a body", async () => {
  const res = await t.app.inject({ method: "HEAD", url: "/rules/Event" });
  assert.is(res.statusCode, 200);
  assert.is(res.headers["content-type"], HTML);
  assert.is(res.body, "");
});

test("another spelling of a known type redirects to its one address", async () => {
  for (const [url, location] of [
    ["/rules/event", "/rules/Event"],
    ["/rules/EVENT", "/rules/Event"],
    ["/rules/Event.html", "/rules/Event"],
    ["/rules/faqpage", "/rules/FAQPage"],
    ["/rules/", "/rules"],
    ["/rules/Event/", "/rules/Event"],
    ["/rules/event/", "/rules/Event"],
  ]) {
    const res = await t.app.inject({ url });
    assert.is(res.statusCode, 301, url);
    assert.is(res.headers.location, location, url);
  }
});

test("an unknown type: 404, an HTML page for browsers and an ApiError for everyone else", async () => {
  const browser = await t.app.inject({ url: "/rules/NoSuchType", headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
  assert.is(browser.statusCode, 404);
  assert.is(browser.headers["content-type"], HTML);
  assert.match(browser.body, /<h1>No such rule page<\/h1>/);
  assert.match(browser.body, /href="\/rules"/);

  const api = await t.app.inject({ url: "/rules/NoSuchType", headers: { accept: "application/json" } });
  assert.is(api.statusCode, 404);
  assert.match(api.headers["content-type"] as string, /^application\/json/);
  assert.is(api.json().success, false);
  assert.is(api.json().error.code, "not_found");
});

test("names that are no type never reach a file: traversal, other generated files, encodings", async () => {
  const packageJson = readFileSync(new URL("../../package.json", import.meta.url), "utf8");
  const attempts = [
    "/rules/..%2F..%2Fpackage.json",
    "/rules/..%2F..%2F..%2Fpackage.json",
    "/rules/%2e%2e%2f%2e%2e%2fpackage.json",
    "/rules/..%5C..%5Cpackage.json",
    "/rules/....%2F%2Fpackage.json",
    "/rules/../../package.json",
    // "/rules/.." and "/rules/%2e%2e" are left out: a WHATWG URL parser (browsers, inject) resolves both
    // to "/", the playground, before anything is sent.
    "/rules/index",
    "/rules/index.html",
    "/rules/rules-not-found",
    "/rules/Event%00",
    "/rules/Event%2F..%2F..%2F..%2Fpackage.json",
    "/rules/%2Fetc%2Fpasswd",
    "/rules/..%2F..%2Fpackage.json/",
    "/rules/Event/..%2F..%2F..%2Fpackage.json",
  ];
  for (const url of attempts) {
    for (const accept of ["application/json", "text/html"]) {
      const res = await t.app.inject({ url, headers: { accept } });
      assert.ok(res.statusCode === 404 || res.statusCode === 400, `${url}: ${res.statusCode}`);
      assert.not.ok(res.body.includes('"name": "sdv-service"'), url);
      assert.not.ok(res.body.includes(packageJson.slice(0, 40)), url);
      assert.not.ok(res.body.includes("root:"), url);
    }
  }
});

test("every types entry links a rule page that answers 200", async () => {
  const types = (await t.app.inject({ url: "/api/v1/types" })).json().types as Array<{ type: string; rules_url: string }>;
  assert.ok(types.length > 0);
  for (const entry of types) {
    const url = new URL(entry.rules_url);
    assert.is(url.origin, t.config.publicBaseUrl, entry.type);
    const res = await t.app.inject({ url: url.pathname });
    assert.is(res.statusCode, 200, entry.rules_url);
    assert.ok(res.body.includes(`<h1>${entry.type}</h1>`), entry.type);
  }
});

test("the rule pages are not API operations: absent from the OpenAPI document", async () => {
  const doc = (await t.app.inject({ url: "/openapi.json" })).json();
  assert.not.ok(Object.keys(doc.paths).some((p) => p.startsWith("/rules")));
});

test("the pages are found from the source layout and from the build's (dist/...), and nowhere else", () => {
  assert.is(findGeneratedSite(new URL("../../api/routes/rule-pages.ts", import.meta.url)), siteDir.replace(/[\\/]$/, ""));
  assert.is(findGeneratedSite(new URL("../../dist/api/routes/rule-pages.js", import.meta.url)), siteDir.replace(/[\\/]$/, ""));
  assert.is(findGeneratedSite(pathToFileURL(join(tmpdir(), "sdv-nowhere", "api", "routes", "rule-pages.js"))), null);
});

test.run();
