/**
 * Issue 7, bounded work and bounded answers: each hostile input that once froze or crashed the service,
 * through the real routes. Each answer is a clean 200 whose lists are capped and whose `limits` field
 * says what was left out; the answer stays a small multiple of the request; /health keeps answering
 * while hostile validations run (they run off the event loop); the URL cache keeps only what it can
 * serve fast.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { startServer, type Fixture } from "../fetch/fixtures.ts";
import { signup, startApp, type TestApp } from "./helpers.ts";
import { amplificationPageGzip, manyBlocksPage, manyNodes, manyPropertiesNode } from "./hostile-inputs.ts";
import { LIMITS } from "../../runtime/limits.ts";
import { MAX_CACHED_ENTRY_CHARS } from "../../api/validation/validations.ts";

let fixture: Fixture;
let t: TestApp;
const gzipPage = amplificationPageGzip();
const page10k = manyBlocksPage(10_000);

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0];
  if (path === "/amplification") {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": gzipPage.length });
    return void res.end(gzipPage);
  }
  if (path === "/ten-thousand") {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    return void res.end(page10k);
  }
  res.writeHead(404);
  res.end();
}

test.before(async () => {
  fixture = await startServer(route);
  t = await startApp({ FETCH_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${fixture.port}`, RATE_LIMIT_PER_MINUTE: "1000" });
});
test.after(async () => {
  await t.close();
  await fixture.close();
});

const post = (key: string, payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key, "content-type": "application/json" }, payload: JSON.stringify(payload) });
const getUrl = (key: string, url: string) => t.app.inject({ method: "GET", url: `/api/v1/validate?url=${encodeURIComponent(url)}`, headers: { "x-api-key": key } });

/** The checks every capped answer passes: listing caps held, totals covering what was left out. */
function assertCapped(body: any, requestChars: number, label: string): void {
  assert.is(body.success, true, label);
  assert.is(body.limits?.truncated, true, `${label}: the answer says it is truncated`);
  assert.is(body.schemas_found, body.schemas.length, label);
  assert.ok(body.schemas.length <= LIMITS.nodes, `${label}: at most ${LIMITS.nodes} nodes listed`);
  let listed = 0;
  for (const s of body.schemas) {
    const n = s.errors.length + s.warnings.length;
    assert.ok(n <= LIMITS.issuesPerNode, `${label}: ${n} issues listed on one node`);
    listed += n;
  }
  assert.ok(listed <= LIMITS.issuesPerAnswer, `${label}: ${listed} issues listed`);
  assert.is(body.limits.issues_listed, listed, label);
  const omitted = body.limits.omitted_issues;
  assert.is(body.summary.total_errors + body.summary.total_warnings, body.limits.issues_found, `${label}: the summary counts every issue found`);
  assert.is(omitted.errors + omitted.warnings, body.limits.issues_found - listed, `${label}: every issue is listed or counted`);
  const byCode = Object.values(omitted.by_code as Record<string, number>).reduce((a, b) => a + b, 0);
  const byProperty = Object.values(omitted.by_property as Record<string, number>).reduce((a, b) => a + b, 0);
  assert.is(byCode, omitted.errors + omitted.warnings, `${label}: counts per code add up`);
  assert.is(byProperty, omitted.errors + omitted.warnings, `${label}: counts per property add up`);
  const answerChars = JSON.stringify(body).length;
  assert.ok(answerChars <= 3 * requestChars, `${label}: answer ${answerChars} chars for a ${requestChars}-char input`);
}

test("one Event node with 30,000 unknown properties: 200, summarized, the answer smaller than the request", async () => {
  const { key } = await signup(t.app);
  const node = manyPropertiesNode();
  const res = await post(key, { jsonld: node });
  assert.is(res.statusCode, 200);
  const body = res.json();
  assertCapped(body, JSON.stringify(node).length, "30,000 properties");
  const [schema] = body.schemas;
  assert.is(schema.type, "Event");
  assert.is(schema.properties_found.length, LIMITS.propertiesPerObject);
  assert.is(schema.omitted.properties_found, 30_000 - LIMITS.propertiesPerObject);
  assert.is(body.limits.properties_not_checked, 30_000 - LIMITS.propertiesPerObject + 1, "only the first properties were walked (@context counts as one)");
  assert.ok(schema.errors.some((e: any) => e.code === "missing-required" && e.property === "name"), "the rules still ran");
  assert.ok(body.limits.omitted_issues.by_code["unknown-property"] > 0);
  assert.is(body.meta.credits_used, 1);
});

test("{jsonld: [{@type: Event} x 20,000]}: 200 with the first nodes validated and the rest counted", async () => {
  const { key } = await signup(t.app);
  const nodes = manyNodes();
  const res = await post(key, { jsonld: nodes });
  assert.is(res.statusCode, 200);
  const body = res.json();
  assertCapped(body, JSON.stringify({ jsonld: nodes }).length, "20,000 nodes");
  assert.is(body.schemas.length, LIMITS.nodes);
  assert.is(body.limits.nodes_found, 20_000);
  assert.is(body.limits.nodes_not_validated, 20_000 - LIMITS.nodes);
  assert.is(body.summary.total_schemas, LIMITS.nodes);
  assert.is(body.summary.invalid_schemas, LIMITS.nodes, "every validated Event misses its required properties");
});

test("a batch item nested 20,000 deep (more than JSON.stringify can write): its own report, the other items kept, one credit each", async () => {
  const { key } = await signup(t.app);
  const depth = 20_000;
  const body = `{"items":[{"jsonld":{"@context":"https://schema.org","@type":"Event","name":"Shown"}},{"jsonld":{"@context":"https://schema.org","@type":"Event","name":"Deep","x":${"[".repeat(depth)}${"]".repeat(depth)}}}]}`;
  const res = await t.app.inject({ method: "POST", url: "/api/v1/validate/batch", headers: { "x-api-key": key, "content-type": "application/json" }, payload: body });
  assert.is(res.statusCode, 200, res.body.slice(0, 300));
  const answer = res.json();
  assert.is(answer.results.length, 2);
  for (const item of answer.results) assert.is(item.ok, true, JSON.stringify(item).slice(0, 300));
  assert.is(answer.results[0].result.schemas[0].type, "Event");
  const deep = answer.results[1].result;
  assert.ok(deep.schemas.some((s: any) => s.type === "Event"), "the deep item was validated");
  const issues = deep.schemas.flatMap((s: any) => [...s.errors, ...s.warnings]);
  assert.ok(issues.some((i: any) => i.code === "too-deep"), `the depth is reported: ${JSON.stringify(issues.map((i: any) => i.code))}`);
});

test("a fetched page of 10,000 blocks (596 KiB): 200, the first blocks validated, the answer bounded", async () => {
  const { key } = await signup(t.app);
  const res = await getUrl(key, `http://127.0.0.1:${fixture.port}/ten-thousand`);
  assert.is(res.statusCode, 200);
  const body = res.json();
  assertCapped(body, page10k.length, "10,000 blocks");
  assert.is(body.limits.blocks_found, 10_000);
  assert.is(body.limits.blocks_not_validated, 10_000 - LIMITS.blocks);
  assert.is(body.schemas.length, LIMITS.blocks);
});

test("the 85,000-block gzip page (15 KiB on the wire, 5.19 MB decoded): 200 summarized, small, and cached only because it is small", async () => {
  const { key } = await signup(t.app);
  const url = `http://127.0.0.1:${fixture.port}/amplification`;
  const res = await getUrl(key, url);
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.ok(gzipPage.length < 20 * 1024, "the page is small on the wire");
  assertCapped(body, 5_000_000, "85,000 blocks");
  assert.is(body.limits.blocks_found, 85_000);
  assert.ok(res.body.length < 1024 * 1024, `answer ${res.body.length} bytes`);
  assert.ok(res.body.length < MAX_CACHED_ENTRY_CHARS, "small enough to cache");
  const again = await getUrl(key, url);
  assert.is(again.json().meta.cached, true);
  assert.equal(again.json().limits, body.limits, "the cached answer keeps its limits report");
});

test("/health answers within 1 s while five hostile validations run (they run off the event loop)", async () => {
  const { key } = await signup(t.app);
  const nodes = manyNodes();
  const node = manyPropertiesNode();
  let running = true;
  const hostile = Promise.all([post(key, { jsonld: nodes }), post(key, { jsonld: node }), post(key, { jsonld: nodes }), post(key, { jsonld: node }), post(key, { jsonld: nodes })]).finally(
    () => (running = false),
  );
  const latencies: number[] = [];
  while (running) {
    const started = performance.now();
    const health = await t.app.inject({ method: "GET", url: "/health" });
    if (running) latencies.push(performance.now() - started);
    assert.is(health.statusCode, 200);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const answers = await hostile;
  for (const a of answers) assert.is(a.statusCode, 200);
  assert.ok(latencies.length > 0, "/health was asked while the hostile requests ran");
  const worst = Math.max(...latencies);
  assert.ok(worst < 1000, `worst /health latency ${worst.toFixed(0)} ms`);
});

test.run();
