/**
 * --baseline: the issues of a previous report are known; only the others count for the exit code.
 * Issues match by input, node (type and @id, else its place) and code and property, never by line, so
 * an edit above an old issue does not make it new.
 */
import type { ValidationIssue } from "../runtime/types.ts";
import { diffRuns, nodeKey, snapshotPage, type RunDiff } from "../runtime/diff/feature-diff.ts";
import type { Outcome } from "./outcome.ts";
import { nameLonePage, readReport, snapshotsOf } from "./report-file.ts";

export interface BaselineIssue {
  source: string;
  type: string;
  node: string;
  severity: "error" | "warning";
  code: string;
  property: string;
  message: string;
}

export interface BaselineReport {
  file: string;
  /** Every issue of this run not in the baseline (an old warning that is an error now is new). */
  new: BaselineIssue[];
  fixed: BaselineIssue[];
  /**
   * The counts every report says, the same as `sdv diff OLD NEW` says: errors once per page, type, code
   * and property (an error that was a warning is new, an error that became a warning is fixed); warnings
   * the same way, new only when the baseline did not have them at all.
   */
  counts: { new_errors: number; fixed_errors: number; new_warnings: number };
  diff: RunDiff;
}

const keyOf = (source: string, node: string, issue: { code: string; property: string }) => `${source}\u0000${node}\u0000${issue.code}\u0000${issue.property}`;

/** Marks each outcome's known issues (in place) and returns what is new, what was fixed, and the per-feature diff. */
export function applyBaseline(file: string, outcomes: Outcome[]): BaselineReport {
  const before = outcomes.length === 1 ? nameLonePage(readReport(file), outcomes[0].source) : readReport(file);
  const known = new Map<string, BaselineIssue>();
  for (const page of before) {
    for (const s of page.response?.schemas ?? []) {
      const node = nodeKey(s);
      for (const issue of [...s.errors, ...s.warnings]) {
        known.set(keyOf(page.page, node, issue), { source: page.page, type: s.type, node, severity: issue.severity, code: issue.code, property: issue.property, message: issue.message });
      }
    }
  }
  const seen = new Set<string>();
  const fresh: BaselineIssue[] = [];
  const freshWarnings = new Map<string, Set<string>>();
  // Pages of this run that were read: a page that failed now says nothing about what was fixed.
  const read = new Set(outcomes.filter((o) => !o.failure || o.failure.code === "no_jsonld_found").map((o) => o.source));
  for (const o of outcomes) {
    for (const s of o.response?.schemas ?? []) {
      const node = nodeKey(s);
      for (const issue of [...s.errors, ...s.warnings]) {
        const key = keyOf(o.source, node, issue);
        const old = known.get(key);
        // The same issue with a stricter severity now (a warning become an error) is new.
        if (old && (old.severity === issue.severity || issue.severity === "warning")) {
          (o.known ??= new Set<ValidationIssue>()).add(issue);
          seen.add(key);
        } else {
          fresh.push({ source: o.source, type: s.type, node, severity: issue.severity, code: issue.code, property: issue.property, message: issue.message });
          if (issue.severity === "warning") (freshWarnings.get(o.source) ?? freshWarnings.set(o.source, new Set()).get(o.source)!).add(`${s.type}\u0000${issue.code}\u0000${issue.property}`);
        }
      }
    }
  }
  // Fixed: what the baseline had on a page of this run that this run no longer reports.
  const fixed = [...known.entries()].filter(([key, issue]) => !seen.has(key) && read.has(issue.source)).map(([, issue]) => issue);
  const after = outcomes.map((o) => snapshotPage(o.source, o.response ? o.response.schemas : o.failure?.code === "no_jsonld_found" ? [] : null));
  const diff = diffRuns(snapshotsOf(before), after, { addedPagesErrorsAreNew: true });
  // Each outcome's new errors are the diff's, so that the exit line and `sdv diff` cannot disagree.
  const freshErrors = new Map<string, number>();
  for (const change of diff.errors.new) for (const page of change.pages) freshErrors.set(page, (freshErrors.get(page) ?? 0) + 1);
  for (const o of outcomes) if (o.response) o.fresh = { errors: freshErrors.get(o.source) ?? 0, warnings: freshWarnings.get(o.source)?.size ?? 0 };
  const counts = { new_errors: diff.totals.new_errors, fixed_errors: diff.totals.fixed_errors, new_warnings: [...freshWarnings.values()].reduce((n, set) => n + set.size, 0) };
  return { file, new: fresh, fixed, counts, diff };
}
