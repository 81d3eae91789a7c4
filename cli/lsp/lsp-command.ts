/** `sdv lsp --stdio`: the language server on standard input and output (cli/lsp/language-server.ts). */
import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { startLanguageServer } from "./language-server.ts";

export const LSP_HELP = `usage: sdv lsp --stdio

A Language Server Protocol server on standard input and output: diagnostics for .json, .jsonld and .html
documents (their JSON-LD blocks) on open and change, quick fixes from the mechanical patches, "fix all",
and a hover on a property that shows sdv's rule for it. editors/vscode/ in sdv's repository holds a small
extension that starts it.`;

export async function runLsp(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(LSP_HELP);
    return 0;
  }
  if (args.length !== 1 || args[0] !== "--stdio") {
    console.error(`sdv lsp: give --stdio (the one transport)\n\n${LSP_HELP}`);
    return 2;
  }
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  startLanguageServer(connection);
  // Until the client exits the server (the connection ends the process on "exit").
  await new Promise<void>((resolve) => connection.onExit(resolve));
  return 0;
}
