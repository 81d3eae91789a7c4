/**
 * The OpenAPI 3.1 document, generated from the route schemas by @fastify/swagger, served at
 * GET /openapi.json; interactive docs at GET /docs (@fastify/swagger-ui, assets served from its package,
 * nothing fetched from the internet); the error-code page at GET /docs/errors (docs_url of every ApiError).
 * Must be registered before the routes, so that it sees them being added.
 */
import { DOCS_HEADERS, staticPageCsp, tightenSwaggerCsp } from "../web/docs-security.ts";
import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { API_VERSION } from "../../runtime/report.ts";
import { ERRORS, ERROR_CODES } from "../errors.ts";
import { SHARED_SCHEMAS } from "../openapi/schemas.ts";
import { EVENT_EXAMPLE, EXAMPLE_PAGE_URL, batchRequestExample, batchResponseExample, validationExample } from "../openapi/examples.ts";

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "sdv: structured-data validation API",
        version: API_VERSION,
        description:
          "Validates JSON-LD (Schema.org V29.4) against the search engine's rich-result requirements, by page URL or raw JSON-LD. " +
          "Errors are ApiError objects with a stable error.code; see /docs/errors. " +
          (app.sdv.config.verification.mode === "email"
            ? "This server verifies e-mail: signup and login answer 202 and mail a one-time code; POST /api/auth/verify with the 202's request_id and the code returns the key."
            : "Signup and login return the key at once (servers with ACCOUNT_VERIFICATION=email answer 202 and mail a code instead; see POST /api/auth/verify)."),
        license: { name: "Apache-2.0", identifier: "Apache-2.0" },
      },
      servers: [{ url: app.sdv.publicBaseUrl }],
      tags: [
        { name: "validation", description: "Validate structured data" },
        { name: "accounts", description: "Sign up, log in, rotate keys, buy a plan" },
        { name: "audits", description: "Site audits and monitoring: every page of a site validated, runs compared, webhooks on regressions" },
        { name: "billing", description: "Payment provider callbacks" },
        { name: "meta", description: "Health and documentation" },
      ],
      components: {
        securitySchemes: {
          apiKeyHeader: { type: "apiKey", in: "header", name: "x-api-key" },
          apiKeyQuery: { type: "apiKey", in: "query", name: "access_key", description: "GET requests only" },
        },
      },
    },
    transformObject: (input) => forGenerators((input as { openapiObject: OpenApiDocument }).openapiObject, app.sdv.publicBaseUrl) as never,
    refResolver: {
      buildLocalReference(json, _baseUri, _fragment, i) {
        return typeof json.$id === "string" ? json.$id : `def-${i}`;
      },
    },
  });

  // In a scope of its own, so that the headers hook covers Swagger UI's pages and static files alike.
  await app.register(async (docs) => {
    docs.addHook("onRequest", (_request, reply, done) => {
      reply.headers(DOCS_HEADERS);
      done();
    });
    await docs.register(swaggerUi, {
      routePrefix: "/docs",
      uiConfig: { docExpansion: "list", deepLinking: true },
      staticCSP: true,
      transformStaticCSP: tightenSwaggerCsp,
    });
  });

  app.get(
    "/openapi.json",
    {
      schema: {
        tags: ["meta"],
        operationId: "getOpenApiDocument",
        security: [],
        summary: "This API's OpenAPI 3.1 document",
        response: { 200: { type: "object", additionalProperties: true, description: "OpenAPI 3.1 document" } },
      },
    },
    async () => app.swagger(),
  );

  const errorsPage = renderErrorsPage();
  const errorsPageCsp = staticPageCsp(ERRORS_PAGE_CSS);
  app.get(
    "/docs/errors",
    {
      schema: {
        tags: ["meta"],
        operationId: "listErrorCodes",
        security: [],
        summary: "Every error code, its HTTP status and meaning (the docs_url of each ApiError points here)",
        response: { 200: { description: "HTML page", content: { "text/html": { schema: { type: "string" } } } } },
      },
    },
    async (_request, reply) => {
      reply.type("text/html; charset=utf-8").headers(DOCS_HEADERS).header("content-security-policy", errorsPageCsp);
      return errorsPage;
    },
  );
}

type OpenApiDocument = { paths?: Record<string, Record<string, Operation>> } & Record<string, unknown>;
interface Operation {
  requestBody?: { description?: string; content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
interface MediaType {
  schema?: unknown;
  examples?: Record<string, { summary: string; value: unknown }>;
}

/** Raw JSON-LD as the document itself: any JSON object, or a non-empty array of objects (a graph). */
const JSON_LD_DOCUMENT = {
  description:
    "The JSON-LD document itself (an object, or a non-empty array of objects). An object whose only keys are url and/or jsonld " +
    "is read as the usual {url} or {jsonld} request instead.",
  anyOf: [
    { type: "object", additionalProperties: true },
    { type: "array", minItems: 1, items: { type: "object", additionalProperties: true } },
  ],
};

/**
 * What the route schemas cannot say: the application/ld+json body of POST /api/v1/validate is the JSON-LD
 * document (the route's parser wraps it into {jsonld} before the schema check sees it), and examples,
 * built once from the engine's real answer.
 */
function forGenerators(doc: OpenApiDocument, publicBaseUrl: string): OpenApiDocument {
  // The base as it is now (PORT=0 learns its port when listening, after this plugin was registered).
  (doc as { servers?: unknown }).servers = [{ url: publicBaseUrl }];
  const validation = validationExample(publicBaseUrl);
  const single = doc.paths?.["/api/v1/validate"]?.post;
  const body = single?.requestBody?.content;
  if (body?.["application/json"]) {
    body["application/json"].examples = {
      jsonld: { summary: "Raw JSON-LD: an Event", value: { jsonld: EVENT_EXAMPLE } },
      url: { summary: "A page by URL", value: { url: EXAMPLE_PAGE_URL } },
    };
  }
  if (body?.["application/ld+json"]) {
    body["application/ld+json"] = { schema: JSON_LD_DOCUMENT, examples: { event: { summary: "An Event JSON-LD document", value: EVENT_EXAMPLE } } };
  }
  if (single?.requestBody) {
    single.requestBody.description =
      "application/json: exactly one of url and jsonld. application/ld+json: the JSON-LD document itself.";
  }
  const ok = single?.responses?.["200"]?.content?.["application/json"];
  if (ok) ok.examples = { event: { summary: "The report for the Event example", value: validation } };
  const get = doc.paths?.["/api/v1/validate"]?.get?.responses?.["200"]?.content?.["application/json"];
  if (get) get.examples = { page: { summary: "The report for a page holding the Event example", value: { ...validation, success: true, url: EXAMPLE_PAGE_URL } } };

  const batch = doc.paths?.["/api/v1/validate/batch"]?.post;
  const batchBody = batch?.requestBody?.content?.["application/json"];
  if (batchBody) batchBody.examples = { mixed: { summary: "Raw JSON-LD and a URL", value: batchRequestExample() } };
  const batchOk = batch?.responses?.["200"]?.content?.["application/json"];
  if (batchOk) batchOk.examples = { mixed: { summary: "One report, one per-item error", value: batchResponseExample(publicBaseUrl) } };
  return doc;
}

// Narrow screens (every "About this error" link of the pages lands here): the table's codes wrap rather than widen the page.
const ERRORS_PAGE_CSS =
  "body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3rem .6rem;vertical-align:top}code{overflow-wrap:anywhere}tr:target{background:#ffe;color:#111}";

function renderErrorsPage(): string {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const rows = ERROR_CODES.map(
    (code) => `<tr id="${code}"><td><code>${code}</code></td><td>${ERRORS[code].status}</td><td>${escape(ERRORS[code].meaning)}</td></tr>`,
  ).join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>sdv error codes</title>
<style>${ERRORS_PAGE_CSS}</style>
</head><body><main>
<h1>sdv error codes</h1>
<p>Every error answer is <code>{"success": false, "error": {"code", "message", "docs_url"}}</code>; <code>error.code</code> is stable across versions, the message wording is not. Errors cost no credits.</p>
<table><thead><tr><th>code</th><th>HTTP</th><th>meaning</th></tr></thead><tbody>
${rows}
</tbody></table>
</main></body></html>
`;
}
