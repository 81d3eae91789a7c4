/** The batch body's schema errors as one 400 that names the item and what is wrong with it. */
import { ApiError } from "../../errors.ts";
import { BATCH_MAX_ITEMS } from "../../openapi/schemas.ts";

export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** A 400 invalid_request that names the item (items[3]) and what is wrong with it. */
export function batchShapeError(errors: AjvError[], body: unknown): ApiError {
  const error = errors.find((e) => e.keyword === "anyOf" && e.instancePath.endsWith("/jsonld")) ?? errors[0];
  const bad = (message: string) => new ApiError("invalid_request", message);
  const usage = 'Send {"items": [{"url": "..."} or {"jsonld": {...}}, ...]}.';
  if (error === undefined) return bad(`The request body is invalid. ${usage}`);
  const segments = error.instancePath.split("/").filter((s) => s !== "");
  if (segments[0] !== "items" || segments.length === 1) {
    const count = Array.isArray((body as { items?: unknown } | null)?.items) ? (body as { items: unknown[] }).items.length : 0;
    switch (error.keyword) {
      case "maxItems":
        return bad(`A batch holds at most ${BATCH_MAX_ITEMS} items; this one has ${count}. Split it into several requests.`);
      case "minItems":
        return bad(`items is empty: a batch holds 1 to ${BATCH_MAX_ITEMS} items.`);
      case "required":
        return bad(`The field items is required. ${usage}`);
      case "additionalProperties":
        return bad(`Unknown field ${JSON.stringify(String(error.params.additionalProperty ?? ""))}. ${usage}`);
      case "enum":
        return bad(`profile must be one of: spec, google.`);
    }
    return bad(segments.length === 0 ? `The request body must be a JSON object. ${usage}` : `items must be an array. ${usage}`);
  }
  const where = `items[${segments[1]}]`;
  const field = segments[2];
  if (field === "jsonld") return bad(`${where}.jsonld must be an object, a non-empty array of objects, or a string holding JSON text.`);
  if (field === "url") return bad(`${where}.url must be a string.`);
  if (field === "profile") return bad(`${where}.profile must be one of: spec, google.`);
  const item = (body as { items: unknown[] }).items[Number(segments[1])];
  const unknownKey = typeof item === "object" && item !== null && !Array.isArray(item) ? Object.keys(item).find((k) => k !== "url" && k !== "jsonld" && k !== "profile" && k !== "render") : undefined;
  if (unknownKey !== undefined) return bad(`${where} has an unknown field ${JSON.stringify(unknownKey)}: an item is {"url": ...} or {"jsonld": ...}.`);
  if ((error.keyword === "oneOf" || error.keyword === "required") && typeof item === "object" && item !== null && !Array.isArray(item)) {
    return "url" in item && "jsonld" in item ? bad(`${where} gives both url and jsonld: give only one.`) : bad(`${where} is empty: give one of url and jsonld.`);
  }
  switch (error.keyword) {
    case "additionalProperties":
      return bad(`${where} has an unknown field ${JSON.stringify(String(error.params.additionalProperty ?? ""))}: an item is {"url": ...} or {"jsonld": ...}.`);
    case "minProperties":
      return bad(`${where} is empty: give one of url and jsonld.`);
    case "maxProperties":
      return bad(`${where} gives both url and jsonld: give only one.`);
  }
  return bad(`${where} must be an object {"url": ...} or {"jsonld": ...}.`);
}
