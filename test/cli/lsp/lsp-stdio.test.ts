/**
 * `sdv lsp --stdio` with an LSP client over stdio (vscode-languageserver-protocol's JSON-RPC connection):
 * diagnostics on open and change at the same positions as the CLI's issues, with severity, code,
 * codeDescription and source; a quick fix applied; the "fix all" action; a hover showing a property's rule;
 * a burst of changes validated once, and a code action asked before a change was validated answered for it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection } from "vscode-languageserver-protocol/node";
import {
  CodeActionRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializeRequest,
  InitializedNotification,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  type CodeAction,
  type Diagnostic,
  type PublishDiagnosticsParams,
  type TextEdit,
} from "vscode-languageserver-protocol";
import { TextDocument } from "vscode-languageserver-textdocument";
import { repoRoot, sdv, tsxLoader } from "../sdv-process.ts";

const dir = mkdtempSync(join(tmpdir(), "sdv-lsp-"));
const PAGE = `<!doctype html>
<html><head><title>Anvil</title>
<script type="application/ld+json">
{
  "@context": "https://schema.org",
  "@type": "Product",
  "name": "Executive Anvil",
  "image": "https://example.com/anvil.jpg",
  "offers": {
    "@type": "Offer",
    "price": "39.99",
    "priceCurrency": "€",
    "availability": "instock"
  }
}
</script>
</head><body></body></html>
`;
const file = join(dir, "page.html");
writeFileSync(file, PAGE);
const uri = pathToFileURL(file).href;

let child: ChildProcess;
let connection: ProtocolConnection;
const published: PublishDiagnosticsParams[] = [];
let waiters: Array<() => void> = [];

function nextDiagnostics(version: number): Promise<PublishDiagnosticsParams> {
  return new Promise((resolve) => {
    const check = () => {
      const found = published.find((p) => p.uri === uri && p.version === version);
      if (found) resolve(found);
      else waiters.push(check);
    };
    check();
  });
}

test.before(async () => {
  const { FORCE_COLOR: _ignored, ...env } = process.env;
  child = spawn(process.execPath, ["--import", tsxLoader, `${repoRoot}cli/sdv.ts`, "lsp", "--stdio"], { cwd: repoRoot, env, stdio: ["pipe", "pipe", "inherit"] });
  connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
    published.push(p);
    const pending = waiters;
    waiters = [];
    for (const w of pending) w();
  });
  connection.listen();
  const init = await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {}, workspaceFolders: null });
  assert.ok(init.capabilities.hoverProvider);
  await connection.sendNotification(InitializedNotification.type, {});
});

test.after(async () => {
  await connection.sendRequest(ShutdownRequest.type);
  await connection.sendNotification(ExitNotification.type);
  await new Promise((r) => child.once("exit", r));
  connection.dispose();
});

let diagnostics: Diagnostic[] = [];

test("on open: diagnostics at the CLI's positions, with severity, code, documentation link and source", async () => {
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "html", version: 1, text: PAGE } });
  diagnostics = (await nextDiagnostics(1)).diagnostics;
  const cli = JSON.parse((await sdv(["validate", file, "--format", "json"])).stdout);
  const issues = cli.results[0].schemas.flatMap((s: { errors: unknown[]; warnings: unknown[] }) => [...s.errors, ...s.warnings]) as Array<{ code: string; line: number; column: number; severity: string; google_docs_url?: string }>;
  assert.is(diagnostics.length, issues.length);
  for (const issue of issues) {
    const d = diagnostics.find((x) => x.code === issue.code && x.range.start.line === issue.line - 1 && x.range.start.character === issue.column - 1);
    assert.ok(d, `a diagnostic for ${issue.code} at ${issue.line}:${issue.column}`);
    assert.is(d!.severity, issue.severity === "error" ? 1 : 2);
    assert.is(d!.source, "sdv");
    assert.match(d!.codeDescription!.href, /^https:\/\//);
  }
  const currency = diagnostics.find((d) => d.code === "invalid-format")!;
  // The whole value, quotes included.
  assert.equal(currency.range, { start: { line: 11, character: 21 }, end: { line: 11, character: 24 } });
});

test("a quick fix from the patch, applied to the document, clears its diagnostic on the next change", async () => {
  const currency = diagnostics.find((d) => d.code === "invalid-format")!;
  const actions = (await connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: currency.range, context: { diagnostics: [currency] } })) as CodeAction[];
  const quick = actions.find((a) => a.kind === "quickfix")!;
  assert.ok(quick, "a quick fix is offered");
  assert.ok(quick.isPreferred);
  const edits = quick.edit!.changes![uri] as TextEdit[];
  const doc = TextDocument.create(uri, "html", 1, PAGE);
  const fixed = TextDocument.applyEdits(doc, edits);
  assert.is(fixed, PAGE.replace('"€"', '"EUR"'));
  await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: edits.map((e) => ({ range: e.range, text: e.newText })) });
  const after = (await nextDiagnostics(2)).diagnostics;
  assert.not.ok(after.some((d) => d.code === "invalid-format"));
  assert.is(after.length, diagnostics.length - 1);
  diagnostics = after;
});

test("fix all: one action with every mechanical fix", async () => {
  const actions = (await connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ["source.fixAll"] } })) as CodeAction[];
  assert.is(actions.length, 1);
  const edits = actions[0].edit!.changes![uri] as TextEdit[];
  const text = TextDocument.applyEdits(TextDocument.create(uri, "html", 2, PAGE.replace('"€"', '"EUR"')), edits);
  assert.match(text, /"availability": "https:\/\/schema\.org\/InStock"/);
});

test("hover on a property shows its rule", async () => {
  const line = PAGE.split("\n").findIndex((l) => l.includes('"availability"'));
  const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character: 6 } });
  const value = (hover!.contents as { value: string }).value;
  assert.match(value, /\*\*Product\.offers\.availability\*\*: recommended/);
  assert.match(value, /One of: BackOrder, .*InStock/);
  assert.match(value, /\[Documentation\]\(https:\/\/developers\.google\.com\//);
  const none = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 2 } });
  assert.is(none, null);
});

test("a burst of 20 changes sent at once is validated a few times, not 20; the last version is reported", async () => {
  const from = published.length;
  const sent: Array<Promise<void>> = [];
  for (let version = 3; version <= 22; version++) {
    const text = PAGE.replace('"€"', '"EUR"').replace("Executive Anvil", `Executive Anvil ${version}`);
    sent.push(connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ text }] }));
  }
  await Promise.all(sent);
  const last = await nextDiagnostics(22);
  assert.is(last.diagnostics.length, diagnostics.length);
  const runs = published.slice(from).filter((p) => p.uri === uri);
  assert.ok(runs.length <= 5, `validated ${runs.length} times: versions ${runs.map((p) => p.version).join(", ")}`);
});

test("fix all asked right after a change, before its validation: the answer is for the changed text", async () => {
  // The currency broken again, and the fixes asked for at once.
  await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 23 }, contentChanges: [{ text: PAGE }] });
  const actions = (await connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ["source.fixAll"] } })) as CodeAction[];
  assert.is(actions.length, 1);
  const text = TextDocument.applyEdits(TextDocument.create(uri, "html", 23, PAGE), actions[0].edit!.changes![uri] as TextEdit[]);
  assert.match(text, /"priceCurrency": "EUR"/);
  assert.is((await nextDiagnostics(23)).diagnostics.length, diagnostics.length + 1);
});

test.run();
