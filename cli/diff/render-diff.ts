/** A RunDiff as text (a terminal), Markdown (a pull request, a step summary) or JSON. */
import type { RunDiff } from "../../runtime/diff/feature-diff.ts";

const SHOWN_PAGES = 10;

const pages = (list: string[], code = false): string => {
  const shown = list.slice(0, SHOWN_PAGES).map((p) => (code ? `\`${p.replace(/`/g, "'")}\`` : p));
  return `${shown.join(", ")}${list.length > SHOWN_PAGES ? `, and ${list.length - SHOWN_PAGES} more` : ""}`;
};

export function diffText(d: RunDiff): string {
  const out: string[] = [];
  out.push(`per feature (pages eligible: gained / lost):`);
  const changed = d.features.filter((f) => f.gained.length || f.lost.length);
  if (changed.length === 0) out.push("  no page gained or lost eligibility");
  for (const f of changed) {
    out.push(`  ${f.feature}: +${f.gained.length} / -${f.lost.length}`);
    if (f.lost.length) out.push(`    lost: ${pages(f.lost)}`);
    if (f.gained.length) out.push(`    gained: ${pages(f.gained)}`);
  }
  const issues = (title: string, list: RunDiff["errors"]["new"]) => {
    out.push(`${title} errors: ${list.reduce((n, c) => n + c.pages.length, 0)}`);
    for (const c of list) out.push(`  ${c.type} ${c.property ?? "(node)"} [${c.code}] on ${c.pages.length} page(s): ${pages(c.pages)}`);
  };
  issues("new", d.errors.new);
  issues("fixed", d.errors.fixed);
  if (d.pages.added.length || d.pages.removed.length) out.push(`pages: ${d.pages.added.length} added, ${d.pages.removed.length} removed`);
  return out.join("\n");
}

/** Markdown: text from pages and properties goes in code spans, so that it cannot become markup or links. */
export function diffMarkdown(d: RunDiff, heading = "###"): string {
  const out: string[] = [`${heading} Rich-result eligibility by feature`, "", "| Feature | Gained | Lost |", "| --- | ---: | ---: |"];
  for (const f of d.features) out.push(`| \`${f.feature}\` | ${f.gained.length} | ${f.lost.length ? `**${f.lost.length}**` : 0} |`);
  for (const f of d.features.filter((x) => x.lost.length)) out.push("", `Lost \`${f.feature}\`: ${pages(f.lost, true)}`);
  out.push("", `${heading} Errors`, "", `${d.totals.new_errors} new, ${d.totals.fixed_errors} fixed.`);
  if (d.errors.new.length || d.errors.fixed.length) {
    out.push("", "| | Type | Property | Code | Pages |", "| --- | --- | --- | --- | ---: |");
    for (const c of d.errors.new) out.push(`| new | \`${c.type}\` | \`${c.property ?? "(node)"}\` | \`${c.code}\` | ${c.pages.length} |`);
    for (const c of d.errors.fixed) out.push(`| fixed | \`${c.type}\` | \`${c.property ?? "(node)"}\` | \`${c.code}\` | ${c.pages.length} |`);
  }
  if (d.pages.added.length || d.pages.removed.length) out.push("", `Pages: ${d.pages.added.length} added, ${d.pages.removed.length} removed.`);
  return out.join("\n");
}
