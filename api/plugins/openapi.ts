/**
 * The OpenAPI 3.1 document, generated from the route schemas by @fastify/swagger, served at
 * GET /openapi.json; interactive docs at GET /docs (@fastify/swagger-ui, assets served from its package,
 * nothing fetched from the internet); the error-code page at GET /docs/errors (docs_url of every ApiError).
 * Must be registered before the routes, so that it sees them being added.
 */
import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { API_VERSION } from "../../runtime/report.ts";
import { ERRORS, ERROR_CODES } from "../errors.ts";
import { SHARED_SCHEMAS } from "../openapi/schemas.ts";

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
          "Errors are ApiError objects with a stable error.code; see /docs/errors.",
      },
      servers: [{ url: app.sdv.config.publicBaseUrl }],
      tags: [
        { name: "validation", description: "Validate structured data" },
        { name: "accounts", description: "Sign up, log in, rotate keys, buy a plan" },
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
    refResolver: {
      buildLocalReference(json, _baseUri, _fragment, i) {
        return typeof json.$id === "string" ? json.$id : `def-${i}`;
      },
    },
  });

  await app.register(swaggerUi, { routePrefix: "/docs", uiConfig: { docExpansion: "list", deepLinking: true } });

  app.get(
    "/openapi.json",
    {
      schema: {
        tags: ["meta"],
        summary: "This API's OpenAPI 3.1 document",
        response: { 200: { type: "object", additionalProperties: true, description: "OpenAPI 3.1 document" } },
      },
    },
    async () => app.swagger(),
  );

  const errorsPage = renderErrorsPage();
  app.get(
    "/docs/errors",
    {
      schema: {
        tags: ["meta"],
        summary: "Every error code, its HTTP status and meaning (the docs_url of each ApiError points here)",
        response: { 200: { description: "HTML page", content: { "text/html": { schema: { type: "string" } } } } },
      },
    },
    async (_request, reply) => {
      reply.type("text/html; charset=utf-8");
      return errorsPage;
    },
  );
}

function renderErrorsPage(): string {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const rows = ERROR_CODES.map(
    (code) => `<tr id="${code}"><td><code>${code}</code></td><td>${ERRORS[code].status}</td><td>${escape(ERRORS[code].meaning)}</td></tr>`,
  ).join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>sdv error codes</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}td,th{text-align:left;padding:.3rem .6rem;vertical-align:top}tr:target{background:#ffe}</style>
</head><body>
<h1>sdv error codes</h1>
<p>Every error answer is <code>{"success": false, "error": {"code", "message", "docs_url"}}</code>; <code>error.code</code> is stable across versions, the message wording is not. Errors cost no credits.</p>
<table><thead><tr><th>code</th><th>HTTP</th><th>meaning</th></tr></thead><tbody>
${rows}
</tbody></table>
</body></html>
`;
}
