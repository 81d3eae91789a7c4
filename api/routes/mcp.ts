/**
 * POST /mcp: sdv's MCP tools (runtime/mcp/tools.ts) over Streamable HTTP, stateless (a server and a
 * transport per request, JSON answers), on the official SDK. Keyed as the REST API is (x-api-key: no key
 * 401, the plan's per-minute limit 429), and every validation goes through the REST routes' validation
 * service, so it costs a credit and meets the same limits. Registered by validate.ts to share that service. Stateless, so GET and DELETE (a server-sent stream, a
 * session's end) are not routes: 404 as any unknown path.
 */
import type { FastifyInstance } from "fastify";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { callTool, TOOLS } from "../../runtime/mcp/tools.ts";
import { API_VERSION } from "../../runtime/report.ts";
import { requireApiKey } from "../http/auth-hooks.ts";
import { errorResponses } from "../openapi/schemas.ts";
import { mcpBackend } from "../validation/mcp-backend.ts";
import type { Validations } from "../validation/validations.ts";

export async function mcpRoutes(app: FastifyInstance, options: { validations: Validations }): Promise<void> {
  const { validations } = options;
  // JSON-RPC bodies parsed as JSON: not with the validate routes' parser (inherited), which reads large bodies as validate bodies.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, app.getDefaultJsonParser("error", "error"));

  app.post(
    "/mcp",
    {
      onRequest: requireApiKey({ allowQueryKey: false }),
      schema: {
        tags: ["validation"],
        operationId: "mcp",
        summary: "Model Context Protocol (Streamable HTTP, stateless): tools validate_markup, validate_url, fix_markup, explain_rule, list_types",
        security: [{ apiKeyHeader: [] }],
        response: { 200: { description: "A JSON-RPC message of the Model Context Protocol (the tools' results carry structuredContent)", type: "object", additionalProperties: true }, ...errorResponses(400, 401, 403, 413, 415, 429, 500) },
      },
    },
    async (request, reply) => {
      const backend = mcpBackend(validations, request.account!, () => ({ log: request.log, elapsedMs: () => reply.elapsedTime }));
      const server = new Server({ name: "sdv", version: API_VERSION }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS.map((t) => ({ ...t, inputSchema: t.inputSchema as never })) }));
      server.setRequestHandler(CallToolRequestSchema, async (call) => callTool(call.params.name, call.params.arguments ?? {}, backend));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.raw.on("close", () => {
        void transport.close();
        void server.close();
      });
      // The SDK writes the answer itself (JSON-RPC over HTTP).
      reply.hijack();
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );
}
