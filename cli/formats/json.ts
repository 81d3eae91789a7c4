/**
 * JSON on every exit code, one shape for one input and for many (a file, a directory, a glob, a crawl):
 * `{success, inputs, profile, results: [{source, ...its ValidationResponse, or success: false and error:
 * {code, message}}], summary, baseline?, exit}`. Until 0.2 one input named alone printed its bare
 * ValidationResponse; `results[0]` is that object now (docs/cli-reports.md), and reports of either shape
 * are read by --baseline and `sdv diff`.
 */
import type { Outcome } from "../outcome.ts";
import type { Verdict } from "../exit-policy.ts";
import type { BaselineReport } from "../baseline.ts";

/** `profile`: each response says it in `meta.profile`; the report also at its top. */
export function formatJson(outcomes: Outcome[], verdict: Verdict, baseline?: BaselineReport, profile?: string): string {
  // Additive: a page's unmet expectations (the project's config) beside its response or error.
  const entry = (o: Outcome) => ({ ...(o.response ? o.response : { success: false, error: o.failure }), ...(o.findings?.length ? { findings: o.findings } : {}) });
  const done = outcomes.filter((o) => o.response);
  // A page without structured data is no failure (it does not change the exit code): counted apart, as the text report does.
  const none = outcomes.filter((o) => o.failure?.code === "no_jsonld_found").length;
  return JSON.stringify(
    {
      success: done.length + none === outcomes.length,
      inputs: outcomes.length,
      ...(profile ? { profile } : {}),
      results: outcomes.map((o) => ({ source: o.source, ...entry(o) })),
      summary: {
        validated: done.length,
        not_validated: outcomes.length - done.length - none,
        no_structured_data: none,
        expectations_not_met: outcomes.reduce((n, o) => n + (o.findings?.length ?? 0), 0),
        total_schemas: done.reduce((n, o) => n + o.response!.schemas_found, 0),
        total_errors: done.reduce((n, o) => n + o.response!.summary.total_errors, 0),
        total_warnings: done.reduce((n, o) => n + o.response!.summary.total_warnings, 0),
        mean_score: done.length ? Math.round(done.reduce((n, o) => n + o.response!.summary.score, 0) / done.length) : null,
        lowest_score: done.length ? Math.min(...done.map((o) => o.response!.summary.score)) : null,
      },
      ...(baseline ? { baseline } : {}),
      exit: verdict,
    },
    null,
    2,
  );
}
