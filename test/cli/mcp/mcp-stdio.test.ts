/**
 * `sdv mcp` with a client of the official SDK over stdio, as an agent runs it: the five tools listed, each
 * called, results with structuredContent and a short text; validate_url through the guarded fetcher (a
 * loopback page is refused unless allowed, as with sdv validate).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { repoRoot, tsxLoader } from "../sdv-process.ts";

const PRODUCT = JSON.stringify({
  "@context": "schema.org",
  "@type": "Product",
  name: "Anvil",
  image: "https://example.com/a.jpg",
  offers: { "@type": "Offer", price: "$1,299.00", priceCurrency: "USD", availability: "instock" },
});

let page: Server;
let pageUrl = "";
let client: Client;

test.before(async () => {
  page = createServer((_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(`<html><script type="application/ld+json">${PRODUCT}</script></html>`);
  });
  await new Promise<void>((r) => page.listen(0, "127.0.0.1", r));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/p`;
  const { FORCE_COLOR: _ignored, ...env } = process.env as Record<string, string>;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", tsxLoader, `${repoRoot}cli/sdv.ts`, "mcp"],
    cwd: repoRoot,
    env: { ...env, FETCH_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${(page.address() as AddressInfo).port}` },
    stderr: "pipe",
  });
  client = new Client({ name: "sdv-test", version: "1.0.0" });
  await client.connect(transport);
});

test.after(async () => {
  await client.close();
  await new Promise((r) => page.close(r));
});

test("tools/list: the five tools, with input schemas", async () => {
  const { tools } = await client.listTools();
  assert.equal(tools.map((t) => t.name).sort(), ["explain_rule", "fix_markup", "list_types", "validate_markup", "validate_url"]);
  const validate = tools.find((t) => t.name === "validate_markup")!;
  assert.equal(validate.inputSchema.required, ["markup"]);
});

test("validate_markup: the report as structuredContent, patches included, and a short text", async () => {
  const result = await client.callTool({ name: "validate_markup", arguments: { markup: PRODUCT } });
  assert.not.ok(result.isError);
  const report = result.structuredContent as { schemas: Array<{ type: string; errors: Array<{ code: string; patch?: unknown }>; warnings: Array<{ code: string; patch?: unknown }> }>; summary: { total_errors: number } };
  assert.is(report.schemas[0].type, "Product");
  const issues = [...report.schemas[0].errors, ...report.schemas[0].warnings];
  assert.ok(issues.some((i) => i.code === "invalid-enum" && i.patch));
  const text = (result.content as Array<{ type: string; text: string }>)[0].text;
  assert.match(text, /node\(s\): \d+ error\(s\), \d+ warning\(s\).*mechanical fix/);
});

test("validate_markup without a profile runs the command line's google profile and says so; spec when asked", async () => {
  const fair = JSON.stringify({ "@context": "https://schema.org", "@type": "Event", name: "Fair", startDate: "2027-07-21", location: { "@type": "Place", name: "Hall", address: "1 Main St" } });
  const errorsOf = (r: unknown) => (r as { schemas: Array<{ errors: Array<{ property: string }> }> }).schemas[0].errors.map((e) => e.property);
  const google = await client.callTool({ name: "validate_markup", arguments: { markup: fair } });
  assert.is((google.structuredContent as { meta: { profile: string } }).meta.profile, "google");
  assert.not.ok(errorsOf(google.structuredContent).includes("startDate"));
  const spec = await client.callTool({ name: "validate_markup", arguments: { markup: fair, profile: "spec" } });
  assert.is((spec.structuredContent as { meta: { profile: string } }).meta.profile, "spec");
  assert.ok(errorsOf(spec.structuredContent).includes("startDate"));
});

test("fix_markup: the fixed markup, the patches applied, the issues left", async () => {
  const result = await client.callTool({ name: "fix_markup", arguments: { markup: PRODUCT } });
  const out = result.structuredContent as { markup: string; patches_applied: Array<{ code: string; path: string }>; issues_left: Array<{ code: string }> };
  const fixed = JSON.parse(out.markup);
  assert.is(fixed["@context"], "https://schema.org");
  assert.is(fixed.offers.price, "1299.00");
  assert.is(fixed.offers.availability, "https://schema.org/InStock");
  assert.equal(out.patches_applied.map((p) => p.path).sort(), ["", "/offers/availability", "/offers/price"]);
  assert.ok(out.issues_left.every((i) => !["invalid-enum", "invalid-format", "missing-context"].includes(i.code)));
});

test("explain_rule: a property's level, expected types, fix and documentation; a type's entry; an unknown one is an error result", async () => {
  const result = await client.callTool({ name: "explain_rule", arguments: { type: "Event", property: "startDate" } });
  const e = result.structuredContent as Record<string, unknown>;
  assert.is(e.level, "required");
  assert.equal(e.expected_types, ["DateTime", "Date"]);
  assert.match(String(e.fix), /ISO 8601/);
  assert.match(String(e.google_docs_url), /^https:\/\/developers\.google\.com\/search\/docs\/appearance\/structured-data\/event/);
  const type = await client.callTool({ name: "explain_rule", arguments: { type: "Event" } });
  assert.is((type.structuredContent as { status: string }).status, "supported");
  const unknown = await client.callTool({ name: "explain_rule", arguments: { type: "Event", property: "colour" } });
  assert.ok(unknown.isError);
});

test("list_types: the rule sets with their status", async () => {
  const result = await client.callTool({ name: "list_types", arguments: {} });
  const list = result.structuredContent as { types: Array<{ type: string; status: string }> };
  assert.ok(list.types.length > 30);
  assert.ok(list.types.some((t) => t.type === "Product" && t.status === "supported"));
});

test("validate_url: a page fetched through the guarded fetcher (loopback allowed for this test only)", async () => {
  const result = await client.callTool({ name: "validate_url", arguments: { url: pageUrl } });
  assert.not.ok(result.isError, JSON.stringify(result.content));
  const report = result.structuredContent as { schemas: Array<{ type: string }> };
  assert.is(report.schemas[0].type, "Product");
  const refused = await client.callTool({ name: "validate_url", arguments: { url: "http://127.0.0.2:9/x" } });
  assert.ok(refused.isError);
  assert.match((refused.content as Array<{ text: string }>)[0].text, /destination_not_allowed/);
});

test("bad arguments are an error result, not a crash", async () => {
  const result = await client.callTool({ name: "validate_markup", arguments: { markup: 12 } });
  assert.ok(result.isError);
});

test.run();
