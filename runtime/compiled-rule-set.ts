import type { NodeValidator } from "./rule-runtime.ts";

export interface CompiledFeature {
  readonly id: string;
  readonly name: string;
  readonly googleDocsUrl: string;
  /** Opt-in: evaluated only when one of these (names or dotted paths) is present; empty: always. */
  readonly triggers: readonly string[];
  /** Detected, its requirements are the node's: a missing or broken required property is an error. */
  readonly binding?: boolean;
  /** Absent: not retired. */
  readonly retired?: { readonly since: string; readonly note: string };
  /**
   * Optional markup whose requirements decide only an enhancement of the feature (a merchant listing's
   * shipping details): what it breaks is a warning naming the enhancement, never the feature's.
   */
  readonly enhancements?: readonly { readonly property: string; readonly name: string }[];
  readonly validate: NodeValidator;
}

/** One rule set as the compiler emits it; the registry maps every matching @type to one of these. */
export interface CompiledRuleSet {
  /** The type results are reported under. */
  readonly type: string;
  readonly status: "supported" | "coming_soon" | "planned" | "deprecated";
  readonly tier: number;
  readonly googleDocsUrl: string;
  /** Absent: the type has no rich result of its own. */
  readonly richResult?: string;
  readonly verifiedOn: string;
  /** Absent: not deprecated. */
  readonly deprecated?: { readonly since: string; readonly kind: "retired" | "restricted"; readonly note: string };
  /** The rule set's own rich result is opt-in: checked only when one of these is present (absent: always). */
  readonly optIn?: readonly string[];
  /**
   * A node holding only `link` and one or more of `with` (a multi-page site's variant listed by its URL)
   * links to the page that describes it: not detected, for `reason` (absent: every node is checked).
   */
  readonly linkOnly?: { readonly link: string; readonly with: readonly string[]; readonly reason: string };
  /**
   * Optional markup whose requirements decide only an enhancement of the rich result (a recipe's video,
   * a forum post's comments): what it breaks is a warning naming the enhancement, never the node's error.
   */
  readonly enhancements?: readonly { readonly property: string; readonly name: string }[];
  /**
   * Required one-of groups whose members the types endpoint lists as recommended (a Product's review,
   * aggregateRating, offers): under the spec profile their absence makes the node not eligible, a
   * warning, not an error (runtime/options/spec-profile.ts).
   */
  readonly recommendedGroups?: readonly (readonly string[])[];
  /**
   * Dotted paths where the rules apply the video page's requirements themselves (a recipe's video):
   * a VideoObject there is judged as its parent's value, not as a video item of its own.
   */
  readonly videosJudgedAt?: readonly string[];
  readonly validate: NodeValidator;
  readonly features: readonly CompiledFeature[];
}

/**
 * Every @type the engine checks, to the rule set that checks it (undefined: no rule set). The engine only
 * looks types up: generated/index.ts's map of every rule set is one, an OnDemandRegistry another.
 */
export interface RuleRegistry {
  get(type: string): CompiledRuleSet | undefined;
}
