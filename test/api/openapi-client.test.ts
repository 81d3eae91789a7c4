/**
 * The OpenAPI document works for generators: types generated from the live document (openapi-typescript)
 * type-check a small openapi-fetch client (strict TypeScript; its @ts-expect-error lines prove the types
 * are real, not `any`: an unused one is itself a compile error), and that client signs up and validates real JSON-LD, a batch included,
 * against the service listening on 127.0.0.1.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import openapiTS, { astToString } from "openapi-typescript";
import { startApp, uniqueEmail, type TestApp } from "./helpers.ts";

const NODE_MODULES = fileURLToPath(new URL("../../node_modules", import.meta.url));

const CLIENT = `
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.mjs";

type ValidationResponse = components["schemas"]["ValidationResponse"];
type ValidateJson = paths["/api/v1/validate"]["post"]["requestBody"]["content"]["application/json"];

export async function run(baseUrl: string, email: string) {
  const client = createClient<paths>({ baseUrl });
  const signup = await client.POST("/api/auth/signup", { body: { email } });
  // A 202 (servers with ACCOUNT_VERIFICATION=email) carries no key: the typed client has to tell them apart.
  if (!signup.data || !("api_key" in signup.data)) throw new Error("signup failed: " + JSON.stringify(signup.error ?? signup.data));
  const key: string = signup.data.api_key;

  // A real JSON-LD object: nested objects, arrays, @-keys. A generated client used to refuse any object here.
  const event = {
    "@context": "https://schema.org",
    "@type": "Event",
    name: "Jazz night",
    startDate: "2026-07-21T19:00-05:00",
    location: { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetAddress: "1 Main St" } },
    offers: [{ "@type": "Offer", price: "30", priceCurrency: "USD" }],
  };
  const body: ValidateJson = { jsonld: event };
  const { data, error, response } = await client.POST("/api/v1/validate", { headers: { "x-api-key": key }, body });
  if (!data) throw new Error("validate failed: " + JSON.stringify(error));
  const report: ValidationResponse = data;
  const score: number = report.summary.score;
  // @ts-expect-error the score is a number, so the types are real
  const wrong: string = report.summary.score;
  void wrong;

  const batch = await client.POST("/api/v1/validate/batch", {
    headers: { "x-api-key": key },
    body: { items: [{ jsonld: [event, event] }, { jsonld: JSON.stringify(event) }, { url: "ftp://example.com/" }] },
  });
  if (!batch.data) throw new Error("batch failed: " + JSON.stringify(batch.error));
  const outcomes = batch.data.results.map((r) => (r.ok ? "ok " + r.result.schemas_found : r.status + " " + r.error.code));

  // @ts-expect-error jsonld is an object, an array of objects or JSON text, not a number
  const refused: ValidateJson = { jsonld: 42 };
  void refused;

  return { status: response.status, score, types: report.schemas.map((s) => s.type), credits: report.meta.credits_used, outcomes };
}
`;

let t: TestApp;
let baseUrl: string;
let dir: string;

test.before(async () => {
  t = await startApp({ RATE_LIMIT_PER_MINUTE: "1000" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  baseUrl = `http://127.0.0.1:${address.port}`;
  dir = mkdtempSync(join(tmpdir(), "sdv-openapi-client-"));
  // The generated client resolves openapi-fetch (and the type checker @types) from the project.
  symlinkSync(NODE_MODULES, join(dir, "node_modules"), "dir");
});
test.after(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

test("types generated from the live document type-check a strict openapi-fetch client; it validates for real", async () => {
  const doc = await (await fetch(`${baseUrl}/openapi.json`)).json();
  const types = astToString(await openapiTS(doc));
  assert.match(types, /"\/api\/v1\/validate\/batch"/);
  writeFileSync(join(dir, "schema.mts"), types);
  const clientFile = join(dir, "client.mts");
  writeFileSync(clientFile, CLIENT);

  const program = ts.createProgram([clientFile], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: [],
    skipLibCheck: true,
  });
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName.replace(dir, "")}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : "";
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
  assert.equal(diagnostics, [], "the generated client compiles");

  const client = (await import(pathToFileURL(clientFile).href)) as { run(baseUrl: string, email: string): Promise<Record<string, unknown>> };
  const outcome = await client.run(baseUrl, uniqueEmail("generated"));
  assert.is(outcome.status, 200);
  assert.equal(outcome.types, ["Event"]);
  assert.is(outcome.credits, 1);
  assert.type(outcome.score, "number");
  assert.equal(outcome.outcomes, ["ok 2", "ok 1", "400 invalid_url"]);
});

test.run();
