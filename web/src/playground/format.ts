/** How pasted text is read: a JSON-LD block, or a whole HTML page with its blocks and items. */
export type MarkupFormat = "json" | "html";

/** Mirrors lib/index.ts: "{" or "[" first is JSON, anything else HTML. */
export function detectFormat(text: string): MarkupFormat {
  const first = text.trimStart().charAt(0);
  return first === "{" || first === "[" ? "json" : "html";
}
