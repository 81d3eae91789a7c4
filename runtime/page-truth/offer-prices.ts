/**
 * The prices a product's offers ask a buyer to pay, where the merchant listing documentation lets them
 * be written: an Offer's `price`, or, for an offer without one, its `priceSpecification.price` ("price or
 * priceSpecification.price" is required; rules-src/types/Product.yaml). An offer whose price sits only
 * in its UnitPriceSpecification still asks that price, so the page must show it as it must show
 * `offers.price`.
 *
 * Of an offer's price specifications only the current price counts: one without a `priceType` (or of
 * SalePrice). A StrikethroughPrice, ListPrice, MSRP or SRP is a reference price the page may show struck
 * through or not at all, a MinimumAdvertisedPrice or InvoicePrice is not what a buyer pays, and a member
 * price (`validForMemberTier`) is shown to members: none of them is looked up.
 */
import { isObject, type JsonObject } from "../json.ts";
import { valuesAt, type FoundValue, type Resolve } from "./node-values.ts";

export interface FoundPrice extends FoundValue {
  /** The dotted path the report names: `offers.price` or `offers.priceSpecification.price`. */
  property: string;
  /** The priceCurrency beside the price (the specification's, else its offer's), upper-cased; null when none. */
  currency: string | null;
}

const OFFER_PRICE = ["price"] as const;
const SPECIFICATION_PRICE = ["priceSpecification"] as const;

/** Price types that name the price a buyer pays now (Schema.org's PriceTypeEnumeration). */
const CURRENT_PRICE_TYPES = new Set(["SalePrice"]);

/** Prices read per product at most, as valuesAt reads values per path. */
const MAX_PRICES = 100;

/** The offers' prices of `node` (a Product), in document order. */
export function offerPrices(node: JsonObject, at: string, resolve: Resolve): FoundPrice[] {
  const out: FoundPrice[] = [];
  for (const offer of valuesAt(node, ["offers"], at, resolve)) {
    if (out.length >= MAX_PRICES) break;
    if (!isObject(offer.value)) continue;
    const holder = offer.value;
    const offerCurrency = currencyOf(holder);
    const own = valuesAt(holder, OFFER_PRICE, offer.pointer, resolve);
    if (own.length !== 0) {
      for (const found of own) out.push({ ...found, viaReference: found.viaReference || offer.viaReference, property: "offers.price", currency: offerCurrency });
      continue;
    }
    for (const spec of valuesAt(holder, SPECIFICATION_PRICE, offer.pointer, resolve)) {
      if (!isObject(spec.value) || !isCurrentPrice(spec.value)) continue;
      // A blank currency ("") is none: the offer's then reads the amount.
      const currency = currencyOf(spec.value) || offerCurrency;
      for (const found of valuesAt(spec.value, OFFER_PRICE, spec.pointer, resolve)) {
        out.push({ ...found, viaReference: found.viaReference || spec.viaReference || offer.viaReference, property: "offers.priceSpecification.price", currency });
      }
    }
  }
  return out;
}

function isCurrentPrice(spec: JsonObject): boolean {
  if (spec.validForMemberTier !== undefined) return false;
  const type = spec.priceType;
  if (type === undefined || type === null || type === "") return true;
  if (typeof type !== "string") return false;
  return CURRENT_PRICE_TYPES.has(type.slice(type.lastIndexOf("/") + 1).trim());
}

function currencyOf(holder: JsonObject): string | null {
  const currency = holder.priceCurrency;
  return typeof currency === "string" ? currency.trim().toUpperCase() : null;
}
