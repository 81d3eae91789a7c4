/**
 * Repeated issues as one line: the same code and severity at paths that differ only in array indexes
 * (`recipeInstructions[0..24].name` ×25). Groups come out sorted by where they start in the source.
 */
import type { ValidationIssue } from "../runtime/types.ts";

export interface IssueGroup {
  first: ValidationIssue;
  count: number;
  /** The property with array indexes from the path: `recipeInstructions[0..24].name`. */
  label: string;
}

/** The property's segments with the path's array indexes after the segment they index. */
function segments(issue: ValidationIssue): Array<{ name: string; indexes: number[] }> {
  const path = issue.path.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  const props = issue.property.split(".");
  const out: Array<{ name: string; indexes: number[] }> = [];
  // The path is the block's pointer (it may start with /@graph/3); the property starts at its first name.
  let at = path.lastIndexOf(props[0]);
  if (at === -1) at = path.length;
  for (const name of props) {
    const entry = { name, indexes: [] as number[] };
    if (path[at] === name) {
      at++;
      while (at < path.length && /^\d+$/.test(path[at])) entry.indexes.push(Number(path[at++]));
    }
    out.push(entry);
  }
  return out;
}

const keyOf = (issue: ValidationIssue, segs: ReturnType<typeof segments>) =>
  `${issue.severity}\u0000${issue.code}\u0000${segs.map((s) => s.name + "[]".repeat(s.indexes.length)).join(".")}`;

function rangeText(values: number[]): string {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  if (sorted.length === 1) return String(sorted[0]);
  const contiguous = sorted[sorted.length - 1] - sorted[0] === sorted.length - 1;
  return contiguous ? `${sorted[0]}..${sorted[sorted.length - 1]}` : sorted.length <= 4 ? sorted.join(",") : `${sorted[0]}..${sorted[sorted.length - 1]}`;
}

export const byPlace = (a: ValidationIssue, b: ValidationIssue): number =>
  (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1);

export function groupIssues(issues: ValidationIssue[]): IssueGroup[] {
  const groups = new Map<string, { first: ValidationIssue; members: Array<ReturnType<typeof segments>> }>();
  for (const issue of [...issues].sort(byPlace)) {
    const segs = segments(issue);
    const key = keyOf(issue, segs);
    const group = groups.get(key);
    if (group) group.members.push(segs);
    else groups.set(key, { first: issue, members: [segs] });
  }
  return [...groups.values()].map(({ first, members }) => ({
    first,
    count: members.length,
    label: members[0]
      .map((seg, i) => seg.name + seg.indexes.map((_, k) => `[${rangeText(members.map((m) => m[i].indexes[k]))}]`).join(""))
      .join("."),
  }));
}
