/**
 * The per-feature run diff: what two runs over the same pages say about rich-result eligibility
 * and errors. Shared by `sdv diff`, `--baseline` and the service's audit diff, so it stays pure
 * (no I/O, no Node built-ins) and matches nodes and issues in ways that survive an edit elsewhere
 * on the page: never by line, by the node's type and @id (else its place) and the issue's code and
 * property.
 */
import type { SchemaResult } from "../types.ts";

/** One issue as compared across runs: never by line, by code and property. */
export interface IssueKey {
  code: string;
  property: string | null;
}

/**
 * One node of one page as compared across runs. key = `${type}#${@id}` when the node has an @id,
 * else `${type}@${block}:${path}` (matched_type ignored; the written type).
 */
export interface NodeSnapshot {
  key: string;
  type: string;
  /** Feature names the node is eligible for: its type for its own rich result, then feature ids (merchant-listing). */
  eligible: string[];
  errors: IssueKey[];
  warnings: IssueKey[];
}

/** One page (a file path relative to the run's root, or a URL) in one run. */
export interface PageSnapshot {
  page: string;
  status: "validated" | "no-markup" | "failed";
  nodes: NodeSnapshot[];
}

export interface FeatureChange {
  feature: string;
  gained: string[];
  lost: string[];
}

export interface IssueChange {
  type: string;
  code: string;
  property: string | null;
  pages: string[];
}

export interface RunDiff {
  /** Every feature seen in either run, sorted by name; gained/lost may be empty. */
  features: FeatureChange[];
  errors: { new: IssueChange[]; fixed: IssueChange[] };
  pages: { added: string[]; removed: string[] };
  totals: { pages_gained: number; pages_lost: number; new_errors: number; fixed_errors: number };
  /** true when some page lost eligibility for some feature, or some error is new */
  regressed: boolean;
}

/**
 * The engine's own rich result counts only when its reason says the requirements are met:
 * rich_result_eligible is also true when only an added feature (merchant listing) is.
 */
function ownRichResultEligible(result: SchemaResult): boolean {
  return result.rich_result_eligible && result.rich_result.reason.startsWith("Meets the requirements");
}

function issueKeys(issues: SchemaResult["errors"]): IssueKey[] {
  const seen = new Map<string, IssueKey>();
  for (const issue of issues) {
    const property = issue.property === "" || issue.property == null ? null : issue.property;
    const id = `${issue.code}\u0000${property ?? ""}`;
    if (!seen.has(id)) seen.set(id, { code: issue.code, property });
  }
  return [...seen.values()].sort((a, b) => compare(a.code, b.code) || compare(a.property ?? "", b.property ?? ""));
}

/** The node's key across runs (also for --baseline's issue matching). */
export function nodeKey(result: SchemaResult): string {
  return typeof result.id === "string" && result.id !== "" ? `${result.type}#${result.id}` : `${result.type}@${result.block}:${result.path}`;
}

export function snapshotPage(page: string, results: SchemaResult[] | null, status?: PageSnapshot["status"]): PageSnapshot {
  const resolved = status ?? (results === null ? "failed" : results.length === 0 ? "no-markup" : "validated");
  const nodes: NodeSnapshot[] = [];
  for (const result of results ?? []) {
    const eligible: string[] = [];
    if (ownRichResultEligible(result)) eligible.push(result.type);
    for (const feature of result.features ?? []) if (feature.eligible && !eligible.includes(feature.feature)) eligible.push(feature.feature);
    nodes.push({ key: nodeKey(result), type: result.type, eligible: eligible.sort(compare), errors: issueKeys(result.errors), warnings: issueKeys(result.warnings) });
  }
  return { page, status: resolved, nodes };
}

/** Code-point order, so that the output does not depend on the machine's locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function pageFeatures(page: PageSnapshot): Set<string> {
  const out = new Set<string>();
  for (const node of page.nodes) for (const feature of node.eligible) out.add(feature);
  return out;
}

/** Every (node, code, property) error of a page, keyed so that the other run's page can be looked up. */
function pageErrors(page: PageSnapshot): Map<string, { type: string; issue: IssueKey }> {
  const out = new Map<string, { type: string; issue: IssueKey }>();
  for (const node of page.nodes) {
    for (const issue of node.errors) out.set(`${node.key}\u0000${issue.code}\u0000${issue.property ?? ""}`, { type: node.type, issue });
  }
  return out;
}

class IssueChanges {
  private readonly byKey = new Map<string, { change: IssueChange; pages: Set<string> }>();

  add(type: string, issue: IssueKey, page: string): void {
    const key = `${type}\u0000${issue.code}\u0000${issue.property ?? ""}`;
    let entry = this.byKey.get(key);
    if (!entry) {
      entry = { change: { type, code: issue.code, property: issue.property, pages: [] }, pages: new Set() };
      this.byKey.set(key, entry);
    }
    entry.pages.add(page);
  }

  list(): IssueChange[] {
    const out = [...this.byKey.values()].map(({ change, pages }) => ({ ...change, pages: [...pages].sort(compare) }));
    return out.sort((a, b) => b.pages.length - a.pages.length || compare(a.type, b.type) || compare(a.code, b.code) || compare(a.property ?? "", b.property ?? ""));
  }
}

export interface DiffOptions {
  /**
   * The errors of a page in the new run only are new errors (`sdv diff`, `--baseline`: a pull request
   * that adds a page with errors adds errors). Off for the service's audits, where a crawl that reaches
   * more pages is no regression.
   */
  addedPagesErrorsAreNew?: boolean;
}

/**
 * Pages are matched by name. A page in one run only counts under pages.added/removed, not as
 * gained or lost eligibility. A page that failed in either run (unreachable, unreadable) loses
 * what it was eligible for, but its errors are neither new nor fixed: nothing was read to say so.
 * Errors are counted once per page, type, code and property.
 */
export function diffRuns(before: PageSnapshot[], after: PageSnapshot[], options: DiffOptions = {}): RunDiff {
  const beforeByPage = new Map(before.map((p) => [p.page, p]));
  const afterByPage = new Map(after.map((p) => [p.page, p]));
  const gained = new Map<string, Set<string>>();
  const lost = new Map<string, Set<string>>();
  const features = new Set<string>();
  const newErrors = new IssueChanges();
  const fixedErrors = new IssueChanges();
  const note = (into: Map<string, Set<string>>, feature: string, page: string): void => {
    let pages = into.get(feature);
    if (!pages) into.set(feature, (pages = new Set()));
    pages.add(page);
  };

  for (const page of before) for (const f of pageFeatures(page)) features.add(f);
  for (const page of after) for (const f of pageFeatures(page)) features.add(f);

  for (const [name, now] of afterByPage) {
    const was = beforeByPage.get(name);
    if (!was) {
      if (options.addedPagesErrorsAreNew && now.status !== "failed") for (const { type, issue } of pageErrors(now).values()) newErrors.add(type, issue, name);
      continue;
    }
    const wasFeatures = pageFeatures(was);
    const nowFeatures = pageFeatures(now);
    for (const f of nowFeatures) if (!wasFeatures.has(f)) note(gained, f, name);
    for (const f of wasFeatures) if (!nowFeatures.has(f)) note(lost, f, name);
    if (was.status === "failed" || now.status === "failed") continue;
    const wasErrors = pageErrors(was);
    const nowErrors = pageErrors(now);
    for (const [key, { type, issue }] of nowErrors) if (!wasErrors.has(key)) newErrors.add(type, issue, name);
    for (const [key, { type, issue }] of wasErrors) if (!nowErrors.has(key)) fixedErrors.add(type, issue, name);
  }

  const featureChanges: FeatureChange[] = [...features].sort(compare).map((feature) => ({
    feature,
    gained: [...(gained.get(feature) ?? [])].sort(compare),
    lost: [...(lost.get(feature) ?? [])].sort(compare),
  }));
  const pagesGained = new Set<string>();
  const pagesLost = new Set<string>();
  for (const change of featureChanges) {
    for (const p of change.gained) pagesGained.add(p);
    for (const p of change.lost) pagesLost.add(p);
  }
  const errors = { new: newErrors.list(), fixed: fixedErrors.list() };
  const count = (changes: IssueChange[]): number => changes.reduce((n, c) => n + c.pages.length, 0);
  const totals = { pages_gained: pagesGained.size, pages_lost: pagesLost.size, new_errors: count(errors.new), fixed_errors: count(errors.fixed) };
  return {
    features: featureChanges,
    errors,
    pages: {
      added: after.filter((p) => !beforeByPage.has(p.page)).map((p) => p.page).sort(compare),
      removed: before.filter((p) => !afterByPage.has(p.page)).map((p) => p.page).sort(compare),
    },
    totals,
    regressed: totals.pages_lost > 0 || totals.new_errors > 0,
  };
}
