/**
 * JSON-LD as processors read it: a key written as a compact IRI (`"schema:name"`, or `"s:name"` with
 * `"@context": {"s": "https://schema.org/"}`) or as a full IRI (`"https://schema.org/name"`, http and www
 * too) is the same term as `name`; so is such an `@type` value. The engine reads plain terms, so a block
 * with such keys is copied with them rewritten before it is indexed.
 *
 * Cost: nothing for a block without a ':' in a key (indexBlock notices one while it walks the keys
 * anyway); the copy is made only for a block that has one. The caller's value is never changed.
 */
import { isObject, setOwn, type JsonObject } from "../json.ts";

const SCHEMA_NAMESPACE = /^https?:\/\/(www\.)?schema\.org\/?$/i;
const SCHEMA_IRI = /^https?:\/\/(?:www\.)?schema\.org\/([A-Za-z][A-Za-z0-9_-]*)$/i;
const COMPACT = /^([A-Za-z][A-Za-z0-9_.-]*):([A-Za-z][A-Za-z0-9_-]*)$/;

/**
 * Prefixes that name Schema.org in the block: `schema` (the Schema.org context defines it, and sdv reads
 * `schema:` types as Schema.org already), and every term a @context object maps to the namespace.
 */
export function schemaPrefixes(value: unknown): Set<string> {
  const prefixes = new Set(["schema"]);
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length && visited++ < 100_000) {
    const current = stack.pop();
    if (Array.isArray(current)) for (const item of current) stack.push(item);
    else if (isObject(current)) {
      for (const key in current) {
        const child = current[key];
        if (key === "@context") addContextPrefixes(child, prefixes);
        else if (typeof child === "object" && child !== null) stack.push(child);
      }
    }
  }
  return prefixes;
}

function addContextPrefixes(context: unknown, prefixes: Set<string>): void {
  // A context array holds strings and objects, never arrays (JSON-LD 1.1): not walked into, however deep.
  if (Array.isArray(context)) {
    for (const c of context) if (!Array.isArray(c)) addContextPrefixes(c, prefixes);
  } else if (isObject(context))
    for (const [term, iri] of Object.entries(context)) {
      const id = isObject(iri) ? iri["@id"] : iri;
      if (typeof id === "string" && SCHEMA_NAMESPACE.test(id) && !term.startsWith("@")) prefixes.add(term);
    }
}

/** The plain Schema.org term for a key or type written as a compact or full Schema.org IRI; else the name unchanged. */
export function plainTerm(name: string, prefixes: ReadonlySet<string>): string {
  if (name.indexOf(":") === -1) return name;
  const full = SCHEMA_IRI.exec(name);
  if (full) return full[1];
  const compact = COMPACT.exec(name);
  return compact && prefixes.has(compact[1]) ? compact[2] : name;
}

/**
 * A copy of the block with Schema.org IRIs as keys and @type values turned into plain terms (a plain key
 * already there wins), and each original object or array to its copy (to re-point an @id index).
 */
export function withPlainTerms(value: unknown, prefixes: ReadonlySet<string>): { value: unknown; copies: Map<object, unknown> } {
  const copies = new Map<object, unknown>();
  const copy = (current: unknown, depth: number): unknown => {
    if (typeof current !== "object" || current === null || depth > 512) return current;
    const done = copies.get(current);
    if (done !== undefined) return done;
    if (Array.isArray(current)) {
      const out: unknown[] = [];
      copies.set(current, out);
      for (const item of current) out.push(copy(item, depth + 1));
      return out;
    }
    const out: JsonObject = {};
    copies.set(current, out);
    const source = current as JsonObject;
    for (const key in source) {
      if (key === "@context") {
        out[key] = source[key];
        continue;
      }
      const term = plainTerm(key, prefixes);
      if (term !== key && Object.prototype.hasOwnProperty.call(source, term)) {
        setOwn(out, key, copy(source[key], depth + 1));
        continue;
      }
      const child = source[key];
      setOwn(out, term, key === "@type" ? typeValue(child, prefixes) : copy(child, depth + 1));
    }
    return out;
  };
  return { value: copy(value, 0), copies };
}

function typeValue(value: unknown, prefixes: ReadonlySet<string>): unknown {
  if (typeof value === "string") return plainTerm(value, prefixes);
  if (Array.isArray(value)) return value.map((t) => (typeof t === "string" ? plainTerm(t, prefixes) : t));
  return value;
}
