/**
 * A rating on a node whose type review snippets do not show: the review snippet page lists the types
 * a review or rating may be about ("Book, Course, CreativeWorkSeason, CreativeWorkSeries, Episode,
 * Event, Game, HowTo, LocalBusiness, MediaObject, Movie, MusicPlaylist, MusicRecording, Organization,
 * Product, Recipe, SoftwareApplication"), and Search Console reports an `aggregateRating` or `review` on
 * any other (an Article, a WebPage, a Service, a Person) as "Invalid object type for field
 * <parent_node>". A warning on the node: its own rich result, if any, is not affected.
 */
import type { ValidationIssue } from "./types.ts";
import type { JsonObject } from "./json.ts";
import { typeNames } from "./graph/type-names.ts";
import { vocabularyIndex } from "./type-hierarchy.ts";

export const REVIEWABLE_TYPES = [
  "Book", "Course", "CreativeWorkSeason", "CreativeWorkSeries", "Episode", "Event", "Game", "HowTo", "LocalBusiness", "MediaObject",
  "Movie", "MusicPlaylist", "MusicRecording", "Organization", "Product", "Recipe", "SoftwareApplication",
] as const;

const DOCS = "https://developers.google.com/search/docs/appearance/structured-data/review-snippet";

const NONE: readonly ValidationIssue[] = Object.freeze([]);

/** The rating properties the node carries with a value. */
function ratingProperties(node: JsonObject): string[] {
  const found: string[] = [];
  for (const name of ["aggregateRating", "review"]) {
    const value = node[name];
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    found.push(name);
  }
  return found;
}

/** Whether one of the types can carry review stars ("Car isn't supported automatically as a subtype of Product"). */
function reviewable(types: readonly string[]): boolean {
  return types.some(reviewableType);
}

/** Per type: 18 subtype look-ups each, for every rated node, were a fiftieth of validating a product. */
const reviewableCache = new Map<string, boolean>();

function reviewableType(type: string): boolean {
  let answer = reviewableCache.get(type);
  if (answer === undefined) {
    const vocabulary = vocabularyIndex();
    answer = !vocabulary.isSubtypeOf(type, "Vehicle") && REVIEWABLE_TYPES.some((r) => vocabulary.isSubtypeOf(type, r));
    // Types come from known classes only (the caller filters them), so the cache is bounded by the vocabulary.
    reviewableCache.set(type, answer);
  }
  return answer;
}

/** The warnings for a node rated though its types cannot show the rating; none when it can, or when no type is known. */
export function unratableTypeWarnings(node: JsonObject, at: string): readonly ValidationIssue[] {
  // Most nodes are not rated: nothing allocated for them.
  if (node.aggregateRating === undefined && node.review === undefined) return NONE;
  const properties = ratingProperties(node);
  if (properties.length === 0) return NONE;
  const vocabulary = vocabularyIndex();
  const types = typeNames(node["@type"]).filter((t) => vocabulary.isType(t));
  if (types.length === 0 || reviewable(types)) return NONE;
  const type = types.join(", ");
  const a = /^[AEIOU]/.test(type) ? "an" : "a";
  return properties.map((property) => ({
    severity: "warning" as const,
    code: "feature-requirement" as const,
    property,
    message: `"${property}" on ${a} ${type} is not shown: review snippets are only for ${REVIEWABLE_TYPES.join(", ")} (and their subtypes). Search Console reports it as "Invalid object type for field <parent_node>" (Review snippet).`,
    fix: `Put the rating on the item it is about, typed as one of those (the Product, the LocalBusiness, the Recipe), e.g. its "mainEntity"; or remove "${property}" from the ${type}.`,
    google_docs_url: DOCS,
    path: `${at}/${property}`,
  }));
}
