/**
 * A rule keyword as one definition, after ajv's: its piece of the rule-file JSON Schema, its checks
 * at compile time, and what it contributes to a property's IR (the runtime check the generated rule
 * holds, the code around the presence check, its line on the rule page). compiler/keywords/registry.ts
 * assembles the schema, the semantic stage's keyword part and the emitters' inputs from these.
 */
import type { DiagnosticCode } from "../diagnostics.ts";
import type { IrKeyword } from "../ir.ts";
import type { RawPropertyRule } from "../raw.ts";
import type { VocabularyIndex } from "../../runtime/vocabulary.ts";

/** A place in the rule file: keys and list indexes from the top. */
export type Path = Array<string | number>;

/**
 * What a keyword's checks use of the file's checker (compiler/stages/context.ts's FileChecker has it):
 * named here, so the keywords sit below the stages that call them.
 */
export interface KeywordChecker {
  readonly vocabulary: VocabularyIndex;
  report(code: DiagnosticCode, path: Path, message: string): void;
  checkPropertyName(written: string, nodeType: string | null, path: Path, atKey?: boolean): void;
}

/** A JSON Schema fragment (draft-07, as ajv reads compiler/schema/rule-file.base.json). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** Where a keyword is written: the property rule around it, for checks against the vocabulary and sibling keys. */
export interface KeywordSite {
  readonly checker: KeywordChecker;
  /** The property the rule is about. */
  readonly name: string;
  /** The type of the node the property sits on (null: not known here, as in an untyped nested shape). */
  readonly nodeType: string | null;
  /** The whole rule as written (already through the schema), for the keys this keyword contradicts. */
  readonly rule: RawPropertyRule;
  /** The property rule's place in the file. */
  readonly path: Path;
}

export interface KeywordDefinition<Name extends string, Input> {
  /** The key in a property rule. */
  readonly name: Name;
  /** Its value's JSON Schema (definitions.propertyRule.properties[name] of the assembled schema). */
  readonly schema: JsonSchema;
  /** Compile-time checks beyond the schema; report through `report` so every problem has its place. */
  check?(input: Input, site: KeywordSite, report: KeywordReport): void;
  /**
   * The types the property's name is checked against instead of the node's (a rule for some
   * subtypes only); null: the node's type.
   */
  nameDomains?(input: Input, site: KeywordSite): string[] | null;
  /** What the keyword contributes to the property's IR (input already checked). */
  apply(input: Input): IrKeyword;
}

/** A diagnostic at the keyword (`at` goes below it: `["values", 2]`). */
export type KeywordReport = (code: DiagnosticCode, message: string, at?: Path) => void;

/** The definition's input type. */
export type InputOf<K> = K extends KeywordDefinition<string, infer I> ? I : never;
