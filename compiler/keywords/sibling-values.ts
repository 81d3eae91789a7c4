/**
 * The values a conditional keyword compares a sibling with: enumeration members must be real members of
 * the sibling's range (a misspelt member would never match and the condition never hold); other texts
 * are fixed values, taken as written.
 */
import { didYouMean } from "../did-you-mean.ts";
import type { KeywordChecker, KeywordReport } from "./keyword.ts";

export function checkSiblingValues(checker: KeywordChecker, sibling: string, values: readonly string[], report: KeywordReport): void {
  const ranges = checker.vocabulary.data.properties[sibling]?.ranges ?? [];
  const enums = ranges.filter((r) => checker.vocabulary.isEnumeration(r));
  if (enums.length === 0) return;
  const allowed = new Set(enums.flatMap((e) => checker.vocabulary.members(e)));
  values.forEach((v, i) => {
    if (!allowed.has(v)) report("enum-member", `"${v}" is not a member of ${enums.join(" or ")}${didYouMean(v, allowed)}`, ["values", i]);
  });
}
