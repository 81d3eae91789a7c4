/**
 * generated/site/rules/<Type>.html and index.html: the rule pages the service shows at /rules,
 * from the same IR as generated/docs/ (one source, two outputs). Every property row carries the id
 * of compiler/emit/rule-anchors.ts, which is what an issue's `rule_url` points to.
 */
import type { IrExample, IrFeature, IrNodeRules, IrOneOf, IrProperty, IrRuleSet } from "../ir.ts";
import type { MatchTable } from "../matches.ts";
import { oneOfAnchor, propertyAnchor, rulePagePath } from "./rule-anchors.ts";
import { htmlPage, link } from "./html.ts";
import { code, esc, list } from "../html-text.ts";
import { waiverSentence } from "./group-waiver.ts";

const STATUS_ORDER: IrRuleSet["status"][] = ["supported", "coming_soon", "planned", "deprecated"];
const STATUS_LABEL: Record<IrRuleSet["status"], string> = {
  supported: "Supported",
  coming_soon: "Coming soon",
  planned: "Planned",
  deprecated: "Deprecated",
};
const TIER_LABEL: Record<number, string> = { 0: "deprecated", 1: "supported", 2: "coming soon", 3: "planned", 4: "future" };

/** What a page emitter needs beyond the rule set itself. */
export interface SiteContext {
  table: MatchTable;
  byType: Map<string, IrRuleSet>;
  formatDescriptions: Record<string, string>;
}

/** The ids of one page, so an id is written once and links inside the page point only at ids that exist. */
class PageIds {
  private readonly ids = new Set<string>();
  /** The id attribute for this anchor, or "" when an earlier row has it already. */
  claim(anchor: string): string {
    if (this.ids.has(anchor)) return "";
    this.ids.add(anchor);
    return ` id="${esc(anchor)}"`;
  }
  has(anchor: string): boolean {
    return this.ids.has(anchor);
  }
}

function expectedCell(p: IrProperty): string {
  if (p.expect.length === 0) return "any value";
  return list(
    p.expect.map((e) => {
      if (e.kind === "class" && e.rulesOf) return `${esc(e.type)} (checked with the ${link(rulePagePath(e.rulesOf), `${e.rulesOf} rules`)})`;
      return esc(e.type) + (e.kind === "enum" ? " (enumeration)" : "");
    }),
  );
}

/** The keywords' sentences for one cell, in the keyword registry's order. */
const keywordSentences = (p: IrProperty, cell: "values" | "notes"): string[] => p.keywords.flatMap((k) => (k.page?.cell === cell ? [k.page.html] : []));

/** Accepted values, formats and limits: everything a value is checked against. */
function valuesCell(p: IrProperty, formatDescriptions: Record<string, string>): string {
  const parts: string[] = [];
  if (p.values) parts.push(`One of ${list(p.values.map(code))}.`);
  else {
    for (const e of p.expect) if (e.kind === "enum") parts.push(`${esc(e.type)}: ${list(e.members.map(code))}.`);
  }
  if (p.format) parts.push(`Format ${code(p.format)}: ${esc(formatDescriptions[p.format] ?? p.format)}.`);
  if (p.min !== null && p.max !== null) parts.push(`Between ${p.min} and ${p.max}.`);
  else if (p.min !== null) parts.push(`At least ${p.min}.`);
  else if (p.max !== null) parts.push(`At most ${p.max}.`);
  if (p.single) parts.push("One value only.");
  parts.push(...keywordSentences(p, "values"));
  for (const e of p.expect) if (e.kind === "class" && e.nodeCheck) parts.push(`Check ${code(e.nodeCheck)} on the ${esc(e.type)}.`);
  for (const e of p.expect) if (e.kind === "class" && e.rules?.linkOnly) parts.push(`A ${esc(e.type)} holding only ${code(e.rules.linkOnly)} links to its own page: only that is checked.`);
  return parts.join(" ");
}

/** When and why: conditions, eligibility, the fix. */
function notesCell(p: IrProperty): string {
  const parts: string[] = keywordSentences(p, "notes");
  if (p.requires.length) parts.push(`Needs ${list(p.requires.map(code), ", ", " and ")} beside it${p.requiresRequired ? " (an error without)" : ""}.`);
  if (p.neededForEligibility && p.level !== "required") parts.push("Needed for the rich result.");
  if (p.malformedWarning) {
    parts.push(p.malformedNotEligible ? "A malformed value is a warning, and the node is not eligible." : p.malformedTextOnly ? "A value written as text is a warning; another malformed value is an error." : "A malformed value is a warning.");
  }
  for (const e of p.expect) if (e.kind === "class" && e.notEligible) parts.push(`A ${esc(e.type)} is valid but not eligible: ${esc(e.notEligible)}.`);
  if (p.why) parts.push(esc(p.why));
  parts.push(`<span class="fix">Fix: ${esc(p.fix)}</span>`);
  return parts.join(" ");
}

function propertyRows(rules: IrNodeRules, feature: string | null, ctx: SiteContext, ids: PageIds, out: string[], seen: Set<string>): void {
  for (const p of rules.properties) {
    const anchor = propertyAnchor(feature, p.property);
    const depth = p.property.split(".").length - 1;
    const cells = [
      `<th scope="row"><a class="anchor" href="#${esc(anchor)}">${code(p.property)}</a></th>`,
      `<td><span class="level level-${p.level}">${p.level}</span></td>`,
      `<td>${expectedCell(p)}</td>`,
      `<td>${valuesCell(p, ctx.formatDescriptions)}</td>`,
      `<td>${notesCell(p)}</td>`,
    ].join("");
    // The same nested rule under two expected types (Person and Organization) reads once.
    if (!seen.has(cells)) {
      seen.add(cells);
      out.push(`<tr${ids.claim(anchor)} class="depth-${Math.min(depth, 4)}">${cells}</tr>`);
    }
    for (const e of p.expect) if (e.kind === "class" && e.rules) propertyRows(e.rules, feature, ctx, ids, out, seen);
  }
}

function groupItems(rules: IrNodeRules, feature: string | null, ids: PageIds, out: string[]): void {
  const item = (g: IrOneOf) =>
    `<li${ids.claim(oneOfAnchor(feature, g.property))}><span class="level level-${g.level}">${g.level}</span> at least one of ${list(g.members.map(code))}.${g.unless ? ` ${esc(waiverSentence(g.unless))}` : ""} <span class="fix">Fix: ${esc(g.fix)}</span></li>`;
  for (const g of rules.oneOf) out.push(item(g));
  for (const p of rules.properties) for (const e of p.expect) if (e.kind === "class" && e.rules) groupItems(e.rules, feature, ids, out);
}

/** The property table and the one-of groups of one rules tree. */
// Sections stay unnamed (no landmarks of their own): the one landmark per table is its scrolling
// box, named by the section's heading, so no two landmarks share a name.
function rulesBlock(rules: IrNodeRules, feature: string | null, headingId: string, ctx: SiteContext, ids: PageIds): string {
  const rows: string[] = [];
  propertyRows(rules, feature, ctx, ids, rows, new Set());
  const out: string[] = [];
  if (rows.length) {
    out.push(
      `<div class="table-wrap" tabindex="0" role="region" aria-labelledby="${headingId}">`,
      "<table>",
      '<thead><tr><th scope="col">Property</th><th scope="col">Level</th><th scope="col">Expected</th><th scope="col">Accepted values and format</th><th scope="col">Notes and fix</th></tr></thead>',
      "<tbody>",
      ...rows,
      "</tbody>",
      "</table>",
      "</div>",
    );
  }
  const groups: string[] = [];
  groupItems(rules, feature, ids, groups);
  if (groups.length) out.push('<p>One-of groups (any member will do):</p>', '<ul class="groups">', ...groups, "</ul>");
  if (!rows.length && !groups.length) out.push("<p>No property requirements of their own.</p>");
  return out.join("\n");
}

const exampleId = (kind: "valid" | "invalid", i: number) => `example-${kind}-${i + 1}`;

function exampleBlock(ex: IrExample, kind: "valid" | "invalid", i: number, ids: PageIds): string {
  const id = exampleId(kind, i);
  const out = [`<section>`, `<h3 id="${id}">${kind === "valid" ? "Valid" : "Invalid"}: ${esc(ex.name)}</h3>`];
  out.push(`<pre class="example" tabindex="0"><code>${esc(JSON.stringify(ex.data, null, 2))}</code></pre>`);
  if (kind === "valid") out.push(`<p>No errors${ex.eligible === false ? "; not eligible for the rich result" : ""}.</p>`);
  else {
    const issues = (ex.expect ?? []).map((e) => {
      const anchor = propertyAnchor(null, e.property);
      const name = ids.has(anchor) ? `<a href="#${esc(anchor)}">${code(e.property)}</a>` : code(e.property);
      return `<li>${e.severity ?? "error"} ${code(e.code)} on ${name}</li>`;
    });
    out.push(issues.length ? `<p>Issues:</p>\n<ul>\n${issues.join("\n")}\n</ul>` : "<p>No issues listed.</p>");
  }
  out.push("</section>");
  return out.join("\n");
}

function featureSection(rs: IrRuleSet, f: IrFeature, ctx: SiteContext, ids: PageIds): string {
  const headingId = `section-feature-${f.id}`;
  const out = [`<section>`, `<h2 id="${headingId}">Feature: ${esc(f.name)}</h2>`];
  const facts = [`<dt>Feature id</dt><dd>${code(f.id)}</dd>`, `<dt>Documentation</dt><dd>${link(f.googleDocsUrl)}</dd>`];
  if (f.triggers.length) facts.push(`<dt>Opt-in</dt><dd>Checked only when the node has ${list(f.triggers.map(code))}.</dd>`);
  if (f.retired) facts.push(`<dt>Retired</dt><dd>Since <time datetime="${esc(f.retired.since)}">${esc(f.retired.since)}</time>: ${esc(f.retired.note)} Still checked, with warnings only.</dd>`);
  for (const e of f.enhancements) facts.push(`<dt>Enhancement</dt><dd>What ${code(e.property)} requires decides only the ${esc(e.name)} (a warning), not the ${esc(f.name)}.</dd>`);
  out.push(`<dl class="facts">\n${facts.join("\n")}\n</dl>`);
  out.push(`<p>Requirements on top of the ${esc(rs.type)} rules above.</p>`);
  out.push(rulesBlock(f.rules, f.id, headingId, ctx, ids), "</section>");
  return out.join("\n");
}

export function emitRulePage(rs: IrRuleSet, ctx: SiteContext): string {
  const ids = new PageIds();
  const main: string[] = [`<h1>${esc(rs.type)}</h1>`];
  main.push(`<p class="lead">The rules sdv checks ${esc(rs.type)} markup against${rs.richResult ? ` for the ${esc(rs.richResult)}` : ""}.</p>`);

  const facts: string[] = [];
  facts.push(`<dt>Status</dt><dd><span class="status status-${rs.status.replace(/_/g, "-")}">${STATUS_LABEL[rs.status]}</span></dd>`);
  facts.push(`<dt>Tier</dt><dd>${rs.tier} (${TIER_LABEL[rs.tier]})</dd>`);
  facts.push(`<dt>Rich result</dt><dd>${rs.richResult ? esc(rs.richResult) : "None of its own"}</dd>`);
  if (rs.deprecated) {
    const since = `<time datetime="${esc(rs.deprecated.since)}">${esc(rs.deprecated.since)}</time>`;
    facts.push(
      `<dt>Deprecation</dt><dd>${rs.deprecated.kind === "retired" ? "Retired" : "Restricted"} since ${since}. ${esc(rs.deprecated.note)} <a href="#section-sources">Sources</a>.</dd>`,
    );
  }
  facts.push(`<dt>Search engine documentation</dt><dd>${link(rs.googleDocsUrl)}</dd>`);
  facts.push(`<dt>Verified on</dt><dd><time datetime="${esc(rs.verifiedOn)}">${esc(rs.verifiedOn)}</time></dd>`);
  if (rs.optIn) facts.push(`<dt>Opt-in</dt><dd>Checked only when the node has ${list(rs.optIn.map(code))}.</dd>`);
  for (const e of rs.enhancements) facts.push(`<dt>Enhancement</dt><dd>What ${code(e.property)} requires decides only the ${esc(e.name)} (a warning): the ${esc(rs.type)} stays valid without it.</dd>`);
  if (rs.linkOnly) facts.push(`<dt>Links</dt><dd>A node with only ${code(rs.linkOnly.link)} and ${list(rs.linkOnly.with.map(code))} is not checked: ${esc(rs.linkOnly.reason)}</dd>`);
  if (rs.validateAs) facts.push(`<dt>Validated as</dt><dd>With the ${link(rulePagePath(rs.validateAs), rs.validateAs)} rules, and reported as ${esc(rs.validateAs)}.</dd>`);
  if (rs.listedUnder) facts.push(`<dt>Listed under</dt><dd>${link(rulePagePath(rs.listedUnder), rs.listedUnder)} in the types list.</dd>`);
  const also = ctx.table.alsoMatches.get(rs.type) ?? [];
  facts.push(`<dt>Also checks</dt><dd>${also.length ? `<ul class="inline">${also.map((t) => `<li>${esc(t)}</li>`).join("")}</ul>` : "No other types."}</dd>`);
  main.push(`<dl class="facts">\n${facts.join("\n")}\n</dl>`);
  if (rs.note) main.push(`<p class="note">${esc(rs.note)}</p>`);

  const toc: Array<[string, string]> = [];
  const sections: string[] = [];
  const rules = rs.validateAs ? ctx.byType.get(rs.validateAs)?.rules ?? null : rs.rules;
  if (rules) {
    toc.push(["section-requirements", "Requirements"]);
    sections.push(
      [
        '<section>',
        '<h2 id="section-requirements">Requirements</h2>',
        rs.validateAs ? `<p>These are the ${link(rulePagePath(rs.validateAs), rs.validateAs)} rules.</p>` : "",
        rulesBlock(rules, null, "section-requirements", ctx, ids),
        "</section>",
      ]
        .filter(Boolean)
        .join("\n"),
    );
  }
  for (const f of rs.features) {
    toc.push([`section-feature-${f.id}`, `Feature: ${f.name}`]);
    sections.push(featureSection(rs, f, ctx, ids));
  }
  toc.push(["section-sources", "Sources"]);
  const sources = rs.sources.map((s) => `<li>${link(s.url)}${s.note ? `: ${esc(s.note)}` : ""}</li>`);
  sections.push(['<section>', '<h2 id="section-sources">Sources</h2>', "<ul>", ...sources, "</ul>", "</section>"].join("\n"));
  const examples = [...rs.examples.valid.map((ex, i) => exampleBlock(ex, "valid", i, ids)), ...rs.examples.invalid.map((ex, i) => exampleBlock(ex, "invalid", i, ids))];
  if (examples.length) {
    toc.push(["section-examples", "Examples"]);
    sections.push(['<section>', '<h2 id="section-examples">Examples</h2>', ...examples, "</section>"].join("\n"));
  }

  main.push(
    '<nav aria-label="On this page" class="toc">',
    "<ul>",
    ...toc.map(([id, text]) => `<li><a href="#${id}">${esc(text)}</a></li>`),
    "</ul>",
    "</nav>",
    ...sections,
  );
  return htmlPage({
    source: rs.file,
    title: `${rs.type} rules · sdv`,
    description: `What sdv checks in ${rs.type} structured data: status, required and recommended properties, accepted values and examples.`,
    main: main.join("\n"),
    current: "rule",
  });
}

export function emitRulesIndex(ruleSets: IrRuleSet[]): string {
  const main: string[] = ["<h1>Rule pages</h1>", "<p class=\"lead\">Every type sdv knows, with the rules it checks. Each page is generated from the rule file of the same name.</p>"];
  const groups = STATUS_ORDER.map((status) => [status, ruleSets.filter((rs) => rs.status === status).sort((a, b) => a.type.localeCompare(b.type))] as const).filter(([, g]) => g.length);
  main.push('<nav aria-label="Statuses" class="toc">', "<ul>", ...groups.map(([status, g]) => `<li><a href="#status-${status.replace(/_/g, "-")}">${STATUS_LABEL[status]} (${g.length})</a></li>`), "</ul>", "</nav>");
  for (const [status, group] of groups) {
    const id = `status-${status.replace(/_/g, "-")}`;
    const rows = group.map(
      (rs) =>
        `<tr><th scope="row">${link(rulePagePath(rs.type), rs.type)}</th><td>${rs.tier}</td><td>${rs.richResult ? esc(rs.richResult) : "None of its own"}${rs.deprecated ? ` (${rs.deprecated.kind} since <time datetime="${esc(rs.deprecated.since)}">${esc(rs.deprecated.since)}</time>)` : ""}</td><td><time datetime="${esc(rs.verifiedOn)}">${esc(rs.verifiedOn)}</time></td><td><a href="${esc(rs.googleDocsUrl)}">Documentation<span class="visually-hidden"> of ${esc(rs.type)}</span></a></td></tr>`,
    );
    main.push(
      `<section>`,
      `<h2 id="${id}">${STATUS_LABEL[status]}</h2>`,
      `<div class="table-wrap" tabindex="0" role="region" aria-labelledby="${id}">`,
      "<table>",
      '<thead><tr><th scope="col">Type</th><th scope="col">Tier</th><th scope="col">Rich result</th><th scope="col">Verified on</th><th scope="col">Search engine documentation</th></tr></thead>',
      "<tbody>",
      ...rows,
      "</tbody>",
      "</table>",
      "</div>",
      "</section>",
    );
  }
  return htmlPage({
    source: "rules-src/types/*.yaml",
    title: "Rule pages · sdv",
    description: "The structured-data types sdv validates, grouped by status, with links to their rules.",
    main: main.join("\n"),
    current: "rules",
  });
}

/** What /rules/<name> shows a browser when no rule file has that name (the service answers 404 with it). */
export function emitRulesNotFound(): string {
  return htmlPage({
    source: "compiler/emit/site.ts",
    title: "No such rule page · sdv",
    description: "sdv has no rule page of that name.",
    main: [
      "<h1>No such rule page</h1>",
      '<p>sdv has no rules for a type of that name. Type names are Schema.org names, such as <a href="/rules/Event">Event</a>.</p>',
      '<p><a href="/rules">See every type sdv checks</a>.</p>',
    ].join("\n"),
    current: "rule",
  });
}
