/**
 * GitHub Actions' job summary: when GITHUB_STEP_SUMMARY names a file, a Markdown summary is appended
 * to it (verdict, counts, eligibility per feature, the baseline's diff, the top issues). Annotations
 * show 10 of each kind per step; the summary shows the whole run.
 */
import { appendFileSync } from "node:fs";
import type { Outcome } from "./outcome.ts";
import type { Verdict } from "./exit-policy.ts";
import type { BaselineReport } from "./baseline.ts";
import { snapshotPage } from "../runtime/diff/feature-diff.ts";
import { diffMarkdown } from "./diff/render-diff.ts";

const TOP_ISSUES = 10;

export interface SummaryRequest {
  command: "validate" | "crawl";
  outcomes: Outcome[];
  verdict: Verdict;
  baseline?: BaselineReport;
  profile?: string;
  env?: NodeJS.ProcessEnv;
}

/** Markdown text in a table cell or a code span: no pipes, no backticks, one line. */
const code = (s: string) => `\`${s.replace(/[`\r\n]/g, " ").replace(/\|/g, "\\|")}\``;

export function stepSummary(r: SummaryRequest): string {
  const { outcomes, verdict } = r;
  const validated = outcomes.filter((o) => o.response);
  const none = outcomes.filter((o) => o.failure?.code === "no_jsonld_found");
  const failed = outcomes.filter((o) => o.failure && o.failure.code !== "no_jsonld_found");
  const errors = validated.reduce((n, o) => n + o.response!.summary.total_errors, 0);
  const warnings = validated.reduce((n, o) => n + o.response!.summary.total_warnings, 0);
  const unmet = outcomes.reduce((n, o) => n + (o.findings?.length ?? 0), 0);
  const icon = verdict.code === 0 ? "✅" : "❌";
  const out: string[] = [
    `## ${icon} sdv ${r.command}: ${verdict.code === 0 ? "passed" : "failed"} (exit ${verdict.code})`,
    "",
    verdict.reason.replace(/^exit \d: /, ""),
    "",
    "| Inputs | Validated | No structured data | Not validated | Errors | Warnings | Expectations not met |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${outcomes.length} | ${validated.length} | ${none.length} | ${failed.length} | ${errors} | ${warnings} | ${unmet} |`,
  ];
  if (r.profile && r.profile !== "spec") out.push("", `Profile: ${code(r.profile)}.`);

  // Eligibility per feature: pages with at least one node eligible for it, of the pages carrying its type.
  const eligible = new Map<string, Set<string>>();
  for (const o of validated) {
    const snap = snapshotPage(o.source, o.response!.schemas);
    for (const node of snap.nodes) for (const f of node.eligible) (eligible.get(f) ?? eligible.set(f, new Set()).get(f)!).add(o.source);
  }
  if (eligible.size) {
    out.push("", "### Eligible pages by feature", "", "| Feature | Pages |", "| --- | ---: |");
    for (const [feature, pages] of [...eligible].sort((a, b) => (a[0] < b[0] ? -1 : 1))) out.push(`| ${code(feature)} | ${pages.size} |`);
  }
  if (r.baseline) {
    out.push("", `### Against the baseline`, "", `${r.baseline.counts.new_errors} new error(s), ${r.baseline.counts.new_warnings} new warning(s), ${r.baseline.counts.fixed_errors} error(s) fixed.`, "", diffMarkdown(r.baseline.diff, "####"));
  }

  // Top issues: by how many pages they are on (new ones only when there is a baseline).
  const byIssue = new Map<string, { severity: string; type: string; code: string; property: string; pages: Set<string> }>();
  for (const o of validated) {
    for (const s of o.response!.schemas) {
      for (const i of [...s.errors, ...s.warnings]) {
        if (o.known?.has(i)) continue;
        const key = `${i.severity} ${s.type} ${i.code} ${i.property}`;
        const entry = byIssue.get(key) ?? byIssue.set(key, { severity: i.severity, type: s.type, code: i.code, property: i.property, pages: new Set() }).get(key)!;
        entry.pages.add(o.source);
      }
    }
  }
  const top = [...byIssue.values()].sort((a, b) => (a.severity === b.severity ? b.pages.size - a.pages.size : a.severity === "error" ? -1 : 1)).slice(0, TOP_ISSUES);
  if (top.length) {
    out.push("", `### Top issues${r.baseline ? " (new)" : ""}`, "", "| Severity | Type | Property | Code | Pages |", "| --- | --- | --- | --- | ---: |");
    for (const t of top) out.push(`| ${t.severity} | ${code(t.type)} | ${code(t.property)} | ${code(t.code)} | ${t.pages.size} |`);
  }
  const findings = outcomes.flatMap((o) => (o.findings ?? []).map((f) => ({ source: o.source, f })));
  if (findings.length) {
    out.push("", "### Expectations not met", "");
    for (const { source, f } of findings.slice(0, TOP_ISSUES)) out.push(`- ${code(source)}: ${code(f.message)}`);
    if (findings.length > TOP_ISSUES) out.push(`- and ${findings.length - TOP_ISSUES} more`);
  }
  if (none.length) out.push("", `<details><summary>${none.length} page(s) without structured data</summary>`, "", ...none.slice(0, 50).map((o) => `- ${code(o.source)}`), ...(none.length > 50 ? [`- and ${none.length - 50} more`] : []), "", "</details>");
  return `${out.join("\n")}\n\n`;
}

/** Appends the summary when GITHUB_STEP_SUMMARY is set; a file that cannot be written is a warning, not a failed run. */
export async function writeStepSummary(r: SummaryRequest): Promise<void> {
  const file = (r.env ?? process.env).GITHUB_STEP_SUMMARY;
  if (!file) return;
  try {
    appendFileSync(file, stepSummary(r));
  } catch (err) {
    console.error(`sdv: warning: cannot append the step summary to ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}
