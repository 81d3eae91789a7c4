// Rating bounds, for Rating and AggregateRating. The search engine's defaults: a scale of 1 to 5.
import { scanDecimal } from "./decimal.ts";
import type { KeywordProblem } from "../keywords/keyword-check.ts";

export const DEFAULT_BEST_RATING = 5;
export const DEFAULT_WORST_RATING = 1;

/** A number, or a number written as text; NaN for anything else. */
function toNumber(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? value : NaN;
  if (typeof value === "string") {
    const text = value.trim();
    if (scanDecimal(text, true, true) >= 0) return Number(text);
  }
  return NaN;
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? value.slice(0, 37) + "..." : value);
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object" && value !== null) return "an object";
  return String(value);
}

const PERCENT = /^\s*(\d+(?:\.\d+)?)\s*%\s*$/;
const FRACTION = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s*$/;
const COMMA_DECIMAL = /^\s*[+-]?\d+,\d+\s*$/;

/**
 * A percentage ("60%") or a fraction ("6 / 10") carries its own scale: the documentation's
 * ratingValue "either a number, fraction, or percentage (for example, 4, 60%, or 6 / 10). Google
 * understands the scale for fractions and percentages". Null when within it, a reason when not,
 * undefined when the value is neither.
 */
function impliedScale(text: string): string | null | undefined {
  const percent = PERCENT.exec(text);
  if (percent) return Number(percent[1]) <= 100 ? null : `ratingValue ${describe(text)} is above 100%`;
  const fraction = FRACTION.exec(text);
  if (fraction) {
    const [value, scale] = [Number(fraction[1]), Number(fraction[2])];
    if (scale === 0) return `ratingValue ${describe(text)} has a scale of 0`;
    return value <= scale ? null : `ratingValue ${describe(text)} is above its own scale of ${scale}`;
  }
  return undefined;
}

/**
 * Null when ratingValue lies within [worstRating, bestRating]; otherwise why not. Absent
 * (undefined or null) bounds take the defaults. An absent ratingValue passes: whether it is
 * required is for the property rules to say. A percentage or a fraction is judged against its own
 * scale, whatever bestRating says.
 */
export function ratingWithinBounds(ratingValue: unknown, bestRating: unknown, worstRating: unknown): string | null {
  return ratingProblem(ratingValue, bestRating, worstRating)?.message ?? null;
}

const malformed = (message: string): KeywordProblem => ({ code: "invalid-format", message });
const outside = (message: string): KeywordProblem => ({ code: "out-of-range", message });

/**
 * ratingWithinBounds with the issue's code: a value that is no number ("4,5", "good") is
 * `invalid-format`, as any malformed value is; a number off the scale, or a scale that is no scale,
 * `out-of-range`.
 */
export function ratingProblem(ratingValue: unknown, bestRating: unknown, worstRating: unknown): KeywordProblem | null {
  // A JSON-LD value object ({"@value": 4.5}) is its value, as the property checks read it.
  ratingValue = literalOf(ratingValue);
  bestRating = literalOf(bestRating);
  worstRating = literalOf(worstRating);
  // An empty text is no value (its own empty-value issue says so), not a number to judge: an empty
  // scale is the default one, an empty rating is no rating.
  if (isEmptyText(ratingValue)) ratingValue = undefined;
  if (isEmptyText(bestRating)) bestRating = undefined;
  if (isEmptyText(worstRating)) worstRating = undefined;
  // Both forms need their sign: a plain number ("4.6") is not matched against them.
  if (typeof ratingValue === "string" && (ratingValue.indexOf("%") !== -1 || ratingValue.indexOf("/") !== -1)) {
    const implied = impliedScale(ratingValue);
    if (implied !== undefined) return implied === null ? null : outside(implied);
  }
  // A bound that is no number ("five") is a broken recommended value, told on the bound by its own
  // rule (a warning): the default it leaves in place judges the rating, so only a rating off the
  // default scale is the rating's error ("If bestRating is omitted, 5 is assumed").
  const bestRead = bestRating == null ? NaN : toNumber(bestRating);
  const worstRead = worstRating == null ? NaN : toNumber(worstRating);
  const best = Number.isNaN(bestRead) ? DEFAULT_BEST_RATING : bestRead;
  const worst = Number.isNaN(worstRead) ? DEFAULT_WORST_RATING : worstRead;
  const bestDefault = bestRating == null ? "" : Number.isNaN(bestRead) ? `, as bestRating ${describe(bestRating)} is not a number` : null;
  const worstDefault = worstRating == null ? "" : Number.isNaN(worstRead) ? `, as worstRating ${describe(worstRating)} is not a number` : null;
  if (best <= worst) {
    const defaulted = bestDefault !== null ? ` (the default${bestDefault})` : worstDefault !== null ? ` (the default worstRating${worstDefault})` : "";
    return outside(`bestRating ${best} must be greater than worstRating ${worst}${defaulted}`);
  }
  if (ratingValue == null) return null;
  const rating = toNumber(ratingValue);
  if (Number.isNaN(rating)) {
    const comma = typeof ratingValue === "string" && COMMA_DECIMAL.test(ratingValue) ? ` (write decimals with a dot: ${ratingValue.trim().replace(",", ".")})` : " (nor a fraction or a percentage)";
    return malformed(`ratingValue ${describe(ratingValue)} is not a number${comma}`);
  }
  if (rating > best) {
    return outside(`ratingValue ${rating} is above bestRating ${best}${bestDefault === null ? "" : bestDefault === "" ? " (the default; set bestRating for another scale)" : ` (the default${bestDefault})`}`);
  }
  if (rating < worst) {
    return outside(`ratingValue ${rating} is below worstRating ${worst}${worstDefault === null ? "" : worstDefault === "" ? " (the default; set worstRating for another scale)" : ` (the default${worstDefault})`}`);
  }
  return null;
}

function isEmptyText(value: unknown): boolean {
  return typeof value === "string" && value.trim() === "";
}

function literalOf(value: unknown): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value) && (value as Record<string, unknown>)["@value"] !== undefined ? (value as Record<string, unknown>)["@value"] : value;
}
