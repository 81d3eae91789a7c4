/**
 * Turns a parsed block into the nodes to report (root object, root array items, @graph members,
 * nested @graph too) and indexes every node with an @id for reference look-ups. Iterative with
 * explicit caps: hostile nesting gives an issue, never a stack overflow.
 */
import { escapePointer, isObject, type JsonObject } from "../json.ts";
import { definesTerms } from "./schema-terms.ts";

export const MAX_DEPTH = 256;
export const MAX_NODES = 100_000;

export interface Entity {
  node: JsonObject;
  /** JSON Pointer inside the block. */
  path: string;
  block: number;
  /** A schema.org @context is in force for the node (its own or its container's). */
  hasContext: boolean;
  /** Without one: the other vocabulary the @context in force names (foreignVocabulary), if any. */
  foreignVocabulary?: string;
}

export interface CollectProblems {
  tooDeep: string | null;
  tooLarge: boolean;
  /**
   * A key or @type holds ':' (a compact or full IRI), or a @context object defines terms: the block may
   * name Schema.org terms otherwise than plainly, and is read again (graph/schema-terms.ts).
   */
  termsToRead: boolean;
}

/** Reportable nodes of one block, in document order. */
export function topLevelEntities(value: unknown, block: number): Entity[] {
  // The usual block, one node without a @graph, answered without the walk's stack of tuples.
  if (isObject(value) && value["@graph"] === undefined) return [entityOf(value, "", block, isSchemaOrgContext(value["@context"]), undefined)];
  const out: Entity[] = [];
  // Stack of [value, path, graphDepth, schema.org context inherited, other vocabulary inherited]; pushed in reverse to keep document order.
  const stack: Array<[unknown, string, number, boolean, string | undefined]> = [[value, "", 0, false, undefined]];
  while (stack.length) {
    const [current, path, depth, inherited, inheritedForeign] = stack.pop()!;
    if (depth > 16) continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], `${path}/${i}`, depth + 1, inherited, inheritedForeign]);
      continue;
    }
    if (!isObject(current)) continue;
    const hasContext = inherited || isSchemaOrgContext(current["@context"]);
    const foreign = hasContext ? undefined : (foreignVocabulary(current["@context"]) ?? inheritedForeign);
    const graph = current["@graph"];
    if (graph !== undefined) {
      // A graph container with a type of its own is reported too.
      if (current["@type"] !== undefined) out.push(entityOf(current, path, block, hasContext, foreign));
      const items = Array.isArray(graph) ? graph : [graph];
      for (let i = items.length - 1; i >= 0; i--) stack.push([items[i], Array.isArray(graph) ? `${path}/@graph/${i}` : `${path}/@graph`, depth + 1, hasContext, foreign]);
      continue;
    }
    out.push(entityOf(current, path, block, hasContext, foreign));
  }
  return out;
}

function entityOf(node: JsonObject, path: string, block: number, hasContext: boolean, inheritedForeign: string | undefined): Entity {
  if (hasContext) return { node, path, block, hasContext };
  const foreign = foreignVocabulary(node["@context"]) ?? inheritedForeign;
  return foreign === undefined ? { node, path, block, hasContext } : { node, path, block, hasContext, foreignVocabulary: foreign };
}

/**
 * The vocabulary other than Schema.org that a @context makes the node's terms belong to: the retired
 * data-vocabulary.org (as the context or its @vocab), or any other IRI as @vocab. Its "Recipe" is
 * no Schema.org Recipe. Undefined for no context, or one that says nothing of the node's terms (a
 * remote context sdv does not fetch).
 */
export function foreignVocabulary(context: unknown): string | undefined {
  if (typeof context === "string") return DATA_VOCABULARY.test(context) ? context.trim() : undefined;
  if (Array.isArray(context)) {
    for (const c of context) {
      if (Array.isArray(c)) continue;
      const found = foreignVocabulary(c);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (isObject(context)) {
    const vocab = context["@vocab"];
    if (typeof vocab === "string" && /^[a-z][a-z0-9+.-]*:/i.test(vocab.trim()) && !isSchemaOrgContext(vocab)) return vocab.trim();
  }
  return undefined;
}

const DATA_VOCABULARY = /^\s*https?:\/\/(www\.)?data-vocabulary\.org(\/.*)?\s*$/i;

/** "https://schema.org", "http://schema.org/", ["...", {...}] or {"@vocab": "https://schema.org/"}. */
const SCHEMA_ORG_CONTEXT = /^https?:\/\/(www\.)?schema\.org(\/|\/docs\/jsonldcontext\.json(ld)?)?$/i;

/** The spellings nearly every page writes, answered without the pattern (each matches it). */
const COMMON_CONTEXTS: ReadonlySet<string> = new Set(["https://schema.org", "https://schema.org/", "http://schema.org", "http://schema.org/"]);

export function isSchemaOrgContext(context: unknown): boolean {
  if (typeof context === "string") return COMMON_CONTEXTS.has(context) || SCHEMA_ORG_CONTEXT.test(context.trim());
  // A context array holds strings and objects, never arrays (JSON-LD 1.1, context processing): one
  // nested 8,000 deep overflowed the stack.
  if (Array.isArray(context)) return context.some((c) => !Array.isArray(c) && isSchemaOrgContext(c));
  // A prefix for the namespace ({"s": "https://schema.org/"}) makes its compact IRIs Schema.org terms (graph/schema-terms.ts).
  if (isObject(context)) {
    const vocab = context["@vocab"];
    return (typeof vocab === "string" && isSchemaOrgContext(vocab)) || Object.keys(context).some((k) => !k.startsWith("@") && typeof context[k] === "string" && isSchemaOrgContext(context[k]));
  }
  return false;
}

/** Later definitions of one @id kept for merging (graph/node-views.ts); past this many, the first ones only. */
export const MAX_OTHER_DEFINITIONS = 10_000;

/**
 * Walks every object of a block once: indexes @id nodes (first full definition wins; the later ones,
 * with properties of their own, go to `others`: JSON-LD makes one node of them all) and measures depth
 * and size against the caps.
 */
export function indexBlock(value: unknown, ids: Map<string, JsonObject>, others?: OtherDefinitions): CollectProblems {
  const problems: CollectProblems = { tooDeep: null, tooLarge: false, termsToRead: false };
  let termsToRead = false;
  // Two stacks side by side (value, depth) rather than a pair per entry: nothing allocated per node.
  // Pointers only for the deep case, rebuilt on demand.
  const stack: unknown[] = [value];
  const depths: number[] = [0];
  let visited = 0;
  while (stack.length) {
    const current = stack.pop();
    const depth = depths.pop()!;
    if (++visited > MAX_NODES) {
      problems.tooLarge = true;
      break;
    }
    if (depth > MAX_DEPTH) {
      problems.tooDeep ??= deepPointer(value);
      continue;
    }
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) {
        const item = current[i];
        if (typeof item === "object" && item !== null) {
          stack.push(item);
          depths.push(depth + 1);
        }
      }
    } else if (typeof current === "object" && current !== null) {
      const obj = current as JsonObject;
      // Everything is read off the one walk over the keys: a named read (obj["@type"]) on objects of
      // every shape is a slow look-up, three per object cost more than the walk itself.
      let id: string | undefined;
      let definesMore = false;
      for (const key in obj) {
        const child = obj[key];
        const first = key.charCodeAt(0);
        if (first === 64 /* @ */) {
          if (key === "@id") {
            if (typeof child === "string") id = child;
          } else if (key === "@context") {
            if (!termsToRead && definesTerms(child)) termsToRead = true;
          } else {
            definesMore = true;
            if (key === "@type" && !termsToRead && namesWithPrefix(child)) termsToRead = true;
          }
        } else {
          definesMore = true;
          if (!termsToRead && mayReadAsSchemaTerm(first) && mayBeSchemaIri(key)) termsToRead = true;
        }
        if (typeof child === "object" && child !== null) {
          stack.push(child);
          depths.push(depth + 1);
        }
      }
      // A bare {"@id"} (or one with only a @context) refers to a node; it defines none.
      if (id !== undefined && definesMore) {
        const known = ids.get(id);
        if (known === undefined) ids.set(id, obj);
        else if (known !== obj && others !== undefined) others.add(id, obj);
      }
    }
  }
  problems.termsToRead = termsToRead;
  return problems;
}

/**
 * A key schema-terms.ts may read as a plain term without a @context defining it (a defining context is
 * noticed by definesTerms): "schema:name", or "http://schema.org/name" and https, any case. Its colon
 * sits at 6, 4 or 5, and it is 8 characters at least; the test reads no more than that, as it runs
 * for every key of every block (an indexOf per key cost about 5% of validating a small block).
 */
function mayBeSchemaIri(key: string): boolean {
  return key.length >= 8 && (key.charCodeAt(6) === 58 || key.charCodeAt(4) === 58 || key.charCodeAt(5) === 58);
}

/**
 * Whether a name starting with the character `first` may be one schema-terms.ts reads as a plain term
 * without a @context defining terms (a defining context is noticed by definesTerms): only "schema:..."
 * (the prefix as written, lower case) and "http(s)://schema.org/..." (any case) are. Every key and @type
 * of every block passes here, and most start with another letter: their colons are not looked for
 * (three character reads per key cost about 3% of validating a product).
 */
function mayReadAsSchemaTerm(first: number): boolean {
  return first === 115 /* s */ || (first | 32) === 104 /* h, H */;
}

/**
 * An @type value with a compact or full IRI in it ("sc:Dataset") that schema-terms.ts may read as a
 * plain type without a defining @context (mayReadAsSchemaTerm; "sc:Dataset" is read through the
 * context that defines "sc", which definesTerms notices).
 */
function namesWithPrefix(types: unknown): boolean {
  if (typeof types === "string") return mayReadAsSchemaTerm(types.charCodeAt(0)) && types.indexOf(":") !== -1;
  if (!Array.isArray(types)) return false;
  for (const t of types) if (typeof t === "string" && mayReadAsSchemaTerm(t.charCodeAt(0)) && t.indexOf(":") !== -1) return true;
  return false;
}

/** The definitions of an @id after its first, in document order, bounded in all. */
export class OtherDefinitions {
  /** Made on the first later definition: most inputs define each @id once, and this runs per input. */
  #byId: Map<string, JsonObject[]> | null = null;
  #count = 0;

  get byId(): ReadonlyMap<string, JsonObject[]> {
    return this.#byId ?? NO_DEFINITIONS;
  }

  add(id: string, node: JsonObject): void {
    if (this.#count >= MAX_OTHER_DEFINITIONS) return;
    this.#count++;
    const byId = (this.#byId ??= new Map());
    const list = byId.get(id);
    if (list === undefined) byId.set(id, [node]);
    else list.push(node);
  }
}

const NO_DEFINITIONS: ReadonlyMap<string, JsonObject[]> = new Map();

/** The pointer of the first place nesting passes the cap (only computed when it does). */
function deepPointer(value: unknown): string {
  // Depth first, each entry remembering the one it is in: the pointer is the way down to the first value
  // past the cap, wherever it is (following the first object of each level named a shallow place).
  const values: unknown[] = [value];
  const parents: number[] = [-1];
  const segments: string[] = [""];
  const depths: number[] = [0];
  const stack: number[] = [0];
  let visited = 0;
  while (stack.length > 0 && visited++ < MAX_NODES) {
    const at = stack.pop()!;
    const current = values[at];
    if (depths[at] > MAX_DEPTH) {
      const out: string[] = [];
      for (let i = at; i > 0; i = parents[i]) out.push(segments[i]);
      return out.length ? "/" + out.reverse().join("/") : "";
    }
    const push = (child: unknown, segment: string) => {
      if (typeof child !== "object" || child === null) return;
      values.push(child);
      parents.push(at);
      segments.push(segment);
      depths.push(depths[at] + 1);
      stack.push(values.length - 1);
    };
    // Pushed in reverse, so that the first deep place in document order is found first.
    if (Array.isArray(current)) for (let i = current.length - 1; i >= 0; i--) push(current[i], String(i));
    else if (isObject(current)) {
      const keys = Object.keys(current);
      for (let k = keys.length - 1; k >= 0; k--) push(current[keys[k]], escapePointer(keys[k]));
    }
  }
  return "";
}
