/**
 * A rule-file problem with its place, printed as `file:line:column: message`. Every problem has a
 * code from a closed set, so tooling (and the tests) can tell kinds apart without parsing words.
 */
export const DIAGNOSTIC_CODES = [
  /** The YAML itself does not parse. */
  "yaml",
  /** The rule-file JSON Schema refuses the shape (unknown key, wrong kind, missing key). */
  "shape",
  /** The file name and the type differ. */
  "file-name",
  /** status and tier disagree, or a deprecated type has no deprecated entry. */
  "status",
  /** A name that is no Schema.org type. */
  "unknown-type",
  /** A name that is no Schema.org property. */
  "unknown-property",
  /** A real property that does not apply to the node's type. */
  "property-domain",
  /** A type that must be a subtype (also_matches, not_matches, validate_as, a keyword naming subtypes) is not. */
  "not-subtype",
  /** An expected type outside the property's range, or nested rules on a data type. */
  "range",
  /** A value that is no member of the enumeration. */
  "enum-member",
  /** An unknown check, or an option the check does not take. */
  "format",
  /** Keys of one rule that contradict each other (min above max, a required property with a condition, ...). */
  "conflict",
  /** A feature id used twice. */
  "duplicate",
  /** A reference (rules_of, validate_as, listed_under, shape) to something that does not exist. */
  "reference",
] as const;

export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  code: DiagnosticCode;
  message: string;
}

export class CompileFailure extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(`${diagnostics.length} problem(s) in the rule files`);
  }
}

export const formatDiagnostic = (d: Diagnostic): string => `${d.file}:${d.line}:${d.column}: ${d.message}`;

export function sortDiagnostics(ds: Diagnostic[]): Diagnostic[] {
  return [...ds].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.message.localeCompare(b.message));
}
