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

/**
 * `object[key] = value` as JSON.parse makes it: an own property even for the key `__proto__`, which an
 * assignment would take as the object's prototype (the Microdata `itemprop="__proto__"` was dropped, not
 * reported as an unknown property).
 */
export function setOwn(object: JsonObject, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}
