/**
 * A previous `--format json` report read back (for --baseline and `sdv diff`): one input's own
 * ValidationResponse or error, or the report of several inputs (validate over a folder, a crawl).
 */
import { readFileSync } from "node:fs";
import type { ValidationResponse } from "../runtime/report.ts";
import { snapshotPage, type PageSnapshot } from "../runtime/diff/feature-diff.ts";

export interface ReportPage {
  page: string;
  response: ValidationResponse | null;
  /** The error code when the page was not validated (no_jsonld_found: no structured data). */
  failure: string | null;
  /** A 0.1 report of one input named alone (a bare ValidationResponse of a file) names no page: it is the run's one input. */
  anonymous?: true;
}

export class ReportFileError extends Error {}

type Entry = { source?: string; success?: boolean; url?: string; schemas?: unknown; error?: { code?: string } };

export function readReport(path: string): ReportPage[] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ReportFileError(`cannot read ${path}: ${code ?? (err as Error).message}${code ? "" : " (a report of sdv validate or sdv crawl with --format json)"}`);
  }
  const report = value as { results?: Entry[] } & Entry;
  const entries: Entry[] = Array.isArray(report?.results) ? report.results : report && typeof report === "object" && ("schemas" in report || "error" in report) ? [report] : [];
  if (entries.length === 0 && !Array.isArray(report?.results)) {
    throw new ReportFileError(`${path} is not a --format json report of sdv validate or sdv crawl`);
  }
  return entries.map((e) => {
    const named = e.source ?? e.url;
    const page = named ?? "-";
    const anonymous = named === undefined ? ({ anonymous: true } as const) : {};
    if (e.success !== false && Array.isArray(e.schemas)) {
      const { source: _source, ...response } = e;
      return { page, response: response as unknown as ValidationResponse, failure: null, ...anonymous };
    }
    return { page, response: null, failure: e.error?.code ?? "unknown", ...anonymous };
  });
}

/**
 * A report of one page that names none (the 0.1 shape of one file named alone) compared with a run of
 * one input: it is that input's, as it was when it was written. Other reports are left as they are.
 */
export function nameLonePage(pages: ReportPage[], name: string): ReportPage[] {
  return pages.length === 1 && pages[0].anonymous ? [{ ...pages[0], page: name }] : pages;
}

export function snapshotsOf(pages: ReportPage[]): PageSnapshot[] {
  return pages.map((p) => (p.response ? snapshotPage(p.page, p.response.schemas) : snapshotPage(p.page, p.failure === "no_jsonld_found" ? [] : null)));
}
