/**
 * sdv's language server: diagnostics for JSON-LD files and the JSON-LD blocks of HTML pages on open and on
 * every change, quick fixes from the issues' patches (and "fix all" for a document), and a hover on a
 * property that shows its rule. A document is validated at once when it opens; changes wait a moment
 * (CHANGE_DELAY_MS) so that a burst of changes is validated once, and a code action or hover first validates a change still waiting. An answer for a
 * version the editor has moved past is dropped.
 */
import { CodeActionKind, TextDocumentSyncKind, TextDocuments, type CodeAction, type Connection, type Hover, type TextEdit } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { EngineResult, SourceBlock } from "../../runtime/types.ts";
import { jsonLdBlocks, roundEdits, type DocumentKind } from "../../runtime/patches/fix-text.ts";
import { patchTextEdits } from "../../runtime/patches/text-edits.ts";
import { keyAt } from "../../runtime/positions/key-at.ts";
import { explainRule } from "../../runtime/explain-rule.ts";
import { engineRegistry, kindOfPath, validateMarkup } from "../markup-engine.ts";
import { toDiagnostics, type DiagnosticData } from "./diagnostics.ts";

interface Validated {
  version: number;
  kind: DocumentKind;
  blocks: SourceBlock[];
  result: EngineResult;
  /** Every mechanical fix of this version, once a "fix all" was asked for. */
  fixAll?: ReturnType<typeof roundEdits>;
}

/**
 * How long a change waits for the next before its document is validated. Changes that arrive while a
 * validation runs (it holds the thread) are read one after the other once it ends, well within this, so
 * they are validated once, as their last version: a document that takes longer to validate than the
 * editor takes to send changes is validated as often as it can be, not once per change queued behind
 * the others. Short enough for a 200 KB page to get its diagnostics well within DESIGN.md's 50 ms of a
 * change (`npm run bench -- lsp`).
 */
const CHANGE_DELAY_MS = 15;

const LANGUAGES: Record<string, DocumentKind> = { json: "json", jsonld: "json", jsonc: "json", html: "html" };

function kindOf(document: TextDocument): DocumentKind | null {
  return kindOfPath(new URL(document.uri).pathname) ?? LANGUAGES[document.languageId] ?? null;
}

export function startLanguageServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const validated = new Map<string, Validated>();

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll] },
      hoverProvider: true,
    },
    serverInfo: { name: "sdv" },
  }));

  async function validate(document: TextDocument): Promise<void> {
    const kind = kindOf(document);
    if (kind === null) return;
    const text = document.getText();
    const version = document.version;
    const result = await validateMarkup(text, kind);
    // The editor moved on while the rule sets loaded: the newer version's own run reports.
    if (documents.get(document.uri)?.version !== version) return;
    const blocks = jsonLdBlocks(text, kind);
    validated.set(document.uri, { version, kind, blocks, result });
    await connection.sendDiagnostics({ uri: document.uri, version, diagnostics: toDiagnostics(result, blocks, (o) => document.positionAt(o)) });
  }

  /** The changes waiting to be validated, by document. */
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();

  const report = (err: unknown) => connection.console.error(`sdv: ${(err as Error).stack}`);

  function validateLater(document: TextDocument): void {
    clearTimeout(waiting.get(document.uri));
    waiting.set(
      document.uri,
      setTimeout(() => {
        waiting.delete(document.uri);
        const current = documents.get(document.uri);
        if (current) void validate(current).catch(report);
      }, CHANGE_DELAY_MS),
    );
  }

  /** Validates now a change of `uri` still waiting, so that an answer about the document is about its current text. */
  async function validateWaiting(uri: string): Promise<void> {
    const timer = waiting.get(uri);
    if (timer === undefined) return;
    clearTimeout(timer);
    waiting.delete(uri);
    const document = documents.get(uri);
    if (document) await validate(document).catch(report);
  }

  // TextDocuments fires onDidChangeContent on open too, with the open's own event: that one is validated at once.
  let opened: unknown = null;
  documents.onDidOpen((event) => {
    opened = event;
    void validate(event.document).catch(report);
  });
  documents.onDidChangeContent((change) => {
    if (change === opened) opened = null;
    else validateLater(change.document);
  });
  documents.onDidClose((event) => {
    clearTimeout(waiting.get(event.document.uri));
    waiting.delete(event.document.uri);
    validated.delete(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });

  connection.onCodeAction(async (params) => {
    await validateWaiting(params.textDocument.uri);
    const document = documents.get(params.textDocument.uri);
    const state = validated.get(params.textDocument.uri);
    if (!document || !state || state.version !== document.version) return [];
    const actions: CodeAction[] = [];
    for (const diagnostic of params.context.diagnostics) {
      const data = diagnostic.data as DiagnosticData | undefined;
      if (diagnostic.source !== "sdv" || !data?.patch) continue;
      const block = state.blocks[data.block];
      const edits = block ? patchTextEdits(block.text, data.patch) : null;
      if (!edits || edits.length === 0) continue;
      const changes: TextEdit[] = edits.map((e) => ({ range: { start: document.positionAt(block.offset + e.start), end: document.positionAt(block.offset + e.end) }, newText: e.text }));
      actions.push({ title: `sdv: ${edits.map((e) => `set ${e.text}`).join(", ")}`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: true, edit: { changes: { [document.uri]: changes } } });
    }
    // "Fix all" only where it is asked for (or every kind is), worked out once per version: editors ask
    // for code actions at every cursor move, and every fix of a 1 MB document took 1.4 s each time.
    const fixAllAsked = !params.context.only || params.context.only.some((k) => k.startsWith(CodeActionKind.SourceFixAll) || k === CodeActionKind.Source);
    const all = fixAllAsked ? (state.fixAll ??= roundEdits(document.getText(), state.kind, state.result)) : null;
    if (all !== null && all.edits.length > 0) {
      const changes = all.edits.map((e) => ({ range: { start: document.positionAt(e.start), end: document.positionAt(e.end) }, newText: e.text }));
      actions.push({ title: `sdv: apply all ${all.applied.length} mechanical fix(es)`, kind: CodeActionKind.SourceFixAll, edit: { changes: { [document.uri]: changes } } });
    }
    return actions;
  });

  connection.onHover(async (params): Promise<Hover | null> => {
    await validateWaiting(params.textDocument.uri);
    const document = documents.get(params.textDocument.uri);
    const state = validated.get(params.textDocument.uri);
    if (!document || !state) return null;
    const offset = document.offsetAt(params.position);
    const index = state.blocks.findIndex((b) => offset >= b.offset && offset < b.offset + b.text.length);
    if (index === -1) return null;
    const pointer = keyAt(state.blocks[index].text, offset - state.blocks[index].offset);
    if (pointer === null) return null;
    // The nearest reported node holding the property, and the property's dotted name from it.
    let node: { type: string; path: string } | null = null;
    for (const s of state.result.schemas) {
      if (s.block !== index || !s.checked || (s.syntax !== undefined && s.syntax !== "json-ld")) continue;
      if ((pointer.startsWith(`${s.path}/`) || s.path === "") && (!node || s.path.length > node.path.length)) node = s;
    }
    if (!node) return null;
    const segments = pointer.slice(node.path.length + 1).split("/").filter((p) => !/^\d+$/.test(p));
    if (segments.length === 0 || segments.some((p) => p.startsWith("@"))) return null;
    const registry = await engineRegistry([node.type]);
    const rule = explainRule(registry, node.type, segments.join("."));
    if (!rule) return null;
    const lines = [
      `**${rule.type}.${rule.property}**: ${rule.level}`,
      rule.expected_types.length ? `Expects ${rule.expected_types.join(" or ")}.` : "",
      rule.format ? `Format: ${rule.format}.` : "",
      rule.values ? `One of: ${rule.values.join(", ")}.` : "",
      rule.fix,
      `[Documentation](${rule.google_docs_url})`,
    ].filter(Boolean);
    return { contents: { kind: "markdown", value: lines.join("\n\n") } };
  });

  documents.listen(connection);
  connection.listen();
}
