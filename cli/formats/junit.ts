/**
 * JUnit XML, the format every CI shows as a test report: a <testsuite> per input, a <testcase> per node.
 * A node fails (<failure>) when it has issues that --fail-on counts, an input when it scores below
 * --min-score (a "(score)" case); an input that could not be validated is an <error>.
 */
import type { Outcome } from "../outcome.ts";
import type { FailOn } from "../exit-policy.ts";
import { nodeName } from "./issues.ts";

const xml = (s: string) =>
  // eslint-disable-next-line no-control-regex
  s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);

/** `profile`: the rules that produced the report, a <property> of every suite (where JUnit readers show properties). */
export function formatJunit(outcomes: Outcome[], failOn: FailOn, profile?: string, minScore?: number): string {
  const properties = profile ? `    <properties>\n      <property name="profile" value="${xml(profile)}"/>\n    </properties>\n` : "";
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let errors = 0;
  for (const o of outcomes) {
    const name = xml(o.source);
    // Expectations of the project's config: one failing case each, whatever else the page holds.
    const expectationCases = (o.findings ?? []).map(
      (f) => `    <testcase classname="${name}" name="(expectation)">\n      <failure message="${xml(f.message)}" type="${f.code}"/>\n    </testcase>`,
    );
    if (o.failure?.code === "no_jsonld_found") {
      // No structured data: skipped, not an error of the run (unless an expectation says it should have some).
      tests += 1 + expectationCases.length;
      failures += expectationCases.length;
      suites.push(
        `  <testsuite name="${name}" tests="${1 + expectationCases.length}" failures="${expectationCases.length}" errors="0" skipped="1">\n${properties}` +
          `    <testcase classname="${name}" name="(input)">\n      <skipped message="no structured data"/>\n    </testcase>\n` +
          `${expectationCases.map((c) => `${c}\n`).join("")}  </testsuite>`,
      );
      continue;
    }
    if (o.failure) {
      tests++;
      errors++;
      suites.push(
        `  <testsuite name="${name}" tests="1" failures="0" errors="1">\n${properties}` +
          `    <testcase classname="${name}" name="(input)">\n` +
          `      <error message="${xml(o.failure.message)}" type="${xml(o.failure.code)}"/>\n` +
          `    </testcase>\n  </testsuite>`,
      );
      continue;
    }
    const cases: string[] = [];
    let suiteFailures = 0;
    for (const s of o.response!.schemas) {
      const counted = failOn === "never" ? [] : failOn === "warning" ? [...s.errors, ...s.warnings] : s.errors;
      const caseName = xml(`${nodeName(s)} ${s.path || "/"} (block ${s.block})`);
      if (counted.length === 0) {
        cases.push(`    <testcase classname="${name}" name="${caseName}"/>`);
        continue;
      }
      suiteFailures++;
      const details = counted.map((i) => `${i.severity} ${i.property}: ${i.message}${i.line !== undefined ? ` (line ${i.line}, column ${i.column})` : ""} [${i.code}]\n  fix: ${i.fix}`).join("\n");
      cases.push(
        `    <testcase classname="${name}" name="${caseName}">\n` +
          `      <failure message="${xml(`${counted.length} issue(s): ${counted[0].message}`)}" type="${xml(counted[0].code)}">${xml(details)}</failure>\n` +
          `    </testcase>`,
      );
    }
    cases.push(...expectationCases);
    suiteFailures += expectationCases.length;
    // --min-score fails the run for this input: the report says so, or a red job shows a green test report.
    const score = o.response!.summary.score;
    if (minScore !== undefined && score < minScore) {
      cases.push(`    <testcase classname="${name}" name="(score)">\n      <failure message="${xml(`score ${score} is below --min-score ${minScore}`)}" type="min-score"/>\n    </testcase>`);
      suiteFailures++;
    }
    tests += cases.length;
    failures += suiteFailures;
    suites.push(`  <testsuite name="${name}" tests="${cases.length}" failures="${suiteFailures}" errors="0">\n${properties}${cases.join("\n")}\n  </testsuite>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="sdv" tests="${tests}" failures="${failures}" errors="${errors}">\n${suites.join("\n")}\n</testsuites>`;
}
