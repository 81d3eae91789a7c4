/**
 * From a validation to LSP diagnostics: each issue at its value (a whole literal; the opening bracket of
 * an object or array, so that a node's missing property does not paint the whole node), with severity,
 * the stable code, the documentation link, source "sdv", and the patch kept for the quick fix.
 */
import type { Diagnostic } from "vscode-languageserver";
import { DiagnosticSeverity } from "vscode-languageserver";
import type { EngineResult, JsonPatchOperation, SourceBlock } from "../../runtime/types.ts";
import { locatePointers } from "../../runtime/positions/locate-pointers.ts";
import { valueEnd } from "../../runtime/patches/text-edits.ts";

export interface DiagnosticData {
  block: number;
  patch?: JsonPatchOperation[];
  fix: string;
}

export const SCHEMA_ORG_LIST = "https://schema.org/docs/full.html";

/** `positionAt` is the document's (offsets to lines and UTF-16 characters, as LSP counts them). */
export function toDiagnostics(result: EngineResult, blocks: readonly SourceBlock[], positionAt: (offset: number) => { line: number; character: number }): Diagnostic[] {
  const pointersByBlock = new Map<number, Set<string>>();
  for (const s of result.schemas) {
    if (s.syntax !== undefined && s.syntax !== "json-ld") continue;
    for (const issue of [...s.errors, ...s.warnings]) {
      let set = pointersByBlock.get(s.block);
      if (!set) pointersByBlock.set(s.block, (set = new Set()));
      set.add(issue.path);
    }
  }
  const spans = new Map<number, Map<string, number>>();
  for (const [block, pointers] of pointersByBlock) if (blocks[block]) spans.set(block, locatePointers(blocks[block].text, pointers));

  const out: Diagnostic[] = [];
  for (const s of result.schemas) {
    const jsonLd = s.syntax === undefined || s.syntax === "json-ld";
    const block = jsonLd ? blocks[s.block] : undefined;
    for (const issue of [...s.errors, ...s.warnings]) {
      let start: number | undefined;
      let end: number | undefined;
      const local = block ? spans.get(s.block)?.get(issue.path) : undefined;
      if (block && local !== undefined) {
        const c = block.text.charCodeAt(local);
        start = block.offset + local;
        end = c === 0x7b || c === 0x5b ? start + 1 : block.offset + valueEnd(block.text, local);
      }
      let range;
      if (start !== undefined && end !== undefined) range = { start: positionAt(start), end: positionAt(end) };
      else if (issue.line !== undefined) {
        const at = { line: issue.line - 1, character: (issue.column ?? 1) - 1 };
        range = { start: at, end: { line: at.line, character: at.character + 1 } };
      } else if (block) range = { start: positionAt(block.offset), end: positionAt(block.offset + 1) };
      else continue;
      const data: DiagnosticData = { block: s.block, fix: issue.fix, ...(issue.patch && jsonLd ? { patch: issue.patch } : {}) };
      out.push({
        range,
        severity: issue.severity === "error" ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
        code: issue.code,
        codeDescription: { href: issue.google_docs_url ?? SCHEMA_ORG_LIST },
        source: "sdv",
        message: `${s.type}: ${issue.message} ${issue.fix}`,
        data,
      });
    }
  }
  return out;
}
