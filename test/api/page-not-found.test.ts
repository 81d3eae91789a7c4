/** An unknown address: a browser gets an HTML page with the ways back; API clients the spec's not_found error. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startApp, type TestApp } from "./helpers.ts";

let t: TestApp;
test.before(async () => {
  t = await startApp();
});
test.after(async () => {
  await t.close();
});

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

test("a browser's GET of an unknown page: an HTML 404 with links back, under the pages' CSP", async () => {
  for (const url of ["/dashboard/nope", "/dashboard/audits/x/y", "/nope", "/nope?x=1"]) {
    const res = await t.app.inject({ url, headers: { accept: BROWSER_ACCEPT } });
    assert.is(res.statusCode, 404, url);
    assert.match(String(res.headers["content-type"]), /^text\/html/, url);
    assert.match(String(res.headers["content-security-policy"]), /script-src 'self'/, url);
    assert.match(res.body, /<h1>Page not found<\/h1>/, url);
    assert.match(res.body, /href="\/dashboard"/, url);
    assert.match(res.body, /<meta name="viewport"/, url);
  }
});

test("API clients, and any address under /api/, still get the JSON not_found error", async () => {
  for (const [url, accept] of [
    ["/dashboard/nope", "application/json"],
    ["/dashboard/nope", "*/*"],
    ["/api/v1/nope", BROWSER_ACCEPT],
    ["/nope", undefined],
  ] as const) {
    const res = await t.app.inject({ url, headers: accept === undefined ? {} : { accept } });
    assert.is(res.statusCode, 404, `${url} ${accept}`);
    assert.match(String(res.headers["content-type"]), /^application\/json/, `${url} ${accept}`);
    const body = JSON.parse(res.body);
    assert.is(body.error.code, "not_found", `${url} ${accept}`);
    assert.match(body.error.message, /No endpoint GET \//);
  }
  const post = await t.app.inject({ method: "POST", url: "/dashboard/nope", headers: { accept: BROWSER_ACCEPT } });
  assert.is(post.statusCode, 404);
  assert.is(JSON.parse(post.body).error.code, "not_found");
});

test("the pages, assets, rule pages and endpoints are still found before the catch-all", async () => {
  for (const url of ["/", "/dashboard", "/dashboard/audits", "/favicon.svg", "/rules", "/rules/Event", "/health", "/api/v1/types"]) {
    const res = await t.app.inject({ url, headers: { accept: BROWSER_ACCEPT } });
    assert.is(res.statusCode, 200, url);
  }
});

test.run();
