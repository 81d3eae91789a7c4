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
  /** Missing or malformed, the node is not eligible (even when the level is recommended). */
  neededForEligibility: boolean;
  /** Siblings that must be present whenever this property is. */
  requires: string[];
  /** A missing sibling of `requires` is an error whatever this property's level (rules-src `requires_level: required`). */
  requiresRequired: boolean;
  /** A malformed value is a warning even when the property is required. */
  malformedWarning: boolean;
  /** ... and the node is then not eligible (the search engine ignores the markup rather than repairing it). */
  malformedNotEligible: boolean;
  /** ... only for a value written as text (rules-src `malformed: text_warning`); another malformed value stays an error. */
  malformedTextOnly: boolean;
  /** What the rule's keywords (compiler/keywords/) contribute, in the registry's order. */
  keywords: IrKeyword[];
  fix: string;
  why: string | null;
}

/** Imports a runtime name for generated code: `use("runtime/rule-runtime.ts", "hasType")` gives the name to write. */
export type UseRuntime = (module: string, name: string) => string;

/** One keyword of a property rule, as the emitters and the tests read it. */
export interface IrKeyword {
  /** The key as written in the rule file. */
  readonly keyword: string;
  /** A check the generated rule holds: in which field of runtime/rule-runtime.ts's PropertyRule, and its source. */
  readonly check?: { readonly field: "valueKeywords" | "listKeywords" | "condition"; source(use: UseRuntime): string };
  /** Code around the property's presence check in the generated validator. */
  readonly presence?: {
    /** An expression the whole check of the property runs under (a rule for some types only). */
    guard?(use: UseRuntime): string;
    /** The statement run when the property is missing (`rule`: the rule constant's name). */
    missing?(rule: string): string;
    /** The statement checking a present value (`local`: the value's variable). */
    present?(local: string, rule: string): string;
  };
  /** Its sentence on the rule page, in the values cell (what a value is checked against) or the notes cell (when and why). */
  readonly page?: { readonly cell: "values" | "notes"; readonly html: string };
  /** A value that breaks this keyword alone, for the table tests. */
  readonly brokenValue?: unknown;
  /** The only values the keyword accepts (fixed texts), for tools that list them. */
  readonly accepts?: readonly string[];
  /** The requirement depends on more than the level (the node's type, a sibling, the list position). */
  readonly conditional?: boolean;
  /**
   * The level the types payload lists the property under, where the keyword makes it that in most
   * markup (recommended unless a sibling is there: a product's brand, unless it is a variant of a group;
   * required unless a sibling is there: a WebSite's name, unless it carries the retired sitelinks search box).
   */
  readonly listedAs?: "recommended" | "required";
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
  /** When the group is not needed (rules-src `unless`). */
  unless: IrGroupWaiver | null;
}

export interface IrGroupWaiver {
  property: string;
  values: string[] | null;
  elsewhere: boolean;
  notEligible: string | null;
}

export interface IrNodeRules {
  /** Unique, for naming the generated function. */
  id: string;
  properties: IrProperty[];
  oneOf: IrOneOf[];
  /** A check over the node's own properties (top level of a rule file). */
  nodeCheck: string | null;
  /** A value holding only this property (one of `properties`) links to its own page: only it is checked. */
  linkOnly?: string;
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
  /** Optional markup whose requirements decide only an enhancement (a failure is a warning naming it). */
  enhancements: { property: string; name: string }[];
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
  /** A node holding only `link` and one or more of `with` links to where it is described: not detected, with `reason`. */
  linkOnly: { link: string; with: string[]; reason: string } | null;
  rules: IrNodeRules | null;
  /** Optional markup whose requirements decide only an enhancement of the rich result (a failure is a warning naming it). */
  enhancements: { property: string; name: string }[];
  /** Dotted paths where the rules apply the shared VideoObject shape (absent: none). */
  videosJudgedAt?: string[];
  features: IrFeature[];
  examples: { valid: IrExample[]; invalid: IrExample[] };
}
