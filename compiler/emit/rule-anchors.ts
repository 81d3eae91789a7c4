/**
 * The one place that names a rule on its web page, shared by the page emitter (which writes the
 * ids) and the validator emitter (which writes each rule's `rule_url`), so a link the engine hands
 * out always lands on an id the page has. Issues and bookmarks link to these ids: they are part of
 * the public surface, keep them stable.
 *
 *   <path>                      a property of the type's own rules: `startDate`, `offers.price`
 *   <feature>:<path>            a property of a feature's rules: `merchant-listing:offers.price`
 *   one-of:<path>               a one-of group, named by its leading member: `one-of:review`
 *   <feature>:one-of:<path>     the same inside a feature
 *
 * Property names are Schema.org names (or JSON-LD keywords such as `@id`) and feature ids match
 * ^[a-z][a-z0-9-]*$, so no part can contain ":" and the forms cannot collide; every character is
 * allowed in a URL fragment as is. The pages' other ids (`section-...`, `example-...`,
 * `status-...`, `main-content`) all contain "-" and no ":", which no property path does.
 */

/** Site-relative URL of a type's rule page: what the engine emits (the API makes it absolute). */
export const rulePagePath = (type: string): string => `/rules/${type}`;

/** The id of a property rule; `feature` is null for the type's own rules. */
export const propertyAnchor = (feature: string | null, path: string): string => (feature === null ? path : `${feature}:${path}`);

/** The id of a one-of group, named like its issues (the leading member's path). */
export const oneOfAnchor = (feature: string | null, path: string): string => propertyAnchor(feature, `one-of:${path}`);

/** The `rule_url` the engine puts on an issue of this rule. */
export const ruleUrl = (type: string, anchor: string): string => `${rulePagePath(type)}#${anchor}`;
