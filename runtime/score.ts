/**
 * The score, a CI threshold (README "Score", docs/score.md for worked examples).
 *
 * A node's points: 100 - 15 per error - 3 per warning - 1 per note, at least 0, where each
 * finding is counted once per node however often it repeats: findings are distinct by code,
 * property and place with list indices collapsed (a step missing "name" on 25 HowToSteps is one
 * finding). Notes are what costs no rich result: vocabulary remarks and findings of retired
 * features. A node with no error scores its points but never under 50; a node with an error
 * scores half its points (so at most 42); a block that is not JSON scores 0.
 *
 * The page's score is the mean of its results' scores rounded down, and at most 49 when any result
 * has an error. So: 100 exactly when nothing is reported; 50 or more exactly when nothing is an
 * error; removing a finding (adding a missing property with a good value) never lowers it.
 */
import type { SchemaResult, ValidationIssue, ValidationSummary } from "./types.ts";

export const ERROR_POINTS = 15;
export const WARNING_POINTS = 3;
export const NOTE_POINTS = 1;
/** Floor of an error-free node and of an error-free page; errors keep a page below it. */
export const VALID_FLOOR = 50;

/** Warnings about the vocabulary alone: right to fix, but no rich result depends on them. */
const NOTE_CODES: ReadonlySet<string> = new Set(["unknown-property", "unexpected-type", "superseded-property", "unknown-type"]);

/** "/@graph/2/recipeInstructions/17" -> "/@graph/*\/recipeInstructions/*": items of one list are one place. */
const collapseIndices = (pointer: string): string => pointer.replace(/\/\d+(?=\/|$)/g, "/*");

const findingKey = (issue: ValidationIssue): string => `${issue.code}\u0000${issue.property}\u0000${collapseIndices(issue.path)}`;

/**
 * The score of one node from its issues. `isNote` marks warnings that weigh as notes beyond the
 * vocabulary codes (the findings of retired features).
 */
export function nodeScore(errors: readonly ValidationIssue[], warnings: readonly ValidationIssue[], isNote?: (issue: ValidationIssue) => boolean): number {
  if (errors.length === 0 && warnings.length === 0) return 100;
  const errorKeys = new Set<string>();
  const warningKeys = new Set<string>();
  const noteKeys = new Set<string>();
  for (const e of errors) errorKeys.add(findingKey(e));
  for (const w of warnings) (NOTE_CODES.has(w.code) || isNote?.(w) ? noteKeys : warningKeys).add(findingKey(w));
  const points = Math.max(0, 100 - ERROR_POINTS * errorKeys.size - WARNING_POINTS * warningKeys.size - NOTE_POINTS * noteKeys.size);
  return errors.length > 0 ? Math.floor(points / 2) : Math.max(VALID_FLOOR, points);
}

/** A result's score: its own (set by the engine, which knows what is retired) or worked out from its issues. */
function scoreOf(schema: SchemaResult): number {
  if (schema.score !== undefined) return schema.score;
  if (schema.errors.some((e) => e.code === "invalid-json")) return 0;
  return nodeScore(schema.errors, schema.warnings);
}

export function pageScore(schemas: readonly SchemaResult[]): number {
  if (schemas.length === 0) return 100;
  let sum = 0;
  let anyError = false;
  for (const s of schemas) {
    sum += scoreOf(s);
    if (s.errors.length > 0) anyError = true;
  }
  const mean = Math.floor(sum / schemas.length);
  return anyError ? Math.min(VALID_FLOOR - 1, mean) : mean;
}

export function summarize(schemas: SchemaResult[]): ValidationSummary {
  let valid = 0;
  let errors = 0;
  let warnings = 0;
  let eligible = 0;
  for (const s of schemas) {
    if (s.valid) valid++;
    errors += s.errors.length;
    warnings += s.warnings.length;
    if (s.rich_result_eligible) eligible++;
  }
  return {
    total_schemas: schemas.length,
    valid_schemas: valid,
    invalid_schemas: schemas.length - valid,
    total_errors: errors,
    total_warnings: warnings,
    rich_result_eligible: eligible,
    score: pageScore(schemas),
  };
}
