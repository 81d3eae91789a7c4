/**
 * The service's /mcp endpoint with a client of the official SDK over Streamable HTTP, on a real loopback
 * server: tools listed, each called; validations charged one credit each as on the REST API (explain_rule
 * and list_types free); no key 401 before anything runs; no credits left: the tool's error result
 * quota_exceeded; validate_url through the guarded fetcher.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { fakeResolver, recorder, startServer, type Fixture } from "../fetch/fixtures.ts";
import { EVENT, signup, startApp, type TestApp } from "./helpers.ts";
import { awaitRoomInWindow } from "./stores/fixtures.ts";

const PRODUCT = { "@context": "https://schema.org", "@type": "Product", name: "Anvil", image: "https://example.com/a.jpg", offers: { "@type": "Offer", price: "12.00", priceCurrency: "€", availability: "instock" } };
const MONTHLY = 100;
const period = () => new Date().toISOString().slice(0, 7);

let t: TestApp;
let base = "";
let site: Fixture;
const dns = fakeResolver({ "site.test": "127.0.0.1" });
const rec = recorder();

test.before(async () => {
  site = await startServer((_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<html><script type="application/ld+json">${JSON.stringify(EVENT)}</script></html>`);
  });
  t = await startApp({ FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", LOG_LEVEL: "warn" }, { fetchOptions: { resolver: dns.resolve, connectGuard: rec.guard, timeoutMs: 3000 } });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});

test.after(async () => {
  await t.close();
  await site.close();
});

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: "sdv-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { "x-api-key": key } } }));
  return client;
}

async function used(email: string): Promise<number> {
  const account = (await t.app.sdv.stores.accounts.findByEmail(email))!;
  return (await t.app.sdv.stores.accounts.usage(account.id, period())).used;
}

test("no key: 401 before the protocol runs; a bad key: 401", async () => {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  const none = await fetch(`${base}/mcp`, { method: "POST", headers, body });
  assert.is(none.status, 401);
  assert.is(((await none.json()) as { error: { code: string } }).error.code, "missing_api_key");
  const bad = await fetch(`${base}/mcp`, { method: "POST", headers: { ...headers, "x-api-key": "sdv_live_" + "0".repeat(32) }, body });
  assert.is(bad.status, 401);
});

test("tools listed, each called; each validation costs one credit, explanations are free", async () => {
  const { key, email } = await signup(t.app);
  const client = await connect(key);
  const { tools } = await client.listTools();
  assert.equal(tools.map((x) => x.name).sort(), ["explain_rule", "fix_markup", "list_types", "validate_markup", "validate_url"]);
  assert.is(await used(email), 0);

  const json = await client.callTool({ name: "validate_markup", arguments: { markup: JSON.stringify(PRODUCT) } });
  assert.not.ok(json.isError, JSON.stringify(json.content));
  const report = json.structuredContent as { schemas: Array<{ type: string; warnings: Array<{ patch?: unknown }>; errors: Array<{ patch?: unknown }> }>; meta: { credits_used: number } };
  assert.is(report.schemas[0].type, "Product");
  assert.is(report.meta.credits_used, 1);
  assert.ok([...report.schemas[0].errors, ...report.schemas[0].warnings].some((i) => i.patch), "patches in the service's report");
  assert.is(await used(email), 1);

  const html = await client.callTool({ name: "validate_markup", arguments: { markup: `<p>x</p><script type="application/ld+json">${JSON.stringify(EVENT)}</script>`, format: "html" } });
  assert.is((html.structuredContent as { schemas: Array<{ type: string }> }).schemas[0].type, "Event");
  assert.is(await used(email), 2);

  const fixed = await client.callTool({ name: "fix_markup", arguments: { markup: JSON.stringify(PRODUCT, null, 2) } });
  const out = fixed.structuredContent as { markup: string; patches_applied: unknown[] };
  assert.is(JSON.parse(out.markup).offers.priceCurrency, "EUR");
  assert.is(out.patches_applied.length, 2);
  assert.is(await used(email), 3);

  const page = await client.callTool({ name: "validate_url", arguments: { url: `http://site.test:${site.port}/e` } });
  assert.not.ok(page.isError, JSON.stringify(page.content));
  assert.is((page.structuredContent as { url: string }).url, `http://site.test:${site.port}/e`);
  assert.is(await used(email), 4);

  await client.callTool({ name: "explain_rule", arguments: { type: "Product", property: "offers.price" } });
  await client.callTool({ name: "list_types", arguments: {} });
  assert.is(await used(email), 4, "explain_rule and list_types cost nothing");

  const broken = await client.callTool({ name: "validate_markup", arguments: { markup: "{ not json", format: "json" } });
  assert.ok(broken.isError);
  assert.match((broken.content as Array<{ text: string }>)[0].text, /^parse_error: /);
  assert.is(await used(email), 4, "a refused validation is not charged");
  await client.close();
  assert.equal(rec.offBox, []);
});

test("no credits left: quota_exceeded as the tool's error result, as on the REST API", async () => {
  const { key, email } = await signup(t.app);
  const accounts = t.app.sdv.stores.accounts;
  const account = (await accounts.findByEmail(email))!;
  for (let i = 0; i < MONTHLY; i++) assert.ok((await accounts.reserveCredit(account.id, period(), MONTHLY)).ok);
  const client = await connect(key);
  const result = await client.callTool({ name: "validate_markup", arguments: { markup: JSON.stringify(EVENT) } });
  assert.ok(result.isError);
  assert.match((result.content as Array<{ text: string }>)[0].text, /^quota_exceeded: /);
  const rest = await t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key }, payload: { jsonld: EVENT } });
  assert.is(rest.statusCode, 429);
  assert.is(rest.json().error.code, "quota_exceeded");
  await client.close();
});

test("the plan's per-minute limit counts /mcp requests as any keyed request: 429 over it", async () => {
  const limited = await startApp({ RATE_LIMIT_PER_MINUTE: "2", LOG_LEVEL: "warn" });
  try {
    await awaitRoomInWindow(10_000);
    const { key } = await signup(limited.app);
    const call = () =>
      limited.app.inject({
        method: "POST",
        url: "/mcp",
        headers: { "x-api-key": key, "content-type": "application/json", accept: "application/json, text/event-stream" },
        payload: { jsonrpc: "2.0", id: 1, method: "tools/list" },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call()).statusCode);
    assert.ok(statuses.includes(429), `statuses ${statuses.join(", ")}`);
    const over = await call();
    assert.is(over.json().error.code, "rate_limit_exceeded");
  } finally {
    await limited.close();
  }
});

test.run();
