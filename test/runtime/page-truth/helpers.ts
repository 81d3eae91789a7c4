/** Pages for the truth-check tests: one Product (or other node) in JSON-LD or Microdata, a body around it. */
import { validateHtml } from "../../../runtime/validate.ts";
import type { SchemaResult, ValidationIssue } from "../../../runtime/types.ts";
import type { RunOptions } from "../../../runtime/options/profile.ts";

export const TRUTH_CODES = new Set(["not-visible", "duplicate-entity", "conflicting-values", "self-serving-review"]);

export const jsonLd = (value: object): string => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

export function page(body: string, head = "", lang: string | null = "en"): string {
  return `<!doctype html><html${lang === null ? "" : ` lang="${lang}"`}><head><title>t</title>${head}</head><body>${body}</body></html>`;
}

export function product(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Executive Anvil",
    image: "https://example.com/anvil.jpg",
    sku: "ANV-1",
    offers: { "@type": "Offer", price: 1299, priceCurrency: "EUR", availability: "https://schema.org/InStock" },
    aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, reviewCount: 120 },
    ...extra,
  };
}

/** The truth issues of every node, as "code property" lines (sorted), for whole-report comparisons. */
export function truthIssues(html: string, url: string | null = "https://shop.example/anvil", options: RunOptions = {}): string[] {
  const result = validateHtml(html, url, undefined, options);
  return result.schemas.flatMap((s) => issuesOf(s).map((i) => `${s.type} ${i.code} ${i.property}`)).sort();
}

export function issuesOf(s: SchemaResult): ValidationIssue[] {
  return [...s.errors, ...s.warnings].filter((i) => TRUTH_CODES.has(i.code));
}
