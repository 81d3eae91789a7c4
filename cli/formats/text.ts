/** The human report: per input, per node, repeated issues grouped, in source order, with the source line. */
import type { ValidationIssue } from "../../runtime/types.ts";
import type { Outcome } from "../outcome.ts";
import { groupIssues } from "../group-issues.ts";
import type { Paint } from "../colour.ts";

const MAX_SOURCE_LINE = 160;
/** An issue (same severity, code, type and property) on this many inputs or more is listed once, after the inputs. */
export const REPEATED_ON = 3;
/** The inputs a repeated issue names before "and N more". */
const NAMED_INPUTS = 3;
/** Inputs with nothing of their own shown one line each up to this many; past it, counted (a site of 1,000 alike pages). */
const ONE_LINERS = 20;

const repeatKey = (type: string, i: ValidationIssue) => `${i.severity}\u0000${i.code}\u0000${type}\u0000${i.property}`;

interface Repeated {
  type: string;
  first: ValidationIssue;
  inputs: string[];
}

/** Issues found on REPEATED_ON inputs or more, by key: the report names them once with how many and which inputs. */
function repeatedIssues(outcomes: Outcome[]): Map<string, Repeated> {
  const all = new Map<string, Repeated>();
  if (outcomes.length < REPEATED_ON) return all;
  for (const o of outcomes) {
    for (const s of o.response?.schemas ?? []) {
      for (const i of [...s.errors, ...s.warnings]) {
        const key = repeatKey(s.type, i);
        const entry = all.get(key) ?? all.set(key, { type: s.type, first: i, inputs: [] }).get(key)!;
        const name = o.response!.url ?? o.source;
        if (entry.inputs[entry.inputs.length - 1] !== name) entry.inputs.push(name);
      }
    }
  }
  for (const [key, entry] of all) if (entry.inputs.length < REPEATED_ON) all.delete(key);
  return all;
}

export function formatText(outcomes: Outcome[], p: Paint): string {
  const out: string[] = [];
  const repeated = repeatedIssues(outcomes);
  let oneLiners = 0;
  for (const o of outcomes) {
    const findings = (o.findings ?? []).map((f) => `    ${p.red("error  ")} ${f.message} ${p.dim(`[${f.code}]`)}`);
    if (o.failure?.code === "no_jsonld_found") {
      out.push(`${p.bold(o.source)}: no structured data: ${o.failure.message}`, ...findings, "");
      continue;
    }
    if (o.failure) {
      out.push(`${p.bold(o.source)}: ${p.red("not validated")}: ${o.failure.message} [${o.failure.code}]`, "");
      continue;
    }
    const r = o.response!;
    const lines = o.text === undefined ? null : o.text.split(/\r\n|\r|\n/);
    const score = r.summary.score;
    const scoreText = score >= 90 ? p.green(String(score)) : score >= 50 ? p.yellow(String(score)) : p.red(String(score));
    const issues = r.schemas.flatMap((s) => [...s.errors, ...s.warnings].map((i) => repeated.has(repeatKey(s.type, i))));
    const shared = issues.filter(Boolean).length;
    if (shared > 0 && shared === issues.length && !o.findings?.length && !r.summary.rendering) {
      // Nothing of its own to say: one line, its issues are listed once below.
      if (++oneLiners > ONE_LINERS) continue;
      const nodes = r.schemas.map((s) => `${s.matched_type ? `${s.type} (as ${s.matched_type})` : s.type} ${s.valid ? p.green("valid") : p.red("INVALID")}`).join(", ");
      out.push(`${p.bold(r.url ?? o.source)}: ${nodes}, score ${scoreText}/100; ${shared} issue(s) found on many inputs (listed once below)`);
      continue;
    }
    out.push(`${p.bold(r.url ?? o.source)}: ${r.schemas_found} schema(s), score ${scoreText}/100`);
    // A retired or restricted type's note is long and the same on every node of that type: once per input.
    const notesShown = new Set<string>();
    for (const s of r.schemas) {
      const state = s.valid ? p.green("valid") : p.red("INVALID");
      const eligibility = s.rich_result_eligible ? p.green("eligible") : "not eligible";
      const shown = s.matched_type ? `${s.type} (as ${s.matched_type})` : s.type;
      const syntax = s.syntax === "microdata" ? " [Microdata]" : s.syntax === "rdfa" ? " [RDFa]" : "";
      const unchecked = s.checked || s.errors.some((e) => e.code === "unknown-type") ? "" : " (not checked: no rule set)";
      out.push("", `  ${p.bold(shown)}${syntax}: ${state}, ${eligibility}${unchecked}${renderingNote(s.rendering, s.changed_properties)}`);
      out.push(`    ${p.dim(s.rich_result.reason)}`);
      if (s.deprecation_note && !notesShown.has(s.deprecation_note)) {
        notesShown.add(s.deprecation_note);
        out.push(`    deprecated: ${s.deprecation_note}`);
      } else if (s.deprecation_note) out.push("    deprecated: see the note above.");
      for (const f of s.features ?? []) out.push(`    feature ${f.name}: ${f.eligible ? "eligible" : "not eligible"}: ${f.reason}`);
      // What was not checked (an app shell's visible text, self-serving reviews without a URL): once per input.
      for (const note of s.notes ?? []) {
        if (notesShown.has(note)) continue;
        notesShown.add(note);
        out.push(`    note: ${note}`);
      }
      let shownPlace = "";
      const own = [...s.errors, ...s.warnings].filter((i) => !repeated.has(repeatKey(s.type, i)));
      const sharedHere = s.errors.length + s.warnings.length - own.length;
      if (sharedHere > 0) out.push(`    ${p.dim(`+ ${sharedHere} issue(s) found on many inputs (listed once below)`)}`);
      for (const g of groupIssues(own)) {
        const tag = g.first.severity === "error" ? p.red("error  ") : p.yellow("warning");
        const times = g.count > 1 ? ` ×${g.count}` : "";
        const known = o.known?.has(g.first) ? p.dim(" (in the baseline)") : "";
        out.push(`    ${tag} ${g.label}: ${g.first.message}${times}${where(g.first)}${known} ${p.dim(`[${g.first.code}]`)}`);
        // Issues at the same place (a node's missing properties) show its source line once.
        const place = `${g.first.line}:${g.first.column}`;
        const excerpt = lines && place !== shownPlace ? sourceExcerpt(lines, g.first) : null;
        shownPlace = place;
        if (excerpt) for (const line of excerpt) out.push(`            ${p.dim(line)}`);
        out.push(`            fix: ${g.first.fix}`);
      }
    }
    const m = r.summary;
    if (findings.length) out.push("", ...findings);
    out.push(
      "",
      `  score ${m.score}/100: ${m.valid_schemas} valid, ${m.invalid_schemas} invalid, ${m.rich_result_eligible} eligible; ${m.total_errors} error(s), ${m.total_warnings} warning(s)`,
    );
    if (m.rendering) {
      const g = m.rendering;
      out.push(`  rendered: ${g.in_html} in the HTML, ${g.added_by_javascript} added by JavaScript, ${g.changed_by_javascript} changed by JavaScript, ${g.removed_by_javascript} removed by JavaScript`);
    }
    out.push("");
  }
  if (oneLiners > ONE_LINERS) out.push(`... and ${oneLiners - ONE_LINERS} more inputs whose only issues are found on many inputs (listed below); --format json or csv lists each`, "");
  if (repeated.size > 0) out.push(...repeatedSection(repeated, outcomes, p), "");
  if (outcomes.length > 1) out.push(totalsLine(outcomes));
  return out.join("\n");
}

function repeatedSection(repeated: Map<string, Repeated>, outcomes: Outcome[], p: Paint): string[] {
  const known = new Set<string>();
  for (const o of outcomes) for (const s of o.response?.schemas ?? []) for (const i of [...s.errors, ...s.warnings]) if (o.known?.has(i)) known.add(repeatKey(s.type, i));
  const entries = [...repeated.values()].sort((a, b) => (a.first.severity === b.first.severity ? b.inputs.length - a.inputs.length : a.first.severity === "error" ? -1 : 1));
  const out = [p.bold(`Found on many inputs (${entries.length} issue(s), each listed once):`)];
  for (const e of entries) {
    const tag = e.first.severity === "error" ? p.red("error  ") : p.yellow("warning");
    const more = e.inputs.length > NAMED_INPUTS ? ` and ${e.inputs.length - NAMED_INPUTS} more` : "";
    const inBaseline = known.has(repeatKey(e.type, e.first)) ? p.dim(" (in the baseline)") : "";
    out.push(
      `  ${tag} ${p.bold(e.type)} ${e.first.property}: ${e.first.message}${inBaseline} ${p.dim(`[${e.first.code}]`)}`,
      `          on ${e.inputs.length} inputs: ${e.inputs.slice(0, NAMED_INPUTS).join(", ")}${more}`,
      `          fix: ${e.first.fix}`,
    );
  }
  return out;
}

/** Where a rendered validation's node comes from; nothing for a raw one. */
function renderingNote(rendering: string | undefined, changed: string[] | undefined): string {
  if (rendering === "added-by-javascript") return " (added by JavaScript: not in the server's HTML)";
  if (rendering === "changed-by-javascript") return ` (changed by JavaScript: ${(changed ?? []).join(", ")})`;
  if (rendering === "in-html") return " (in the server's HTML)";
  return "";
}

export function totalsLine(outcomes: Outcome[]): string {
  const done = outcomes.filter((o) => o.response);
  const errors = done.reduce((n, o) => n + o.response!.summary.total_errors, 0);
  const warnings = done.reduce((n, o) => n + o.response!.summary.total_warnings, 0);
  const schemas = done.reduce((n, o) => n + o.response!.schemas_found, 0);
  const mean = done.length ? Math.round(done.reduce((n, o) => n + o.response!.summary.score, 0) / done.length) : 0;
  const none = outcomes.filter((o) => o.failure?.code === "no_jsonld_found").length;
  const failed = outcomes.length - done.length - none;
  const unmet = outcomes.reduce((n, o) => n + (o.findings?.length ?? 0), 0);
  return `${outcomes.length} inputs: ${done.length} validated (${schemas} schemas, mean score ${mean}), ${none ? `${none} without structured data, ` : ""}${failed} not validated; ${errors} error(s), ${warnings} warning(s)${unmet ? `, ${unmet} expectation(s) not met` : ""}`;
}

/** The issue's place, unless its message already says it (a broken block's message names its line and column). */
function where(i: ValidationIssue): string {
  const place = i.line !== undefined ? ` (line ${i.line}, column ${i.column})` : i.path ? ` (at ${i.path})` : "";
  return place && i.message.includes(place.trim()) ? "" : place;
}

/** The issue's source line, cut around the column on long (minified) lines, and a caret under the column. */
function sourceExcerpt(lines: string[], issue: ValidationIssue): string[] | null {
  if (issue.line === undefined || issue.column === undefined) return null;
  const line = lines[issue.line - 1];
  if (line === undefined) return null;
  let start = 0;
  if (line.length > MAX_SOURCE_LINE) start = Math.max(0, Math.min(issue.column - 1 - MAX_SOURCE_LINE / 2, line.length - MAX_SOURCE_LINE));
  const shown = line.slice(start, start + MAX_SOURCE_LINE).replace(/\t/g, " ");
  const gutter = `${issue.line} | `;
  return [`${gutter}${start > 0 ? "…" : ""}${shown}`, `${" ".repeat(gutter.length - 2)}| ${" ".repeat(issue.column - 1 - start + (start > 0 ? 1 : 0))}^`];
}
