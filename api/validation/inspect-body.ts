/**
 * A large request body, parsed in a worker: the main thread never parses (nor clones) it. JSON.parse of
 * one object with 30,000 keys alone took 30-100 ms. The worker parses with the same rules as the app's
 * JSON parser (secure-json-parse, prototype poisoning refused) and hands back a stand-in body of the same
 * shape for the route's schema checks: the same keys, url as written, a jsonld string as written, and an
 * object or a list of objects as a small one. The route validates the real text later, in a worker again.
 */
import sjson from "secure-json-parse";
import { parseBlock } from "../../runtime/parse-block.ts";
import { asValidateBody } from "./validation-job.ts";

/** Whether a jsonld string parses, checked where it is large (in the worker). */
export type JsonLdTextCheck = { ok: true; objects: boolean } | { ok: false; offset: number; message: string };

export type BodyInspection = { ok: false } | { ok: true; stub: unknown; jsonldText?: JsonLdTextCheck };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function inspectBody(text: string, ldJson: boolean): BodyInspection {
  let value: unknown;
  try {
    value = sjson.parse(text, { protoAction: "error", constructorAction: "error" });
  } catch {
    return { ok: false };
  }
  const body = asValidateBody(value, ldJson);
  if (!isPlainObject(body)) return { ok: true, stub: stubValue(body) };
  const stub: Record<string, unknown> = {};
  for (const key of Object.keys(body)) stub[key] = key === "jsonld" ? stubJsonLd(body[key]) : stubValue(body[key]);
  const jsonld = body.jsonld;
  return typeof jsonld === "string" ? { ok: true, stub, jsonldText: checkText(jsonld) } : { ok: true, stub };
}

/** A value of the same JSON type (enough for a type check), small. */
export function stubValue(v: unknown): unknown {
  if (Array.isArray(v)) return [];
  if (isPlainObject(v)) return {};
  return v;
}

/** jsonld's schema: an object, a non-empty list of objects, or a string; the stand-in fails where the value does. */
export function stubJsonLd(v: unknown): unknown {
  if (!Array.isArray(v)) return stubValue(v);
  if (v.length === 0) return [];
  const firstNonObject = v.findIndex((item) => !isPlainObject(item));
  if (firstNonObject === -1) return [{}];
  return [...Array.from({ length: firstNonObject }, () => ({})), stubValue(v[firstNonObject])];
}

export function checkText(text: string): JsonLdTextCheck {
  const parsed = parseBlock(text);
  if (!parsed.ok) return { ok: false, offset: parsed.offset, message: parsed.message };
  const value = parsed.value;
  const objects = Array.isArray(value) ? value.length > 0 && value.every(isPlainObject) : isPlainObject(value);
  return { ok: true, objects };
}
