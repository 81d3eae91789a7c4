/**
 * JSON-LD as processors read it: a key written as a compact IRI (`"schema:name"`, or `"sc:name"` with
 * `"@context": {"sc": "https://schema.org/"}`) or as a full IRI (`"https://schema.org/name"`, http and www
 * too) is the same term as `name`; so is such an `@type` value (Croissant's `"@type": "sc:Dataset"`). And a
 * term the block's @context maps to another vocabulary is that vocabulary's, whatever it is called:
 * Croissant's `"md5": "cr:md5"` or `"conformsTo": "dct:conformsTo"` are no Schema.org properties, so they
 * are read as `cr:md5` and `dct:conformsTo` (never warned about as unknown Schema.org properties). The
 * engine reads plain terms, so such a block is copied with its keys and types rewritten before it is
 * indexed.
 *
 * Cost: nothing for a block without a ':' in a key or @type and without a @context object defining terms
 * (indexBlock notices them while it walks the keys anyway); the copy is kept only when something in it
 * changed. The caller's value is never changed.
 */
import { isObject, setOwn, type JsonObject } from "../json.ts";
import { shortTypeName } from "./type-names.ts";

const SCHEMA_NAMESPACE = /^https?:\/\/(www\.)?schema\.org\/?$/i;
const SCHEMA_IRI = /^https?:\/\/(?:www\.)?schema\.org\/([A-Za-z][A-Za-z0-9_-]*)$/i;
const COMPACT = /^([A-Za-z][A-Za-z0-9_.-]*):([A-Za-z][A-Za-z0-9_-]*)$/;

/** How the block's contexts name things: the prefixes that mean Schema.org, and terms defined as some IRI. */
export interface BlockTerms {
  /** `schema` (the Schema.org context defines it, and sdv reads `schema:` types as Schema.org already), and every term a @context object maps to the namespace. */
  prefixes: Set<string>;
  /**
   * Terms a @context object defines, each to the name sdv reads it as: the plain Schema.org term when the
   * IRI is one (`"nombre": "sc:name"` is name), else the IRI as written (`"md5": "cr:md5"`). Every
   * definition in the block counts, nested contexts' too: a scoped definition is rarely reused elsewhere.
   */
  terms: Map<string, string>;
}

/** The prefixes and term definitions of every @context object in the block. */
export function blockTerms(value: unknown): BlockTerms {
  const prefixes = new Set(["schema"]);
  const definitions = new Map<string, string>();
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length && visited++ < 100_000) {
    const current = stack.pop();
    if (Array.isArray(current)) for (const item of current) stack.push(item);
    else if (isObject(current)) {
      for (const key in current) {
        const child = current[key];
        if (key === "@context") addContextDefinitions(child, prefixes, definitions);
        else if (typeof child === "object" && child !== null) stack.push(child);
      }
    }
  }
  // Resolved once every prefix is known: a context may define "nombre": "sc:name" before "sc".
  const terms = new Map<string, string>();
  for (const [term, iri] of definitions) {
    if (prefixes.has(term)) continue;
    const read = plainTerm(iri, prefixes);
    // "cr": "http://mlcommons.org/croissant/" is a prefix, not a property: a term read as itself or as
    // a namespace changes nothing.
    if (read !== term && !read.endsWith("/") && !read.endsWith("#")) terms.set(term, read);
  }
  return { prefixes, terms };
}

function addContextDefinitions(context: unknown, prefixes: Set<string>, definitions: Map<string, string>): void {
  // A context array holds strings and objects, never arrays (JSON-LD 1.1): not walked into, however deep.
  if (Array.isArray(context)) {
    for (const c of context) if (!Array.isArray(c)) addContextDefinitions(c, prefixes, definitions);
  } else if (isObject(context))
    for (const [term, iri] of Object.entries(context)) {
      if (term.startsWith("@")) continue;
      const id = isObject(iri) ? iri["@id"] : iri;
      // Keyword aliases ("type": "@type") and IRIs with no scheme or prefix (relative to @vocab) are left
      // as they are: the engine reads keywords by their own names, and a relative term stays a term.
      if (typeof id !== "string" || id.startsWith("@") || id.indexOf(":") === -1) continue;
      if (SCHEMA_NAMESPACE.test(id)) prefixes.add(term);
      else if (definitions.size < MAX_TERM_DEFINITIONS && !definitions.has(term)) definitions.set(term, id);
    }
}

/** Contexts past this many term definitions are read for their first ones only. */
const MAX_TERM_DEFINITIONS = 1_000;

/** Whether a @context value defines any term (a string or a list of strings defines none of its own). */
export function definesTerms(context: unknown): boolean {
  if (Array.isArray(context)) return context.some((c) => !Array.isArray(c) && definesTerms(c));
  if (!isObject(context)) return false;
  for (const key in context) if (key.charCodeAt(0) !== 64 /* @ */) return true;
  return false;
}

/** The plain Schema.org term for a key or type written as a compact or full Schema.org IRI; else the name unchanged. */
export function plainTerm(name: string, prefixes: ReadonlySet<string>): string {
  if (name.indexOf(":") === -1) return name;
  const full = SCHEMA_IRI.exec(name);
  if (full) return full[1];
  const compact = COMPACT.exec(name);
  return compact && prefixes.has(compact[1]) ? compact[2] : name;
}

/** The name sdv reads a key or type as: its context definition, else its plain Schema.org term. */
export function readTerm(name: string, { prefixes, terms }: BlockTerms): string {
  return terms.get(name) ?? plainTerm(name, prefixes);
}

/**
 * A copy of the block with keys and @type values read as readTerm reads them (a plain key already there
 * wins), each original object or array to its copy (to re-point an @id index), and whether any name
 * changed (when none did, the copy is not worth keeping).
 */
export function withPlainTerms(value: unknown, names: BlockTerms): { value: unknown; copies: Map<object, unknown>; changed: boolean } {
  const copies = new Map<object, unknown>();
  let changed = false;
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
      const child = source[key];
      if (key === "@type") {
        const types = typeValue(child, names);
        // The engine reads "https://schema.org/Product" and "schema:Product" as Product itself
        // (shortTypeName): only another change is worth the copy (which loses the block's patches).
        if (types !== child && !readAsWritten(child, types)) changed = true;
        setOwn(out, key, types);
        continue;
      }
      const term = key.charCodeAt(0) === 64 /* @ */ ? key : readTerm(key, names);
      if (term !== key && Object.prototype.hasOwnProperty.call(source, term)) {
        setOwn(out, key, copy(child, depth + 1));
        continue;
      }
      if (term !== key) changed = true;
      setOwn(out, term, copy(child, depth + 1));
    }
    return out;
  };
  const copied = copy(value, 0);
  return { value: copied, copies, changed };
}

/** The read types are what the engine makes of the written ones anyway. */
function readAsWritten(written: unknown, read: unknown): boolean {
  if (typeof written === "string") return typeof read === "string" && shortTypeName(written) === read;
  if (!Array.isArray(written) || !Array.isArray(read)) return false;
  return written.every((t, i) => (typeof t === "string" ? shortTypeName(t) === read[i] : t === read[i]));
}

/** The @type value with its names read; the same value when none changes. */
function typeValue(value: unknown, names: BlockTerms): unknown {
  if (typeof value === "string") return readTerm(value, names);
  if (!Array.isArray(value)) return value;
  const read = value.map((t) => (typeof t === "string" ? readTerm(t, names) : t));
  return read.some((t, i) => t !== value[i]) ? read : value;
}
