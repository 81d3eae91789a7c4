/**
 * The results view, the same for pasted markup (validated in the worker) and for a URL (validated by
 * the API): the summary with the score, then per node its type, validity, score, eligibility per
 * rich-result feature, and its issues with fix and docs link. Issues with a place in the editor are
 * buttons that select it.
 */
import type { SchemaResult, ValidationIssue, ValidationResponse } from "./engine.ts";
import { externalLink, h } from "./dom.ts";

export interface ResultsOptions {
  /** Set for pasted markup: issues with a line become buttons that select it in the editor. */
  onSelect?: (line: number, column: number) => void;
}

/** One sentence of counts, for the live region (screen readers hear it once per validation). */
export function summaryLine(response: ValidationResponse): string {
  const s = response.summary;
  if (response.schemas_found === 0) return "No structured data found.";
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return `${plural(response.schemas_found, "node")}: ${plural(s.total_errors, "error")}, ${plural(s.total_warnings, "warning")}, ${s.rich_result_eligible} eligible for rich results; score ${s.score}.`;
}

export function renderResults(container: HTMLElement, response: ValidationResponse, options: ResultsOptions = {}): void {
  const s = response.summary;
  const summary = h(
    "dl",
    { class: "pg-summary" },
    ...pair("Score", `${s.score}`, s.score >= 90 ? "ok-text" : s.score >= 50 ? "warning-text" : "error-text"),
    ...pair("Nodes", `${response.schemas_found} (${s.valid_schemas} valid, ${s.invalid_schemas} invalid)`),
    ...pair("Errors", `${s.total_errors}`, s.total_errors ? "error-text" : undefined),
    ...pair("Warnings", `${s.total_warnings}`, s.total_warnings ? "warning-text" : undefined),
    ...(s.rendering
      ? pair(
          "After JavaScript",
          `${s.rendering.in_html} in the HTML, ${s.rendering.added_by_javascript} added, ${s.rendering.changed_by_javascript} changed, ${s.rendering.removed_by_javascript} removed by scripts`,
        )
      : []),
    ...pair("Eligible", `${s.rich_result_eligible}`),
  );
  const nodes = response.schemas.map((schema, index) => renderNode(schema, index, options));
  const empty = response.schemas_found === 0 ? h("p", {}, "No JSON-LD, Microdata or RDFa found in this input.") : null;
  const limits = response.limits ? h("p", { class: "warning-text" }, limitsNote(response.limits)) : null;
  container.replaceChildren(summary, ...(empty ? [empty] : []), ...(limits ? [limits] : []), ...nodes);
}

/**
 * What a capped answer left out, as docs/limits.md says it: nodes past the cap are counted, not
 * validated (the summary's counts are of the nodes validated); issues past the list caps are counted.
 */
export function limitsNote(limits: NonNullable<ValidationResponse["limits"]>): string {
  const parts: string[] = [];
  if (limits.blocks_not_validated > 0) parts.push(`${limits.blocks_not_validated} of ${limits.blocks_found} blocks were not validated`);
  if (limits.nodes_not_validated > 0) parts.push(`${limits.nodes_not_validated} of ${limits.nodes_found} nodes were not validated (the counts above are of the ${limits.nodes_found - limits.nodes_not_validated} validated)`);
  if (limits.issues_listed < limits.issues_found) parts.push(`${limits.issues_found - limits.issues_listed} of ${limits.issues_found} issues are not listed (the counts include them)`);
  if (limits.properties_not_checked > 0 || limits.values_not_checked > 0) parts.push("some properties or values past the caps were not checked");
  return `The input exceeds sdv's limits: ${parts.length > 0 ? parts.join("; ") : "part of it was not checked"}.`;
}

/** One term and its value, grouped (a div inside dl is allowed) so the grid keeps them together. */
function pair(term: string, value: string, className?: string): HTMLElement[] {
  return [h("div", {}, h("dt", {}, term), h("dd", className ? { class: className } : {}, value))];
}

function renderNode(schema: SchemaResult, index: number, options: ResultsOptions): HTMLElement {
  const id = `pg-node-${index}`;
  const status = !schema.checked && schema.valid ? "not checked" : schema.valid ? "valid" : "invalid";
  const heading = h(
    "h3",
    { id },
    schema.type,
    schema.matched_type ? h("span", { class: "pg-muted" }, ` (as ${schema.matched_type})`) : null,
    " ",
    h("span", { class: `pg-badge pg-${status.replace(" ", "-")}` }, status),
    schema.score !== undefined ? h("span", { class: "pg-badge" }, `score ${schema.score}`) : null,
  );
  const where = schema.syntax && schema.syntax !== "json-ld" ? `${schema.syntax}, ` : "";
  const meta = h("p", { class: "pg-muted" }, `${where}block ${schema.block + 1}${schema.path ? `, at ${schema.path}` : ""}${renderingText(schema)}`);
  const deprecated = schema.deprecated && schema.deprecation_note ? h("p", { class: "warning-text" }, `Deprecated: ${schema.deprecation_note}`) : null;

  const eligibility = h(
    "ul",
    { class: "pg-features", "aria-label": `Rich results of ${schema.type}` },
    feature(schema.rich_result.eligible, `Rich result: ${schema.rich_result.eligible ? "eligible" : "not eligible"}.`, schema.rich_result.reason, schema.rich_result.google_docs_url, schema.type),
    ...(schema.features ?? []).map((f) => feature(f.eligible, `${f.name}: ${f.eligible ? "eligible" : "not eligible"}.`, f.reason, f.google_docs_url, f.name)),
  );

  const issues = [...schema.errors, ...schema.warnings];
  const list = issues.length
    ? h("ul", { class: "pg-issues", "aria-label": `Issues of ${schema.type}` }, ...issues.map((issue) => renderIssue(issue, options)))
    : h("p", { class: "ok-text" }, "No issues.");
  const omitted = schema.omitted ? h("p", { class: "pg-muted" }, "More issues were found than are listed here.") : null;
  return h("section", { class: "pg-node", "aria-labelledby": id }, heading, meta, deprecated, eligibility, list, omitted);
}

/** Where a rendered page's node comes from (nothing for a raw validation). */
function renderingText(schema: SchemaResult): string {
  if (schema.rendering === "added-by-javascript") return "; added by JavaScript (not in the server's HTML)";
  if (schema.rendering === "changed-by-javascript") return `; changed by JavaScript: ${(schema.changed_properties ?? []).join(", ")}`;
  if (schema.rendering === "in-html") return "; in the server's HTML";
  return "";
}

function feature(eligible: boolean, label: string, reason: string, docs: string, about: string): HTMLElement {
  return h("li", { class: eligible ? "pg-eligible" : "pg-not-eligible" }, h("strong", {}, label), ` ${reason} `, externalLink(docs, `Documentation: ${about}`));
}

function renderIssue(issue: ValidationIssue, options: ResultsOptions): HTMLElement {
  const place = issue.line !== undefined ? `line ${issue.line}, column ${issue.column ?? 1}` : null;
  const label = [h("span", { class: `pg-severity pg-${issue.severity}` }, issue.severity), " ", h("code", {}, issue.property), " ", issue.message];
  let head: HTMLElement;
  if (place && options.onSelect) {
    const { line, column = 1 } = issue as Required<Pick<ValidationIssue, "line">> & ValidationIssue;
    head = h("button", { type: "button", class: "pg-issue-button" }, ...label, h("span", { class: "pg-place" }, ` (go to ${place})`));
    head.addEventListener("click", () => options.onSelect!(line, column));
  } else {
    head = h("p", { class: "pg-issue-text" }, ...label, place ? h("span", { class: "pg-place" }, ` (${place})`) : null);
  }
  return h(
    "li",
    { class: `pg-issue pg-issue-${issue.severity}` },
    head,
    issue.fix ? h("p", { class: "pg-fix" }, h("strong", {}, "Fix: "), issue.fix) : null,
    issue.google_docs_url ? h("p", { class: "pg-docs" }, externalLink(issue.google_docs_url, `Documentation for ${issue.property}`)) : null,
  );
}
