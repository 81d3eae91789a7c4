import type { ValueCheck } from "./value-check.ts";

// Zero-width characters are not \s in JavaScript but show nothing, so they don't count as content.
const VISIBLE = /[^\s\u200B-\u200D\u2060]/;

export const nonEmptyText: ValueCheck = {
  name: "non-empty-text",
  description: "text with at least one visible character",
  test(value) {
    if (typeof value !== "string") return `expected text, not the ${typeof value} ${value}`;
    if (VISIBLE.test(value)) return null;
    return value.length === 0 ? "empty text" : "the text is only whitespace";
  },
};
