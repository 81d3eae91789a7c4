/**
 * `sdv lsp --stdio` as an editor drives it: a 200 KB page (../shared/bench/html/typical.html, padded
 * with body text to 200 KB) opened, then one JSON-LD value edited per change (incremental sync); each
 * sample is the time from sending the change to receiving the diagnostics of that version.
 * Budget (DESIGN.md section 8): diagnostics within 50 ms of a change (median, p95 reported).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node";
import {
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializeRequest,
  InitializedNotification,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  type PublishDiagnosticsParams,
} from "vscode-languageserver-protocol";
import { TextDocument } from "vscode-languageserver-textdocument";
import { median, quantile, type BenchContext } from "./util.ts";

const BUDGET_MS = 50;
const TARGET_BYTES = 200 * 1024;
const CHANGES = 40;

export async function run(ctx: BenchContext): Promise<void> {
  let page = readFileSync(join(ctx.benchDir, "html", "typical.html"), "utf8");
  const filler = "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.</p>\n";
  const close = page.lastIndexOf("</body>");
  page = page.slice(0, close) + filler.repeat(Math.max(0, Math.ceil((TARGET_BYTES - Buffer.byteLength(page)) / filler.length))) + page.slice(close);
  const target = '"name":"TrailRunner X2 Waterproof Running Shoe"';
  const at = page.indexOf(target);
  if (at < 0) return console.log("n/a: the bench page has no product name to edit");

  const repo = fileURLToPath(new URL("..", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", join(repo, "cli/sdv.ts"), "lsp", "--stdio"], { cwd: repo, stdio: ["pipe", "pipe", "inherit"] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiting = new Map<number, (p: PublishDiagnosticsParams) => void>();
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
    if (p.version !== undefined) waiting.get(p.version)?.(p);
  });
  connection.listen();
  const uri = pathToFileURL(join(repo, "bench-page.html")).href;
  await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: null });
  await connection.sendNotification(InitializedNotification.type, {});
  const published = (version: number) => new Promise<PublishDiagnosticsParams>((resolve) => waiting.set(version, resolve));

  const opened = published(1);
  const t0 = performance.now();
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "html", version: 1, text: page } });
  const first = await opened;
  const openMs = performance.now() - t0;

  const doc = TextDocument.create(uri, "html", 1, page);
  const samples: number[] = [];
  let diagnostics = first.diagnostics.length;
  for (let version = 2; version < 2 + CHANGES; version++) {
    // Type one character into the product's name, then take it back: the page stays the same size.
    const offset = at + target.length - 1;
    const range = version % 2 === 0 ? { start: doc.positionAt(offset), end: doc.positionAt(offset) } : { start: doc.positionAt(offset), end: doc.positionAt(offset + 1) };
    const text = version % 2 === 0 ? "s" : "";
    const done = published(version);
    const start = performance.now();
    await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ range, text }] });
    diagnostics = (await done).diagnostics.length;
    samples.push(performance.now() - start);
    TextDocument.update(doc, [{ range, text }], version);
  }
  await connection.sendRequest(ShutdownRequest.type);
  await connection.sendNotification(ExitNotification.type);
  connection.dispose();
  child.kill();

  const p50 = median(samples);
  const p95 = quantile(samples, 0.95);
  console.log(`page ${(Buffer.byteLength(page) / 1024).toFixed(0)} KB, ${diagnostics} diagnostics; first open (rule sets loaded) ${openMs.toFixed(1)} ms`);
  console.log(`change -> diagnostics over ${CHANGES} changes: median ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms`);
  console.log(`lsp budget: diagnostics within ${BUDGET_MS} ms of a change (median): ${p50 <= BUDGET_MS ? "PASS" : "FAIL"}`);
}
