export interface ValueCheck {
  /** kebab-case, equal to the file name and the registry key, e.g. "iso8601-date" */
  name: string;
  /** one line, user-facing, for generated docs ("ISO 8601 date, e.g. 2026-07-21") */
  description: string;
  /** null when the value passes; otherwise a short user-facing reason ("month 13 is out of range") */
  test(value: string | number | boolean): string | null;
}
