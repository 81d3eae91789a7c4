/**
 * GET /api/v1/validate?url= on Microdata and RDFa pages: the corpus's Microdata Recipe page reports
 * its Recipe with syntax "microdata" and located issues; relative item URLs are resolved against
 * the fetched URL; a page with none of the three syntaxes stays 422 no_jsonld_found, its message
 * naming the three and what the page carries instead. Served from a fixture server on 127.0.0.1.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fakeResolver, recorder, startServer, type Fixture } from "../fetch/fixtures.ts";
import { apiError, signup, startApp, type TestApp } from "./helpers.ts";
import { corpusDir } from "../corpus-dir.ts";
import { noStructuredDataMessage } from "../../runtime/extract/unreadable-markup.ts";

const corpus = corpusDir();
const RDFA = `<!doctype html><html><body><div vocab="https://schema.org/" typeof="Event"><span property="name">Jazz night</span><meta property="startDate" content="2026-07-21T19:00-05:00"><div property="location" typeof="Place"><span property="name">Hall</span><span property="address">1 Main St</span></div><a property="url" href="/events/jazz">more</a></div></body></html>`;
const PLAIN = "<!doctype html><html><body><p>nothing</p></body></html>";
const OPEN_GRAPH_ONLY = `<!doctype html><html><head><meta property="og:title" content="T"><meta property="og:type" content="article"></head><body><div class="h-entry"><p class="p-name">Hi</p></div></body></html>`;

let fixture: Fixture;
let t: TestApp;
const dns = fakeResolver({ "site.test": "127.0.0.1" });
const rec = recorder();

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0];
  const html = (body: string) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(body);
  };
  if (path === "/recipe" && corpus) return html(readFileSync(join(corpus, "pages", "recipe-blueapron.com.html"), "utf8"));
  if (path === "/rdfa") return html(RDFA);
  if (path === "/og") return html(OPEN_GRAPH_ONLY);
  if (path === "/plain") return html(PLAIN);
  res.writeHead(404);
  res.end();
}

const site = (path: string) => `http://site.test:${fixture.port}${path}`;
const get = (key: string, url: string) => t.app.inject({ method: "GET", url: `/api/v1/validate?url=${encodeURIComponent(url)}`, headers: { "x-api-key": key } });

test.before(async () => {
  fixture = await startServer(route);
  t = await startApp({ FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", RATE_LIMIT_PER_MINUTE: "1000" }, { fetchOptions: { resolver: dns.resolve, connectGuard: rec.guard, timeoutMs: 1500 } });
});
test.after(async () => {
  await t.close();
  await fixture.close();
  assert.equal(rec.offBox, [], "a connection to a non-loopback address was attempted");
});

if (corpus) {
  test("a Microdata page (recipe-blueapron.com) reports its Recipe, syntax microdata, issues located", async () => {
    const { key } = await signup(t.app);
    const res = await get(key, site("/recipe"));
    assert.is(res.statusCode, 200, res.body);
    const recipe = res.json().schemas.find((s: { type: string }) => s.type === "Recipe");
    assert.ok(recipe, "no Recipe");
    assert.is(recipe.syntax, "microdata");
    for (const issue of [...recipe.errors, ...recipe.warnings]) assert.type(issue.line, "number", issue.path);
  });
} else {
  test.skip("a Microdata page (../shared/corpus not found)", () => {});
}

test("an RDFa page: the Event and its Place, relative URLs resolved against the fetched URL", async () => {
  const { key } = await signup(t.app);
  const res = await get(key, site("/rdfa"));
  assert.is(res.statusCode, 200, res.body);
  const [event] = res.json().schemas;
  assert.is(event.type, "Event");
  assert.is(event.syntax, "rdfa");
  assert.equal(event.errors, []);
  assert.ok(event.properties_found.includes("location"));
  assert.ok(event.properties_found.includes("url"));
});

// What the message says is test/runtime/extract/unreadable-markup.test.ts's; here, that the API answers it.
test("no structured data: 422 no_jsonld_found with the engine's message for that page", async () => {
  const { key } = await signup(t.app);
  const plain = apiError(await get(key, site("/plain")), 422, "no_jsonld_found");
  assert.is(plain.message, noStructuredDataMessage(PLAIN));
  const og = apiError(await get(key, site("/og")), 422, "no_jsonld_found");
  assert.is(og.message, noStructuredDataMessage(OPEN_GRAPH_ONLY));
});

test.run();
