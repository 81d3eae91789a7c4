/**
 * The runtime side of a rule keyword (compiler/keywords/): the generated validators hand each
 * property rule its keywords' checks, and runtime/rule-runtime.ts calls them without knowing which
 * keyword a check came from. A check says what is wrong; the rule says how bad it is (level,
 * `malformed: warning`, eligibility), so severity stays in one place.
 */
import type { IssueCode } from "../issue-codes.ts";
import type { JsonObject } from "../json.ts";

/** What a keyword finds wrong: the issue's code and message (the rule adds severity, fix and links). */
export interface KeywordProblem {
  readonly code: IssueCode;
  readonly message: string;
  /** What to do about this problem where the property's own fix ("Add itemListElement ...") would not say. */
  readonly fix?: string;
  /**
   * What the value loses, when the documentation says that is all it loses (an author's name of 100
   * characters or more: "won't be eligible for an author-based review snippet"): the problem is then a
   * warning whatever the property's level, and the value still counts.
   */
  readonly costs?: string;
}

/** Checks each literal value of the property (a text, number or boolean, or an `@value`). */
export interface ValueKeyword {
  /** A failure ends the value's checks: later keywords, the format and the bounds do not run on it. */
  readonly final: boolean;
  test(value: unknown, property: string): KeywordProblem | null;
}

/**
 * Checks the property's values together: `items` is the list, or null for one value (counted as a
 * list of one). A failure does not make the values count as missing (a list with one value too many
 * still names the property).
 */
export interface ListKeyword {
  test(items: readonly unknown[] | null, count: number, property: string): KeywordProblem | null;
}

/** A requirement that holds depending on the node (a sibling's value), and how a message says so. */
export interface RequirementCondition {
  holds(node: JsonObject): boolean;
  /**
   * The condition in words, for "required when ..." ("\"offerType\" is absent"); `parent`, the dotted path
   * of the node holding the sibling ("hasTiers."), so a nested sibling is named in full.
   */
  describe(parent?: string): string;
  /** The sibling whose absence the condition is, if it is one: a recommendation then reads "not needed where it is given". */
  readonly absentSibling?: string;
}
