// Helpers shared by the checks. Everything here runs only once a value has failed, except
// `digitAt` and `twoDigits`, which are the allocation-free building blocks of the parsers.

/** The digit at s[i], or -1 (also past the end, where charCodeAt gives NaN). */
export function digitAt(s: string, i: number): number {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -1;
}

/** The two-digit number at s[i], or -1. */
export function twoDigits(s: string, i: number): number {
  const a = digitAt(s, i);
  const b = digitAt(s, i + 1);
  return a < 0 || b < 0 ? -1 : a * 10 + b;
}

/** The value as written in JSON, cut short so that a message stays on one line. */
export function show(value: string | number | boolean): string {
  if (typeof value !== "string") return String(value);
  return JSON.stringify(value.length > 40 ? value.slice(0, 37) + "..." : value);
}

/** For a number or boolean where text is expected. */
export function expectedText(what: string, value: number | boolean): string {
  return `expected ${what} as text, not the ${typeof value} ${value}`;
}

const OUTER_SPACE = /^\s|\s$/;

/**
 * Wraps a text check so that a value failing only because of surrounding whitespace gets
 * that as its reason, instead of a format message the user would not understand.
 */
export function trimAware(check: (s: string) => string | null): (s: string) => string | null {
  return (s) => {
    const reason = check(s);
    if (reason === null || !OUTER_SPACE.test(s)) return reason;
    const trimmed = s.trim();
    return trimmed !== "" && check(trimmed) === null ? "remove the spaces around the value" : reason;
  };
}
