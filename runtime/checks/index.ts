import { absoluteUrl } from "./absolute-url.ts";
import { actionType } from "./action-type.ts";
import { daysOrDate } from "./days-or-date.ts";
import { geoLatitude } from "./geo-latitude.ts";
import { geoLongitude } from "./geo-longitude.ts";
import { gtin } from "./gtin.ts";
import { imageUrl } from "./image-url.ts";
import { integer } from "./integer.ts";
import { iso3166Alpha2 } from "./iso3166-alpha2.ts";
import { iso4217 } from "./iso4217.ts";
import { iso8601Date } from "./iso8601-date.ts";
import { iso8601Datetime } from "./iso8601-datetime.ts";
import { iso8601DatetimeTz } from "./iso8601-datetime-tz.ts";
import { iso8601DatetimeZoned } from "./iso8601-datetime-zoned.ts";
import { iso8601Duration } from "./iso8601-duration.ts";
import { iso8601Interval } from "./iso8601-interval.ts";
import { iso8601Time } from "./iso8601-time.ts";
import { languageCode } from "./language-code.ts";
import { nonEmptyText } from "./non-empty-text.ts";
import { number } from "./number.ts";
import { positiveInteger } from "./positive-integer.ts";
import { price } from "./price.ts";
import { unitCode } from "./unit-code.ts";
import type { CheckOption, ValueCheck } from "./value-check.ts";

export type { ValueCheck } from "./value-check.ts";
export { enumMember } from "./enumeration.ts";
export { ratingWithinBounds } from "./rating-bounds.ts";
export { checkPositions } from "./breadcrumb-positions.ts";

const checks = {
  "iso8601-date": iso8601Date,
  "iso8601-datetime": iso8601Datetime,
  "iso8601-datetime-tz": iso8601DatetimeTz,
  "iso8601-datetime-zoned": iso8601DatetimeZoned,
  "iso8601-time": iso8601Time,
  "iso8601-duration": iso8601Duration,
  "iso8601-interval": iso8601Interval,
  "iso4217": iso4217,
  "iso3166-alpha2": iso3166Alpha2,
  "absolute-url": absoluteUrl,
  "image-url": imageUrl,
  "price": price,
  "number": number,
  "integer": integer,
  "positive-integer": positiveInteger,
  "geo-latitude": geoLatitude,
  "geo-longitude": geoLongitude,
  "language-code": languageCode,
  "non-empty-text": nonEmptyText,
  "gtin": gtin,
  "days-or-date": daysOrDate,
  "unit-code": unitCode,
  "action-type": actionType,
} as const satisfies Record<string, ValueCheck>;

export type CheckName = keyof typeof checks;

/** The value checks by name, the names rule files use in `format:`. */
export const valueChecks: Readonly<Record<string, ValueCheck>> = Object.freeze(checks);

/** A check with options applied: what generated validators call for `format: { check, ...options }`. */
export function configuredCheck(name: CheckName, options: Readonly<Record<string, unknown>>): ValueCheck {
  const check: ValueCheck = checks[name];
  return check.configure!(options);
}

const KIND_WORDS: Record<CheckOption["kind"], string> = {
  boolean: "a boolean",
  number: "a number",
  "integer-list": "a list of positive whole numbers",
  "text-list": "a list of distinct, non-empty texts",
};

function optionFits(kind: CheckOption["kind"], value: unknown): boolean {
  switch (kind) {
    case "boolean":
      return typeof value === "boolean";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer-list":
      return Array.isArray(value) && value.length > 0 && value.every((v) => Number.isInteger(v) && v > 0);
    case "text-list":
      return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "string" && v.trim() !== "") && new Set(value).size === value.length;
  }
}

/** What is wrong with a rule file's options for a check (empty: nothing), so the compiler reports each. */
export function optionProblems(name: CheckName, options: Readonly<Record<string, unknown>>): string[] {
  const check: ValueCheck = checks[name];
  const declared = check.options ?? {};
  const known = Object.keys(declared);
  const problems: string[] = [];
  for (const [key, value] of Object.entries(options)) {
    const spec = declared[key];
    if (!spec) {
      problems.push(known.length ? `"${name}" takes no option "${key}" (options: ${known.join(", ")})` : `"${name}" takes no options`);
      continue;
    }
    if (!optionFits(spec.kind, value)) problems.push(`option "${key}" of "${name}" must be ${KIND_WORDS[spec.kind]}: ${spec.description}`);
  }
  return problems;
}

export function isCheckName(name: string): name is CheckName {
  return Object.hasOwn(checks, name);
}
