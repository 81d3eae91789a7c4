/**
 * `self-serving-review`: a business or organization that carries reviews or a rating of itself on
 * its own site. The review snippet guidelines: "If the entity that's being reviewed controls the
 * reviews about itself, their pages that use LocalBusiness or any other type of Organization
 * structured data are ineligible for star review feature."
 *
 * Its own site: the entity's `url` is on the page's host; without a `url`, its `@id` or one of its
 * `sameAs` is; without any of the three, its name is the name the page's WebSite markup gives its own
 * site or that site's publisher (a shop-rating widget writes the shop as a name and a rating only: the
 * guidelines name reviews placed "via an embedded 3rd party widget" as self-serving too). A review site that gives the businesses it reviews an `@id` on its own host still
 * names each business's own site in `url`, so an `@id` never overrules a `url`. The same markup on
 * another host (a review site, a directory, a booking platform) is not self-serving, and a Product's
 * reviews never are. Without the page's URL nothing can be compared: the node gets a note instead.
 */
import { isObject, type JsonObject } from "../json.ts";
import { escapePointer } from "../json.ts";
import { typeNames } from "../graph/type-names.ts";
import { subtypes } from "../type-hierarchy.ts";
import { REVIEW_SNIPPET_URL, type Finding, type TruthNode } from "./truth-node.ts";
import type { Resolve } from "./node-values.ts";
import { markupText } from "./text-match.ts";
import { isBareHost } from "../checks/http-url.ts";

export const NO_PAGE_URL_NOTE =
  "Self-serving reviews were not checked: the page's URL is unknown (validate the page by its URL to have the review and aggregateRating of a business or organization on its own site checked).";

export const LISTING_NOTE =
  "Self-serving reviews: not reported. The business's url is on this page's host, but the page's WebSite markup names the site as another entity's (a review site or directory that gives each business its own listing page as url).";

export interface SelfServing {
  /** The node to report on, and the property that carries the reviews. */
  node: TruthNode;
  property: "review" | "aggregateRating" | "itemReviewed";
  entity: JsonObject;
}

/** Business or organization nodes with reviews of themselves, and reviews or ratings of a business. */
export function selfServingCandidates(nodes: readonly TruthNode[], resolve: Resolve): SelfServing[] {
  const out: SelfServing[] = [];
  for (const node of nodes) {
    const n = node.entity.node;
    // Most nodes carry none of the three: no type is looked at for them.
    if (n.aggregateRating === undefined && n.review === undefined && n.itemReviewed === undefined) continue;
    if (isOrganization(n)) {
      // A Product that is also an Organization is not (Product wins: its reviews never are self-serving).
      if (isProduct(n)) continue;
      const property = aboutItself(n.aggregateRating, resolve) ? "aggregateRating" : aboutItself(n.review, resolve) ? "review" : null;
      if (property !== null) out.push({ node, property, entity: n });
      continue;
    }
    if (typeNames(n["@type"]).some((t) => subtypes("Review").has(t) || subtypes("AggregateRating").has(t))) {
      const reviewed = firstObject(n.itemReviewed, resolve);
      if (reviewed !== null && isOrganization(reviewed) && !isProduct(reviewed)) out.push({ node, property: "itemReviewed", entity: reviewed });
    }
  }
  return out;
}

const isOrganization = (node: JsonObject): boolean => typeNames(node["@type"]).some((t) => subtypes("Organization").has(t));
const isProduct = (node: JsonObject): boolean => typeNames(node["@type"]).some((t) => subtypes("Product").has(t));

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0);

/**
 * A business's `review` or `aggregateRating` is about the business unless it says otherwise: one whose
 * `itemReviewed` is something other than a business or organization (a product it sells, a book, an
 * event) rates that, not the business. Such a rating is not self-serving; one about an organization,
 * or without an itemReviewed, is taken as the business's own (it may name the business again).
 */
function aboutItself(ratings: unknown, resolve: Resolve): boolean {
  if (!present(ratings)) return false;
  const list = Array.isArray(ratings) ? ratings : [ratings];
  return list.slice(0, MAX_RATINGS_READ).some((rating) => !isObject(rating) || !ratesAnotherThing(rating, resolve)) || list.length > MAX_RATINGS_READ;
}

/** A business's ratings read at most for what they rate (aboutItself); past these it is taken to rate itself. */
const MAX_RATINGS_READ = 200;

function ratesAnotherThing(rating: JsonObject, resolve: Resolve): boolean {
  const reviewed = firstObject(rating.itemReviewed, resolve);
  if (reviewed === null) return false;
  const types = typeNames(reviewed["@type"]);
  if (types.length === 0) return false;
  return isProduct(reviewed) || !(isOrganization(reviewed) || types.includes("Thing"));
}

function firstObject(value: unknown, resolve: Resolve): JsonObject | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!isObject(v)) return null;
  if (typeof v["@id"] === "string" && Object.keys(v).length === 1) return resolve(v["@id"]) ?? null;
  return v;
}

/** The entity is on the page's own host (see the module comment for which of its names decide). */
export function onOwnSite(entity: JsonObject, pageUrl: string): boolean {
  const pageHost = hostOf(pageUrl, null);
  if (pageHost === null) return false;
  const urls = entityUrls(entity, pageUrl);
  if (urls.length > 0) return urls.slice(0, MAX_ADDRESSES).some((u) => onSiteOf(pageHost, hostOf(u, pageUrl)));
  const names = [...texts(entity["@id"]), ...texts(entity.sameAs)];
  return names.slice(0, MAX_ADDRESSES).some((u) => onSiteOf(pageHost, hostOf(u, pageUrl)));
}

/**
 * The entity's `url`s, without a link's placeholder: a directory's cards write `href="#"` (or "#top")
 * on every business they list, and "#" resolved against the page names the directory's own page, not
 * the business's site. Such an entity is read as one without a `url` (its @id and sameAs decide).
 */
function entityUrls(entity: JsonObject, pageUrl: string | null = null): string[] {
  // Its first MAX_ADDRESSES only, as every reading of its addresses: each is parsed as a URL.
  return texts(entity.url)
    .slice(0, MAX_ADDRESSES)
    .filter((u) => !PLACEHOLDER_URL.test(u) && !(pageUrl !== null && fragmentOfPage(u, pageUrl)));
}

/** The url is the page itself with a fragment ("#top", "#reviews", as a Microdata href arrives resolved): a link within the page, no site. */
function fragmentOfPage(value: string, pageUrl: string): boolean {
  if (value.indexOf("#") === -1) return false;
  try {
    const url = new URL(value.trim(), pageUrl);
    const page = new URL(pageUrl);
    if (url.hash === "") return false;
    url.hash = "";
    page.hash = "";
    return url.href === page.href;
  } catch {
    return false;
  }
}
// Also as a Microdata href arrives, resolved: "https://dir.example/plumbers/#".
const PLACEHOLDER_URL = /^\s*#|#\s*$/;

/**
 * The page's host is the entity's, or one of its subdomains: order.joesdiner.com is Joe's own site as
 * much as joesdiner.com is. Not the other way round: a platform's page does not become a business's own
 * because the business has a subdomain of the platform.
 */
function onSiteOf(pageHost: string, entityHost: string | null): boolean {
  if (entityHost === null) return false;
  return pageHost === entityHost || (entityHost.includes(".") && pageHost.endsWith(`.${entityHost}`));
}

/**
 * Addresses of an entity read at most (its urls, or its @id and sameAs): a business lists a handful of
 * profiles; each is parsed as a URL, and 2,500 `sameAs` read at each of 199 reviews of the business took 3 s.
 */
const MAX_ADDRESSES = 64;

/**
 * Whose site the page says it is: the names and identifiers of the page's WebSite nodes on the page's
 * host and of their publishers. Empty when the page does not say.
 */
export interface SiteOwners {
  ids: Set<string>;
  /** The owners' names as compared (markupText): a business named exactly so is the site's own. */
  names: Set<string>;
  /** The significant words of the owners' names (significantWords), and each one's beginnings of three characters or more. */
  words: Set<string>;
  beginnings: Set<string>;
  /** Each owner's name as its significant words, in order (namesTheSite: a business named the site's name and more). */
  nameWords: string[][];
}

export function siteOwners(nodes: readonly TruthNode[], pageUrl: string, resolve: Resolve): SiteOwners {
  const owners: SiteOwners = { ids: new Set(), names: new Set(), words: new Set(), beginnings: new Set(), nameWords: [] };
  const pageHost = hostOf(pageUrl, null);
  const websites = subtypes("WebSite");
  let names = 0;
  const add = (entity: JsonObject) => {
    if (typeof entity["@id"] === "string") owners.ids.add(entity["@id"]);
    for (const name of [...texts(entity.name), ...texts(entity.alternateName)]) {
      if (names++ >= MAX_NAMES) return;
      owners.names.add(comparedName(name));
      const words = significantWords(name);
      if (words.length > 0) owners.nameWords.push(words);
      for (const word of words) {
        if (owners.words.has(word)) continue;
        owners.words.add(word);
        owners.beginnings.add(word);
        for (let end = 3; end <= word.length - MIN_WORD_REST; end++) owners.beginnings.add(word.slice(0, end));
      }
    }
  };
  for (const node of nodes) {
    const n = node.entity.node;
    if (!typeNames(n["@type"]).some((t) => websites.has(t))) continue;
    const urls = texts(n.url);
    if (urls.length > 0 && !urls.some((u) => hostOf(u, pageUrl) === pageHost)) continue;
    add(n);
    const publisher = firstObject(n.publisher, resolve);
    if (publisher !== null) add(publisher);
    else if (isObject(n.publisher) && typeof n.publisher["@id"] === "string") owners.ids.add(n.publisher["@id"]);
  }
  return owners;
}

/**
 * The page says its site is another entity's: a review site or a directory that gives the business
 * its own listing page as `url` (on the page's host, so onOwnSite holds) and describes itself in a
 * WebSite node ("Acme Guide", published by "Acme Media") whose name shares no word with the
 * business's. The business's own site names itself or its business there ("Joe's Diner", "joesdiner.com"),
 * or makes the business its publisher by `@id`. A business without a name, or a page that does not
 * say whose site it is, is read as before.
 */
export function ownedByAnother(entity: JsonObject, owners: SiteOwners, pageUrl: string): boolean {
  if (typeof entity["@id"] === "string" && owners.ids.has(entity["@id"])) return false;
  // A listing is a page of the directory; the site's home page is the site's own business.
  if (entityUrls(entity, pageUrl).slice(0, MAX_ADDRESSES).some((u) => isSiteRoot(u, pageUrl))) return false;
  const names = texts(entity.name).slice(0, MAX_NAMES).filter((name) => significantWords(name).length > 0);
  if (names.length === 0 || owners.words.size === 0) return false;
  return !names.some((name) => namesTheSite(significantWords(name), owners) || runsTogetherAsSite(name, owners));
}

/**
 * The business's name written as a domain writes it, its words run together: "Joe's Diner" is
 * "joesdiner", the site named "joesdiner.com" (or a word it begins: "joesdinerandbar").
 */
function runsTogetherAsSite(name: string, owners: SiteOwners): boolean {
  const joined = comparedName(name).replace(/ /g, "");
  return joined.length >= 3 && owners.beginnings.has(joined);
}

/**
 * A business name is the site's own when its first word is the site's (or its publisher's) and more
 * than half of its words are: "Joe's Diner" on "Joe's Diner | Burgers in Austin", "Acme Plumbing Services"
 * on "Acme Plumbing". Half is not enough: a directory's name and the businesses it lists share their
 * city and their trade, often as the name's first word ("Berlin Burger" on "Berlin Food Guide", "Pizza
 * Hut" on "Pizza Today", "Hotel Adlon" on "Hotels.com"), and a listing is no self-serving review. A
 * business whose `url` is the site's home page is the site's own whatever its name (isSiteRoot).
 */
function namesTheSite(words: readonly string[], owners: SiteOwners): boolean {
  if (!sharesAWord(words[0], owners)) return false;
  // The site's whole name at the business name's start, and more after it: "Acme" and "Acme Plumbing",
  // "Bella Italia" and "Bella Italia Ristorante Pizzeria", "Joe's" and "Joe's Diner". A directory's
  // name holds words its listings lack ("Berlin Food Guide" and "Berlin Burger").
  if (owners.nameWords.some((site) => site.length <= words.length && site.every((w, i) => w === words[i]))) return true;
  let shared = 0;
  for (const word of words) if (sharesAWord(word, owners)) shared++;
  return 2 * shared > words.length;
}

const HOME_PATH = /^\/?(?:[a-z]{2}(?:[-_][a-z]{2})?\/?)?(?:(?:index|home|default)\.(?:html?|php|aspx?))?$/i;

/** The url is the home page of the page's host (or of the site the page is a subdomain of). */
function isSiteRoot(value: string, pageUrl: string): boolean {
  const pageHost = hostOf(pageUrl, null);
  if (pageHost === null || !onSiteOf(pageHost, hostOf(value, pageUrl))) return false;
  try {
    const written = value.trim();
    const url = new URL(isBareHost(written) ? `https://${written}` : written, pageUrl);
    // The home page however a CMS links it: "/", "/index.html", a language's home ("/en/", "/de-at/"); a
    // query (a campaign's utm_ parameters) or a fragment changes no page.
    return HOME_PATH.test(url.pathname);
  } catch {
    return false;
  }
}

/**
 * An entity that gives none of `url`, `@id` or `sameAs` (a widget's "Organization: name and rating")
 * is the site's own when its name is the site's or its publisher's, as the page's WebSite markup on
 * this host gives them. Whole names only: a shop named "Example" on "Example Shop"'s site is not
 * enough to take its stars away.
 */
export function namedAsSite(entity: JsonObject, owners: SiteOwners): boolean {
  if (entityUrls(entity).length > 0 || texts(entity["@id"]).length > 0 || texts(entity.sameAs).length > 0) return false;
  if (owners.names.size === 0) return false;
  return texts(entity.name).slice(0, MAX_NAMES).some((name) => owners.names.has(comparedName(name)));
}

function comparedName(name: string): string {
  return markupText(name.length > MAX_NAME_WORDS * MAX_WORD_LENGTH ? name.slice(0, MAX_NAME_WORDS * MAX_WORD_LENGTH) : name);
}

/** Names of a business, and of the site's owners, read at most: an entity has a name or two. */
const MAX_NAMES = 16;
/** Words of a name read at most, and their characters: a name is a few words of a few letters. */
const MAX_NAME_WORDS = 32;
const MAX_WORD_LENGTH = 64;

/** Words that tell names apart: three letters or more, not an article or a conjunction. */
function significantWords(name: string): string[] {
  return markupText(name.length > MAX_NAME_WORDS * MAX_WORD_LENGTH ? name.slice(0, MAX_NAME_WORDS * MAX_WORD_LENGTH) : name)
    .split(" ")
    .filter((w) => w.length >= 3 && !COMMON_WORDS.has(w) && !LEGAL_FORMS.has(w))
    .slice(0, MAX_NAME_WORDS)
    .map((w) => (w.length > MAX_WORD_LENGTH ? w.slice(0, MAX_WORD_LENGTH) : w));
}
const COMMON_WORDS = new Set(["the", "and", "und", "der", "die", "das", "les", "los", "las", "del", "des", "von", "for", "och", "het", "een"]);
/** Legal forms name no business apart from its others: "Acme Ltd" is the site "Acme"'s (of three letters or more: shorter ones are no significant word anyway). */
const LEGAL_FORMS = new Set(["inc", "incorporated", "llc", "ltd", "limited", "corp", "corporation", "company", "plc", "llp", "gmbh", "mbh", "sas", "sarl", "srl", "spa", "pty", "pte", "sro", "aps"]);

/**
 * The word is an owner's word, or begins one, or one begins it ("joe" and "joesdiner"; MIN_WORD_REST): by the sets of
 * the owners' words and their beginnings, not word by word (every word of every business name against
 * every owner's word, at each of 199 reviews, took 8 s in 32 KB).
 */
function sharesAWord(word: string, owners: SiteOwners): boolean {
  if (owners.beginnings.has(word)) return true;
  for (let end = 3; end <= word.length - MIN_WORD_REST; end++) if (owners.words.has(word.slice(0, end))) return true;
  return false;
}

/**
 * Letters a longer word must go on for past a shorter one it begins with, for the two to be shared: a
 * domain runs words together ("joe" and "joesdiner"), a plural does not make a name ("hotel" and "hotels").
 */
const MIN_WORD_REST = 3;

function texts(value: unknown): string[] {
  if (typeof value === "string") return value.trim() === "" ? [] : [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string" && v.trim() !== "");
  return [];
}

/**
 * The host without "www.", lower case; null when the value is no http(s) URL. A host written without
 * its scheme ("www.joesdiner.com") names that host: resolved against the page, it would name a path on
 * the review site's own host and make every business listed there self-serving.
 */
function hostOf(value: string, base: string | null): string | null {
  const written = value.trim();
  try {
    const url = new URL(isBareHost(written) ? `https://${written}` : written, base ?? undefined);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    // "joes.example." (the root's dot, which some CMSs keep) is joes.example.
    return url.hostname.toLowerCase().replace(/^www\./, "").replace(/\.$/, "");
  } catch {
    return null;
  }
}

/** Why the entity's site is taken as the page's, in words: the address or name that decided (onOwnSite, namedAsSite). */
function ownSiteEvidence(entity: JsonObject, pageUrl: string): string {
  const pageHost = hostOf(pageUrl, null);
  const onHost = (u: string) => pageHost !== null && onSiteOf(pageHost, hostOf(u, pageUrl));
  const quote = (u: string) => JSON.stringify(u.length > MAX_QUOTED ? `${u.slice(0, MAX_QUOTED)}...` : u);
  const urls = entityUrls(entity, pageUrl);
  const url = urls.slice(0, MAX_ADDRESSES).find(onHost);
  if (url !== undefined) return `its url ${quote(url)} is on this page's host (${pageHost})`;
  if (urls.length === 0) {
    const id = texts(entity["@id"]).find(onHost);
    if (id !== undefined) return `it has no url, and its @id ${quote(id)} is on this page's host (${pageHost})`;
    const same = texts(entity.sameAs).slice(0, MAX_ADDRESSES).find(onHost);
    if (same !== undefined) return `it has no url, and its sameAs ${quote(same)} is on this page's host (${pageHost})`;
  }
  const name = texts(entity.name)[0];
  return name === undefined ? "its site is this page's" : `its name ${quote(name)} is the name this page's WebSite markup gives the site`;
}
const MAX_QUOTED = 120;

export function selfServingIssue(candidate: SelfServing, pageUrl: string): Finding["issue"] {
  const { node, property } = candidate;
  const type = node.result.matched_type ?? node.result.type;
  const evidence = ownSiteEvidence(candidate.entity, pageUrl);
  const about = property === "itemReviewed" ? `reviews a business or organization (${typeNames(candidate.entity["@type"]).join(", ")}) whose site is this page's (${evidence})` : `is a business or organization that carries its own ${property} on its own site (${evidence})`;
  return {
    severity: "warning",
    property,
    code: "self-serving-review",
    message: `This ${type} ${about}: self-serving reviews are not eligible for the review snippet. The guidelines: "If the entity that's being reviewed controls the reviews about itself, their pages that use LocalBusiness or any other type of Organization structured data are ineligible for star review feature."`,
    fix: "Keep the reviews on the page for readers if you like, but expect no review stars from them: only reviews of other businesses (a review site, a directory) are eligible. Removing the review markup removes this warning.",
    google_docs_url: REVIEW_SNIPPET_URL,
    path: `${node.entity.path}/${escapePointer(property)}`,
  };
}
