/**
 * Checks over more than one value: a whole list (compiler/keywords/list-check.ts) or a node's own
 * properties (`node_check`). Names are the rule language's; a test keeps them equal to the schema.
 */
import { isObject, type JsonObject } from "../json.ts";
import type { IssueCode } from "../issue-codes.ts";
import { checkPositions } from "./breadcrumb-positions.ts";
import { ratingProblem } from "./rating-bounds.ts";
import { carouselItemsProblem } from "./carousel-items.ts";
import type { KeywordProblem } from "../keywords/keyword-check.ts";
import { activePriceProblem } from "./active-price.ts";
import { prosConsProblem } from "./pros-cons.ts";
import { amenityValueProblem } from "./amenity-value.ts";
import { sharedStartTime } from "./clip-start-times.ts";
import { previousDateWithoutRescheduled, rateWhereNothingShips, regionAndPostalCode, returnFeeAmountWithoutFee, strikethroughMemberPrice, valueBesideRange } from "./contradicting-properties.ts";

export interface ListCheck {
  description: string;
  /** A text is an invalid-sequence problem; a KeywordProblem names its own code. */
  test(items: readonly unknown[]): string | KeywordProblem | null;
}

export interface NodeCheck {
  description: string;
  /** The property of the node the issue is about. */
  property: string;
  /** What to do, citing the documentation that sets the rule. */
  fix: string;
  /** The issue's code (out-of-range unless said). */
  code?: IssueCode;
  /** An error unless said: a warning where the search engine's tools call the problem non-critical. */
  severity?: "warning";
  /** A text is a problem of `code`; a KeywordProblem names its own code. */
  test(node: JsonObject): string | KeywordProblem | null;
}

const WHOLE_POSITION = /^[1-9]\d*$/;

/**
 * Only the numbering is judged: a missing or malformed position is the property's own issue.
 * `continued`: the first position may be past 1 (a paginated list's later page).
 */
function positionsInOrder(items: readonly unknown[], continued: boolean): string | null {
  // One pass decides the usual trail (well formed and numbered 1, 2, 3...) without building a list.
  let inOrder = true;
  let offset = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item === undefined && !(i in items)) {
      // A hole (no JSON parse makes one) is skipped as \`every\` skips it; the order check reports it.
      inOrder = false;
      continue;
    }
    const raw = isObject(item) ? item.position : undefined;
    let p: number;
    if (typeof raw === "number") {
      if (!Number.isInteger(raw) || raw < 1) return null;
      p = raw;
    } else if (typeof raw === "string" && WHOLE_POSITION.test(raw)) p = Number(raw);
    else return null;
    if (i === 0 && continued) offset = p - 1;
    if (p !== offset + i + 1) inOrder = false;
  }
  return inOrder ? null : checkPositions(items.map((item) => (isObject(item) ? item.position : undefined)), continued);
}

export const listChecks: Readonly<Record<string, ListCheck>> = {
  "ascending-positions": {
    description: "positions number the items from 1 without gaps or repeats, in any order",
    test: (items) => positionsInOrder(items, false),
  },
  "carousel-items": {
    description: "positions number the items without gaps or repeats, in any order (1, 2, 3..., or from where a paginated list's page starts); each URL once; items of one host carousel type; at least three courses in a course list",
    test: (items) => positionsInOrder(items, true) ?? carouselItemsProblem(items),
  },
  "distinct-start-times": {
    description: "no two clips of the video share a start time",
    test: (items) => sharedStartTime(items),
  },
};

export const nodeChecks: Readonly<Record<string, NodeCheck>> = {
  "rating-bounds": {
    description: "ratingValue lies between worstRating and bestRating (1 and 5 by default)",
    property: "ratingValue",
    fix:
      'Give a ratingValue within the scale, or set "bestRating" and "worstRating" to the scale you use, e.g. {"ratingValue": 8, "bestRating": 10}. ' +
      'Search Central, Review snippet, Rating properties (ratingValue): "The default scale for numbers is a 5-point scale, where 1 is the lowest value and 5 is the highest value. If another scale is intended, use bestRating and worstRating."',
    test: (node) => ratingProblem(node.ratingValue, node.bestRating, node.worstRating),
  },
  "active-price": {
    description: "the offer has a current price: its price, or a priceSpecification with neither priceType nor validForMemberTier",
    property: "price",
    code: "missing-required",
    fix:
      'Give the current price in "price" (or in a priceSpecification without priceType and validForMemberTier) beside the strikethrough or member price, e.g. {"@type": "Offer", "price": 10.00, "priceCurrency": "USD", "priceSpecification": {"@type": "UnitPriceSpecification", "priceType": "https://schema.org/StrikethroughPrice", "price": 15.00, "priceCurrency": "USD"}}. ' +
      'Search Central, Merchant listing, Pricing: "If you use the priceType property to designate a list price, you must also provide a current sale price with the price or priceSpecification property on the Offer object."',
    test: (node) => activePriceProblem(node),
  },
  "pros-cons": {
    description: "pros and cons (positiveNotes, negativeNotes) hold two statements or more in all",
    property: "positiveNotes",
    code: "too-few-values",
    fix:
      'Give at least two statements in positiveNotes and negativeNotes together, e.g. two ListItems in "positiveNotes", or one in each. ' +
      'Search Central, Product snippet, Pros and cons: "You must provide at least two statements about the product in any combination of positive or negative statements."',
    test: (node) => prosConsProblem(node),
  },
  "distinct-question-text": {
    description: "a question's text is its long form, not its name again",
    property: "text",
    code: "identical-values",
    severity: "warning",
    fix:
      'Give "text" the question in full as it was asked, or leave "text" out where the question is no longer than its name. ' +
      'The Rich Results Test and Search Console report a text equal to the name as "Identical property values given, but unique values are required", a non-critical issue; ' +
      'Search Central, Q&A, Question properties: "name: The full text of the short form of the question", "text: The full text of the long form of the question".',
    test: (node) => identicalQuestionText(node),
  },
  "post-image-not-logo": {
    description: "a forum post's image is one of the post's own, not the publisher's logo or the author's picture",
    property: "image",
    code: "identical-values",
    severity: "warning",
    fix:
      'Give "image" only the images inside the post, and leave it out when the post has none. ' +
      'Search Central, Discussion forum, image: "If there aren\'t any images, don\'t include default, icon, placeholder, or author images in this field."',
    test: (node) => logoAsPostImage(node),
  },
  "return-fee-amount": {
    description: "a returnShippingFeesAmount goes only with returnFees ReturnShippingFees (not FreeReturn or ReturnFeesCustomerResponsibility)",
    property: "returnShippingFeesAmount",
    code: "contradicting-values",
    severity: "warning",
    fix:
      'Leave returnShippingFeesAmount out, or set returnFees to "https://schema.org/ReturnShippingFees" when the merchant charges the customer for the return shipping. ' +
      'Search Central, Merchant listing and Return policy, returnFees: FreeReturn and ReturnFeesCustomerResponsibility, "If used, don\'t include the returnShippingFeesAmount property."',
    test: (node) => returnFeeAmountWithoutFee(node),
  },
  "one-price-kind": {
    description: "a price specification is a strikethrough price or a member price, not both",
    property: "validForMemberTier",
    code: "contradicting-values",
    severity: "warning",
    fix:
      'Give the struck-through price (priceType StrikethroughPrice) and the member price (validForMemberTier) in two price specifications. ' +
      'Search Central, Merchant listing, UnitPriceSpecification (priceType, validForMemberTier): "Price specifications containing both of these properties are ignored."',
    test: (node) => strikethroughMemberPrice(node),
  },
  "region-or-postal-code": {
    description: "a shipping destination gives addressRegion or postalCode, not both",
    property: "postalCode",
    code: "contradicting-values",
    severity: "warning",
    fix:
      'Give the destination either as regions (addressRegion) or as postal codes (postalCode), in two DefinedRegions if both kinds are shipped to. ' +
      'Search Central, Merchant listing, DefinedRegion: "Do not provide both a region and postal code information."',
    test: (node) => regionAndPostalCode(node),
  },
  "rescheduled-status": {
    description: "a previousStartDate goes with eventStatus EventRescheduled, and no other status",
    property: "previousStartDate",
    code: "contradicting-values",
    severity: "warning",
    fix:
      'Set "eventStatus" to "https://schema.org/EventRescheduled" beside previousStartDate, or leave previousStartDate out for an event that was not rescheduled. ' +
      'Search Central, Event, previousStartDate: "If you add previousStartDate, you must also add the eventStatus property and set the eventStatus to EventRescheduled. Don\'t use other event statuses."',
    test: (node) => previousDateWithoutRescheduled(node),
  },
  "ships-or-not": {
    description: "conditions that do not ship (doesNotShip true) give no shippingRate or transitTime",
    property: "doesNotShip",
    code: "contradicting-values",
    severity: "warning",
    fix:
      'Leave shippingRate and transitTime out of conditions with "doesNotShip": true, or set doesNotShip to false where these conditions do ship. ' +
      'Search Central, Shipping policy, ShippingConditions (shippingRate, transitTime): "should only be specified if doesNotShip is absent or set to false."',
    test: (node) => rateWhereNothingShips(node),
  },
  "value-or-range": {
    description: "a shipping rate or time is an exact value or a range (minValue, maxValue), not both",
    property: "value",
    code: "contradicting-values",
    severity: "warning",
    fix:
      'Give either "value" (an exact amount or number of days) or "minValue" / "maxValue" (a range), not both. ' +
      'Search Central, Shipping policy: "If you specify the maxValue property, don\'t specify the value property" (shippingRate); "If provided, minValue and maxValue must not be specified" (handling and transit time value).',
    test: (node) => valueBesideRange(node),
  },
  "amenity-value": {
    description: "an amenity's value is true or false, or a text for internetType, parkingType, poolType and licenseNum",
    property: "value",
    code: "wrong-type",
    fix:
      'Give the amenity\'s "value" as true or false, e.g. {"@type": "LocationFeatureSpecification", "name": "ac", "value": true}; internetType, parkingType and poolType take their documented texts (e.g. "Free"), licenseNum the licence number.',
    test: (node) => amenityValueProblem(node),
  },
};

/** The question's text is its name again (white space around either aside). */
function identicalQuestionText(node: JsonObject): string | null {
  const { name, text } = node;
  if (typeof name !== "string" || typeof text !== "string" || name.trim() === "" || name.trim() !== text.trim()) return null;
  return "repeats \"name\" word for word; the search engine wants the question's long form there, and reports the two as identical values";
}

/** The URLs a property names: texts, and an ImageObject's url or contentUrl (a list's every value). */
function imageUrls(value: unknown): string[] {
  const out: string[] = [];
  for (const v of Array.isArray(value) ? value : [value]) {
    if (typeof v === "string") out.push(v.trim());
    else if (isObject(v)) for (const key of ["url", "contentUrl", "@id"]) if (typeof v[key] === "string") out.push((v[key] as string).trim());
  }
  return out.filter((u) => u !== "");
}

/**
 * A post's image that is its publisher's logo or its author's picture (Flarum SEO gives the forum's
 * logo to every post without images): the page asks for the post's own images only.
 */
function logoAsPostImage(node: JsonObject): string | null {
  const images = imageUrls(node.image);
  if (images.length === 0) return null;
  const publisher = isObject(node.publisher) ? node.publisher : null;
  const author = isObject(node.author) ? node.author : null;
  const logo = new Set(imageUrls(publisher?.logo));
  const portrait = new Set(imageUrls(author?.image));
  for (const url of images) {
    if (logo.has(url)) return "is the publisher's logo; the page asks for the post's own images only";
    if (portrait.has(url)) return "is the author's picture; the page asks for the post's own images only";
  }
  return null;
}
