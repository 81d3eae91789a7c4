/**
 * The runtime checks of compiler/keywords/min-items.ts and max-items.ts: how many values the
 * property holds (one value that is not a list counts as one).
 */
import type { KeywordProblem, ListKeyword } from "./keyword-check.ts";

class AtLeast implements ListKeyword {
  constructor(
    private readonly least: number,
    private readonly costs: string | undefined,
  ) {}

  test(_items: readonly unknown[] | null, count: number, property: string): KeywordProblem | null {
    if (count >= this.least) return null;
    const message = `"${property}" has ${count} value(s); it needs at least ${this.least}.`;
    if (this.costs === undefined) return { code: "too-few-values", message };
    return { code: "too-few-values", message: `${message} Fewer is valid markup, but ${this.costs}: not eligible.`, costs: this.costs };
  }
}

class AtMost implements ListKeyword {
  constructor(private readonly most: number) {}

  test(items: readonly unknown[] | null, count: number, property: string): KeywordProblem | null {
    if (items === null || count <= this.most) return null;
    return { code: "too-many-values", message: `"${property}" has ${count} values; it takes at most ${this.most}.` };
  }
}

/** `costs`: what fewer values lose, when that is all they lose (the problem is then a warning). */
export const atLeastValues = (least: number, costs?: string): ListKeyword => new AtLeast(least, costs);
export const atMostValues = (most: number): ListKeyword => new AtMost(most);
