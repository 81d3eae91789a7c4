/**
 * Pros and cons of an editorial product review (product snippet page): "You must provide at least two
 * statements about the product in any combination of positive or negative statements (for example,
 * ItemList markup with two positive statements is valid)". A review with one statement in all has no
 * pros and cons to show.
 */
import { isObject, type JsonObject } from "../json.ts";

/** The statements of one notes value: an ItemList's ListItems (or texts), or the value itself. */
function statements(notes: unknown): number {
  let count = 0;
  for (const list of Array.isArray(notes) ? notes : [notes]) {
    if (notes === undefined || list === null) continue;
    if (!isObject(list)) {
      count++;
      continue;
    }
    const items = list.itemListElement;
    count += items === undefined || items === null ? 0 : Array.isArray(items) ? items.length : 1;
  }
  return count;
}

/** Null when the review gives no pros and cons, or two statements or more. */
export function prosConsProblem(review: JsonObject): string | null {
  if (review.positiveNotes === undefined && review.negativeNotes === undefined) return null;
  const count = statements(review.positiveNotes) + statements(review.negativeNotes);
  // An empty list is the list's own issue (its itemListElement is required).
  if (count === 0 || count >= 2) return null;
  return "pros and cons need at least two statements in all (positiveNotes and negativeNotes together), not one";
}
