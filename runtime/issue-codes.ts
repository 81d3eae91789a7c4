/**
 * The closed list of issue codes. Codes are stable across versions (callers switch on them);
 * messages are not. Rule files' invalid examples name these codes.
 */
export const ISSUE_CODES = [
  "missing-required", // a required property is absent
  "missing-recommended", // a recommended property is absent
  "missing-one-of", // none of a group's properties is present
  "feature-requirement", // absent or malformed for one rich-result feature only
  "wrong-type", // the value is not of an expected type
  "invalid-format", // a text value fails its format check (date, currency, URL, ...)
  "invalid-enum", // not a member of the expected enumeration
  "out-of-range", // a number outside its bounds
  "not-single", // several values where one is allowed
  "too-few-values", // fewer values than the list needs
  "too-many-values", // more values than the list allows
  "too-long", // a text longer than allowed
  "invalid-sequence", // list items out of order (breadcrumb positions)
  "missing-companion", // a property needs another one beside it
  "identical-values", // a property repeats another's value where the search engine wants them to differ
  "contradicting-values", // two properties of one node the documentation says not to give together (FreeReturn and a return fee)
  "empty-value", // an empty string, array or object
  "dangling-reference", // an {"@id"} that names no node on the page
  "invalid-json", // the block is not valid JSON
  "too-deep", // nesting beyond the depth cap
  "too-large", // more nodes than the size cap
  "missing-type", // a top-level node without @type (a warning for a Microdata itemscope without itemtype)
  "missing-context", // no schema.org @context
  "type-retired", // reserved: retired rich results carry deprecation_note and downgrade their findings instead
  "unknown-property", // vocabulary: not a property of the type
  "unexpected-type", // vocabulary: a value outside the property's range
  "unknown-type", // not a Schema.org type, with a did-you-mean fix (an error on a top-level node, a warning nested)
  "superseded-property", // vocabulary: Schema.org replaced the property with another
  "not-visible", // page truth: a value the documentation wants shown is not in the page's visible text
  "duplicate-entity", // page truth: two top-level nodes describe one entity without an @id joining them
  "conflicting-values", // page truth: such duplicates disagree on a property (price, rating, name, ...)
  "self-serving-review", // page truth: a business or organization reviewed on its own site (no review snippet)
] as const;

export type IssueCode = (typeof ISSUE_CODES)[number];

/**
 * A code that says a required property is not there at all (on its own, or as a whole group): what
 * `properties_missing_required` lists; any other error is about a value that is there.
 */
export function saysRequiredAbsent(code: string): boolean {
  return code === "missing-required" || code === "missing-one-of";
}
