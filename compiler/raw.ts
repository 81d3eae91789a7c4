/**
 * The rule file as written, typed after its JSON Schema (compiler/schema/rule-file.base.json, with
 * the keywords' keys from compiler/keywords/). Only data that passed the schema is read through these
 * types; test/compiler/normalize.test.ts keeps every interface's keys equal to the schema's (with the
 * keywords' names of compiler/keywords/registry.ts for a property rule; the
 * `*_KEYS` lists below must name each key exactly once, which the `satisfies` clauses enforce on the
 * TypeScript side).
 */

export type RawLevel = "required" | "recommended" | "optional";

export interface RawRuleFile {
  type: string;
  status: "supported" | "coming_soon" | "planned" | "deprecated";
  tier: 0 | 1 | 2 | 3 | 4;
  validate_as?: string;
  also_matches?: "vocabulary" | string[];
  not_matches?: string[];
  extra_matches?: string[];
  google_docs_url: string;
  rich_result?: string | null;
  opt_in?: RawOptIn;
  link_only?: RawLinkOnly;
  verified_on: string;
  sources: Array<{ url: string; note?: string }>;
  deprecated?: { since: string; kind?: "retired" | "restricted"; note: string } | null;
  note?: string;
  /** A shared shape of rules-src/shapes/ the top-level rules start from (its own keys override). */
  shape?: string;
  properties?: RawPropertyMap;
  one_of?: RawOneOf[];
  /** Optional markup whose requirements decide only an enhancement of the rich result (a recipe's video). */
  enhancements?: RawEnhancement[];
  features?: RawFeature[];
  examples: { valid: RawValidExample[]; invalid: RawInvalidExample[] };
  node_check?: "rating-bounds" | "active-price" | "pros-cons" | "amenity-value" | "distinct-question-text" | "post-image-not-logo" | "return-fee-amount" | "one-price-kind" | "region-or-postal-code" | "rescheduled-status" | "ships-or-not" | "value-or-range";
  listed_under?: string;
}

export type RawPropertyMap = Record<string, RawPropertyRule>;

/** A property rule: the keys every rule reads, and the keywords'. */
export type RawPropertyRule = RawCoreRule & RawKeywordInputs;

/**
 * The keywords' keys, each optional and typed by its module in compiler/keywords/, which adds its key
 * here (`declare module "../raw.ts"`): this file names no keyword, and no keyword module imports back
 * through a file that imports it.
 */
export interface RawKeywordInputs {}

export interface RawCoreRule {
  level: RawLevel;
  expect?: string | Array<string | RawExpectNode>;
  format?: string | ({ check: string } & Record<string, unknown>);
  values?: string[];
  min?: number;
  max?: number;
  single?: boolean;
  fix?: string;
  why?: string;
  properties?: RawPropertyMap;
  one_of?: RawOneOf[];
  requires?: string[];
  /** The siblings of `requires` are required once the property is given, whatever its level. */
  requires_level?: "required";
  needed_for_eligibility?: boolean;
  malformed?: "warning" | "not_eligible" | "text_warning";
}

export interface RawExpectNode {
  type: string;
  /** A shared shape of rules-src/shapes/ whose rules this item starts from (its own keys override). */
  shape?: string;
  properties?: RawPropertyMap;
  one_of?: RawOneOf[];
  node_check?: "rating-bounds" | "active-price" | "pros-cons" | "amenity-value" | "distinct-question-text" | "post-image-not-logo" | "return-fee-amount" | "one-price-kind" | "region-or-postal-code" | "rescheduled-status" | "ships-or-not" | "value-or-range";
  rules_of?: string;
  not_eligible?: string;
  link_only?: { link: string };
}

export interface RawOneOf {
  level: "required" | "recommended";
  properties: string[];
  fix?: string;
  unless?: RawGroupWaiver;
}

/**
 * When a missing group is not needed: a sibling holding one of `values`, or (`elsewhere`) a URL naming
 * another page than the one validated. `not_eligible`: the node is then valid but not eligible, for this reason.
 */
export interface RawGroupWaiver {
  property: string;
  values?: string[];
  elsewhere?: true;
  not_eligible?: string;
}

export interface RawLinkOnly {
  link: string;
  with: string[];
  reason: string;
}

/** Optional markup (a dotted path) whose requirements decide only the named enhancement. */
export interface RawEnhancement {
  property: string;
  name: string;
}

export interface RawOptIn {
  triggers: string[];
  binding?: boolean;
}

export interface RawFeature {
  /** Absent (as are name and google_docs_url) when the feature's shape has a feature header that gives them. */
  id: string;
  name: string;
  google_docs_url: string;
  retired?: { since: string; note: string };
  /** Optional markup whose requirements decide only an enhancement of the feature (offers.shippingDetails). */
  enhancements?: RawEnhancement[];
  /** A shared shape of rules-src/shapes/ the feature's requirements start from (its own keys override). */
  shape?: string;
  properties?: RawPropertyMap;
  one_of?: RawOneOf[];
  opt_in?: RawOptIn;
}

export interface RawValidExample {
  name: string;
  data: object;
  eligible?: boolean;
}

export interface RawInvalidExample {
  name: string;
  data: object;
  expect: Array<{ code: string; property: string; severity?: "error" | "warning" }>;
  eligible?: boolean;
}

/** A shared shape file (rules-src/shapes/<Name>.yaml): the rules of one object type, used by reference. */
export interface RawShapeFile {
  shape: string;
  type: string;
  properties?: RawPropertyMap;
  one_of?: RawOneOf[];
  node_check?: "rating-bounds" | "active-price" | "pros-cons" | "amenity-value" | "distinct-question-text" | "post-image-not-logo" | "return-fee-amount" | "one-price-kind" | "region-or-postal-code" | "rescheduled-status" | "ships-or-not" | "value-or-range";
  /** The shape is a whole feature several types share: what a feature naming it takes unless it gives its own. */
  feature?: RawFeatureHeader;
}

/** A feature's identity and triggers, as a feature shape (rules-src/shapes/) gives them. */
export interface RawFeatureHeader {
  id: string;
  name: string;
  google_docs_url: string;
  opt_in?: RawOptIn;
}

type Keys<T> = { readonly [K in keyof Required<T>]: true };

export const RULE_FILE_KEYS = {
  type: true, status: true, tier: true, validate_as: true, also_matches: true, not_matches: true, extra_matches: true,
  google_docs_url: true, rich_result: true, opt_in: true, link_only: true, verified_on: true, sources: true, deprecated: true, note: true,
  shape: true, properties: true, one_of: true, enhancements: true, features: true, examples: true, node_check: true, listed_under: true,
} as const satisfies Keys<RawRuleFile>;

export const CORE_PROPERTY_RULE_KEYS = {
  level: true, expect: true, format: true, values: true, min: true, max: true, single: true, fix: true, why: true,
  properties: true, one_of: true, requires: true, requires_level: true, needed_for_eligibility: true, malformed: true,
} as const satisfies Keys<RawCoreRule>;


export const EXPECT_NODE_KEYS = {
  type: true, shape: true, properties: true, one_of: true, node_check: true, rules_of: true, not_eligible: true, link_only: true,
} as const satisfies Keys<RawExpectNode>;

export const ONE_OF_KEYS = { level: true, properties: true, fix: true, unless: true } as const satisfies Keys<RawOneOf>;
export const OPT_IN_KEYS = { triggers: true, binding: true } as const satisfies Keys<RawOptIn>;
export const FEATURE_KEYS = {
  id: true, name: true, google_docs_url: true, retired: true, enhancements: true, shape: true, properties: true, one_of: true, opt_in: true,
} as const satisfies Keys<RawFeature>;
export const VALID_EXAMPLE_KEYS = { name: true, data: true, eligible: true } as const satisfies Keys<RawValidExample>;
export const INVALID_EXAMPLE_KEYS = { name: true, data: true, expect: true, eligible: true } as const satisfies Keys<RawInvalidExample>;
export const SHAPE_FILE_KEYS = { shape: true, type: true, properties: true, one_of: true, node_check: true, feature: true } as const satisfies Keys<RawShapeFile>;
export const FEATURE_HEADER_KEYS = { id: true, name: true, google_docs_url: true, opt_in: true } as const satisfies Keys<RawFeatureHeader>;
