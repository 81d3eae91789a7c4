import { readsAsJson } from "../../../lib/respond.ts";

/** How pasted text is read: a JSON-LD block, or a whole HTML page with its blocks and items. */
export type MarkupFormat = "json" | "html";

/** As the library reads a string: "{" or "[" first is JSON, anything else HTML. */
export function detectFormat(text: string): MarkupFormat {
  return readsAsJson(text, "auto") ? "json" : "html";
}
