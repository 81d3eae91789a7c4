/**
 * SARIF `fixes` from an issue's patch: the replacements in the input's text where its values are written
 * (runtime/patches/text-edits.ts), as character offsets and lines and columns. Only inputs whose text the
 * report kept (files and standard input) and JSON-LD blocks: a URL's page is not ours to edit.
 */
import type { JsonPatchOperation, SourceBlock } from "../../runtime/types.ts";
import { jsonLdBlocks } from "../../runtime/patches/fix-text.ts";
import { locatePatches, patchTextEdits } from "../../runtime/patches/text-edits.ts";
import { LineIndex } from "../../runtime/extract/line-column.ts";
import { kindOfText } from "../markup-engine.ts";

/**
 * Per input text, its blocks, line index and the places of its patches' values, computed on the first
 * fix asked for. `patches`: every patch of the input's report, by block, so that a block is walked once
 * for all of them (once per patch, a thousand patches over a 1 MB block took seconds).
 */
export class SarifFixer {
  #blocks: SourceBlock[] | null = null;
  #lines: LineIndex | null = null;
  readonly #starts = new Map<number, ReadonlyMap<string, number>>();

  constructor(
    private readonly text: string,
    private readonly patches: ReadonlyArray<{ block: number; patch: readonly JsonPatchOperation[] }>,
  ) {}

  fixes(block: number, patch: readonly JsonPatchOperation[], uri: string, index: number | undefined, description: string): unknown[] | undefined {
    this.#blocks ??= jsonLdBlocks(this.text, kindOfText(this.text));
    const source = this.#blocks[block];
    if (!source) return undefined;
    let starts = this.#starts.get(block);
    if (starts === undefined) {
      starts = locatePatches(source.text, [patch, ...this.patches.filter((p) => p.block === block).map((p) => p.patch)]);
      this.#starts.set(block, starts);
    }
    const edits = patchTextEdits(source.text, patch, starts);
    if (!edits || edits.length === 0) return undefined;
    const lines = (this.#lines ??= new LineIndex(this.text));
    const replacements = edits.map((e) => {
      const start = lines.at(source.offset + e.start);
      const end = lines.at(source.offset + e.end);
      return {
        deletedRegion: { charOffset: source.offset + e.start, charLength: e.end - e.start, startLine: start.line, startColumn: start.column, endLine: end.line, endColumn: end.column },
        insertedContent: { text: e.text },
      };
    });
    return [{ description: { text: description }, artifactChanges: [{ artifactLocation: { uri, ...(index !== undefined ? { index } : {}) }, replacements }] }];
  }
}
