/**
 * A large batch body, parsed in a worker like a large validate body (inspect-body.ts): the main thread
 * gets a small stand-in of the same shape for the route's schema checks, and for each raw JSON-LD item
 * either its text (to validate in a worker again, a flat copy instead of a structured clone) or, for a
 * jsonld string, whether it parses.
 */
import sjson from "secure-json-parse";
import { checkText, stubJsonLd, stubValue, type JsonLdTextCheck } from "./inspect-body.ts";
import { jsonText } from "./json-text.ts";

/** What the worker kept of item i: `body` is `{"jsonld": ...}` as JSON text; `check` for a jsonld string. */
export interface KeptItem {
  body?: string;
  check?: JsonLdTextCheck;
}

export type BatchInspection = { ok: false } | { ok: true; stub: unknown; items: Array<KeptItem | null> };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function inspectBatch(text: string): BatchInspection {
  let value: unknown;
  try {
    value = sjson.parse(text, { protoAction: "error", constructorAction: "error" });
  } catch {
    return { ok: false };
  }
  if (!isPlainObject(value)) return { ok: true, stub: stubValue(value), items: [] };
  const stub: Record<string, unknown> = {};
  for (const key of Object.keys(value)) stub[key] = stubValue(value[key]);
  const items = value.items;
  if (!Array.isArray(items)) return { ok: true, stub, items: [] };
  const kept: Array<KeptItem | null> = [];
  stub.items = items.map((item) => {
    if (!isPlainObject(item)) {
      kept.push(null);
      return stubValue(item);
    }
    const small: Record<string, unknown> = {};
    for (const key of Object.keys(item)) small[key] = key === "jsonld" ? stubJsonLd(item[key]) : stubValue(item[key]);
    const jsonld = item.jsonld;
    if (typeof jsonld === "string") kept.push({ check: checkText(jsonld) });
    else if (jsonld !== undefined) kept.push({ body: jsonText({ jsonld }) });
    else kept.push(null);
    return small;
  });
  return { ok: true, stub, items: kept };
}
