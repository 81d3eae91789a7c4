/**
 * The one place where the playground calls into the engine (runtime/ and generated/, bundled as they
 * are): how the generated registry is loaded may change, and then only this file follows. It runs in
 * the validation worker, never on the page's main thread.
 */
import { validateHtml, validateJsonText } from "../../../runtime/validate.ts";
import { API_VERSION, toValidationResponse, type ValidationResponse } from "../../../runtime/report.ts";

export type { ValidationResponse } from "../../../runtime/report.ts";
export type { SchemaResult, ValidationIssue, FeatureResult } from "../../../runtime/types.ts";

import type { MarkupFormat } from "./format.ts";

export type { MarkupFormat } from "./format.ts";

/** The service's ValidationResponse for pasted markup, as lib/index.ts builds it (no credits: nothing was billed). */
export function validateMarkup(text: string, format: MarkupFormat): ValidationResponse {
  const started = performance.now();
  const result = format === "json" ? validateJsonText(text) : validateHtml(text, null);
  return toValidationResponse(result, {
    api_version: API_VERSION,
    validated_at: new Date().toISOString(),
    cached: false,
    credits_used: 0,
    response_time_ms: Math.round(performance.now() - started),
  });
}
