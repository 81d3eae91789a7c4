/**
 * Reads rule files keeping the YAML document, so that every later check can point at the line
 * and column of the value it complains about.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LineCounter, parseDocument, isMap, isSeq, isPair, isScalar, type Document, type Node as YamlNode } from "yaml";
import type { Diagnostic } from "./diagnostics.ts";

export interface LoadedFile {
  /** Repo-relative path, for messages. */
  file: string;
  data: unknown;
  /** Position of a JSON-Pointer-like path (array of keys) in the file; the key itself when `atKey`. */
  locate(path: ReadonlyArray<string | number>, atKey?: boolean): { line: number; column: number };
}

export function loadRuleText(file: string, text: string): { loaded?: LoadedFile; diagnostics: Diagnostic[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, version: "1.2" });
  const diagnostics: Diagnostic[] = [];
  for (const error of [...doc.errors, ...doc.warnings]) {
    const pos = lineCounter.linePos(error.pos[0]);
    diagnostics.push({ file, line: pos.line, column: pos.col, code: "yaml", message: `YAML: ${error.message.split("\n")[0]}` });
  }
  if (doc.errors.length) return { diagnostics };
  const locate = (path: ReadonlyArray<string | number>, atKey = false) => {
    const offset = offsetOf(doc, path, atKey);
    const pos = lineCounter.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
  return { loaded: { file, data: doc.toJS({ maxAliasCount: 50 }), locate }, diagnostics };
}

/** The deepest node on `path` that exists: a wrong key deep down still points near the mistake. */
function offsetOf(doc: Document, path: ReadonlyArray<string | number>, atKey: boolean): number {
  let node: YamlNode | null | undefined = doc.contents as YamlNode | null;
  let offset = node?.range?.[0] ?? 0;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment));
      if (!pair) break;
      const key = pair.key as YamlNode;
      if (last && atKey) return key.range?.[0] ?? offset;
      node = pair.value as YamlNode | null;
      offset = node?.range?.[0] ?? key.range?.[0] ?? offset;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)] as YamlNode | undefined;
      if (!item) break;
      node = item;
      offset = item.range?.[0] ?? offset;
    } else break;
  }
  return offset;
}

export function loadRuleDirectory(dir: string, displayDir: string): { files: LoadedFile[]; diagnostics: Diagnostic[] } {
  const files: LoadedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".yaml") || n.endsWith(".yml")).sort()) {
    const result = loadRuleText(`${displayDir}/${name}`, readFileSync(join(dir, name), "utf8"));
    diagnostics.push(...result.diagnostics);
    if (result.loaded) files.push(result.loaded);
  }
  return { files, diagnostics };
}
