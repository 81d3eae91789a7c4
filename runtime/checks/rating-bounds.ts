// Rating bounds, for Rating and AggregateRating. The search engine's defaults: a scale of 1 to 5.
import { scanDecimal } from "./decimal.ts";

export const DEFAULT_BEST_RATING = 5;
export const DEFAULT_WORST_RATING = 1;

/** A number, or a number written as text; NaN for anything else. */
function toNumber(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? value : NaN;
  if (typeof value === "string" && scanDecimal(value, true, true) >= 0) return Number(value);
  return NaN;
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? value.slice(0, 37) + "..." : value);
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object" && value !== null) return "an object";
  return String(value);
}

/**
 * Null when ratingValue lies within [worstRating, bestRating]; otherwise why not. Absent
 * (undefined or null) bounds take the defaults. An absent ratingValue passes: whether it is
 * required is for the property rules to say.
 */
export function ratingWithinBounds(ratingValue: unknown, bestRating: unknown, worstRating: unknown): string | null {
  const best = bestRating == null ? DEFAULT_BEST_RATING : toNumber(bestRating);
  if (Number.isNaN(best)) return `bestRating ${describe(bestRating)} is not a number`;
  const worst = worstRating == null ? DEFAULT_WORST_RATING : toNumber(worstRating);
  if (Number.isNaN(worst)) return `worstRating ${describe(worstRating)} is not a number`;
  if (best <= worst) {
    const defaulted = bestRating == null ? " (the default)" : worstRating == null ? " (the default worstRating)" : "";
    return `bestRating ${best} must be greater than worstRating ${worst}${defaulted}`;
  }
  if (ratingValue == null) return null;
  const rating = toNumber(ratingValue);
  if (Number.isNaN(rating)) return `ratingValue ${describe(ratingValue)} is not a number`;
  if (rating > best) {
    return `ratingValue ${rating} is above bestRating ${best}${bestRating == null ? " (the default; set bestRating for another scale)" : ""}`;
  }
  if (rating < worst) {
    return `ratingValue ${rating} is below worstRating ${worst}${worstRating == null ? " (the default; set worstRating for another scale)" : ""}`;
  }
  return null;
}
