/**
 * Two properties of one node the merchant listing page says not to give together: the markup
 * contradicts itself, and the search engine takes neither reading for certain. Each returns the
 * problem's text, or null.
 */
import type { JsonObject } from "../json.ts";
import { enumMember } from "./enumeration.ts";
import { hasValue } from "../rule-runtime.ts";

function members(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((v) => (typeof v === "string" ? [enumMember(v)].filter((m): m is string => m !== null) : []));
}

/**
 * FreeReturn and ReturnFeesCustomerResponsibility: "If used, don't include the
 * returnShippingFeesAmount property" (the merchant listing and return policy pages).
 */
export function returnFeeAmountWithoutFee(node: JsonObject): string | null {
  if (!hasValue(node, ["returnShippingFeesAmount"])) return null;
  const fees = members(node.returnFees).find((m) => m === "FreeReturn" || m === "ReturnFeesCustomerResponsibility");
  return fees === undefined ? null : `is given while returnFees is ${fees}; an amount goes only with ReturnShippingFees, the merchant's fee for the return shipping`;
}

/** "Price specifications containing both of these properties [priceType and validForMemberTier] are ignored." */
export function strikethroughMemberPrice(node: JsonObject): string | null {
  return hasValue(node, ["priceType"]) && hasValue(node, ["validForMemberTier"])
    ? "is given beside priceType; the search engine ignores a price specification with both"
    : null;
}

/** DefinedRegion: "Do not provide both a region and postal code information." */
export function regionAndPostalCode(node: JsonObject): string | null {
  return hasValue(node, ["addressRegion"]) && hasValue(node, ["postalCode"]) ? "is given beside addressRegion; a shipping region is a region or postal codes, not both" : null;
}

/**
 * Event previousStartDate: "If you add previousStartDate, you must also add the eventStatus property and
 * set the eventStatus to EventRescheduled. Don't use other event statuses."
 */
export function previousDateWithoutRescheduled(node: JsonObject): string | null {
  if (!hasValue(node, ["previousStartDate"])) return null;
  if (!hasValue(node, ["eventStatus"])) return "is given without eventStatus; a rescheduled event says so with eventStatus EventRescheduled";
  const status = members(node.eventStatus);
  if (status.includes("EventRescheduled")) return null;
  return `is given while eventStatus is ${status[0] ?? "not a status"}; a previous start date goes only with EventRescheduled`;
}

/**
 * ShippingConditions: shippingRate and transitTime "should only be specified if doesNotShip is absent or
 * set to false" (shipping policy page): conditions that do not ship have no rate or time.
 */
export function rateWhereNothingShips(node: JsonObject): string | null {
  // A Boolean is written true, "true" or as its member's URL ("https://schema.org/True"), as the Boolean check accepts.
  const doesNotShip = node.doesNotShip;
  if (doesNotShip !== true && !members(doesNotShip).some((m) => m.toLowerCase() === "true")) return null;
  const given = ["shippingRate", "transitTime"].filter((p) => hasValue(node, [p]));
  return given.length === 0 ? null : `is true beside ${given.join(" and ")}; conditions under which nothing ships have no rate or transit time`;
}

/**
 * A shipping amount or time given both as an exact value and as a range: the shipping policy page says
 * for the rate "If you specify the maxValue property, don't specify the value property", and for handling
 * and transit times "value: If provided, minValue and maxValue must not be specified".
 */
export function valueBesideRange(node: JsonObject): string | null {
  if (!hasValue(node, ["value"])) return null;
  const bounds = ["minValue", "maxValue"].filter((p) => hasValue(node, [p]));
  return bounds.length === 0 ? null : `is given beside ${bounds.join(" and ")}; give either an exact value or a range`;
}
