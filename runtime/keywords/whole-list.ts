/** The runtime side of compiler/keywords/list-check.ts: a check of runtime/checks/structure-checks.ts over the whole list. */
import type { ListCheck } from "../checks/structure-checks.ts";
import type { KeywordProblem, ListKeyword } from "./keyword-check.ts";

class WholeList implements ListKeyword {
  constructor(private readonly check: ListCheck) {}

  test(items: readonly unknown[] | null, _count: number, property: string): KeywordProblem | null {
    if (items === null) return null;
    const problem = this.check.test(items);
    if (problem === null) return null;
    return typeof problem === "string" ? { code: "invalid-sequence", message: `"${property}": ${problem}.` } : { ...problem, message: `"${property}": ${problem.message}.` };
  }
}

export const wholeList = (check: ListCheck): ListKeyword => new WholeList(check);
