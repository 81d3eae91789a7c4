/** An option a check takes in a rule file (`format: { check: gtin, lengths: [13] }`), validated by the compiler. */
export interface CheckOption {
  readonly kind: "number" | "boolean" | "integer-list" | "text-list";
  /** One line, for the compiler's messages and the rule language's docs. */
  readonly description: string;
}

/**
 * A mechanical fix of a value: its replacement, and for a price the currency its text named (the
 * fixer of the issue then sets priceCurrency when that is unambiguous and not another currency).
 */
export interface FixedValue {
  readonly value: string | number | boolean;
  readonly currency?: string;
  /** The currency sign or name as written in the value, when there was one ("$", "€"). */
  readonly currencyWritten?: string;
}

export interface ValueCheck {
  /** kebab-case, equal to the file name and the registry key, e.g. "iso8601-date" */
  name: string;
  /** one line, user-facing, for generated docs ("ISO 8601 date, e.g. 2026-07-21") */
  description: string;
  /** null when the value passes; otherwise a short user-facing reason ("month 13 is out of range") */
  test(value: string | number | boolean): string | null;
  /**
   * True when the search engine resolves a failing value itself, so it still counts as given (a
   * relative URL, resolved against the page's URL as every link is): its issue stays a warning.
   */
  repaired?(value: string | number | boolean): boolean;
  /**
   * The value a failing one mechanically stands for (`"2027-07-21 19:00"` -> `"2027-07-21T19:00"`), or
   * null when the fix is not mechanical (ambiguous, or content would have to be invented). Only called
   * for a value that failed; the caller keeps the answer only when it passes `test`.
   */
  fix?(value: string | number | boolean): FixedValue | null;
  /** The options the check takes, by name; none when absent. */
  readonly options?: Readonly<Record<string, CheckOption>>;
  /** The check with options applied (only names in `options`, of their kind: the compiler made sure). */
  configure?(options: Readonly<Record<string, unknown>>): ValueCheck;
}
