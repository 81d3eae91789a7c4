/** The normalized rule sets the emitters work from: every name checked, every default filled in. */
export type Level = "required" | "recommended" | "optional";

export type LiteralKind = "text" | "url" | "number" | "integer" | "boolean" | "date" | "datetime" | "time" | "quantity";

export type IrExpect =
  | { kind: "literal"; literal: LiteralKind; type: string }
  | { kind: "enum"; type: string; members: string[] }
  | { kind: "class"; type: string; accepts: string[]; rules: IrNodeRules | null; nodeCheck: string | null; rulesOf: string | null; notEligible: string | null };

export interface IrProperty {
  name: string;
  /** Dotted path from the validated node, e.g. "offers.price": the issue's `property`. */
  property: string;
  level: Level;
  /** Empty: any value. */
  expect: IrExpect[];
  format: string | null;
  /** Options of the format's check (`format: {check: gtin, lengths: [13]}`), validated by the compiler; null: none. */
  formatOptions: Record<string, unknown> | null;
  values: string[] | null;
  min: number | null;
  max: number | null;
  single: boolean;
  minItems: number | null;
  maxItems: number | null;
  maxLength: number | null;
  /** Fixed texts (not enumeration members), compared exactly. */
  textValues: string[] | null;
  /** Missing or malformed, the node is not eligible (even when the level is recommended). */
  neededForEligibility: boolean;
  listCheck: string | null;
  /** Siblings that must be present whenever this property is. */
  requires: string[];
  /** Conditional requirement: missing, an error when the sibling has one of the values (null: when it is absent). */
  requiredWhen: { property: string; values: string[] | null } | null;
  /** The rule applies only to nodes of these types (and their subtypes); empty: always. */
  onlyFor: string[];
  /** A malformed value is a warning even when the property is required. */
  malformedWarning: boolean;
  /** Required, except on the last value of the list holding the node. */
  notOnLastItem: boolean;
  fix: string;
  why: string | null;
}

export interface IrOneOf {
  level: "required" | "recommended";
  /** Names or dotted paths from the node ("item.name"). */
  properties: string[];
  /** The issue's `property`: the member the documentation leads with (the first), as a path from the validated node. */
  property: string;
  /** Every member as a path from the validated node: the issue's `one_of`. */
  members: string[];
  fix: string;
}

export interface IrNodeRules {
  /** Unique, for naming the generated function. */
  id: string;
  properties: IrProperty[];
  oneOf: IrOneOf[];
  /** A check over the node's own properties (top level of a rule file). */
  nodeCheck: string | null;
}

export interface IrFeature {
  id: string;
  name: string;
  googleDocsUrl: string;
  /** Opt-in: the feature applies only when one of these (names or dotted paths) is present; empty: always. */
  triggers: string[];
  /** Detected, its required properties are the node's: a failure is an error, not a feature-requirement warning. */
  binding: boolean;
  retired: { since: string; note: string } | null;
  rules: IrNodeRules;
}

export interface IrExample {
  name: string;
  data: unknown;
  eligible?: boolean;
  expect?: Array<{ code: string; property: string; severity?: "error" | "warning" }>;
}

export interface IrRuleSet {
  type: string;
  file: string;
  status: "supported" | "coming_soon" | "planned" | "deprecated";
  tier: 0 | 1 | 2 | 3 | 4;
  validateAs: string | null;
  /** Shown in that rule set's also_matches instead of an entry of its own. */
  listedUnder: string | null;
  alsoMatches: string[];
  /** also_matches: vocabulary (every subtype no nearer rule set claims). */
  alsoMatchesVocabulary: boolean;
  /** Subtypes (and theirs) also_matches: vocabulary leaves out. */
  notMatches: string[];
  extraMatches: string[];
  googleDocsUrl: string;
  richResult: string | null;
  verifiedOn: string;
  sources: Array<{ url: string; note?: string }>;
  deprecated: { since: string; kind: "retired" | "restricted"; note: string } | null;
  note: string | null;
  /** The rule set's own rich result is opt-in: null, or the properties whose presence detects it. */
  optIn: string[] | null;
  rules: IrNodeRules | null;
  features: IrFeature[];
  examples: { valid: IrExample[]; invalid: IrExample[] };
}
