/**
 * nodeScore counts a node's findings once per code and property path (runtime/score.ts). Up to a few
 * findings it compares them pair by pair, past that through a set of "code property" keys; both must
 * count what the set of keys counts. Random lists of issues on both sides of the threshold, with
 * repeated and near-repeated findings (same code, other property; same property, other code;
 * a property with a space), vocabulary notes, and notes marked by the caller (retired features).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { seededRandom as random } from "../support/seeded-random.ts";
import { nodeScore, ERROR_POINTS, WARNING_POINTS, NOTE_POINTS, VALID_FLOOR } from "../../runtime/score.ts";
import type { ValidationIssue } from "../../runtime/types.ts";

const CODES = ["missing-recommended", "invalid-format", "unknown-property", "wrong-type", "superseded-property"] as const;
// Texts built anew each time too, as issues read from JSON are: equal texts that are not one string.
const PROPERTIES = ["image", "offers.price", "recipeInstructions.image", "a b", "a"];

/** The count as a set of "code property" keys gives it: the definition the score's documentation states. */
function reference(errors: ValidationIssue[], warnings: ValidationIssue[], isNote: (i: ValidationIssue) => boolean): number {
  if (errors.length === 0 && warnings.length === 0) return 100;
  const key = (i: ValidationIssue) => `${i.code} ${i.property}`;
  const errorKeys = new Set(errors.map(key));
  const notes = new Set(warnings.filter((w) => ["unknown-property", "unexpected-type", "superseded-property", "unknown-type"].includes(w.code) || isNote(w)).map(key));
  const plain = new Set(warnings.filter((w) => !(["unknown-property", "unexpected-type", "superseded-property", "unknown-type"].includes(w.code) || isNote(w))).map(key));
  const points = Math.max(0, 100 - ERROR_POINTS * errorKeys.size - WARNING_POINTS * plain.size - NOTE_POINTS * notes.size);
  return errors.length > 0 ? Math.floor(points / 2) : Math.max(VALID_FLOOR, points);
}

function issue(next: () => number, severity: "error" | "warning"): ValidationIssue {
  const code = CODES[Math.floor(next() * CODES.length)];
  const property = [...PROPERTIES[Math.floor(next() * PROPERTIES.length)]].join("");
  return { severity, code, property, message: "m", fix: "f", path: "/x" } as ValidationIssue;
}

test("the pairwise count and the set of keys agree, below and above the threshold", () => {
  const next = random(25);
  let compared = 0;
  const scores = new Set<number>();
  for (let n = 0; n < 3000; n++) {
    const errors = Array.from({ length: Math.floor(next() * (next() < 0.2 ? 40 : 5)) }, () => issue(next, "error"));
    const warnings = Array.from({ length: Math.floor(next() * (next() < 0.3 ? 40 : 12)) }, () => issue(next, "warning"));
    const retired = new Set(warnings.filter(() => next() < 0.2));
    const isNote = (w: ValidationIssue) => retired.has(w);
    const expected = reference(errors, warnings, isNote);
    assert.is(nodeScore(errors, warnings, retired.size ? isNote : undefined), expected, `errors ${JSON.stringify(errors.map((e) => [e.code, e.property]))} warnings ${JSON.stringify(warnings.map((w) => [w.code, w.property, retired.has(w)]))}`);
    scores.add(expected);
    compared++;
  }
  // The lists reach many scores, not only the floors.
  assert.ok(compared === 3000 && scores.size > 20, `${scores.size} distinct scores`);
});

test("a finding repeated on every step counts once; the same property under another code counts again", () => {
  const w = (code: string, property: string) => ({ severity: "warning", code, property, message: "m", fix: "f", path: "/x" }) as ValidationIssue;
  const steps = Array.from({ length: 5 }, () => w("missing-recommended", "recipeInstructions.image"));
  assert.is(nodeScore([], steps), 100 - WARNING_POINTS);
  assert.is(nodeScore([], [...steps, w("invalid-format", "recipeInstructions.image")]), 100 - 2 * WARNING_POINTS);
  // One key in both kinds: a note and a warning.
  const retired = w("missing-recommended", "recipeInstructions.image");
  assert.is(nodeScore([], [...steps, retired], (i) => i === retired), 100 - WARNING_POINTS - NOTE_POINTS);
});

test.run();
