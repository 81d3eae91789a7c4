/** /health, /openapi.json, /docs, /docs/errors, /api/v1/types, 404s and the 500 path (app.inject). */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020Module from "ajv/dist/2020.js";
import { openStores } from "../../api/stores/index.ts";
import { KeyCipher } from "../../api/keys/index.ts";
import { ERROR_CODES } from "../../api/errors.ts";
import { apiError, signup, startApp, uniqueEmail, type TestApp } from "./helpers.ts";
import { awaitRoomInWindow } from "./stores/fixtures.ts";

// ajv is CommonJS: under NodeNext the class is the default export's `default`.
const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;

let t: TestApp;
test.before(async () => {
  t = await startApp();
});
test.after(async () => {
  await t.close();
});

/** Every route of the service: method, path, and whether it needs an API key. */
const ROUTES: Array<[string, string, boolean]> = [
  ["post", "/api/auth/signup", false],
  ["post", "/api/auth/login", false],
  ["post", "/api/auth/verify", false],
  ["post", "/api/auth/checkout", true],
  ["post", "/api/auth/keys", true],
  ["get", "/api/auth/account", true],
  ["get", "/api/v1/types", false],
  ["get", "/api/v1/validate", true],
  ["post", "/api/v1/validate", true],
  ["post", "/api/v1/validate/batch", true],
  ["post", "/api/billing/webhook", false],
  ["get", "/health", false],
  ["get", "/openapi.json", false],
  ["get", "/docs/errors", false],
  ["post", "/api/v1/audits", true],
  ["get", "/api/v1/audits", true],
  ["get", "/api/v1/audits/{id}", true],
  ["get", "/api/v1/audits/{id}/pages", true],
  ["post", "/api/v1/audits/{id}/run", true],
  ["get", "/api/v1/audits/{id}/diff", true],
  ["delete", "/api/v1/audits/{id}", true],
  ["get", "/api/v1/audits/{id}/templates", true],
  ["get", "/api/v1/audits/{id}/report", true],
  ["post", "/mcp", true],
];

test("GET /health: 200 with the store kinds", async () => {
  const res = await t.app.inject({ url: "/health" });
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.is(body.status, "ok");
  assert.equal(body.stores, { accounts: "embedded", cache: "memory", rate_limiter: "memory" });
  assert.is(body.api_version, "1.0.0");
});

test("GET /health: 503 service_unavailable when a store does not answer; nothing internal in the body", async () => {
  const dir = join(t.dataDir, "health");
  const stores = await openStores({ dataDir: dir });
  stores.accounts.ping = async () => {
    throw new Error("SQLITE_IOERR at /secret/path/sdv.db");
  };
  const broken = await startApp({}, { stores });
  try {
    const res = await broken.app.inject({ url: "/health" });
    const err = apiError(res, 503, "service_unavailable");
    assert.match(err.message, /accounts store/);
    assert.not.match(res.body, /SQLITE|secret/);
    assert.is(res.headers["retry-after"], "5");
    // The types list needs no store.
    assert.is((await broken.app.inject({ url: "/api/v1/types" })).statusCode, 200);
  } finally {
    await broken.close();
    await stores.close();
  }
});

test("GET /api/v1/types is exactly generated/types.json, each entry with its rule page's address added", async () => {
  const res = await t.app.inject({ url: "/api/v1/types" });
  assert.is(res.statusCode, 200);
  assert.match(res.headers["content-type"] as string, /^application\/json/);
  const expected = JSON.parse(readFileSync(new URL("../../generated/types.json", import.meta.url), "utf8"));
  const body = res.json();
  for (const entry of body.types) {
    assert.is(entry.rules_url, `https://sdv.test/rules/${entry.type}`);
    delete entry.rules_url;
  }
  assert.equal(body, expected);
  assert.is(res.json().schema_org_version, "V29.4");
});

test("GET /openapi.json: a valid OpenAPI 3.1 document listing every route, with its schemas", async () => {
  const res = await t.app.inject({ url: "/openapi.json" });
  assert.is(res.statusCode, 200);
  const doc = res.json();
  assert.match(doc.openapi, /^3\.1\.\d+$/);
  assert.type(doc.info.title, "string");
  assert.is(doc.info.version, "1.0.0");
  assert.equal(Object.keys(doc.components.securitySchemes).sort(), ["apiKeyHeader", "apiKeyQuery"]);

  const allowedTop = new Set(["openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security", "tags", "externalDocs"]);
  for (const key of Object.keys(doc)) assert.ok(allowedTop.has(key) || key.startsWith("x-"), `unexpected top-level ${key}`);
  const methods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
  const operations: Array<[string, string, Record<string, any>]> = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    assert.ok(path.startsWith("/"), path);
    for (const [method, op] of Object.entries(item)) {
      if (!methods.has(method)) continue;
      operations.push([method, path, op]);
      assert.ok(op.responses && Object.keys(op.responses).length > 0, `${method} ${path}: responses`);
      for (const [status, response] of Object.entries<Record<string, any>>(op.responses)) {
        assert.match(status, /^([1-5]\d\d|[1-5]XX|default)$/, `${method} ${path}: status key ${status}`);
        assert.type(response.description, "string", `${method} ${path} ${status}: description`);
      }
      for (const p of op.parameters ?? []) assert.ok(["query", "header", "path", "cookie"].includes(p.in) && (p.schema || p.content));
      if (op.requestBody) assert.ok(op.requestBody.content, `${method} ${path}: requestBody.content`);
    }
  }
  for (const [method, path, keyed] of ROUTES) {
    const op = doc.paths[path]?.[method];
    assert.ok(op, `${method.toUpperCase()} ${path} is missing from the document`);
    assert.type(op.summary, "string");
    if (keyed) assert.ok(Array.isArray(op.security) && op.security.length > 0, `${method} ${path}: security`);
  }
  // Every documented operation is a real route, and every documented route is in ROUTES.
  for (const [method, path] of operations) {
    const route = path.replace(/\{(\w+)\}/g, ":$1");
    assert.ok(t.app.hasRoute({ method: method.toUpperCase() as "GET", url: route }), `${method} ${path} documented but not routed`);
    assert.ok(ROUTES.some(([m, p]) => m === method && p === path), `${method} ${path} not in the test's list`);
  }
  // Error answers reference the ApiError component; validate answers the ValidationResponse.
  assert.is(doc.paths["/api/v1/validate"].post.responses["429"].content["application/json"].schema.$ref, "#/components/schemas/ApiError");
  assert.is(doc.paths["/api/v1/validate"].get.responses["200"].content["application/json"].schema.$ref, "#/components/schemas/ValidationResponse");
  assert.ok(doc.paths["/api/v1/validate"].get.parameters.some((p: { name: string; in: string; required?: boolean }) => p.name === "url" && p.in === "query" && p.required));

  // Every $ref resolves inside the document; every component name is legal; every schema compiles (JSON Schema 2020-12).
  const refs: string[] = [];
  (function walk(node: unknown): void {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) {
        if (k === "$ref" && typeof v === "string") refs.push(v);
        else walk(v);
      }
    }
  })(doc);
  assert.ok(refs.length > 0);
  for (const ref of refs) {
    assert.ok(ref.startsWith("#/"), `external ref ${ref}`);
    const target = ref.slice(2).split("/").reduce<any>((node, part) => node?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
    assert.ok(target !== undefined, `unresolved ${ref}`);
  }
  for (const name of Object.keys(doc.components.schemas)) assert.match(name, /^[a-zA-Z0-9._-]+$/);
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: "https://sdv.test/openapi.json", components: doc.components });
  for (const [method, path, op] of operations) {
    for (const response of Object.values<Record<string, any>>(op.responses)) {
      for (const media of Object.values<Record<string, any>>(response.content ?? {})) {
        const schema = JSON.parse(JSON.stringify(media.schema).replace(/"#\/components/g, '"https://sdv.test/openapi.json#/components'));
        assert.not.throws(() => ajv.compile(schema), `${method} ${path}`);
      }
    }
  }
  const validateResponse = ajv.getSchema("https://sdv.test/openapi.json#/components/schemas/ApiError");
  assert.ok(validateResponse);
});

test("ValidationResponse and ApiError answers match their documented schemas", async () => {
  const doc = (await t.app.inject({ url: "/openapi.json" })).json();
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: "https://sdv.test/openapi.json", components: doc.components });
  const schema = (name: string) => ajv.getSchema(`https://sdv.test/openapi.json#/components/schemas/${name}`)!;
  const { key } = await signup(t.app);
  const ok = await t.app.inject({
    method: "POST",
    url: "/api/v1/validate",
    headers: { "x-api-key": key },
    payload: { jsonld: { "@context": "https://schema.org", "@type": "Product", name: "x", offers: { "@type": "Offer", price: "abc" } } },
  });
  assert.ok(schema("ValidationResponse")(ok.json()), JSON.stringify(schema("ValidationResponse").errors));
  const err = await t.app.inject({ method: "POST", url: "/api/v1/validate", payload: {} });
  assert.ok(schema("ApiError")(err.json()), JSON.stringify(schema("ApiError").errors));
  const types = await t.app.inject({ url: "/api/v1/types" });
  assert.ok(schema("TypesResponse")(types.json()), JSON.stringify(schema("TypesResponse").errors));
});

test("GET /docs: interactive docs served locally; /docs/json is the same document", async () => {
  const page = await t.app.inject({ url: "/docs" });
  assert.is(page.statusCode, 200);
  assert.match(page.headers["content-type"] as string, /text\/html/);
  assert.match(page.body, /swagger-ui/i);
  const asset = await t.app.inject({ url: "/docs/static/swagger-ui-bundle.js" });
  assert.is(asset.statusCode, 200);
  const json = await t.app.inject({ url: "/docs/json" });
  assert.equal(json.json().paths, (await t.app.inject({ url: "/openapi.json" })).json().paths);
});

test("GET /docs/errors: one anchor per error code (the docs_url targets)", async () => {
  const res = await t.app.inject({ url: "/docs/errors" });
  assert.is(res.statusCode, 200);
  assert.match(res.headers["content-type"] as string, /^text\/html/);
  for (const code of ERROR_CODES) assert.ok(res.body.includes(`id="${code}"`), code);
  // Reached from every "About this error" link, phones included: it scales to the screen and has a main landmark.
  assert.match(res.body, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
  assert.match(res.body, /<main>[\s\S]*<h1>/);
});

test("unknown routes and methods: 404 not_found as an ApiError; x-request-id on every answer", async () => {
  const nope = await t.app.inject({ url: "/nope?access_key=sdv_live_0123" });
  const err = apiError(nope, 404, "not_found");
  assert.not.match(err.message, /access_key|sdv_live/);
  assert.ok(nope.headers["x-request-id"]);
  apiError(await t.app.inject({ method: "PUT", url: "/api/v1/validate" }), 404, "not_found");
  apiError(await t.app.inject({ method: "DELETE", url: "/api/auth/signup" }), 404, "not_found");
  // HEAD would charge a validation it cannot report: not routed. Elsewhere HEAD works.
  assert.is((await t.app.inject({ method: "HEAD", url: "/api/v1/validate?url=https%3A%2F%2Fexample.com%2F" })).statusCode, 404);
  assert.is((await t.app.inject({ method: "HEAD", url: "/health" })).statusCode, 200);
  assert.is(nope.headers["x-powered-by"], undefined);
});

test("an unexpected failure is 500 internal_error with a generic message; the details go to the log only", async () => {
  const real = new KeyCipher(Buffer.alloc(32, 7));
  const cipher = Object.assign(Object.create(real) as KeyCipher, {
    encrypt: (text: string) => real.encrypt(text),
    decrypt: () => {
      throw new Error("decrypt failed: mongodb://admin:hunter2@db.internal:27017");
    },
  });
  const broken = await startApp({}, { cipher });
  try {
    const email = uniqueEmail();
    await signup(broken.app, email);
    const res = await broken.app.inject({ method: "POST", url: "/api/auth/login", payload: { email } });
    const err = apiError(res, 500, "internal_error");
    assert.not.match(res.body, /mongodb|hunter2|db\.internal|decrypt/);
    assert.ok(err.message.includes(String(res.headers["x-request-id"])), "the message names the request id");
    assert.ok(broken.logs.join("").includes("hunter2"), "the details are logged");
  } finally {
    await broken.close();
  }
});

test("store failures on keyed routes fail closed: 503 service_unavailable with Retry-After", async () => {
  const dir = join(t.dataDir, "down");
  const stores = await openStores({ dataDir: dir });
  const down = await startApp({}, { stores });
  try {
    const { key } = await signup(down.app);
    stores.accounts.findByKeyHash = async () => {
      throw new Error("MongoServerSelectionError: connect ECONNREFUSED 10.1.2.3:27017");
    };
    const res = await down.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key }, payload: { jsonld: {} } });
    apiError(res, 503, "service_unavailable");
    assert.is(res.headers["retry-after"], "5");
    assert.not.match(res.body, /Mongo|ECONNREFUSED|10\.1\.2\.3/);
  } finally {
    await down.close();
    await stores.close();
  }
});

test("a rate limiter failure degrades to counting in process (no 500)", async () => {
  const dir = join(t.dataDir, "rl");
  const stores = await openStores({ dataDir: dir });
  stores.rateLimiter.hit = async () => {
    throw new Error("redis: connection is closed");
  };
  const degraded = await startApp({ RATE_LIMIT_PER_MINUTE: "2" }, { stores });
  try {
    await awaitRoomInWindow(10_000);
    const { key } = await signup(degraded.app);
    const send = () => degraded.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key }, payload: { jsonld: { "@type": "Thing" } } });
    assert.is((await send()).statusCode, 200);
    assert.is((await send()).statusCode, 200);
    apiError(await send(), 429, "rate_limit_exceeded");
    assert.ok(degraded.logs.join("").includes("rate limiter unavailable"));
  } finally {
    await degraded.close();
    await stores.close();
  }
});

test.run();
