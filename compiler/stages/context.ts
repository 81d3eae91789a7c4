/**
 * What every check stage of one rule file shares: the vocabulary, the diagnostics collected so far
 * (each with its file, line and column), and the property-name check.
 */
import type { Diagnostic, DiagnosticCode } from "../diagnostics.ts";
import type { LoadedFile } from "../load.ts";
import type { VocabularyIndex } from "../../runtime/vocabulary.ts";
import { didYouMean } from "../did-you-mean.ts";

export type Raw = Record<string, any>;
export type Path = Array<string | number>;

export class FileChecker {
  readonly diagnostics: Diagnostic[] = [];
  /** rules_of references, checked once every rule file is known (compile.ts). */
  readonly rulesOfUses: Array<{ name: string; path: Path }> = [];

  constructor(
    readonly file: LoadedFile,
    readonly vocabulary: VocabularyIndex,
    readonly formats: ReadonlySet<string> | null,
  ) {}

  report(code: DiagnosticCode, path: Path, message: string, atKey = false): void {
    const pos = this.file.locate(path, atKey);
    this.diagnostics.push({ file: this.file.file, line: pos.line, column: pos.column, code, message });
  }

  /** A property name (or "<name>-input" of an Action) exists and, given a type, applies to it. */
  checkPropertyName(written: string, nodeType: string | null, path: Path, atKey = true): void {
    if (written.startsWith("@")) return;
    // Schema.org Actions annotate a property's input or output as "<property>-input".
    const name = written.replace(/-(input|output)$/, "");
    if (!this.vocabulary.isProperty(name)) {
      this.report("unknown-property", path, `"${name}" is not a Schema.org 29.4 property${didYouMean(name, Object.keys(this.vocabulary.data.properties))}`, atKey);
    } else if (nodeType && name === written && !this.vocabulary.propertyApplies(name, nodeType)) {
      // An annotation names an input of the action's result (the math solver's SolveMathAction has
      // "mathExpression-input", mathExpression being MathSolver's): no domain of the action to check.
      this.report("property-domain", path, `"${name}" is not a property of ${nodeType} or its supertypes in Schema.org 29.4`, atKey);
    }
  }
}
