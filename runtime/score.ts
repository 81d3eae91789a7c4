/**
 * The score, a CI threshold (docs/score.md: the formula and worked examples).
 *
 * A node's points: 100 - 15 per error - 3 per warning - 1 per note, at least 0, where each
 * finding is counted once per node however often it repeats: findings are distinct by code and
 * property path, which has no list indices (a step missing "name" on 25 HowToSteps is one
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

/**
 * A finding: the code and the property's dotted path from the node, which carries no list
 * indices ("recipeInstructions.name" on step 0 and on step 24 is one finding).
 */
const findingKey = (issue: ValidationIssue): string => issue.code + " " + issue.property;

/**
 * The score of one node from its issues. `isNote` marks warnings that weigh as notes beyond the
 * vocabulary codes (the findings of retired features).
 */
export function nodeScore(errors: readonly ValidationIssue[], warnings: readonly ValidationIssue[], isNote?: (issue: ValidationIssue) => boolean): number {
  if (errors.length === 0 && warnings.length === 0) return 100;
  const errorCount = errors.length < 2 ? errors.length : distinct(errors);
  let warningCount = 0;
  let noteCount = 0;
  if (warnings.length <= FEW) {
    // Compared in place: the code and property texts are mostly the rules' own strings, so equal
    // ones compare by reference; a key string and a set per node were a tenth of validating a recipe.
    const notes = warnings.map((w) => NOTE_CODES.has(w.code) || (isNote?.(w) ?? false));
    for (let i = 0; i < warnings.length; i++) {
      if (seenBefore(warnings, i, notes)) continue;
      if (notes[i]) noteCount++;
      else warningCount++;
    }
  } else {
    const warningKeys = new Set<string>();
    const noteKeys = new Set<string>();
    for (const w of warnings) (NOTE_CODES.has(w.code) || isNote?.(w) ? noteKeys : warningKeys).add(findingKey(w));
    warningCount = warningKeys.size;
    noteCount = noteKeys.size;
  }
  const points = Math.max(0, 100 - ERROR_POINTS * errorCount - WARNING_POINTS * warningCount - NOTE_POINTS * noteCount);
  return errors.length > 0 ? Math.floor(points / 2) : Math.max(VALID_FLOOR, points);
}

/** Up to this many findings a node's are compared pair by pair; more go through a set of keys. */
const FEW = 16;

/** An earlier finding of the same kind (`kinds`: note or not; null: all one kind) has issues[i]'s code and property. */
function seenBefore(issues: readonly ValidationIssue[], i: number, kinds: readonly boolean[] | null): boolean {
  const { code, property } = issues[i];
  for (let j = 0; j < i; j++) {
    const earlier = issues[j];
    if (earlier.code === code && earlier.property === property && (kinds === null || kinds[j] === kinds[i])) return true;
  }
  return false;
}

function distinct(issues: readonly ValidationIssue[]): number {
  if (issues.length <= FEW) {
    let count = 0;
    for (let i = 0; i < issues.length; i++) if (!seenBefore(issues, i, null)) count++;
    return count;
  }
  const keys = new Set<string>();
  for (const i of issues) keys.add(findingKey(i));
  return keys.size;
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

/** The node's score with `findings` more warnings than it was scored with (checks that run after the node's own). */
export function lowerScore(result: SchemaResult, findings: number): void {
  if (result.score === undefined) return;
  const cost = WARNING_POINTS * findings;
  result.score = result.errors.length > 0 ? Math.max(0, result.score - Math.ceil(cost / 2)) : Math.max(VALID_FLOOR, result.score - cost);
}
