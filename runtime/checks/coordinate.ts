// The rules shared by geo-latitude and geo-longitude.
import { decimalProblem, scanDecimal } from "./decimal.ts";
import { trimAware } from "./shared.ts";

/** The search engine's LocalBusiness documentation: "The precision must be at least 5 decimal places." */
export const MIN_DECIMAL_PLACES = 5;

/**
 * Decimal places of a number as JavaScript prints it. A JSON number has already lost its trailing
 * zeros (40.75000 arrives as 40.75); only a coordinate written as text keeps them.
 */
function numberDecimalPlaces(n: number): number {
  const s = String(n);
  const e = s.indexOf("e");
  const dot = s.indexOf(".");
  if (e === -1) return dot === -1 ? 0 : s.length - dot - 1;
  const mantissaPlaces = dot === -1 ? 0 : e - dot - 1;
  return Math.max(0, mantissaPlaces - Number(s.slice(e + 1)));
}

function coordinateError(
  value: number,
  places: number,
  written: string,
  axis: "latitude" | "longitude",
  limit: number,
): string | null {
  if (value < -limit || value > limit) {
    // A latitude beyond 90 that would be a valid longitude usually means the pair is swapped.
    const swapped = axis === "latitude" && value >= -180 && value <= 180 ? "; are latitude and longitude swapped?" : "";
    return `${axis} ${written} is out of range (-${limit} to ${limit})${swapped}`;
  }
  if (places < MIN_DECIMAL_PLACES) {
    return `use at least ${MIN_DECIMAL_PLACES} decimal places (${written} has ${places})`;
  }
  return null;
}

export function coordinateTest(axis: "latitude" | "longitude", limit: number) {
  const check = trimAware((s) => {
    const places = scanDecimal(s, true, false);
    if (places >= 0) return coordinateError(Number(s), places, s, axis, limit);
    if (scanDecimal(s, true, true) >= 0) return "write the coordinate as a plain decimal, without an exponent";
    return decimalProblem(s);
  });
  return (value: string | number | boolean): string | null => {
    if (typeof value === "number") {
      if (!Number.isFinite(value)) return `${value} is not a ${axis}`;
      const error = coordinateError(value, numberDecimalPlaces(value), String(value), axis, limit);
      // The number is what a reader of the JSON gets, the search engine too: trailing zeros written
      // in the source (42.12340) are not in it. Said, so the repair is the text form, not more digits.
      if (error === null || !error.startsWith("use at least")) return error;
      const padded = value.toFixed(MIN_DECIMAL_PLACES);
      return `${error}; if the source wrote trailing zeros (${padded}), a JSON number drops them: write the coordinate as text ("${padded}") to keep them`;
    }
    return typeof value === "string" ? check(value) : `expected a ${axis}, not ${value}`;
  };
}
