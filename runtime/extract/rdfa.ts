/**
 * RDFa -> JSON-LD-like nodes: RDFa Lite 1.1 (vocab, typeof, property, resource, prefix) and the
 * parts of RDFa 1.1 Core real pages use: about, rel (hanging rels completed by the next subject),
 * href/src as objects, content and datatype, chaining, blank nodes, and the initial context's
 * prefixes (`schema:` among them, for the search engine's examples that use it without declaring it).
 *
 * The processing sequence is RDFa 1.1 Core section 7.5, simplified where the outcome for
 * structured data is the same: no rev (inverse links are not how Schema.org markup is written),
 * no lists (inlist), literal datatypes are kept as text, and rel takes only CURIEs and IRIs (plain
 * HTML link types like rel="nofollow" or "stylesheet" are not RDFa terms for this purpose).
 * Elements with href/src but no RDFa attribute are read only as the object of a hanging rel on
 * their nearest RDFa element (`<div rel="schema:image"><img src="...">`): the tree keeps only
 * elements with item attributes, and those.
 *
 * The triples become nodes: typed subjects that no typed subject links to are top-level; linked
 * nodes are embedded where they are linked (a node linked from several places appears in each,
 * a cycle is written as an {"@id"} reference). Only typed nodes are reported: the untyped page
 * subject carries Open Graph and Dublin Core meta tags on almost every page, and that is not
 * structured data anyone asked to validate.
 */
import type { JsonObject } from "../json.ts";
import { escapePointer, setOwn } from "../json.ts";
import type { ItemElement, ItemTree } from "./html-items.ts";
import { TEXT_ONLY_ELEMENTS, textReader, type TextReader } from "./html-text.ts";
import { MAX_ITEM_DEPTH, MAX_ITEMS, MAX_VALUES, isSchemaOrgIri, resolveUrl, tokens, vocabularyName, type ItemBlock } from "./item-block.ts";

/** The RDFa 1.1 initial context prefixes that structured data uses. */
const INITIAL_PREFIXES: Record<string, string> = {
  schema: "http://schema.org/",
  og: "http://ogp.me/ns#",
  dc: "http://purl.org/dc/terms/",
  dcterms: "http://purl.org/dc/terms/",
  dc11: "http://purl.org/dc/elements/1.1/",
  foaf: "http://xmlns.com/foaf/0.1/",
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  rdfs: "http://www.w3.org/2000/01/rdf-schema#",
  xsd: "http://www.w3.org/2001/XMLSchema#",
  owl: "http://www.w3.org/2002/07/owl#",
  skos: "http://www.w3.org/2004/02/skos/core#",
  dcat: "http://www.w3.org/ns/dcat#",
  cc: "http://creativecommons.org/ns#",
  sioc: "http://rdfs.org/sioc/ns#",
  v: "http://rdf.data-vocabulary.org/#",
  gr: "http://purl.org/goodrelations/v1#",
  vcard: "http://www.w3.org/2006/vcard/ns#",
};

interface Value {
  /** A literal, or the id of a node (IRI or `_:` blank node). */
  literal?: string;
  ref?: string;
  /** Offset of the element carrying the property. */
  at: number;
}

interface GraphNode {
  id: string;
  types: string[];
  /** The types as a Set beside the list (made with the first): whether a type is known in O(1). */
  typeSet?: Set<string>;
  props: Map<string, Value[]>;
  /** Offset of the element that typed or first named the node. */
  at: number;
  /** property + "\u0000" + object id of every link, so a link is added once in O(1). */
  links: Set<string>;
}

interface Context {
  vocab: string | null;
  prefixes: Record<string, string>;
  parentObject: string;
  /** Hanging rels waiting for the next subject below: [subject, property]. */
  incomplete: Array<[string, string]>;
}

export function extractRdfa(tree: ItemTree, html: string, base: string | null): ItemBlock {
  const block: ItemBlock = { syntax: "rdfa", items: [], offsets: new Map(), truncated: null };
  const graph = new Graph();
  const readText = textReader(html);
  const doc = base ?? "";
  const stack: Array<[ItemElement, Context]> = [];
  const rootContext: Context = { vocab: null, prefixes: INITIAL_PREFIXES, parentObject: doc, incomplete: [] };
  for (let i = tree.roots.length - 1; i >= 0; i--) stack.push([tree.roots[i], rootContext]);
  while (stack.length) {
    const [el, ctx] = stack.pop()!;
    const next = processElement(el, ctx, graph, readText, base);
    if (graph.truncated !== null) {
      block.truncated = graph.truncated;
      break;
    }
    for (let i = el.children.length - 1; i >= 0; i--) stack.push([el.children[i], next]);
  }
  toNodes(graph, block);
  return block;
}

class Graph {
  readonly nodes = new Map<string, GraphNode>();
  /** Typed nodes in the order they were typed. */
  readonly typed: GraphNode[] = [];
  private blank = 0;
  private values = 0;
  truncated: string | null = null;

  /**
   * A blank node of sdv's own. Its label holds a character no page's label does (a page's `_:b0` is an
   * author's name, and taking it merged that node with the first generated one: an offer read as the
   * product itself).
   */
  newBlank(): string {
    return `_:\u0000${this.blank++}`;
  }

  node(id: string, at: number): GraphNode {
    let node = this.nodes.get(id);
    if (!node) {
      if (this.nodes.size >= MAX_VALUES) this.truncated = `the page holds more than ${MAX_VALUES} RDFa subjects`;
      node = { id, types: [], props: new Map(), at, links: new Set() };
      this.nodes.set(id, node);
    }
    return node;
  }

  addType(id: string, type: string, at: number): void {
    const node = this.node(id, at);
    if (node.types.length === 0) {
      node.at = at;
      this.typed.push(node);
    }
    // The types as a Set beside the list: a typeof of 30,000 names asked the list for each (60 s).
    const seen = (node.typeSet ??= new Set(node.types));
    // Past MAX_TYPES a node's types are not read: each is written out wherever the node is linked from
    // (a subject of 20,000 types linked from 1,600 took 6 s and 781 MB). Real subjects give one or two.
    if (!seen.has(type) && node.types.length < MAX_TYPES) {
      seen.add(type);
      node.types.push(type);
    }
  }

  add(subject: string, property: string, value: Value): void {
    if (++this.values > MAX_VALUES) {
      this.truncated = `the page holds more than ${MAX_VALUES} RDFa property values`;
      return;
    }
    const node = this.node(subject, value.at);
    if (value.ref !== undefined) {
      // A graph is a set: a hanging rel completed by several children links once.
      const link = property + "\u0000" + value.ref;
      if (node.links.has(link)) return;
      node.links.add(link);
    }
    let list = node.props.get(property);
    if (!list) node.props.set(property, (list = []));
    list.push(value);
  }
}

function processElement(el: ItemElement, ctx: Context, graph: Graph, readText: TextReader, base: string | null): Context {
  const a = el.attrs;
  let vocab = ctx.vocab;
  if (a.vocab !== undefined) vocab = a.vocab.trim() === "" ? null : resolveUrl(a.vocab, base);
  let prefixes = ctx.prefixes;
  if (a.prefix !== undefined) prefixes = withPrefixes(prefixes, parsePrefixes(a.prefix));
  const scope: Scope = { vocab, prefixes, base };

  const rels = a.rel !== undefined ? tokens(a.rel).map((t) => (t.indexOf(":") === -1 ? null : expand(t, scope))).filter((x): x is string => x !== null) : [];
  const hasRel = rels.length > 0;
  const properties = a.property !== undefined ? tokens(a.property).map((t) => expand(t, scope)).filter((x): x is string => x !== null) : [];
  const types = a.typeof !== undefined ? tokens(a.typeof).map((t) => expand(t, scope)).filter((x): x is string => x !== null) : [];
  const hasTypeof = a.typeof !== undefined;
  const about = a.about !== undefined ? resource(a.about, scope) : null;
  const object = a.resource !== undefined ? resource(a.resource, scope) : a.href !== undefined ? resolveUrl(a.href, base) : a.src !== undefined ? resolveUrl(a.src, base) : null;

  let newSubject: string | null = null;
  let currentObject: string | null = null;
  let typed: string | null = null;
  let skip = false;

  if (!hasRel) {
    if (a.property !== undefined && a.content === undefined && a.datatype === undefined) {
      newSubject = about ?? ctx.parentObject;
      if (about !== null && hasTypeof) typed = about;
      if (hasTypeof && about === null) typed = currentObject = object ?? graph.newBlank();
    } else {
      newSubject = about ?? object ?? (hasTypeof ? graph.newBlank() : null);
      if (hasTypeof) typed = newSubject;
      if (newSubject === null) {
        newSubject = ctx.parentObject;
        skip = a.property === undefined;
      }
    }
  } else {
    newSubject = about ?? ctx.parentObject;
    if (about !== null && hasTypeof) typed = about;
    currentObject = object;
    if (hasTypeof && about === null) typed = currentObject ??= graph.newBlank();
  }

  if (typed !== null) for (const t of types) graph.addType(typed, t, el.start);

  // Hanging rels of the context end at the first subject below them.
  if (!skip && newSubject !== null) for (const [subject, property] of ctx.incomplete) graph.add(subject, property, { ref: newSubject, at: el.start });

  let incomplete: Array<[string, string]> = [];
  if (hasRel) {
    if (currentObject !== null) for (const rel of rels) graph.add(newSubject, rel, { ref: currentObject, at: el.start });
    else {
      incomplete = rels.map((rel) => [newSubject!, rel]);
      currentObject = graph.newBlank();
    }
  }

  if (properties.length > 0) {
    let value: Value;
    // HTML+RDFa 1.1 section 3.1: a time element's datetime stands for its text. Without it the literal is
    // the text of all its descendants (RDFa Core 1.1 section 7.5, step 11), not the child text Microdata reads.
    const text = () => (el.name === "time" && a.datetime !== undefined ? a.datetime : readText.text(el.contentStart, el.contentEnd, TEXT_ONLY_ELEMENTS.has(el.name)));
    if (a.content !== undefined) value = { literal: a.content, at: el.start };
    else if (a.datatype !== undefined && a.datatype !== "") value = { literal: text(), at: el.start };
    else if (!hasRel && object !== null && a.datatype === undefined) value = { ref: object, at: el.start };
    else if (hasTypeof && about === null && typed !== null) value = { ref: typed, at: el.start };
    else value = { literal: text(), at: el.start };
    for (const property of properties) graph.add(newSubject, property, value);
  }

  if (skip) return vocab === ctx.vocab && prefixes === ctx.prefixes ? ctx : { ...ctx, vocab, prefixes };
  return { vocab, prefixes, parentObject: currentObject ?? newSubject, incomplete };
}

interface Scope {
  vocab: string | null;
  prefixes: Record<string, string>;
  base: string | null;
}

/** A term, CURIE or absolute IRI (property, typeof, rel) -> an IRI, or null when it names nothing. */
function expand(token: string, scope: Scope): string | null {
  const colon = token.indexOf(":");
  if (colon === -1) return scope.vocab !== null ? scope.vocab + token : null;
  const prefix = token.slice(0, colon).toLowerCase();
  const reference = token.slice(colon + 1);
  if (prefix === "_") return token;
  const namespace = Object.prototype.hasOwnProperty.call(scope.prefixes, prefix) ? scope.prefixes[prefix] : undefined;
  if (namespace !== undefined) return namespace + reference;
  if (reference.startsWith("//") || /^[a-z][a-z0-9+.-]*$/.test(prefix)) return token; // an absolute IRI (http://..., urn:...)
  return null;
}

/** about / resource: a [safe CURIE], a CURIE with a known prefix, or a (relative) IRI. */
function resource(value: string, scope: Scope): string {
  const v = value.trim();
  if (v.startsWith("[") && v.endsWith("]")) return expand(v.slice(1, -1), { ...scope, vocab: null }) ?? resolveUrl(v.slice(1, -1), scope.base);
  const colon = v.indexOf(":");
  if (colon > 0) {
    const prefix = v.slice(0, colon).toLowerCase();
    if (prefix === "_") return v;
    if (Object.prototype.hasOwnProperty.call(scope.prefixes, prefix) && !v.startsWith("//", colon + 1)) return scope.prefixes[prefix] + v.slice(colon + 1);
  }
  return resolveUrl(v, scope.base);
}

/** `prefix="p: iri q: iri2"` -> {p: iri, q: iri2}. */
/**
 * Prefixes in force at an element at most. Each element with a `prefix` copies the ones in force: a page
 * declaring thousands at the top and one more on each of thousands of elements copied their product
 * (8.6 s for 250 KB). A real page declares a handful.
 */
const MAX_PREFIXES = 256;
/** Types read per subject, at most (Graph.addType). */
const MAX_TYPES = 64;

function withPrefixes(inForce: Record<string, string>, added: Record<string, string>): Record<string, string> {
  const out = { ...inForce };
  let size = Object.keys(out).length;
  for (const [name, iri] of Object.entries(added)) {
    if (!Object.prototype.hasOwnProperty.call(out, name)) {
      if (size >= MAX_PREFIXES) continue;
      size++;
    }
    out[name] = iri;
  }
  return out;
}

function parsePrefixes(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  const parts = tokens(value);
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const name = parts[i];
    if (!name.endsWith(":")) {
      i--; // out of step: resynchronize on the next "name:"
      continue;
    }
    out[name.slice(0, -1).toLowerCase()] = parts[i + 1];
  }
  return out;
}

/**
 * Vocabularies whose typed nodes are reported: Schema.org, and those the search engine reads or
 * read (DCAT for datasets, data-vocabulary.org, retired). CMS themes type every image and tag in
 * FOAF, SKOS or SIOC (Drupal core does); those nodes stay out, as embedded values they still appear.
 */
const REPORTED_VOCABULARIES = /^https?:\/\/(?:(?:www\.)?schema\.org\/|(?:rdf\.)?data-vocabulary\.org\/|www\.w3\.org\/ns\/dcat#)/i;

function isReportedVocabulary(type: string): boolean {
  return REPORTED_VOCABULARIES.test(type);
}

/** The graph as nested nodes: typed nodes no typed node links to first, then any typed node left out. */
function toNodes(graph: Graph, block: ItemBlock): void {
  const linkedFromTyped = new Set<string>();
  for (const node of graph.typed) {
    for (const values of node.props.values()) for (const v of values) if (v.ref !== undefined && v.ref !== node.id) linkedFromTyped.add(v.ref);
  }
  const emitted = new Set<string>();
  const state = { count: 0, values: 0, block, graph, emitted };
  const reported = graph.typed.filter((n) => n.types.some(isReportedVocabulary));
  for (const node of reported) {
    if (block.truncated !== null) break;
    if (!linkedFromTyped.has(node.id)) block.items.push(nodeObject(node, `/${block.items.length}`, [], state));
  }
  for (const node of reported) {
    if (block.truncated !== null || emitted.has(node.id)) continue;
    block.items.push(nodeObject(node, `/${block.items.length}`, [], state));
  }
}

interface ToNodesState {
  count: number;
  /**
   * Values written out: a node linked from many places is written out at each, so a page of MAX_VALUES
   * values can write out their product (1,990 links to a node of 17,900 values overflowed a Map).
   */
  values: number;
  block: ItemBlock;
  graph: Graph;
  emitted: Set<string>;
}

function nodeObject(node: GraphNode, pointer: string, ancestors: string[], state: ToNodesState): JsonObject {
  state.emitted.add(node.id);
  if (++state.count > MAX_ITEMS) state.block.truncated = `the page's RDFa gives more than ${MAX_ITEMS} nodes`;
  state.block.offsets.set(pointer, node.at);
  const out: JsonObject = {};
  if (ancestors.length === 0 && node.types.some(isSchemaOrgIri)) out["@context"] = "https://schema.org";
  if (node.types.length === 1) out["@type"] = vocabularyName(node.types[0]);
  else if (node.types.length > 1) out["@type"] = node.types.map(vocabularyName);
  if (!node.id.startsWith("_:") && node.id !== "") out["@id"] = node.id;
  const inner = [...ancestors, node.id];
  for (const [iri, values] of node.props) {
    const name = vocabularyName(iri);
    const at = `${pointer}/${escapePointer(name)}`;
    const list: unknown[] = [];
    for (const v of values) {
      if (++state.values > MAX_VALUES) {
        state.block.truncated ??= `the page's RDFa nodes, written out where they are linked, hold more than ${MAX_VALUES} values`;
        break;
      }
      const valuePointer = values.length === 1 ? at : `${at}/${list.length}`;
      const value = valueOf(v, valuePointer, inner, state);
      if (value === undefined) continue;
      state.block.offsets.set(valuePointer, v.at);
      list.push(value);
    }
    if (list.length === 0) continue;
    if (!state.block.offsets.has(at)) state.block.offsets.set(at, values[0].at);
    setOwn(out, name, values.length === 1 ? list[0] : list);
  }
  return out;
}

function valueOf(v: Value, pointer: string, ancestors: string[], state: ToNodesState): unknown {
  if (v.literal !== undefined) return v.literal;
  const id = v.ref!;
  const target = state.graph.nodes.get(id);
  const isBlank = id.startsWith("_:");
  if (!target || (target.types.length === 0 && target.props.size === 0)) return isBlank ? undefined : id;
  if (ancestors.includes(id) || ancestors.length >= MAX_ITEM_DEPTH || state.block.truncated !== null) {
    if (ancestors.length >= MAX_ITEM_DEPTH) state.block.truncated ??= `RDFa nodes nest deeper than ${MAX_ITEM_DEPTH} levels`;
    return isBlank ? undefined : { "@id": id };
  }
  return nodeObject(target, pointer, ancestors, state);
}
