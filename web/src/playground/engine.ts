/**
 * The one place where the playground calls into the engine (runtime/ and generated/, bundled as they
 * are). It runs in the validation worker, never on the page's main thread. The rule sets are loaded on
 * demand (generated/on-demand.ts, as the CLI does): Vite makes each one a chunk of its own, and the
 * worker fetches only those the pasted markup's types need, once each.
 */
import { prepareHtml, prepareJsonText, typesIn, validatePrepared } from "../../../runtime/engine.ts";
import { OnDemandRegistry } from "../../../runtime/on-demand-registry.ts";
import { ruleSetLoaders, ruleSetTypeFor } from "../../../generated/on-demand.ts";
import { API_VERSION, toValidationResponse, type ValidationResponse } from "../../../runtime/report.ts";

export type { ValidationResponse } from "../../../runtime/report.ts";
export type { SchemaResult, ValidationIssue, FeatureResult } from "../../../runtime/types.ts";

import type { MarkupFormat } from "./format.ts";

export type { MarkupFormat } from "./format.ts";

/** One per worker: a rule set loaded for one paste serves every later one. */
const registry = new OnDemandRegistry(ruleSetTypeFor, ruleSetLoaders);

/** The service's ValidationResponse for pasted markup, as lib/index.ts builds it (no credits: nothing was billed). */
export async function validateMarkup(text: string, format: MarkupFormat): Promise<ValidationResponse> {
  const started = performance.now();
  const prepared = format === "json" ? prepareJsonText(text) : prepareHtml(text, null);
  await registry.load(typesIn(prepared));
  return toValidationResponse(validatePrepared(prepared, registry), {
    api_version: API_VERSION,
    validated_at: new Date().toISOString(),
    cached: false,
    credits_used: 0,
    response_time_ms: Math.round(performance.now() - started),
  });
}
