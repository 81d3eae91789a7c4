/**
 * What the keywords that scope a rule to some types share: the generated presence guard (the node
 * has one of the types, or a subtype) and the domains the property's name is checked against.
 */
import type { UseRuntime } from "../ir.ts";
import type { KeywordSite } from "./keyword.ts";

/** The generated condition: the node is of one of `types` (or a subtype of one). */
export const typesGuard = (types: readonly string[]) => (use: UseRuntime): string =>
  types.map((t) => `${use("runtime/rule-runtime.ts", "hasType")}(node, ${use("runtime/type-hierarchy.ts", "subtypes")}(${JSON.stringify(t)}))`).join(" || ");

/** The property's name is checked against `types`' domains once every one is a known type. */
export const typeDomains = (types: string[], { checker }: KeywordSite): string[] | null => (types.every((t) => checker.vocabulary.isType(t)) ? types : null);
