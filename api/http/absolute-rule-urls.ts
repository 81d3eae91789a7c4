/**
 * The engine links each issue to its rule as a site-relative path (`/rules/Event#startDate`): it
 * runs in the CLI and the browser too, where no service address is known. API answers carry
 * absolute links, made here from PUBLIC_BASE_URL. The result is copied, not changed in place: one
 * engine result can answer several requests (the URL cache, shared in-flight validations).
 */
import type { EngineResult, SchemaResult, ValidationIssue } from "../../runtime/types.ts";

const isRelative = (issue: ValidationIssue) => issue.rule_url !== undefined && issue.rule_url.startsWith("/");

const absolute = (issues: ValidationIssue[], base: string): ValidationIssue[] =>
  issues.map((issue) => (isRelative(issue) ? { ...issue, rule_url: base + issue.rule_url } : issue));

export function withAbsoluteRuleUrls(result: EngineResult, base: string): EngineResult {
  let schemas: SchemaResult[] | null = null;
  result.schemas.forEach((schema, i) => {
    if (!schema.errors.some(isRelative) && !schema.warnings.some(isRelative)) return;
    schemas ??= [...result.schemas];
    schemas[i] = { ...schema, errors: absolute(schema.errors, base), warnings: absolute(schema.warnings, base) };
  });
  return schemas === null ? result : { ...result, schemas };
}
