/**
 * An offer's active price (merchant listing page, "Pricing"): "Active prices have neither a priceType
 * nor a validForMemberTier property"; a strikethrough price (priceType) or a member price
 * (validForMemberTier) needs "a current sale price" / "a current regular price with the price or
 * priceSpecification property on the Offer object", and "Price specifications containing both of these
 * properties are ignored". So an offer whose only prices are of those kinds has no price to list.
 */
import { isObject, type JsonObject } from "../json.ts";

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== "";

/** Null when the offer has an active price, or gives no price at all (the price group reports that). */
export function activePriceProblem(offer: JsonObject): string | null {
  if (present(offer.price)) return null;
  const specifications = offer.priceSpecification;
  if (specifications === undefined || specifications === null) return null;
  let other = 0;
  for (const spec of Array.isArray(specifications) ? specifications : [specifications]) {
    if (!isObject(spec)) continue;
    if (!present(spec.priceType) && !present(spec.validForMemberTier)) {
      if (present(spec.price)) return null;
      continue;
    }
    other++;
  }
  return other === 0
    ? null
    : "the offer gives only a strikethrough (priceType) or member (validForMemberTier) price, and no current price to list";
}
