/**
 * A vacation rental's amenity (vacation rental page, amenityFeature): "value" is a Boolean, except for
 * the amenities whose documented values are texts: internetType (Free, Paid, None), parkingType (Free,
 * Paid), poolType (Indoor, Outdoor, None) and licenseNum (the licence number). "sometimes" for "ac" is
 * no answer; neither is `true` for internetType.
 */
import { enumMember } from "./enumeration.ts";
import type { JsonObject } from "../json.ts";

const TEXT_AMENITIES = new Set(["internettype", "parkingtype", "pooltype", "licensenum"]);

function isBooleanValue(value: unknown): boolean {
  if (typeof value === "boolean") return true;
  if (typeof value !== "string") return false;
  const member = enumMember(value) ?? value.trim();
  return /^(true|false)$/i.test(member);
}

/** Null when the amenity's value has the kind its name asks for (or the name or value is missing: their own issues). */
export function amenityValueProblem(feature: JsonObject): string | null {
  const name = feature.name;
  const value = feature.value;
  if (typeof name !== "string" || value === undefined || value === null) return null;
  const textual = TEXT_AMENITIES.has(name.trim().toLowerCase());
  if (textual) return typeof value === "string" && !isBooleanValue(value) ? null : `the "${name}" amenity takes a text value (e.g. "Free"), not ${JSON.stringify(value)}`;
  return isBooleanValue(value) ? null : `the "${name}" amenity takes true or false, not ${JSON.stringify(value)}`;
}
