/**
 * A page's `breadcrumb` given as `{"@id": ...}` that no node on the page defines. Joomla 5's schemaorg
 * plugin writes `"breadcrumb": {"@id": "https://site/#/schema/BreadcrumbList/17"}` on every WebPage
 * while the breadcrumbs module that would define that node is missing or rendered by a template that
 * writes none; Search Console then reports the reference itself as an "Unnamed item" of the Breadcrumbs
 * report with the critical "Missing field itemListElement" (joomla/joomla-cms#45277, #45711, #47687).
 *
 * Rule sets report dangling references of their own properties, but let an absolute IRI of another
 * page pass (a return policy may live elsewhere). A breadcrumb trail is the page's own, so here the
 * IRI's page does not matter, and nodes without a rule set (a WebPage) are read too.
 */
import type { ValidationIssue } from "./types.ts";
import { isObject, isReferenceOnly, type JsonObject } from "./json.ts";
import type { ReferenceResolver } from "./rule-runtime.ts";

const BREADCRUMB_DOCS = "https://developers.google.com/search/docs/appearance/structured-data/breadcrumb";

/** Warnings for the node's `breadcrumb` references that name no node on the page; none for a place `issues` already has one on. */
export function addDanglingBreadcrumbWarnings(node: JsonObject, at: string, resolver: ReferenceResolver, issues: ValidationIssue[]): void {
  const value = node.breadcrumb;
  if (value === undefined || value === null || typeof value !== "object") return;
  const list = Array.isArray(value);
  const items = list ? value : [value];
  for (let i = 0; i < items.length && i < MAX_CHECKED; i++) {
    const item = items[i];
    if (!isObject(item) || !isReferenceOnly(item)) continue;
    const id = item["@id"];
    if (typeof id !== "string" || resolver.resolve(id) !== undefined) continue;
    const path = `${at}/breadcrumb${list ? `/${i}` : ""}`;
    if (issues.some((issue) => issue.path === path)) continue;
    issues.push({
      severity: "warning",
      code: "dangling-reference",
      property: "breadcrumb",
      message: `"breadcrumb" refers to "${id}", which no node on the page defines; Search Console reports such a reference as a breadcrumb trail without "itemListElement" (a critical issue in its Breadcrumbs report).`,
      fix: `Put the BreadcrumbList with "@id": "${id}" on the page (turn on what writes the trail: a breadcrumbs module or the SEO plugin's breadcrumbs), or remove "breadcrumb" from this node.`,
      google_docs_url: BREADCRUMB_DOCS,
      path,
    });
  }
}

/** A page lists one trail, or a few: past this many, the rest is not read. */
const MAX_CHECKED = 16;
