/** A rule-file problem with its place, printed as `file:line:column: message`. */
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
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
