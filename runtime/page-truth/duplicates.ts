/**
 * `duplicate-entity` and `conflicting-values`: two or more top-level nodes of one page that describe
 * the same thing without an `@id` joining them (a theme's Microdata and a plugin's JSON-LD, Yoast and
 * WooCommerce), and the properties on which they disagree. The search engine then reads two
 * entities, or picks one.
 *
 * Same thing: the same type family and the same `sku` or GTIN, or the same `url` (for Organization
 * and WebSite also the same `name`), and nothing that tells them apart (a different sku, colour or
 * size of a product, a different start date of an event, a different address of a business; for a
 * match by url or name only, names that are not one a part of the other). Nodes are indexed by key,
 * never compared pairwise: one pass over the page's nodes, a map look-up per key.
 */
import { typeNames } from "../graph/type-names.ts";
import { subtypes } from "../type-hierarchy.ts";
import { isObject, type JsonObject } from "../json.ts";
import { escapePointer } from "../json.ts";
import type { TruthPage } from "./truth-page.ts";
import { GUIDELINES_URL, type Finding, type TruthNode } from "./truth-node.ts";
import { brandNames, valuesAt, type FoundValue, type Resolve } from "./node-values.ts";
import { offerPrices } from "./offer-prices.ts";
import { firstWrittenNumber, markupNumber, readNumber } from "./price-text.ts";
import { currencyCode, signMayStandFor } from "../checks/iso4217.ts";
import { markupText, withoutAccents, withoutBracketedEnd, withoutTitleSuffix } from "./text-match.ts";
import { LineIndex } from "../extract/line-column.ts";
import { withoutTrailingSlashes } from "../without-trailing-slashes.ts";
import { resolveId } from "../graph/resolve-id.ts";
import { isBareHost } from "../checks/http-url.ts";

interface Family {
  root: string;
  /** Keys that name one entity: the same value is the same thing (unless a distinguishing property differs). */
  keys: readonly string[];
  /** Keys strong enough to match whatever the names say. */
  strong: readonly string[];
  /** Properties that tell two entities apart when both have them and they differ. */
  distinguish: readonly string[];
  /** The property that names the thing, when not `name` (a job posting's title, an article's headline); `name` is read without it. */
  naming?: string;
}

const GTINS = ["gtin", "gtin8", "gtin12", "gtin13", "gtin14"];
// The variesBy properties of the product variants documentation among them: variants at one url differ by these.
const PRODUCT_DISTINCT = ["sku", ...GTINS, "mpn", "productID", "color", "size", "material", "pattern", "suggestedGender", "suggestedAge"];

/** Checked in this order: the first root a node's type falls under is its family (ProductGroup before Product). */
const FAMILIES: readonly Family[] = [
  { root: "ProductGroup", keys: ["productGroupID", "sku", ...GTINS, "url"], strong: ["productGroupID", "sku", ...GTINS], distinguish: ["productGroupID", ...PRODUCT_DISTINCT] },
  { root: "Product", keys: ["sku", ...GTINS, "url"], strong: ["sku", ...GTINS], distinguish: PRODUCT_DISTINCT },
  { root: "Organization", keys: ["url", "name"], strong: [], distinguish: ["address", "telephone", "branchCode", "geo", "taxID", "vatID"] },
  { root: "WebSite", keys: ["url", "name"], strong: [], distinguish: [] },
  // Before Event: a series and one of its events (or a course's instance) share a url and a name, and are two things.
  { root: "EventSeries", keys: ["url"], strong: [], distinguish: ["startDate", "location"] },
  { root: "Event", keys: ["url"], strong: [], distinguish: ["startDate", "location"] },
  { root: "JobPosting", keys: ["url"], strong: [], distinguish: ["identifier", "jobLocation", "datePosted"], naming: "title" },
  { root: "Course", keys: ["url"], strong: [], distinguish: ["courseCode", "hasCourseInstance"] },
  { root: "Recipe", keys: ["url"], strong: [], distinguish: [] },
  { root: "SoftwareApplication", keys: ["url"], strong: [], distinguish: ["softwareVersion", "operatingSystem", "gamePlatform"] },
  { root: "Book", keys: ["url", "isbn"], strong: ["isbn"], distinguish: ["isbn", "bookFormat"] },
  { root: "Movie", keys: ["url"], strong: [], distinguish: ["dateCreated", "datePublished", "director"] },
  { root: "Article", keys: ["url"], strong: [], distinguish: [], naming: "headline" },
];

/** The properties compared between duplicates (dotted, as reported). */
type Kind = "number" | "rating" | "code" | "enum" | "text";

interface Compared {
  path: readonly string[];
  kind: Kind;
  /** How the property's values are read, when not by valuesAt at `path`. */
  read?: (node: JsonObject, at: string, resolve: Resolve) => FoundValue[];
}

const COMPARED: readonly Compared[] = [
  { path: ["name"], kind: "text" },
  // An offer's price may be written in its priceSpecification (offer-prices.ts): compared as its price.
  { path: ["offers", "price"], kind: "number", read: offerPrices },
  { path: ["offers", "priceCurrency"], kind: "code" },
  { path: ["offers", "availability"], kind: "enum" },
  { path: ["aggregateRating", "ratingValue"], kind: "rating" },
  { path: ["aggregateRating", "reviewCount"], kind: "number" },
  { path: ["aggregateRating", "ratingCount"], kind: "number" },
];

interface Candidate {
  node: TruthNode;
  family: Family;
  /** key property -> normalized value */
  keys: Map<string, string>;
  /** key property -> the value as written, for the message */
  written: Map<string, string>;
  /** The node's @id resolved against the page's URL (null without one). */
  id: string | null;
  /** The @ids it names as its parent, part, series or variant (LINKS), resolved as `id` is. */
  links: ReadonlySet<string>;
  /**
   * Its values as compared (comparable(), and the name as text), made once: a leader is compared with
   * every candidate that shares its key, and normalizing its long values again each time cost their
   * length times the candidates.
   */
  compared?: Map<string, string>;
}

/** The candidate's `value` (its property under `key`) as `make` compares it, made once per candidate and key. */
function comparedValue(candidate: Candidate, key: string, value: unknown, make: (value: unknown) => string): string {
  const known = (candidate.compared ??= new Map()).get(key);
  if (known !== undefined) return known;
  const made = make(value);
  candidate.compared.set(key, made);
  return made;
}

interface Group {
  /** The leader first. */
  members: Candidate[];
  matchedOn: string;
  /** One member of each description the group holds (sameEntity reads the same in all of them), each compared with every newcomer. */
  kinds: Map<string, Candidate>;
}

/** Nodes one key brought to a group that a member told apart from it, read for hubs (dropHubs); enough to tell a chain's branches. */
const MAX_TOLD_APART = 64;

export function duplicates(nodes: readonly TruthNode[], page: TruthPage | null, resolve: Resolve, out: Finding[]): void {
  // The first node with a key, and its own property for it (gtin13 and gtin14 share a key).
  const firstByKey = new Map<string, { candidate: Candidate; property: string }>();
  const groups = new Map<Candidate, Group>();
  const groupOf = new Map<Candidate, Candidate>();
  // Per leader: the nodes that shared its key and that a member told apart from them.
  const toldApart = new Map<Candidate, Map<Candidate, string>>();
  // Relative @ids and urls as the page's syntaxes resolve them: against its <base href> when it has one.
  const base = page?.documentBase ?? null;
  for (const node of nodes) {
    const family = familyOf(node.entity.node);
    if (family === null) continue;
    const written = new Map<string, string>();
    const candidate: Candidate = { node, family, keys: keyValues(node.entity.node, family, base, resolve, written), written, id: joinId(node.entity.node["@id"], base), links: linkedIds(node.entity.node, base) };
    for (const [property, value] of candidate.keys) {
      const key = `${family.root}\u0000${keyClass(property)}\u0000${value}`;
      const seen = firstByKey.get(key);
      if (seen === undefined) {
        firstByKey.set(key, { candidate, property });
        continue;
      }
      const first = seen.candidate;
      const leader = groupOf.get(first) ?? first;
      if (groupOf.has(candidate) || leader === candidate) continue;
      let group = groups.get(leader);
      // The same entity as every member, not only the leader: a brand's Organization matches each of its
      // branches, which a different address tells apart, and must not make them one.
      const apart = [...(group?.kinds.values() ?? [leader])].find((member) => !sameEntity(member, candidate, property, resolve));
      if (apart !== undefined) {
        // Another thing under the same key (not the member itself under its @id, nor its linked part).
        if (!joined(apart, candidate)) {
          const seenApart = toldApart.get(leader) ?? new Map<Candidate, string>();
          toldApart.set(leader, seenApart);
          if (seenApart.size < MAX_TOLD_APART && !seenApart.has(candidate)) seenApart.set(candidate, property);
        }
        continue;
      }
      if (group === undefined) {
        // Named by the leader's own property: the issue sits on the leader and quotes its value.
        group = { members: [leader], matchedOn: seen.property, kinds: new Map([[kindOf(leader), leader]]) };
        groups.set(leader, group);
        groupOf.set(leader, leader);
      }
      group.members.push(candidate);
      const kind = kindOf(candidate);
      if (!group.kinds.has(kind)) group.kinds.set(kind, candidate);
      groupOf.set(candidate, leader);
    }
  }
  for (const [leader, group] of [...groups]) {
    const apart = toldApart.get(leader);
    if (apart === undefined) continue;
    groups.delete(leader);
    const kept = withoutHubs(group, apart, resolve);
    if (kept !== null) groups.set(kept.members[0], kept);
  }
  if (groups.size === 0) return;
  const places = new Places(page);
  for (const [leader, group] of groups) {
    out.push({ node: leader.node, issue: duplicateIssue(leader, group.members.slice(1), group.matchedOn, places, page?.pageUrl ?? null) });
    for (const compared of COMPARED) {
      const conflict = firstConflict(leader, group.members, compared, resolve);
      if (conflict !== null) out.push({ node: leader.node, issue: conflictIssue(compared.path.join("."), conflict, places) });
    }
  }
}

/**
 * The group without its hubs: a member that is also the same entity as a node another member told
 * apart (a brand's Organization beside branches with their own addresses) matches two things, so it
 * is a duplicate of neither. Null when fewer than two members are left.
 */
function withoutHubs(group: Group, apart: ReadonlyMap<Candidate, string>, resolve: Resolve): Group | null {
  const hubs = new Set<string>();
  for (const [kind, member] of group.kinds) {
    for (const [other, property] of apart) {
      if (!joined(member, other) && sameEntity(member, other, property, resolve)) {
        hubs.add(kind);
        break;
      }
    }
  }
  if (hubs.size === 0) return group;
  const members = group.members.filter((m) => !hubs.has(kindOf(m)));
  if (members.length < 2) return null;
  const leader = members[0];
  // The issue quotes the new leader's own value of a key another member shares.
  const matchedOn = [...leader.keys].find(([property, value]) => members.some((m) => m !== leader && [...m.keys].some(([p, v]) => v === value && keyClass(p) === keyClass(property))))?.[0];
  if (matchedOn === undefined) return null;
  return { members, matchedOn, kinds: new Map([...group.kinds].filter(([kind]) => !hubs.has(kind))) };
}

/** The index's name of a key property: gtin13 and gtin14 are one key. */
const keyClass = (property: string): string => (property === "url" ? "url" : property.startsWith("gtin") ? "gtin" : property);

/** What sameEntity reads of a candidate, as one text: candidates of one kind are told apart from the same nodes. */
function kindOf(candidate: Candidate): string {
  const node = candidate.node.entity.node;
  const parts = [candidate.id ?? "", [...candidate.links].sort().join(" "), nameOf(candidate)];
  for (const [k, v] of candidate.keys) if (k !== "name") parts.push(`${k}=${v}`);
  for (const p of candidate.family.distinguish) parts.push(node[p] === undefined ? "" : comparedValue(candidate, p, node[p], comparerOf(p)));
  return parts.join("\u0000");
}

function familyOf(node: JsonObject): Family | null {
  const types = typeNames(node["@type"]);
  if (types.length === 0) return null;
  for (const family of FAMILIES) {
    const members = subtypes(family.root);
    for (const t of types) if (members.has(t)) return family;
  }
  return null;
}

function keyValues(node: JsonObject, family: Family, base: string | null, resolve: Resolve, written: Map<string, string>): Map<string, string> {
  const keys = new Map<string, string>();
  for (const property of family.keys) {
    const value = scalar(node[property], resolve);
    if (value === null) continue;
    if (property === "url" && !namesAPage(value, base)) continue;
    const normalized = property === "url" ? normalizeUrl(value, base) : property === "name" ? markupText(value) : property.startsWith("gtin") ? normalizeGtin(value) : value.trim().toLowerCase();
    if (normalized === "" || PLACEHOLDER_CODE.test(normalized)) continue;
    keys.set(property, normalized);
    written.set(property, value);
  }
  return keys;
}

/** The first text or number of a value (lists give their first item). */
function scalar(value: unknown, resolve: Resolve): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v === "string") return v;
  if (typeof v === "number") return String(v);
  if (isObject(v) && typeof v["@id"] === "string" && Object.keys(v).length === 1) {
    const target = resolve(v["@id"]);
    return target !== undefined && typeof target.url === "string" ? target.url : null;
  }
  return null;
}

/** Properties by which a node names another thing related to it, never itself. */
const LINKS = ["parentOrganization", "subOrganization", "department", "branchOf", "superEvent", "subEvent", "hasCourseInstance", "isVariantOf", "hasVariant"];
/** Linked values read per property: a chain lists its branches, not thousands. */
const MAX_LINKS = 100;

function linkedIds(node: JsonObject, base: string | null): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const property of LINKS) {
    const value = node[property];
    if (value === undefined) continue;
    for (const item of (Array.isArray(value) ? value : [value]).slice(0, MAX_LINKS)) {
      // A reference ({"@id": ...}) or a nested node with its @id; a bare IRI string as well.
      const id = joinId(isObject(item) ? item["@id"] : item, base);
      if (id !== null) ids.add(id);
    }
  }
  return ids;
}

/**
 * An @id as two descriptions are joined by it: resolved against the page's URL, as JSON-LD resolves a
 * relative IRI against the document's base ("#product" on /anvil is /anvil#product, a Microdata
 * itemid's resolved form). A blank node's id ("_:b0") is kept as written.
 */
function joinId(id: unknown, base: string | null): string | null {
  if (typeof id !== "string" || id === "") return null;
  return base === null ? id : (resolveId(id, base) ?? id);
}

/**
 * A URL as compared: resolved, host lower case without "www.", no trailing slash; fragments kept (they
 * name parts of a page). A host written without its scheme ("www.acme.com") is that host, not a path.
 */
export function normalizeUrl(value: string, base: string | null): string {
  const written = value.trim();
  try {
    const url = new URL(isBareHost(written) ? `https://${written}` : written, base ?? undefined);
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    const path = withoutTrailingSlashes(url.pathname);
    return `${host}${url.port ? `:${url.port}` : ""}${path}${url.search}${url.hash}`;
  } catch {
    return withoutTrailingSlashes(value.trim().toLowerCase());
  }
}

/**
 * A url that can name the entity: an http(s) address. A link's placeholder ("javascript:void(0)", "#")
 * and a mail or phone link are on many cards at once and name none of them.
 */
function namesAPage(value: string, base: string | null): boolean {
  const written = value.trim();
  // "#", also as a Microdata href arrives resolved ("https://acme.example/shop#"): the empty fragment is a placeholder's.
  if (/^#*$/.test(written) || written.endsWith("#")) return false;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(written);
  // "www.acme.example:8080" reads as the scheme "www.acme.example"; it is a host (isBareHost).
  if (scheme !== null && !scheme[1].includes(".")) return /^https?$/i.test(scheme[1]);
  // A relative reference names a page of the page's own site (http or https, as the page's URL is).
  return base === null || /^https?:/i.test(base);
}

/**
 * What a template prints in an identifier's place when the product has none: WooCommerce's "N/A" in
 * `itemprop="sku"`, a dash, a zero, "none". Every product of such a page has it: it names none of them.
 */
const PLACEHOLDER_CODE = /^(?:n\/?a|none|null|undefined|nil|tbd|-+|0+|\.+|x+|sku)$/;

/** GTIN-8/12/13/14 name one item with or without leading zeros. */
function normalizeGtin(value: string): string {
  return value.replace(/\D/g, "").replace(/^0+/, "");
}

/**
 * Joined by @id (one entity the graph already knows as one), or one names the other as its parent,
 * branch, series or variant (two things, by the markup's own words).
 */
function joined(a: Candidate, b: Candidate): boolean {
  if (a.id !== null && a.id === b.id) return true;
  return (b.id !== null && a.links.has(b.id)) || (a.id !== null && b.links.has(a.id));
}

/** Two nodes matched by `property` describe the same thing: nothing tells them apart. */
function sameEntity(a: Candidate, b: Candidate, property: string, resolve: Resolve): boolean {
  const na = a.node.entity.node;
  const nb = b.node.entity.node;
  // Joined by @id, or linked as parent and part.
  if (joined(a, b)) return false;
  // Keys both hold must agree (a different url or sku is another thing, even with the same name).
  for (const [k, v] of a.keys) {
    const other = b.keys.get(k);
    if (other !== undefined && other !== v && k !== "name") return false;
  }
  for (const p of a.family.distinguish) {
    if (na[p] === undefined || nb[p] === undefined) continue;
    if (comparedValue(a, p, na[p], comparerOf(p)) !== comparedValue(b, p, nb[p], comparerOf(p))) return false;
  }
  if (a.family.strong.includes(property) || property.startsWith("gtin")) return true;
  // Matched by url or name only: the names must be one name ("Anvil" and "Anvil | Acme Shop").
  const nameA = nameOf(a);
  const nameB = nameOf(b);
  return nameA === "" || nameB === "" || nameA === nameB || oneName(a, b, resolve);
}

/**
 * Two candidates' names are one name as pages and plugins write it: one is the other with a site's name
 * after it ("Anvil | Acme Shop"), with a brand of either node at its start or end ("Acme Executive Anvil"
 * of brand Acme), with its accents left out, or (a business) with its legal form ("Acme" and "Acme Inc.").
 * Not a name that only begins or holds the other: "Lemon Cake" and "Lemon Cake Glaze" at one url are a
 * recipe and the glaze the page gives beside it, "Acme" and "Acme Springfield" a brand and its branch,
 * "Anvil" and "Anvil Stand" two products of one page.
 */
function oneName(a: Candidate, b: Candidate, resolve: Resolve): boolean {
  const brands = [...brandNames(a.node.entity.node, resolve), ...brandNames(b.node.entity.node, resolve)].map((n) => withoutAccents(markupText(n))).filter((n) => n !== "");
  const forms = (c: Candidate): string[] => {
    const raw = rawNameOf(c);
    const names = [nameOf(c)];
    // A site's name after a title, or a remark in brackets at its end ("Anvil (Black)"); not for a
    // business, whose branch is written so ("Acme – Springfield").
    if (raw.length <= MAX_SUFFIXED_NAME && c.family.root !== "Organization") names.push(markupText(withoutTitleSuffix(raw)), markupText(withoutBracketedEnd(raw)));
    return names.flatMap((n) => {
      const loose = withoutBrand(withoutAccents(n), brands);
      return c.family.root === "Organization" ? [loose, withoutLegalForm(loose)] : [loose];
    });
  };
  const formsOfB = new Set(forms(b));
  return forms(a).some((n) => n !== "" && formsOfB.has(n));
}

/**
 * A business's name without the legal forms at its end ("acme inc" is "acme", "acme gmbh co kg" and
 * "acme l l c", as markupText writes "Acme GmbH & Co. KG" and "Acme L.L.C.", are "acme").
 */
function withoutLegalForm(name: string): string {
  const cut = name.replace(LEGAL_FORM_END, "");
  return cut === "" ? name : cut;
}
const LEGAL_FORM_END =
  /(?: (?:inc|incorporated|llc|l l c|ltd|limited|corp|corporation|co|company|plc|llp|l l p|lp|gmbh|ag|kg|ug|mbh|sa|s a|sas|sarl|srl|s r l|spa|s p a|bv|b v|nv|n v|pty|oy|ab|as|kk|pte|sro|s r o|sp z o o|ou|oü|aps|a s))+$/;

/** The candidate's name as compared: its family's naming property (a job's title), else its `name`. */
function nameOf(candidate: Candidate): string {
  const name = rawNameOf(candidate);
  return name === "" ? "" : comparedValue(candidate, "\u0000name", name, (n) => markupText(n as string));
}

/** The candidate's name as written ("" without one). */
function rawNameOf(candidate: Candidate): string {
  const node = candidate.node.entity.node;
  const own = candidate.family.naming === undefined ? undefined : node[candidate.family.naming];
  const name = typeof own === "string" && own.trim() !== "" ? own : node.name;
  return typeof name === "string" ? name : "";
}

/**
 * A value as compared for telling entities apart: scalars as text, objects by their values, nested
 * objects too (a job's Place is told by its address's "Berlin" or "Munich"), arrays by their items
 * (objects and arrays in arrays to MAX_ARRAY_DEPTH: 3,000 deep overflowed the stack).
 */
function comparable(value: unknown, depth = 0): string {
  if (typeof value === "string") return comparableText(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return depth >= MAX_ARRAY_DEPTH ? "" : value.map((v) => comparable(v, depth + 1)).sort().join("|");
  if (isObject(value)) {
    const parts: string[] = [];
    for (const key of Object.keys(value).sort()) {
      if (key === "@type" || key === "@context") continue;
      const v = value[key];
      if (typeof v === "string" || typeof v === "number") parts.push(`${key}=${comparable(v)}`);
      else if ((isObject(v) || Array.isArray(v)) && depth < MAX_ARRAY_DEPTH) parts.push(`${key}=(${comparable(v, depth + 1)})`);
    }
    return parts.join(";");
  }
  return "";
}

const MAX_ARRAY_DEPTH = 8;

/**
 * A text as compared: a number as the number it is (Microdata's "40.1" is the JSON-LD's 40.1), a date
 * and time as the instant it names ("2025-05-01T20:00:00+02:00" and "2025-05-01T20:00+02:00",
 * "…T18:00Z"), else its words.
 */
function comparableText(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length <= MAX_NUMBER_TEXT && PLAIN_NUMBER.test(trimmed)) return String(Number(trimmed));
  const instant = DATE_TIME.exec(trimmed);
  if (instant !== null) {
    const [, date, hour, minute, second = "00", fraction = "", zone] = instant;
    const local = `${date}T${hour}:${minute}:${second}${fraction}`;
    if (zone === undefined) return local;
    const ms = Date.parse(`${local}${zone === "z" || zone === "Z" ? "Z" : zone}`);
    return Number.isNaN(ms) ? local : `@${ms}`;
  }
  return markupText(value);
}
/** A number as a text holds nothing else: "40.1", "-75.2" ("1 Main St" is an address). */
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(\.\d+)?([zZ]|[+-]\d{2}:?\d{2})?$/;

/** How a distinguishing property's values are compared: a telephone number by its digits, the rest as comparable reads them. */
function comparerOf(property: string): (value: unknown) => string {
  if (property === "telephone") return phoneDigits;
  // Enumeration members however written: "male" and "https://schema.org/Male".
  if (property === "suggestedGender") return (value) => (typeof value === "string" ? normalizeValue(value, "enum") ?? "" : comparable(value));
  return comparable;
}

/**
 * A telephone number's last ten digits: "+1 555-555-0100", "(555) 555-0100" and "555.555.0100" are one
 * number written with and without its country code (ten digits: a North American number's area code
 * whole, "+1 212" is not "+1 312"; a national trunk 0 falls outside, "020 7946 0958" is "+44 20 7946 0958").
 */
function phoneDigits(value: unknown): string {
  if (typeof value !== "string" && typeof value !== "number") return comparable(value);
  const digits = String(value).replace(/\D/g, "");
  return digits.length >= 7 ? digits.slice(-10) : comparable(value);
}

/** Two descriptions' values of a property, as the markup writes them. */
interface Conflict {
  first: { node: TruthNode; values: string[]; pointer: string };
  other: { node: TruthNode; values: string[] };
}

/** Names read for a site suffix up to this long: a name is a few words, and a split at runs of white space costs the square of a long one. */
const MAX_SUFFIXED_NAME = 320;

function firstConflict(leader: Candidate, members: readonly Candidate[], { path, kind, read: readValues }: Compared, resolve: Resolve): Conflict | null {
  const read = (c: Candidate) => {
    const { node, path: at } = c.node.entity;
    const found = readValues !== undefined ? readValues(node, at, resolve) : valuesAt(node, path, at, resolve);
    let values = [...new Set(found.map((f) => normalizeValue(f.value, kind)).filter((v): v is string => v !== null))].sort();
    // Texts also as they read before a site suffix: "Anvil | Acme Tools" (a title template's) names "Anvil".
    // And without a remark in brackets at its end ("Anvil (Black)" names "Anvil").
    const beforeSuffix =
      kind === "text"
        ? [...new Set(found.flatMap((f) => (typeof f.value === "string" && f.value.length <= MAX_SUFFIXED_NAME ? [normalizeValue(withoutTitleSuffix(f.value), kind), normalizeValue(withoutBracketedEnd(f.value), kind)] : [])).filter((v): v is string => v !== null))]
        : null;
    // Numbers also as the page's format may mean them: Microdata on "1.234" or "1 234" (a theme's itemprop on the shown text).
    const readings = kind === "number" || kind === "rating" ? new Set(found.flatMap((f) => numberReadings(f.value))) : null;
    // A number only the page's format reads ("1.199,00" in a theme's Microdata) is compared as it reads:
    // it is no markup number, but it is no agreement either.
    if (values.length === 0 && readings !== null) values = [...readings].sort();
    // The values as the markup writes them, for the message: "1,299.00" and "Joe's Anvil", not their compared forms.
    const written = [...new Set(found.map((f) => (typeof f.value === "string" ? f.value.trim() : typeof f.value === "number" ? String(f.value) : "")).filter((v) => v !== ""))];
    return { values, beforeSuffix, readings, written, pointer: found[0]?.pointer ?? c.node.entity.path };
  };
  const mine = read(leader);
  if (mine.values.length === 0) return null;
  const myRatings = kind === "rating" ? ratingsOf(leader, resolve) : null;
  for (const member of members) {
    if (member === leader) continue;
    const theirs = read(member);
    if (theirs.values.length === 0) continue;
    if (oneHoldsTheOther(mine.values, theirs.values)) continue;
    // One name is the other with a site suffix: the same name, as the not-visible check reads it.
    if (mine.beforeSuffix !== null && theirs.beforeSuffix !== null && (oneHoldsTheOther(mine.beforeSuffix, theirs.values) || oneHoldsTheOther(theirs.beforeSuffix, mine.values))) continue;
    if (mine.readings !== null && theirs.readings !== null && (theirs.values.every((v) => mine.readings!.has(v)) || mine.values.every((v) => theirs.readings!.has(v)))) continue;
    if (myRatings !== null && ratingsAgree(myRatings, ratingsOf(member, resolve))) continue;
    if (kind === "code" && codesAgree(mine.values, theirs.values)) continue;
    if (kind === "text" && namesAgreeLoosely(leader, member, mine.values, theirs.values, resolve)) continue;
    return { first: { node: leader.node, values: mine.written, pointer: mine.pointer }, other: { node: member.node, values: theirs.written } };
  }
  return null;
}

/** A rating on its own scale: the share of bestRating (5 unless given) it is, and how far rounding may move it. */
interface ScaledRating {
  share: number;
  /** Half a unit of its last written digit, as a share of the scale. */
  slack: number;
}

function ratingsOf(candidate: Candidate, resolve: Resolve): ScaledRating[] {
  const out: ScaledRating[] = [];
  for (const { value } of valuesAt(candidate.node.entity.node, ["aggregateRating"], candidate.node.entity.path, resolve)) {
    if (!isObject(value)) continue;
    const raw = value.ratingValue;
    const plain = typeof raw === "string" || typeof raw === "number" ? markupNumber(raw) : null;
    // A rating in the page's format ("4,8" in a theme's Microdata) as it reads, as numberReadings reads it.
    const ratings = plain !== null ? [plain] : numberReadings(raw).map(Number);
    const bestRaw = value.bestRating;
    const best = typeof bestRaw === "string" || typeof bestRaw === "number" ? markupNumber(bestRaw) : 5;
    if (best === null || !(best > 0)) continue;
    const written = String(raw).trim();
    const point = Math.max(written.lastIndexOf("."), written.lastIndexOf(","));
    const decimals = point === -1 ? 0 : written.length - point - 1;
    for (const rating of ratings) out.push({ share: rating / best, slack: 0.5 * 10 ** -decimals / best });
  }
  return out;
}

/**
 * Ratings agree when each of one side's is the other's rounded, on their scales: 4.83 and 4.8 (one
 * decimal less), 4.8 of 5 and 96 of 100. The not-visible check reads a shown rating with the same slack.
 */
function ratingsAgree(a: readonly ScaledRating[], b: readonly ScaledRating[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  return small.every((x) => large.some((y) => Math.abs(x.share - y.share) <= Math.max(x.slack, y.slack) + 1e-9));
}

/**
 * Two descriptions agree on a property when every value one gives is among the other's: a theme's
 * Microdata that gives the default variant's offer (10) and a plugin's JSON-LD that gives every
 * variant's (10, 12, 15), or one currency beside several, describe the same offers, one less
 * completely. They disagree when each gives a value the other does not (10 and 12).
 */
function oneHoldsTheOther(a: readonly string[], b: readonly string[]): boolean {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  return small.every((v) => large.includes(v));
}

/**
 * What a number written in a page's format may mean, as normalizeValue writes numbers: "1.234" is 1.234
 * or 1234 (German), "1 234" and "1'234" 1234, "4,8" 4.8, "1.299,00" 1299, beside the markup's own reading.
 * A mark counts as grouping only before groups of three digits. A Microdata value read from the shown text
 * ("<span itemprop=reviewCount>1.234</span>") has its own format error; as a duplicate's value it is the
 * JSON-LD's 1234, not a conflict.
 */
function numberReadings(value: unknown): string[] {
  if (typeof value === "number") return Number.isFinite(value) ? [String(value)] : [];
  if (typeof value !== "string" || value.length > MAX_NUMBER_TEXT) return [];
  const out = new Set<string>();
  const plain = markupNumber(value);
  if (plain !== null) out.add(String(plain));
  const written = firstWrittenNumber(value);
  if (written === undefined) return [...out];
  const ungrouped = SPACE_GROUPED.test(written) ? written.replace(GROUP_SPACES, "") : written;
  // Either mark as the decimal one, as a page without a language is read (price-text.ts).
  for (const reading of readNumber(ungrouped, null)) out.add(String(reading.value));
  return [...out];
}
const MAX_NUMBER_TEXT = 64;
const SPACE_GROUPED = /^\d{1,3}(?:['\u2019 \u00a0\u202f\u2009]\d{3})+(?:[.,]\d+)?$/;
const GROUP_SPACES = /['\u2019 \u00a0\u202f\u2009]/g;

const ENUM_SPACING = /[\s_-]+/g;

/**
 * Names (as markupText gives them) that differ only by accents, by a brand's name (either node's) at
 * the start or end of one, or (a business's) by its legal form ("Acme" and "Acme Inc."): "Acme Executive Anvil" and "Executive Anvil" of brand Acme, "Café Anvil" and
 * "Cafe Anvil" are one product's names, as the not-visible check reads a name without its brand.
 */
function namesAgreeLoosely(a: Candidate, b: Candidate, aNames: readonly string[], bNames: readonly string[], resolve: Resolve): boolean {
  const brands = [...brandNames(a.node.entity.node, resolve), ...brandNames(b.node.entity.node, resolve)].map((n) => withoutAccents(markupText(n))).filter((n) => n !== "");
  const business = a.family.root === "Organization";
  const loose = (name: string) => {
    const unbranded = withoutBrand(withoutAccents(name), brands);
    return business ? withoutLegalForm(unbranded) : unbranded;
  };
  return oneHoldsTheOther(aNames.map(loose), bNames.map(loose));
}

/** The name without a brand's name at its start or end (a whole word's), when more than the brand is left. */
function withoutBrand(name: string, brands: readonly string[]): string {
  for (const brand of brands) {
    if (name.length > brand.length + 1 && name.startsWith(brand) && name.charCodeAt(brand.length) === 32) return name.slice(brand.length + 1);
    if (name.length > brand.length + 1 && name.endsWith(brand) && name.charCodeAt(name.length - brand.length - 1) === 32) return name.slice(0, name.length - brand.length - 1);
  }
  return name;
}

/** Every currency of the side with fewer is one of the other's, or a sign that may stand for it ("$" and USD, CAD). */
function codesAgree(a: readonly string[], b: readonly string[]): boolean {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  return small.every((x) => large.some((y) => x === y || signMayStandFor(x, y) || signMayStandFor(y, x)));
}

function normalizeValue(value: unknown, kind: Kind): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  if (kind === "number" || kind === "rating") {
    const n = markupNumber(value);
    return n === null ? null : String(n);
  }
  const text = String(value).trim();
  if (text === "") return null;
  // A currency as the code it stands for: "€" and "eur" are EUR ("$" stands for several: codesAgree).
  if (kind === "code") return currencyCode(text) ?? text.toUpperCase();
  // A member as its name, however spaced: a theme's shown "In stock" is the JSON-LD's InStock.
  if (kind === "enum") return text.replace(/^https?:\/\/(www\.)?schema\.org\//i, "").replace(/^schema:/i, "").replace(/\/+$/, "").replace(ENUM_SPACING, "").toLowerCase();
  return markupText(text);
}

/** Where a node is, in words: its syntax, block and line. */
class Places {
  readonly #page: TruthPage | null;
  #lines: LineIndex | undefined;

  constructor(page: TruthPage | null) {
    this.#page = page;
  }

  of(node: TruthNode): string {
    if (node.items !== null && this.#page !== null) {
      const offset = node.items.offsets.get(node.entity.path);
      const syntax = node.syntax === "rdfa" ? "RDFa" : "Microdata";
      if (offset === undefined) return `the ${syntax} item (block ${node.entity.block})`;
      const line = (this.#lines ??= new LineIndex(this.#page.html)).at(offset).line;
      return `the ${syntax} item at line ${line} (block ${node.entity.block})`;
    }
    const at = node.entity.path === "" ? "" : ` at ${node.entity.path}`;
    const line = node.source !== null ? ` starting at line ${node.source.line}` : "";
    return `the JSON-LD block ${node.entity.block}${line}${at}`;
  }
}

/** The page's own address without its fragment, for the fix's example identifier (a stand-in without one). */
function exampleId(pageUrl: string | null): string {
  if (pageUrl === null) return "https://example.com/page";
  try {
    const url = new URL(pageUrl);
    url.hash = "";
    return url.href.length > 200 ? "https://example.com/page" : url.href;
  } catch {
    return "https://example.com/page";
  }
}

const joinHint = (node: TruthNode): string => (node.syntax === "microdata" ? "itemid" : node.syntax === "rdfa" ? "resource" : '"@id"');

const MAX_PLACES = 5;

function duplicateIssue(leader: Candidate, others: Candidate[], matchedOn: string, places: Places, pageUrl: string | null): Finding["issue"] {
  const node = leader.node;
  const value = leader.written.get(matchedOn) ?? "";
  const listed = others.slice(0, MAX_PLACES).map((o) => places.of(o.node));
  const more = others.length > MAX_PLACES ? ` and ${others.length - MAX_PLACES} more` : "";
  const type = node.result.matched_type ?? node.result.type;
  const hints = [...new Set([node, ...others.map((o) => o.node)].map(joinHint))].join(" / ");
  return {
    severity: "warning",
    property: matchedOn,
    code: "duplicate-entity",
    message: `This ${type} (${places.of(node)}) and ${listed.join(", ")}${more} describe the same ${leader.family.root} (the same ${matchedOn}, ${JSON.stringify(value)}) without an @id joining them: the search engine reads ${others.length + 1} entities, or picks one.`,
    fix: `Keep one description, or give every copy the same identifier (${hints}, e.g. "${exampleId(pageUrl)}#${leader.family.root.toLowerCase()}") so that they are read as one entity.`,
    google_docs_url: GUIDELINES_URL,
    path: `${node.entity.path}/${escapePointer(matchedOn)}`,
  };
}

const MAX_VALUES_SHOWN = 5;
const MAX_VALUE_SHOWN = 80;

function conflictIssue(property: string, conflict: Conflict, places: Places): Finding["issue"] {
  const show = (values: string[]) =>
    values
      .slice(0, MAX_VALUES_SHOWN)
      .map((v) => JSON.stringify(v.length > MAX_VALUE_SHOWN ? `${v.slice(0, MAX_VALUE_SHOWN)}...` : v))
      .join(", ") + (values.length > MAX_VALUES_SHOWN ? ` and ${values.length - MAX_VALUES_SHOWN} more` : "");
  return {
    severity: "warning",
    property,
    code: "conflicting-values",
    message: `Two descriptions of the same entity disagree on "${property}": ${show(conflict.first.values)} in ${places.of(conflict.first.node)}, ${show(conflict.other.values)} in ${places.of(conflict.other.node)}. The search engine picks one.`,
    fix: `Make every description of the entity give the same ${property}, or keep only one description.`,
    google_docs_url: GUIDELINES_URL,
    path: conflict.first.pointer,
  };
}
