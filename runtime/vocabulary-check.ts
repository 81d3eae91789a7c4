/**
 * Vocabulary conformance, as warnings only (what the Schema Markup Validator reports and the
 * rich-result tools do not): unknown types and properties with a did-you-mean, properties used
 * on a type outside their domain, superseded properties, typed values outside a property's range.
 * Iterative and depth-capped like every walk over input.
 */
import type { ValidationIssue } from "./types.ts";
import { escapePointer, isObject, type JsonObject } from "./json.ts";
import { shortTypeName, typeNames } from "./graph/type-names.ts";
import { schemaOrgVersion, vocabularyIndex } from "./type-hierarchy.ts";
import { closestName } from "./did-you-mean.ts";
import { enumerationOfMember } from "./enumeration-of-member.ts";
import type { VocabProperty } from "./vocabulary-types.ts";
import { LIMITS } from "./limits.ts";
import { countUnder } from "./bounded-view.ts";

const MAX_VOCABULARY_DEPTH = 32;
const SCHEMA_DOCS = "https://schema.org/docs/schemas.html";

let classNames: string[] | null = null;
let propertyNames: string[] | null = null;

/** A name in another vocabulary (og:title, https://example.com/x) is not ours to judge. */
const isForeign = (name: string): boolean => name.includes(":") || name.includes("/");

/** One shape for every property's facts, so the hot loop's property reads stay monomorphic. */
class PropertyFacts {
  constructor(
    readonly domains: readonly string[],
    readonly ranges: readonly string[],
    readonly supersededBy: string | null,
  ) {}

}

/** Maps, not the JSON objects: look-ups on 1,500-key dictionaries are the walk's hottest path. */
let classSet: Set<string> | null = null;
let propertyMap: Map<string, PropertyFacts> | null = null;

function propertyFactsMap(properties: Record<string, VocabProperty>): Map<string, PropertyFacts> {
  const map = new Map<string, PropertyFacts>();
  for (const [name, p] of Object.entries(properties)) map.set(name, new PropertyFacts(p.domains, p.ranges, p.superseded_by ?? null));
  return map;
}

/** type -> property -> whether a value of that type fits the property's range. */
const rangeCache = new Map<string, Map<string, boolean>>();

function fitsRange(type: string, property: string, ranges: readonly string[]): boolean {
  let byProperty = rangeCache.get(type);
  if (!byProperty) {
    if (rangeCache.size > 2048) rangeCache.clear();
    rangeCache.set(type, (byProperty = new Map()));
  }
  let fits = byProperty.get(property);
  if (fits === undefined) {
    const vocabulary = vocabularyIndex();
    fits = ranges.some((r) => vocabulary.isSubtypeOf(type, r));
    byProperty.set(property, fits);
  }
  return fits;
}

/** Whether a property's domain covers one of the given known types, cached per type list. */
const appliesCache = new Map<string, Map<string, boolean>>();

function appliesToAny(property: string, known: readonly string[]): boolean {
  const typeKey = known.length === 1 ? known[0] : known.join(" ");
  let byProperty = appliesCache.get(typeKey);
  if (!byProperty) {
    if (appliesCache.size > 2048) appliesCache.clear();
    appliesCache.set(typeKey, (byProperty = new Map()));
  }
  let applies = byProperty.get(property);
  if (applies === undefined) {
    const vocabulary = vocabularyIndex();
    applies = known.some((t) => vocabulary.propertyApplies(property, t) || DOCUMENTED_ON.get(property)?.has(t) === true);
    byProperty.set(property, applies);
  }
  return applies;
}

/**
 * Properties the search engine's documentation asks for on a type outside their Schema.org domain: the
 * book actions page requires a LibrarySystem's `additionalProperty` (a PropertyValue named "librarytype"),
 * which Schema.org gives to Place, Product and Offer, not to Organization. Warning about it would
 * contradict the documentation's own required property.
 */
const DOCUMENTED_ON: ReadonlyMap<string, ReadonlySet<string>> = new Map([["additionalProperty", new Set(["LibrarySystem"])]]);

/** The Schema.org name of a key: prefixes stripped, Action annotations ("query-input") read as the property. */
function propertyKey(rawKey: string): string | null {
  let key = rawKey;
  if (key.indexOf(":") !== -1 || key.indexOf("/") !== -1) {
    key = shortTypeName(key);
    if (isForeign(key)) return null;
  }
  if (key.endsWith("-input")) return key.slice(0, -6);
  if (key.endsWith("-output")) return key.slice(0, -7);
  return DOCUMENTED_SPELLINGS.get(key) ?? key;
}

/**
 * Spellings the search engine's documentation uses for a Schema.org property: the speakable page's
 * `"xPath": ["/html/head/title", ...]` (Schema.org writes xpath). Read as the property, not warned about.
 */
const DOCUMENTED_SPELLINGS: ReadonlyMap<string, string> = new Map([["xPath", "xpath"]]);

/**
 * Superseded in Schema.org, yet what the search engine's documentation asks for: the local-business page
 * recommends `menu` ("For food establishments, the fully-qualified URL of the menu"), which Schema.org
 * replaced with hasMenu. Warning about it would contradict the rule that asks for it.
 */
const STILL_DOCUMENTED = new Set(["menu"]);

function isAnnotation(rawKey: string): boolean {
  return rawKey.endsWith("-input") || rawKey.endsWith("-output");
}

/** What the vocabulary says of one key on nodes of one type list, worked out once and kept. */
class Verdict {
  constructor(
    /** The Schema.org property name, or null for another vocabulary's key (not ours to judge). */
    readonly key: string | null,
    /** null: not a Schema.org property. */
    readonly facts: PropertyFacts | null,
    /** The property's domain covers the node's types (true when the node has no known type). */
    readonly applies: boolean,
    /** The raw key is an Action annotation ("query-input"): see isAnnotation. */
    readonly annotation: boolean,
  ) {
    this.quiet = facts !== null && (applies || annotation) && (facts.supersededBy === null || STILL_DOCUMENTED.has(key!));
  }

  /** A known property that applies and is not superseded: a literal value of it needs nothing more. */
  readonly quiet: boolean;

  /**
   * The last @type seen on a value of this key, whether it is a Schema.org class and whether it
   * fits the range: values of one property mostly share a type, so one comparison replaces the
   * class and range look-ups.
   */
  lastType: string | null = null;
  lastKnown = false;
  lastFits = false;

  /**
   * The last @type text of a value of this key, its type names and what they come to: the walk meets the
   * types of one key's values (a product's offers, a recipe's steps) again and again, and each
   * look-up of a type list by itself is a map's.
   */
  valueType: string | null = null;
  valueTypeNames: readonly string[] = [];
  valueTypeInfo: TypeListInfo | null = null;
}

const MAX_VERDICTS_PER_TYPE = 512;
const MAX_TYPE_LISTS = 2048;
/** Keys of a node whose verdicts are kept in the order a node of the type last wrote them. */
const MAX_KEYS_IN_ORDER = 64;

/**
 * The verdicts for one type list, by raw key, and in the order the last node of that type wrote its
 * keys: nodes of one type (the ListItems of a breadcrumb, the offers of a product) mostly write the same
 * keys in the same order, so the n-th key is compared with the one kept at n (the same key is the same
 * string), and the map is asked only when it differs. The map look-up per key was about a quarter of the
 * walk's own time in a profile of the bench's breadcrumb.
 */
class VerdictTable {
  /** The known types the verdicts are about (the table's key in verdictCache, as a list). */
  constructor(private readonly known: readonly string[]) {}

  readonly byKey = new Map<string, Verdict>();
  readonly keysInOrder: string[] = [];
  readonly verdictsInOrder: Verdict[] = [];

  /** The verdict on the key at `slot` of the node's property keys (keys starting with @ not counted). */
  verdictAt(slot: number, rawKey: string, propertyFacts: Map<string, PropertyFacts>): Verdict {
    if (slot < this.keysInOrder.length && this.keysInOrder[slot] === rawKey) return this.verdictsInOrder[slot];
    let verdict = this.byKey.get(rawKey);
    if (verdict === undefined) {
      verdict = judge(rawKey, this.known, propertyFacts);
      if (this.byKey.size < MAX_VERDICTS_PER_TYPE) this.byKey.set(rawKey, verdict);
    }
    // Slots are visited from 0 up, so `slot` is at most the length: the lists stay dense.
    if (slot < MAX_KEYS_IN_ORDER) {
      this.keysInOrder[slot] = rawKey;
      this.verdictsInOrder[slot] = verdict;
    }
    return verdict;
  }
}

/** Type list ("Person", "Product Car", "" for untyped nodes) -> its verdicts. */
const verdictCache = new Map<string, VerdictTable>();

function verdictsFor(known: readonly string[]): VerdictTable {
  const typeKey = known.length === 1 ? known[0] : known.join(" ");
  let verdicts = verdictCache.get(typeKey);
  if (!verdicts) {
    if (verdictCache.size >= MAX_TYPE_LISTS) verdictCache.clear();
    verdictCache.set(typeKey, (verdicts = new VerdictTable(known)));
  }
  return verdicts;
}

function judge(rawKey: string, known: readonly string[], propertyFacts: Map<string, PropertyFacts>): Verdict {
  const key = propertyKey(rawKey);
  if (key === null) return new Verdict(null, null, true, false);
  const facts = propertyFacts.get(key) ?? null;
  return new Verdict(key, facts, facts === null || known.length === 0 || appliesToAny(key, known), isAnnotation(rawKey));
}

/** What a node's type list comes to: whether every type is a Schema.org class, the known ones, their verdicts. */
interface TypeListInfo {
  readonly allKnown: boolean;
  readonly known: readonly string[];
  readonly verdicts: VerdictTable;
}

/**
 * Per type list of one Schema.org class or none: typeNames hands out one array per @type text
 * (graph/type-names.ts), so the same array means the same answers, and a node of a type seen before
 * costs no class look-up. Kept only for known classes (as many as the vocabulary has); lists of several
 * types (fresh arrays each time) and unknown types are worked out each time.
 */
const typeListInfos = new WeakMap<readonly string[], TypeListInfo>();

function typeListInfo(types: readonly string[], knownClasses: ReadonlySet<string>): TypeListInfo {
  const cacheable = types.length <= 1;
  const cached = cacheable ? typeListInfos.get(types) : undefined;
  if (cached !== undefined) return cached;
  let allKnown = true;
  for (let i = 0; i < types.length; i++) if (!knownClasses.has(types[i])) allKnown = false;
  const known = allKnown ? types : types.filter((t) => knownClasses.has(t));
  const info: TypeListInfo = { allKnown, known, verdicts: verdictsFor(known) };
  if (cacheable && allKnown) typeListInfos.set(types, info);
  return info;
}

/** A node to visit; its pointer and dotted name are built only when a warning needs them. */
interface Pending {
  node: JsonObject;
  parent: Pending | null;
  /** The key as written, and as a Schema.org property name. */
  rawKey: string;
  key: string;
  /** Position in a list value, or -1. */
  index: number;
  depth: number;
  /** The node's @type names when the parent already read them, else null. */
  types: readonly string[] | null;
  /** The verdict on the key the node is a value of, whose valueTypeInfo answers for `types` (else null). */
  via: Verdict | null;
}

function pointerOf(p: Pending, root: string): string {
  if (p.parent === null) return root;
  return `${pointerOf(p.parent, root)}/${escapePointer(p.rawKey)}${p.index >= 0 ? `/${p.index}` : ""}`;
}

function dottedOf(p: Pending): string {
  if (p.parent === null) return "";
  const above = dottedOf(p.parent);
  return above ? `${above}.${p.key}` : p.key;
}

const joinDotted = (dotted: string, name: string) => (dotted ? `${dotted}.${name}` : name);

/** checkVocabulary's answer when the node passed a cap: its findings are incomplete, and to be thrown away. */
export const OVER_CAP = -1;

/**
 * Adds the vocabulary findings of `entity` and everything under it to `issues`, and returns how many
 * keys it holds as the bounded view counts them (bounded-view.ts), or OVER_CAP as soon as an object
 * has more than LIMITS.propertiesPerObject keys, a list more than LIMITS.valuesPerProperty values, or
 * the node more than `limit` keys. The walk counts the keys it reads anyway: a count of its own before
 * it was a second walk over every key of every node.
 */
export function checkVocabulary(entity: JsonObject, at: string, issues: ValidationIssue[], limit = Infinity): number {
  const vocabulary = vocabularyIndex();
  const { classes, properties } = vocabulary.data;
  const knownClasses = (classSet ??= new Set(Object.keys(classes)));
  const propertyFacts = (propertyMap ??= propertyFactsMap(properties));
  const stack: Pending[] = [{ node: entity, parent: null, rawKey: "", key: "", index: -1, depth: 0, types: null, via: null }];
  const warn = (code: ValidationIssue["code"], property: string, message: string, fix: string, path: string) =>
    issues.push({ severity: "warning", code, property, message, fix, google_docs_url: SCHEMA_DOCS, path });

  // What the last type list came to: siblings (a list of offers, of steps) mostly share one.
  let lastTypes: readonly string[] | null = null;
  let lastInfo: TypeListInfo | null = null;
  let counted = 0;
  /** Counts what the walk does not read itself; false once a cap is passed. */
  const countSkipped = (value: unknown, depth: number): boolean => {
    if (typeof value !== "object" || value === null) return true;
    const n = countUnder(value, depth);
    return n >= 0 && (counted += n) <= limit;
  };

  while (stack.length) {
    const current = stack.pop()!;
    const { node, depth } = current;
    const types = current.types ?? typeNames(node["@type"]);
    // The verdict may have moved on to another type since the node was stacked (a list of offers of two
    // types): it answers only for the names it still holds.
    const via = current.via !== null && current.via.valueTypeNames === types ? current.via : null;
    let info: TypeListInfo;
    if (types === lastTypes && lastInfo !== null) info = lastInfo;
    else if (via !== null && via.valueTypeInfo !== null) info = via.valueTypeInfo;
    else {
      info = typeListInfo(types, knownClasses);
      if (via !== null) via.valueTypeInfo = info;
    }
    lastTypes = types;
    lastInfo = info;
    const { allKnown, known, verdicts } = info;
    // Every type known (the usual node): nothing to report, no second look-up.
    if (!allKnown) for (const t of types) {
      if (!knownClasses.has(t) && !isForeign(t)) {
        const enumeration = enumerationOfMember(t);
        if (enumeration !== null) {
          warn(
            "unknown-type",
            joinDotted(dottedOf(current), "@type"),
            `"${t}" is a value of ${enumeration}, not a type.`,
            `Give it as the property's value, not as a type: "https://schema.org/${t}" (in Microdata <link itemprop="..." href="https://schema.org/${t}">).`,
            `${pointerOf(current, at)}/@type`,
          );
          continue;
        }
        const suggestion = closestName(t, (classNames ??= Object.keys(classes)));
        warn(
          "unknown-type",
          joinDotted(dottedOf(current), "@type"),
          `"${t}" is not a Schema.org ${schemaOrgVersion()} type.`,
          suggestion ? `Did you mean "${suggestion}"? Use "@type": "${suggestion}".` : "Use a type from https://schema.org/docs/full.html.",
          `${pointerOf(current, at)}/@type`,
        );
      }
    }
    let own = 0;
    let slot = 0;
    for (const rawKey in node) {
      if (++own > LIMITS.propertiesPerObject || ++counted > limit) return OVER_CAP;
      const value = node[rawKey];
      if (rawKey.charCodeAt(0) === 64 /* @ */) {
        // Mostly a text (@type, @id): only an object under an @ key has keys of its own to count.
        if (typeof value === "object" && value !== null && !countSkipped(value, depth)) return OVER_CAP;
        continue;
      }
      const verdict = verdicts.verdictAt(slot++, rawKey, propertyFacts);
      if (verdict.quiet && (typeof value !== "object" || value === null)) continue;
      const { key, facts } = verdict;
      if (key === null) {
        if (!countSkipped(value, depth)) return OVER_CAP;
        continue;
      }
      if (facts === null) {
        if (!countSkipped(value, depth)) return OVER_CAP;
        const suggestion = closestName(key, (propertyNames ??= Object.keys(properties)));
        warn(
          "unknown-property",
          joinDotted(dottedOf(current), key),
          `"${key}" is not a Schema.org ${schemaOrgVersion()} property.`,
          suggestion ? `Did you mean "${suggestion}"?` : "Remove it, or use a property from the type's Schema.org page.",
          `${pointerOf(current, at)}/${escapePointer(rawKey)}`,
        );
        continue;
      }
      // An Action annotation names an input of the action's result, not a property of the action: the
      // math solver page's SolveMathAction has "mathExpression-input" (mathExpression is MathSolver's).
      if (!verdict.applies && !verdict.annotation) {
        warn(
          "unknown-property",
          joinDotted(dottedOf(current), key),
          `"${key}" is not a property of ${known.join(" or ")} in Schema.org ${schemaOrgVersion()}.`,
          `Move "${key}" to a node whose type has it, or remove it (it belongs to ${facts.domains.slice(0, 4).join(", ")}${facts.domains.length > 4 ? ", ..." : ""}).`,
          `${pointerOf(current, at)}/${escapePointer(rawKey)}`,
        );
      }
      if (facts.supersededBy !== null && !STILL_DOCUMENTED.has(key)) {
        warn(
          "superseded-property",
          joinDotted(dottedOf(current), key),
          `Schema.org replaced "${key}" with "${facts.supersededBy}".`,
          `Use "${facts.supersededBy}" instead of "${key}".`,
          `${pointerOf(current, at)}/${escapePointer(rawKey)}`,
        );
      }
      if (typeof value !== "object" || value === null) continue;
      const list = Array.isArray(value);
      const count = list ? value.length : 1;
      if (count > LIMITS.valuesPerProperty) return OVER_CAP;
      for (let i = 0; i < count; i++) {
        const item = list ? value[i] : value;
        if (!isObject(item)) continue;
        // An @value object is a literal: not read, only counted. (A named read: `in` on objects of
        // every shape cost 5% of the walk; a JSON value is never undefined.)
        if (item["@value"] !== undefined) {
          if (!countSkipped(item, depth)) return OVER_CAP;
          continue;
        }
        const itemType = item["@type"];
        // One @type text: its names (and, once worked out, what they come to) are kept on the key's verdict.
        const single = typeof itemType === "string";
        if (single && itemType !== verdict.valueType) {
          verdict.valueType = itemType;
          verdict.valueTypeNames = typeNames(itemType);
          verdict.valueTypeInfo = null;
        }
        const child: Pending = { node: item, parent: current, rawKey, key, index: list ? i : -1, depth: depth + 1, types: single ? verdict.valueTypeNames : null, via: single ? verdict : null };
        // "query-input": an Action annotation, whose value is a PropertyValueSpecification describing the
        // property's input (schema.org/docs/actions.html), not a value of the property.
        if (itemType !== undefined && facts.ranges.length && !verdict.annotation) {
          const written = child.types ?? typeNames(itemType);
          child.types = written;
          let anyKnown = false;
          let fits = false;
          for (let t = 0; t < written.length; t++) {
            const type = written[t];
            if (verdict.lastType !== type) {
              verdict.lastType = type;
              verdict.lastKnown = knownClasses.has(type);
              verdict.lastFits = verdict.lastKnown && fitsRange(type, key, facts.ranges);
            }
            if (!verdict.lastKnown) continue;
            anyKnown = true;
            if (verdict.lastFits) fits = true;
          }
          if (anyKnown && !fits) {
            const itemTypes = written.filter((t) => knownClasses.has(t));
            warn(
              "unexpected-type",
              joinDotted(dottedOf(current), key),
              `"${key}" expects ${facts.ranges.join(", ")}; ${itemTypes.join(", ")} is none of them.`,
              `Give "${key}" a value of type ${facts.ranges.slice(0, 3).join(" or ")}.`,
              pointerOf(child, at),
            );
          }
        }
        if (depth + 1 < MAX_VOCABULARY_DEPTH) stack.push(child);
        else if (!countSkipped(item, depth)) return OVER_CAP;
      }
    }
  }
  return counted;
}
