/**
 * The Search Console-like report of a site over its runs: per rich-result feature, how many pages were
 * valid, valid with warnings or invalid in each run (a trend), and the latest run's top issues with the
 * pages that have each and a few example URLs.
 *
 * A page counts for a feature when one of its nodes is of the feature's type or eligible for it. It is
 * valid when a node is eligible for it and those nodes carry no warning, valid with warnings when they
 * do, invalid when no node is eligible. (A feature that is not a type, such as merchant-listing, is known
 * from the pages eligible for it: a page that misses it entirely is not counted as invalid.) Issues are
 * those of the nodes that count for the feature, each (code, property) once per page.
 */
import type { PageSnapshot } from "./feature-diff.ts";

export const TOP_ISSUES = 10;
export const EXAMPLES = 5;

export interface FeatureRunCounts {
  run: string;
  valid: number;
  valid_with_warnings: number;
  invalid: number;
}

export interface TopIssue {
  severity: "error" | "warning";
  code: string;
  property: string | null;
  pages: number;
  examples: string[];
}

export interface FeatureReport {
  features: Array<{ feature: string; runs: FeatureRunCounts[]; top_issues: TopIssue[] }>;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `runs` oldest first; the top issues are the last run's. */
export function featureReport(runs: ReadonlyArray<{ run: string; snapshots: readonly PageSnapshot[] }>): FeatureReport {
  const counts = new Map<string, Map<string, FeatureRunCounts>>();
  const issues = new Map<string, Map<string, TopIssue>>();
  runs.forEach(({ run, snapshots }, r) => {
    const last = r === runs.length - 1;
    for (const page of snapshots) {
      const related = new Map<string, { eligible: boolean; warnings: boolean; nodes: PageSnapshot["nodes"] }>();
      for (const node of page.nodes) {
        for (const feature of new Set([node.type, ...node.eligible])) {
          const entry = related.get(feature) ?? { eligible: false, warnings: false, nodes: [] };
          entry.nodes.push(node);
          if (node.eligible.includes(feature)) entry.eligible = true;
          related.set(feature, entry);
        }
      }
      for (const [feature, entry] of related) {
        // Only features some page is eligible for are features; other types are just types.
        entry.warnings = entry.nodes.some((n) => n.eligible.includes(feature) && n.warnings.length > 0);
        let byRun = counts.get(feature);
        if (!byRun) counts.set(feature, (byRun = new Map()));
        let c = byRun.get(run);
        if (!c) byRun.set(run, (c = { run, valid: 0, valid_with_warnings: 0, invalid: 0 }));
        if (!entry.eligible) c.invalid++;
        else if (entry.warnings) c.valid_with_warnings++;
        else c.valid++;
        if (!last) continue;
        let list = issues.get(feature);
        if (!list) issues.set(feature, (list = new Map()));
        const seen = new Set<string>();
        for (const node of entry.nodes) {
          for (const [severity, keys] of [["error", node.errors], ["warning", node.warnings]] as const) {
            for (const k of keys) {
              const id = `${severity}\u0000${k.code}\u0000${k.property ?? ""}`;
              if (seen.has(id)) continue;
              seen.add(id);
              const issue = list.get(id) ?? { severity, code: k.code, property: k.property, pages: 0, examples: [] };
              issue.pages++;
              if (issue.examples.length < EXAMPLES) issue.examples.push(page.page);
              list.set(id, issue);
            }
          }
        }
      }
    }
  });
  const eligibleSomewhere = new Set<string>();
  for (const { snapshots } of runs) for (const p of snapshots) for (const n of p.nodes) for (const f of n.eligible) eligibleSomewhere.add(f);
  const features = [...counts.keys()].filter((f) => eligibleSomewhere.has(f)).sort(compare);
  return {
    features: features.map((feature) => ({
      feature,
      runs: runs.map(({ run }) => counts.get(feature)!.get(run) ?? { run, valid: 0, valid_with_warnings: 0, invalid: 0 }),
      top_issues: [...(issues.get(feature)?.values() ?? [])]
        .sort((a, b) => (a.severity === b.severity ? b.pages - a.pages || compare(a.code, b.code) : a.severity === "error" ? -1 : 1))
        .slice(0, TOP_ISSUES),
    })),
  };
}
