/** The "did you mean" tail of a compiler message. */
import { closestName } from "../runtime/did-you-mean.ts";

/** ` (did you mean "x"?)` when a close name exists, else "". */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const best = closestName(name, [...candidates]);
  return best && best !== name ? ` (did you mean "${best}"?)` : "";
}
