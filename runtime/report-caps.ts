/**
 * Report building at the caps: lists at most LIMITS.issuesPerNode issues per node and
 * LIMITS.issuesPerAnswer (and LIMITS.issueCharsPerAnswer characters) per answer (errors first, over
 * every node, then warnings), at most
 * LIMITS.propertiesPerObject names in properties_found, and counts what it leaves out per code and
 * per property. The summary is computed before this, from every issue found, so totals, validity
 * and the score do not depend on what is listed.
 */
import { LIMITS, capsInForce, type LimitsReport, type OmittedIssues, type SchemaOmitted } from "./limits.ts";
import type { SchemaResult, ValidationIssue } from "./types.ts";

/** What the engine's intake left out before validation. */
export interface IntakeCounts {
  blocksFound: number;
  blocksNotValidated: number;
  nodesFound: number;
  nodesNotValidated: number;
  propertiesNotChecked: number;
  valuesNotChecked: number;
}

/** Trims the schemas' lists in place; returns the limits report, or null when nothing was left out. */
export function capReport(schemas: SchemaResult[], intake: IntakeCounts): LimitsReport | null {
  let found = 0;
  let overNode = false;
  for (const s of schemas) {
    const n = s.errors.length + s.warnings.length;
    found += n;
    if (n > LIMITS.issuesPerNode || s.properties_found.length > LIMITS.propertiesPerObject) overNode = true;
  }
  const intakeCapped = intake.blocksNotValidated > 0 || intake.nodesNotValidated > 0 || intake.propertiesNotChecked > 0 || intake.valuesNotChecked > 0;
  // The usual case: nothing to trim, nothing to allocate.
  if (!overNode && found <= LIMITS.issuesPerAnswer && !intakeCapped && listedChars(schemas) <= LIMITS.issueCharsPerAnswer) return null;
  const omitted = new OmittedCounter();
  let listed = 0;
  let trimmed = false;

  // Errors get the answer's room first, so warnings of early nodes cannot crowd out later errors.
  // Room is counted in issues and in characters: names come from the input, and a nested issue repeats
  // its ancestors' names (in property and path), so long keys could otherwise multiply the answer.
  let room = LIMITS.issuesPerAnswer;
  let chars = LIMITS.issueCharsPerAnswer;
  const take = (list: readonly ValidationIssue[], max: number): number => {
    let k = 0;
    while (k < list.length && k < max && room > 0) {
      const c = issueChars(list[k]);
      if (c > chars) break;
      chars -= c;
      room--;
      k++;
    }
    return k;
  };
  const keptErrors = schemas.map((s) => take(s.errors, LIMITS.issuesPerNode));
  const keptWarnings = schemas.map((s, i) => take(s.warnings, LIMITS.issuesPerNode - keptErrors[i]));

  schemas.forEach((s, i) => {
    const perNode: SchemaOmitted = { errors: 0, warnings: 0, properties_found: 0 };
    if (s.errors.length > keptErrors[i]) {
      perNode.errors = s.errors.length - keptErrors[i];
      omitted.add(s.errors, keptErrors[i]);
      s.errors = s.errors.slice(0, keptErrors[i]);
    }
    if (s.warnings.length > keptWarnings[i]) {
      perNode.warnings = s.warnings.length - keptWarnings[i];
      omitted.add(s.warnings, keptWarnings[i]);
      s.warnings = s.warnings.slice(0, keptWarnings[i]);
    }
    if (s.properties_found.length > LIMITS.propertiesPerObject) {
      perNode.properties_found = s.properties_found.length - LIMITS.propertiesPerObject;
      s.properties_found = s.properties_found.slice(0, LIMITS.propertiesPerObject);
    }
    listed += s.errors.length + s.warnings.length;
    if (perNode.errors || perNode.warnings || perNode.properties_found) {
      s.omitted = perNode;
      trimmed = true;
    }
  });

  if (!trimmed && !intakeCapped) return null;
  return {
    truncated: true,
    caps: capsInForce(),
    blocks_found: intake.blocksFound,
    blocks_not_validated: intake.blocksNotValidated,
    nodes_found: intake.nodesFound,
    nodes_not_validated: intake.nodesNotValidated,
    properties_not_checked: intake.propertiesNotChecked,
    values_not_checked: intake.valuesNotChecked,
    issues_found: found,
    issues_listed: listed,
    omitted_issues: omitted.report(),
  };
}

function listedChars(schemas: readonly SchemaResult[]): number {
  let chars = 0;
  for (const s of schemas) {
    for (const issue of s.errors) chars += issueChars(issue);
    for (const issue of s.warnings) chars += issueChars(issue);
  }
  return chars;
}

/** Characters an issue adds to the answer (its strings, plus the JSON around them). */
function issueChars(issue: ValidationIssue): number {
  return issue.property.length + issue.message.length + issue.fix.length + issue.path.length + (issue.google_docs_url?.length ?? 0) + (issue.rule_url?.length ?? 0) + 120;
}

/** A property as a key of the counts: names longer than this are cut (an input's name can be any length). */
const MAX_COUNTED_NAME = 200;
const countedName = (name: string) => (name.length > MAX_COUNTED_NAME ? `${name.slice(0, MAX_COUNTED_NAME - 1)}…` : name);

class OmittedCounter {
  errors = 0;
  warnings = 0;
  readonly byCode = new Map<string, number>();
  readonly byProperty = new Map<string, number>();

  add(issues: readonly ValidationIssue[], from: number): void {
    for (let i = from; i < issues.length; i++) {
      const issue = issues[i];
      if (issue.severity === "error") this.errors++;
      else this.warnings++;
      this.byCode.set(issue.code, (this.byCode.get(issue.code) ?? 0) + 1);
      const name = countedName(issue.property);
      this.byProperty.set(name, (this.byProperty.get(name) ?? 0) + 1);
    }
  }

  report(): OmittedIssues {
    return { errors: this.errors, warnings: this.warnings, by_code: mostFrequent(this.byCode, Infinity), by_property: mostFrequent(this.byProperty, LIMITS.summaryProperties) };
  }
}

/** Counts sorted by frequency (then name), the tail beyond `keep` added up under "(other)". */
function mostFrequent(counts: Map<string, number>, keep: number): Record<string, number> {
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  // No prototype: a property named "__proto__" is counted like any other.
  const out: Record<string, number> = Object.create(null);
  let other = 0;
  sorted.forEach(([name, n], i) => {
    if (i < keep) out[name] = n;
    else other += n;
  });
  if (other > 0) out["(other)"] = (out["(other)"] ?? 0) + other;
  return out;
}
