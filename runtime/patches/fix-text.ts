/**
 * Fixing a document's text: validate, apply every patch where its value is written, and again until no
 * patch is left (a fixed @type brings its type's rules, which can find a value to fix). Shared by
 * `sdv fix`, the MCP tool fix_markup and the language server's "fix all". Only the JSON-LD blocks' text
 * changes; in a page every byte outside them stays as it was.
 */
import { extractJsonLdBlocks } from "../extract/extract-jsonld.ts";
import type { EngineResult, JsonPatchOperation, SourceBlock, ValidationIssue } from "../types.ts";
import { applyTextEdits, locatePatches, patchTextEdits, type TextEdit } from "./text-edits.ts";

export type DocumentKind = "html" | "json";

/** One patch applied: the issue it fixed, in the text as it was then. */
export interface AppliedPatch {
  block: number;
  code: ValidationIssue["code"];
  property: string;
  path: string;
  message: string;
  patch: JsonPatchOperation[];
}

export interface FixedText<R> {
  text: string;
  applied: AppliedPatch[];
  /** The validation of the fixed text: what is left is not mechanical. */
  report: R;
}

/** A chain of fixes ends well before this (each round fixes what the last one revealed). */
const MAX_ROUNDS = 8;
const NOT_BLANK = /\S/;

/** The JSON-LD blocks as the engine numbers them (blank scripts are skipped, as the engine skips them). */
export function jsonLdBlocks(text: string, kind: DocumentKind): SourceBlock[] {
  if (kind === "json") return [{ text, offset: 0, line: 1, column: 1 }];
  return extractJsonLdBlocks(text).filter((b) => NOT_BLANK.test(b.text));
}

/** Every patch of a report, by block, once each (nodes of one @graph can share a @context patch). */
export function patchesByBlock(report: Pick<EngineResult, "schemas">): Map<number, Array<{ issue: ValidationIssue; patch: JsonPatchOperation[] }>> {
  const out = new Map<number, Array<{ issue: ValidationIssue; patch: JsonPatchOperation[] }>>();
  const seen = new Set<string>();
  for (const schema of report.schemas) {
    if (schema.syntax !== undefined && schema.syntax !== "json-ld") continue;
    for (const issue of [...schema.errors, ...schema.warnings]) {
      if (!issue.patch) continue;
      const key = `${schema.block} ${JSON.stringify(issue.patch)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let list = out.get(schema.block);
      if (!list) out.set(schema.block, (list = []));
      list.push({ issue, patch: issue.patch });
    }
  }
  return out;
}

/** The page-level edits of one round; patches whose edits overlap an earlier one wait for the next round. */
export function roundEdits(text: string, kind: DocumentKind, report: Pick<EngineResult, "schemas">): { edits: TextEdit[]; applied: AppliedPatch[] } {
  const blocks = jsonLdBlocks(text, kind);
  const edits: TextEdit[] = [];
  const applied: AppliedPatch[] = [];
  for (const [index, patches] of patchesByBlock(report)) {
    const block = blocks[index];
    if (!block) continue;
    const taken: TextEdit[] = [];
    const starts = locatePatches(block.text, patches.map((p) => p.patch));
    for (const { issue, patch } of patches) {
      const local = patchTextEdits(block.text, patch, starts);
      if (local === null || local.some((e) => taken.some((t) => e.start < t.end && t.start < e.end))) continue;
      taken.push(...local);
      applied.push({ block: index, code: issue.code, property: issue.property, path: issue.path, message: issue.message, patch });
    }
    for (const e of taken) edits.push({ start: block.offset + e.start, end: block.offset + e.end, text: e.text });
  }
  edits.sort((a, b) => a.start - b.start);
  return { edits, applied };
}

/** The rounds of a fix: yields each text to validate, is given its report, returns the fixed text. */
function* fixRounds<R extends Pick<EngineResult, "schemas">>(text: string, kind: DocumentKind): Generator<string, FixedText<R>, R> {
  let current = text;
  const applied: AppliedPatch[] = [];
  let report = yield current;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = roundEdits(current, kind, report);
    if (next.edits.length === 0) break;
    current = applyTextEdits(current, next.edits);
    applied.push(...next.applied);
    report = yield current;
  }
  return { text: current, applied, report };
}

export async function fixText<R extends Pick<EngineResult, "schemas">>(text: string, kind: DocumentKind, validate: (text: string) => Promise<R> | R): Promise<FixedText<R>> {
  const rounds = fixRounds<R>(text, kind);
  let step = rounds.next();
  while (!step.done) step = rounds.next(await validate(step.value));
  return step.value;
}

/** fixText with a validation that answers at once: for a worker thread, which answers a task synchronously. */
export function fixTextNow<R extends Pick<EngineResult, "schemas">>(text: string, kind: DocumentKind, validate: (text: string) => R): FixedText<R> {
  const rounds = fixRounds<R>(text, kind);
  let step = rounds.next();
  while (!step.done) step = rounds.next(validate(step.value));
  return step.value;
}
