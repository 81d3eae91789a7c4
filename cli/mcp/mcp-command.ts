/** `sdv mcp`: sdv's tools for AI agents, a Model Context Protocol server on standard input and output. */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { packageVersion } from "../version.ts";
import { cliBackend } from "./cli-backend.ts";
import { createMcpServer } from "./mcp-server.ts";

export const MCP_HELP = `usage: sdv mcp

A Model Context Protocol server on standard input and output, for AI agents and editors: tools
validate_markup, validate_url, fix_markup, explain_rule and list_types. Configure a client with the
command "sdv" and the argument "mcp" (see docs/fixes-and-editors.md). URLs go through the same guarded
fetcher as sdv validate (FETCH_ALLOWED_PRIVATE_HOSTS lets a local preview through).`;

export async function runMcp(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(MCP_HELP);
    return 0;
  }
  if (args.length) {
    console.error(`sdv mcp: takes no arguments\n\n${MCP_HELP}`);
    return 2;
  }
  const server = createMcpServer(cliBackend, packageVersion());
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // The server answers until the client closes standard input.
  await new Promise<void>((resolve) => {
    server.onclose = resolve;
    process.stdin.on("end", resolve);
  });
  await server.close();
  return 0;
}
