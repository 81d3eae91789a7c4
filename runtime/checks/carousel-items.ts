/**
 * A host carousel's items together (carousel page): "All items must be of the same type", "All URLs in
 * the list must be unique", and a course list "must mark up at least three courses" (course page). The
 * positions are checked first, as for any ordered list (ascending-positions). Only the host carousel's
 * content types are compared: the beta carousel's LocalBusiness, Product and Event items may be mixed.
 */
import { isObject, type JsonObject } from "../json.ts";
import { typeNames } from "../graph/type-names.ts";
import { subtypes } from "../type-hierarchy.ts";
import type { KeywordProblem } from "../keywords/keyword-check.ts";

const HOST_TYPES = ["Course", "Movie", "Recipe", "Restaurant"] as const;

/** The object a list entry is about: a ListItem's item, or the entry itself when it is no ListItem. */
function subjectOf(entry: JsonObject): JsonObject {
  return isObject(entry.item) ? entry.item : entry;
}

/** The host carousel type of a list entry's subject, or null (no @type, or another type). */
function hostTypeOf(subject: JsonObject): string | null {
  for (const written of typeNames(subject["@type"])) {
    for (const host of HOST_TYPES) if (subtypes(host).has(written)) return host;
  }
  return null;
}

/** The entry's URL: the ListItem's own (a summary page) or its item's (an all-in-one page). */
function urlOf(entry: JsonObject): string | null {
  for (const holder of [entry, subjectOf(entry)]) {
    const url = holder.url;
    if (typeof url === "string" && url.trim() !== "") return url.trim();
  }
  return null;
}

export function carouselItemsProblem(items: readonly unknown[]): KeywordProblem | null {
  const urls = new Set<string>();
  const types = new Set<string>();
  let courses = 0;
  for (const item of items) {
    if (!isObject(item)) continue;
    const url = urlOf(item);
    if (url !== null) {
      if (urls.has(url)) {
        return {
          code: "invalid-format",
          message: `"${url}" is listed more than once; each item of a carousel has its own URL`,
          fix: "Give each item its own URL: on a summary page each ListItem's url is the item's own page; on an all-in-one page each item's url is this page with the item's own anchor, e.g. \"https://example.com/movies#bohemian-rhapsody\".",
        };
      }
      urls.add(url);
    }
    const host = hostTypeOf(subjectOf(item));
    if (host !== null) types.add(host);
    if (host === "Course") courses++;
  }
  if (types.size > 1) {
    return {
      code: "wrong-type",
      message: `the items mix ${[...types].join(" and ")}; all items of a carousel are of the same type`,
      fix: "List items of one type per carousel (all Recipe, all Movie, all Course or all Restaurant): give the other items a list of their own.",
    };
  }
  if (types.has("Course") && courses < 3) {
    return { code: "too-few-values", message: `a course list needs at least three courses, not ${courses}`, fix: "List at least three courses in itemListElement, each with its own URL." };
  }
  return null;
}
