export type JsonObject = { [key: string]: unknown };

export const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** JSON Pointer segment escaping (RFC 6901). */
export const escapePointer = (segment: string): string =>
  segment.indexOf("~") === -1 && segment.indexOf("/") === -1 ? segment : segment.replace(/~/g, "~0").replace(/\//g, "~1");

/** `{"@id": ...}` and nothing else (an `@context` aside): a reference to a node defined elsewhere on the page. */
export function isReferenceOnly(node: JsonObject): boolean {
  for (const key in node) if (key !== "@id" && key !== "@context") return false;
  return true;
}
