/** The tools of runtime/mcp/tools.ts served by the official SDK's low-level server (JSON Schema inputs as they are). */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { callTool, TOOLS, type McpBackend } from "../../runtime/mcp/tools.ts";

export const MCP_INSTRUCTIONS =
  "sdv validates structured data (JSON-LD, Microdata, RDFa) against Schema.org and the search engine's rich-result rules. Validate markup after writing it; apply fix_markup for the mechanical fixes, and explain_rule before guessing what a property takes.";

export function createMcpServer(backend: McpBackend, version: string): Server {
  const server = new Server({ name: "sdv", version }, { capabilities: { tools: {} }, instructions: MCP_INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS.map((t) => ({ ...t, inputSchema: t.inputSchema as never })) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => callTool(request.params.name, request.params.arguments ?? {}, backend));
  return server;
}
