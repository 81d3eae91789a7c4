/**
 * Microdata (WHATWG HTML, "Microdata") -> JSON-LD-like nodes.
 *
 * Follows the standard's algorithms: top-level items, "crawl the properties" (the item's subtree
 * plus its itemref'd elements, not descending into nested items, each element once), and the
 * property value rules (meta content; a/area/link href; audio/embed/iframe/img/source/track/video
 * src; object data; data/meter value; time datetime; else text content).
 * Accepted as the search engine's own examples publish them (its documentation wins over the
 * standard here, since its parser reads them): `content=` on any element wins over the element's
 * rule, and an item with `itemprop` that is no property of any item (`<html itemscope itemprop=...>`)
 * is top-level.
 * Top-level items without `itemtype` are not validated (no vocabulary: nothing to check them
 * against) but listed in the block's `untyped`, so the page's report can say that no rich result
 * comes from them; nested, they are values like any other (the Schema.org and search engine
 * examples nest untyped items as property values, which is normal).
 *
 * Bounded: items, values and nesting are capped (item-block.ts), an item that holds itself
 * (through itemref) is written as a reference, and each element is crawled once per item.
 */
import type { JsonObject } from "../json.ts";
import { escapePointer, setOwn } from "../json.ts";
import type { ItemElement, ItemTree } from "./html-items.ts";
import { TEXT_ONLY_ELEMENTS, textReader, type TextReader } from "./html-text.ts";
import { MAX_ITEM_DEPTH, MAX_ITEMS, MAX_VALUES, isSchemaOrgIri, resolveUrl, tokens, vocabularyName, type ItemBlock, type UntypedItem } from "./item-block.ts";

const URL_FROM_SRC = new Set(["audio", "embed", "iframe", "img", "source", "track", "video"]);
const URL_FROM_HREF = new Set(["a", "area", "link"]);

/** `untyped`: also report top-level items without itemtype (the standard's own examples have many). */
export function extractMicrodata(tree: ItemTree, html: string, base: string | null, untyped = false): ItemBlock {
  const block: ItemBlock = { syntax: "microdata", items: [], offsets: new Map(), truncated: null };
  const topLevel = topLevelItems(tree);
  if (topLevel.length === 0) return block;
  const state: State = { html, readText: textReader(html), base, tree, block, items: 0, values: 0, crawled: 0 };
  for (const element of topLevel) {
    if (state.block.truncated !== null) break;
    if (!untyped && tokens(element.attrs.itemtype).length === 0) {
      if (++state.items > MAX_ITEMS) {
        state.block.truncated = `the page holds more than ${MAX_ITEMS} items`;
        break;
      }
      (block.untyped ??= []).push(untypedItem(element, state));
      continue;
    }
    const pointer = `/${block.items.length}`;
    const node = materialize(element, pointer, [], state);
    if (node === null) break;
    block.items.push(node);
  }
  return block;
}

/** What the report says of an untyped top-level item: where it is, what it holds, what it hides. */
function untypedItem(element: ItemElement, state: State): UntypedItem {
  const properties = new Set<string>();
  const typedValues = new Set<string>();
  for (const prop of crawlProperties(element, state)) {
    const typed = prop.attrs.itemscope !== undefined && tokens(prop.attrs.itemtype).length > 0;
    for (const raw of tokens(prop.attrs.itemprop)) {
      const name = propertyName(raw);
      if (name === null) continue;
      properties.add(name);
      if (typed) typedValues.add(name);
    }
  }
  return { offset: element.start, properties: [...properties], typedValues: [...typedValues] };
}

interface State {
  html: string;
  /** Element texts, the page's source read in all bounded. */
  readText: TextReader;
  base: string | null;
  tree: ItemTree;
  block: ItemBlock;
  items: number;
  values: number;
  /** Elements walked by every item's crawl together (PAGE_CRAWL_BUDGET). */
  crawled: number;
}

/**
 * Elements the crawls of all a page's items walk together at most: items that share an itemref'd
 * element each walk it, so 20,000 items referring to one element of 2,000 walked their product (3.5 s).
 */
const PAGE_CRAWL_BUDGET = 10 * MAX_VALUES;

/**
 * Items that are no property of another item, in page order: those without itemprop, and (as the
 * search engine reads them) those with itemprop but no item above them or itemref'ing them.
 * One walk down the tree carries "inside an item" and "inside an itemref'd element".
 */
function topLevelItems(tree: ItemTree): ItemElement[] {
  const referenced = new Set<ItemElement>();
  if (tree.ids.size > 0) {
    walk(tree.roots, (el) => {
      // Only an item's itemref claims (HTML: itemref is specified on elements with itemscope); a stray
      // one on a plain element made its target vanish from the report.
      if (el.attrs.itemscope === undefined) return true;
      for (const id of tokens(el.attrs.itemref)) {
        const target = tree.ids.get(id);
        if (target) referenced.add(target);
      }
      return true;
    });
  }
  const out: ItemElement[] = [];
  const stack: Array<[ItemElement, boolean]> = [];
  for (let i = tree.roots.length - 1; i >= 0; i--) stack.push([tree.roots[i], false]);
  while (stack.length) {
    const [el, claimedAbove] = stack.pop()!;
    const inRef = claimedAbove || referenced.has(el);
    const isItem = el.attrs.itemscope !== undefined;
    if (isItem && (el.attrs.itemprop === undefined || !inRef)) out.push(el);
    const below = inRef || isItem;
    for (let i = el.children.length - 1; i >= 0; i--) stack.push([el.children[i], below]);
  }
  return out;
}

function walk(roots: ItemElement[], visit: (el: ItemElement) => boolean): void {
  const stack = [...roots].reverse();
  while (stack.length) {
    const el = stack.pop()!;
    if (!visit(el)) continue;
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]);
  }
}

/** The standard's "crawl the properties": elements with itemprop that belong to `root`, in page order. */
function crawlProperties(root: ItemElement, state: State): ItemElement[] {
  const results: ItemElement[] = [];
  const memory = new Set<ItemElement>([root]);
  const pending: ItemElement[] = [];
  const refs = factsOf(root, state.base).refs;
  for (let i = refs.length - 1; i >= 0; i--) {
    const target = state.tree.ids.get(refs[i]);
    if (target) pending.push(target);
  }
  for (let i = root.children.length - 1; i >= 0; i--) pending.push(root.children[i]);
  let work = 0;
  while (pending.length) {
    const current = pending.pop()!;
    if (memory.has(current)) continue;
    memory.add(current);
    if (++work > MAX_VALUES) {
      state.block.truncated = `an item reaches more than ${MAX_VALUES} elements`;
      break;
    }
    if (++state.crawled > PAGE_CRAWL_BUDGET) {
      state.block.truncated = `the page's items together reach more than ${PAGE_CRAWL_BUDGET} elements`;
      break;
    }
    if (current.attrs.itemscope === undefined) for (let i = current.children.length - 1; i >= 0; i--) pending.push(current.children[i]);
    if (current.attrs.itemprop !== undefined) results.push(current);
  }
  results.sort((a, b) => a.start - b.start);
  return results;
}

/**
 * What an item's element says of itself (its types, @id and itemref ids), read once however often the
 * item is written out: an item itemref'd from a thousand places read its 20,000 itemtype IRIs, or a
 * 400 KB itemid, at each (17 s, 785 MB). Types and ids past MAX_TOKENS are not read: real items give one
 * or two types and a few ids.
 */
interface ItemFacts {
  types: string[];
  schemaOrg: boolean;
  /** The vocabulary of an item typed only outside Schema.org (foreignVocabulary), else null. */
  vocabulary: string | null;
  id: string | undefined;
  refs: string[];
}
const FACTS = new WeakMap<ItemElement, ItemFacts>();
const MAX_TOKENS = 64;

function factsOf(element: ItemElement, base: string | null): ItemFacts {
  let facts = FACTS.get(element);
  if (facts === undefined) {
    const types = tokens(element.attrs.itemtype).slice(0, MAX_TOKENS);
    const itemid = element.attrs.itemid;
    const names = types.map(vocabularyName);
    const schemaOrg = types.some(isSchemaOrgIri);
    facts = {
      types: names,
      schemaOrg,
      vocabulary: schemaOrg ? null : foreignVocabulary(names),
      id: itemid !== undefined && itemid.trim() !== "" ? resolveUrl(itemid, base) : undefined,
      refs: tokens(element.attrs.itemref).slice(0, MAX_TOKENS),
    };
    FACTS.set(element, facts);
  }
  return facts;
}

/**
 * The vocabulary an item's property names belong to when every type of the item is another vocabulary's
 * IRI (`itemtype="https://example.org/Recipe"`): its first type up to its last `#` or `/` (or `:`), as
 * the W3C's Microdata to RDF mapping reads it. Null when a type is Schema.org's, or a name read as one
 * (`Product`, `schema:Product`): the names are then Schema.org's.
 */
function foreignVocabulary(types: string[]): string | null {
  if (types.length === 0 || !types.every(isOtherVocabulary)) return null;
  const first = types[0];
  const hash = first.lastIndexOf("#");
  const cut = hash !== -1 ? hash : Math.max(first.lastIndexOf("/"), first.lastIndexOf(":"));
  return first.slice(0, cut + 1);
}

/** A type name that is no Schema.org one, as the vocabulary check tells them (a short name is Schema.org's). */
function isOtherVocabulary(name: string): boolean {
  return name.indexOf(":") !== -1 || name.indexOf("/") !== -1;
}

/**
 * One item as a node; null when a cap stopped the extraction. `vocabulary`: that of the nearest typed
 * item above, which an untyped item's names belong to (null: Schema.org's).
 */
function materialize(element: ItemElement, pointer: string, ancestors: ItemElement[], state: State, vocabulary: string | null = null): JsonObject | null {
  if (++state.items > MAX_ITEMS) {
    state.block.truncated = `the page holds more than ${MAX_ITEMS} items`;
    return null;
  }
  state.block.offsets.set(pointer, element.start);
  const node: JsonObject = {};
  const facts = factsOf(element, state.base);
  const names = facts.types.length > 0 ? facts.vocabulary : vocabulary;
  if (ancestors.length === 0 && facts.schemaOrg) node["@context"] = "https://schema.org";
  if (facts.types.length === 1) node["@type"] = facts.types[0];
  else if (facts.types.length > 1) node["@type"] = [...facts.types];
  if (facts.id !== undefined) node["@id"] = facts.id;

  // Group the property elements by name first: a name with one value is a scalar, with several a list.
  const byName = new Map<string, ItemElement[]>();
  for (const prop of crawlProperties(element, state)) {
    for (const raw of tokens(prop.attrs.itemprop)) {
      const name = propertyName(raw, names);
      if (name === null) continue;
      let list = byName.get(name);
      if (!list) byName.set(name, (list = []));
      list.push(prop);
    }
  }
  const inner = [...ancestors, element];
  // An element with several names (`itemprop="name headline"`) has one value: read once, not per name
  // (a URL resolved per name of 7,000, or a text read again).
  const scalars = new Map<ItemElement, string>();
  for (const [name, elements] of byName) {
    const at = `${pointer}/${escapePointer(name)}`;
    const values: unknown[] = [];
    for (const prop of elements) {
      if (++state.values > MAX_VALUES) {
        state.block.truncated = `the page holds more than ${MAX_VALUES} property values`;
        break;
      }
      const valuePointer = elements.length === 1 ? at : `${at}/${values.length}`;
      let value: unknown = scalars.get(prop);
      if (value === undefined) {
        value = propertyValue(prop, valuePointer, inner, state, names);
        // Texts only: an object value (an item, a typed meta) is each name's own.
        if (typeof value === "string") scalars.set(prop, value);
      }
      if (value === undefined) continue;
      state.block.offsets.set(valuePointer, prop.start);
      if (typeof value === "string" && value !== "" && readsAddress(prop)) (state.block.addressValues ??= new Set()).add(valuePointer);
      values.push(value);
    }
    if (values.length === 0) continue;
    if (!state.block.offsets.has(at)) state.block.offsets.set(at, elements[0].start);
    setOwn(node, name, values.length === 1 && elements.length === 1 ? values[0] : values);
    if (state.block.truncated !== null) break;
  }
  return node;
}

/**
 * `itemprop` tokens as property names: Schema.org IRIs become short names; other IRIs stay whole. A
 * short name of an item in another vocabulary is that vocabulary's (`flavour` of an example.org Recipe
 * is https://example.org/flavour), written as its IRI: the checks then read it as no Schema.org
 * property, as they read an RDFa item's names in another vocabulary.
 */
function propertyName(raw: string, vocabulary: string | null = null): string | null {
  if (raw.indexOf(":") === -1) return vocabulary === null ? raw : vocabulary + raw;
  return isSchemaOrgIri(raw) ? vocabularyName(raw) : raw;
}

function propertyValue(prop: ItemElement, pointer: string, ancestors: ItemElement[], state: State, vocabulary: string | null): unknown {
  const attrs = prop.attrs;
  if (attrs.itemscope !== undefined) {
    if (ancestors.includes(prop)) {
      // An item that holds itself (itemref cycle): a reference, as JSON-LD would write it.
      return attrs.itemid !== undefined ? { "@id": resolveUrl(attrs.itemid, state.base) } : undefined;
    }
    if (ancestors.length >= MAX_ITEM_DEPTH) {
      state.block.truncated = `items nest deeper than ${MAX_ITEM_DEPTH} levels`;
      return undefined;
    }
    const node = materialize(prop, pointer, ancestors, state, vocabulary);
    return node === null ? undefined : node;
  }
  if (attrs.content !== undefined) return attrs.content;
  const name = prop.name;
  // `<meta itemprop="interactionType" itemtype="https://schema.org/WatchAction">`: the search
  // engine's examples name a typed value this way, without itemscope.
  if (attrs.itemtype !== undefined && name === "meta" && tokens(attrs.itemtype).length > 0) {
    const types = tokens(attrs.itemtype).map(vocabularyName);
    return { "@type": types.length === 1 ? types[0] : types };
  }
  if (URL_FROM_SRC.has(name)) return urlValue(attrs.src, state.base);
  if (URL_FROM_HREF.has(name)) return urlValue(attrs.href, state.base);
  if (name === "object") return urlValue(attrs.data, state.base);
  if (name === "data" || name === "meter") return attrs.value ?? "";
  if (name === "time") return attrs.datetime ?? state.readText.childText(prop.contentStart, prop.contentEnd);
  if (name === "meta") return "";
  return state.readText.text(prop.contentStart, prop.contentEnd, TEXT_ONLY_ELEMENTS.has(name));
}

/** The element's value is an address (href, src, data), not its text: what propertyValue reads for it. */
function readsAddress(prop: ItemElement): boolean {
  const { attrs, name } = prop;
  if (attrs.itemscope !== undefined || attrs.content !== undefined) return false;
  return URL_FROM_SRC.has(name) || URL_FROM_HREF.has(name) || name === "object";
}

/**
 * A URL property's value from its attribute. An empty one (`<a itemprop="item" href="">`) is an empty
 * value, not the page's own address: the Microdata standard resolves it against the page, but the
 * search engine reads no URL there ("Missing field \"item\"" in Search Console for breadcrumbs whose
 * crumbs link with `href=""`: amarinediary/WordPress-simple-URL-based-breadcrumb#2).
 */
function urlValue(attribute: string | undefined, base: string | null): string {
  if (attribute === undefined || attribute.trim() === "") return "";
  return resolveUrl(attribute, base);
}
