// Starts `sdv lsp --stdio` for JSON, JSON-LD and HTML files. The server does the work; this only wires it in.
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("sdv").get("command", "sdv");
  const server = { command, args: ["lsp", "--stdio"], transport: TransportKind.stdio };
  client = new LanguageClient("sdv", "sdv", { run: server, debug: server }, {
    documentSelector: [
      { scheme: "file", language: "json" },
      { scheme: "file", language: "jsonld" },
      { scheme: "file", language: "html" },
    ],
  });
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
