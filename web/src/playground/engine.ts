/**
 * The one place where the playground calls into the engine (runtime/ and generated/, bundled as they
 * are). It runs in the validation worker, never on the page's main thread. The rule sets are loaded on
 * demand (generated/on-demand.ts, as the CLI does): Vite makes each one a chunk of its own, and the
 * worker fetches only those the pasted markup's types need, once each.
 */
import { validateOnDemand } from "../../../lib/validate-on-demand.ts";
import type { ValidationResponse } from "../../../runtime/report.ts";

export type { ValidationResponse } from "../../../runtime/report.ts";
export type { SchemaResult, ValidationIssue, FeatureResult } from "../../../runtime/types.ts";

import type { MarkupFormat } from "./format.ts";

export type { MarkupFormat } from "./format.ts";

/**
 * The service's ValidationResponse for pasted markup, exactly as the library's on-demand entry builds it
 * (no credits: nothing was billed); its registry lives as long as the worker, so a rule set loaded for
 * one paste serves every later one.
 */
export function validateMarkup(text: string, format: MarkupFormat): Promise<ValidationResponse> {
  // The service's page answers as its API does: the spec's rules.
  return validateOnDemand(text, { format, profile: "spec" });
}
