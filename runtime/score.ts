/**
 * The score, a CI threshold. Per checked schema: 100 - 15 per error - 3 per warning, floored at 0;
 * a block that is not valid JSON scores 0. The page's score is the rounded mean over checked
 * schemas and broken blocks (types sdv has no rules for do not count); with none of those, 100.
 *
 * So 100 means every required and recommended property is present and well-formed; adding a
 * missing property (with a valid value) removes its issue and never lowers the score; one
 * error costs as much as five warnings.
 */
import type { SchemaResult, ValidationSummary } from "./types.ts";

export const ERROR_WEIGHT = 15;
export const WARNING_WEIGHT = 3;

export function schemaScore(schema: SchemaResult): number {
  return Math.max(0, 100 - ERROR_WEIGHT * schema.errors.length - WARNING_WEIGHT * schema.warnings.length);
}

export function summarize(schemas: SchemaResult[]): ValidationSummary {
  let valid = 0;
  let errors = 0;
  let warnings = 0;
  let eligible = 0;
  let scored = 0;
  let scoreSum = 0;
  for (const s of schemas) {
    if (s.valid) valid++;
    errors += s.errors.length;
    warnings += s.warnings.length;
    if (s.rich_result_eligible) eligible++;
    if (s.checked || s.errors.some((e) => e.code === "invalid-json")) {
      scored++;
      scoreSum += schemaScore(s);
    }
  }
  return {
    total_schemas: schemas.length,
    valid_schemas: valid,
    invalid_schemas: schemas.length - valid,
    total_errors: errors,
    total_warnings: warnings,
    rich_result_eligible: eligible,
    score: scored === 0 ? 100 : Math.round(scoreSum / scored),
  };
}
