/**
 * The OpenAPI document passes a standard linter: Redocly's `recommended` ruleset (@redocly/openapi-core),
 * which also checks every example against its schema. Zero errors; the only warnings allowed are named
 * below with the reason. Also what generators rely on: an operationId on every operation, `security: []`
 * on the public ones, raw JSON-LD typed as any object or array of objects, and the application/ld+json
 * body described as the JSON-LD document itself.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { signup, startApp, type TestApp } from "./helpers.ts";
import { EVENT_EXAMPLE } from "../../api/openapi/examples.ts";

/**
 * operation-4xx-response on these four: they take no parameters and no body, so they have no 4XX answer
 * of their own (malformed HTTP is answered before any route, and is not an operation's response).
 */
const JUSTIFIED_WARNINGS = new Set([
  "operation-4xx-response #/paths/~1openapi.json/get/responses",
  "operation-4xx-response #/paths/~1docs~1errors/get/responses",
  "operation-4xx-response #/paths/~1health/get/responses",
  "operation-4xx-response #/paths/~1api~1v1~1types/get/responses",
]);

const PUBLIC_OPERATIONS = ["post /api/auth/signup", "post /api/auth/login", "post /api/auth/verify", "get /api/v1/types", "get /health", "post /api/billing/webhook", "get /openapi.json", "get /docs/errors"];

let t: TestApp;
let doc: Record<string, any>;

test.before(async () => {
  t = await startApp();
  doc = (await t.app.inject({ url: "/openapi.json" })).json();
});
test.after(() => t.close());

test("Redocly recommended ruleset: no errors, no warnings but the justified ones", async () => {
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "openapi.json", config });
  const described = problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ""}: ${p.message}`);
  assert.equal(described.filter((p) => p.startsWith("error")), [], "errors");
  const warnings = problems.filter((p) => p.severity === "warn").map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ""}`);
  assert.equal(warnings.filter((w) => !JUSTIFIED_WARNINGS.has(w)), [], "unjustified warnings");
});

test("the linter does report a broken document (the check can fail)", async () => {
  const broken = structuredClone(doc);
  delete broken.paths["/api/v1/validate"].post.operationId;
  broken.paths["/api/v1/validate"].post.responses["200"].content["application/json"].examples.event.value = { success: "yes" };
  const config = await createConfig({ extends: ["recommended"] });
  const rules = (await lintFromString({ source: JSON.stringify(broken), absoluteRef: "openapi.json", config })).map((p) => p.ruleId);
  assert.ok(rules.includes("operation-operationId"), rules.join(", "));
  assert.ok(rules.includes("no-invalid-media-type-examples"), rules.join(", "));
});

test("operationIds on every operation (unique), security: [] on the public ones and a key on the others", () => {
  const ids: string[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<Record<string, any>>(item)) {
      assert.type(op.operationId, "string", `${method} ${path}: operationId`);
      ids.push(op.operationId);
      if (PUBLIC_OPERATIONS.includes(`${method} ${path}`)) assert.equal(op.security, [], `${method} ${path}: public`);
      else assert.ok(op.security.length > 0 && op.security.every((s: object) => Object.keys(s).length > 0), `${method} ${path}: keyed`);
    }
  }
  assert.is(new Set(ids).size, ids.length, "unique");
  assert.ok(ids.includes("validate") && ids.includes("validateBatch"));
});

test("jsonld is any object or array of objects (or text); application/ld+json is the document itself; examples are real", () => {
  const body = doc.paths["/api/v1/validate"].post.requestBody.content;
  const jsonld = body["application/json"].schema.properties.jsonld;
  assert.equal(jsonld.anyOf.map((s: { type: string }) => s.type), ["object", "array", "string"]);
  assert.is(jsonld.anyOf[0].additionalProperties, true);
  assert.is(jsonld.anyOf[1].items.additionalProperties, true);
  const ld = body["application/ld+json"];
  assert.equal(ld.schema.anyOf.map((s: { type: string }) => s.type), ["object", "array"]);
  assert.equal(ld.examples.event.value, EVENT_EXAMPLE);
  assert.equal(body["application/json"].examples.jsonld.value, { jsonld: EVENT_EXAMPLE });
  const batchItems = doc.paths["/api/v1/validate/batch"].post.requestBody.content["application/json"].schema.properties.items;
  assert.is(batchItems.maxItems, 50);
  assert.is(batchItems.items.properties.jsonld.anyOf[0].additionalProperties, true);
});

test("the response example is what the service answers for the example Event", async () => {
  const example = doc.paths["/api/v1/validate"].post.responses["200"].content["application/json"].examples.event.value;
  const { key } = await signup(t.app);
  const res = await t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key }, payload: { jsonld: EVENT_EXAMPLE } });
  assert.is(res.statusCode, 200);
  assert.equal({ ...res.json(), meta: undefined }, { ...example, meta: undefined });
  assert.equal(Object.keys(res.json().meta).sort(), Object.keys(example.meta).sort());
});

test.run();
