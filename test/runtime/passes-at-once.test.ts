/**
 * Run.check passes a literal value at once when its kind fits the rule and its checks hold
 * (runtime/rule-runtime.ts, passesAtOnce): the interpreter's frames around such a value cost more than
 * its checks. The shortcut must give the answer the interpreter gives, for every rule shape and value,
 * alone and in lists. The shortcut is taken only for rules built by propertyRule (the generated
 * validators' fixed shape), so the same rule written as a plain object is the interpreter alone: the
 * reference. Rules of every literal kind, with enumerations, objects expected, formats from the value
 * check registry, bounds, value and list keywords; values of every JSON kind.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { propertyRule, Run, type ExpectSpec, type LiteralKind, type PropertyRule } from "../../runtime/rule-runtime.ts";
import { valueChecks } from "../../runtime/checks/index.ts";
import { textAtMost } from "../../runtime/keywords/text-length.ts";
import { textPattern } from "../../runtime/keywords/text-pattern.ts";
import { subtypes } from "../../runtime/type-hierarchy.ts";
import type { ValidationIssue } from "../../runtime/types.ts";
import type { ValueCheck } from "../../runtime/checks/value-check.ts";

const KINDS: LiteralKind[] = ["text", "url", "number", "integer", "boolean", "date", "datetime", "time", "quantity"];
const literal = (kind: LiteralKind): ExpectSpec => ({ kind: "literal", literal: kind, type: kind });
const availability: ExpectSpec = { kind: "enum", type: "ItemAvailability", members: new Set(["InStock", "OutOfStock", "PreOrder"]) };
const organization: ExpectSpec = { kind: "class", type: "Organization", accepts: subtypes("Organization"), validate: null };

/** Expectation lists as the compiler writes them: one kind, two kinds, an enumeration or an object beside text. */
const EXPECTS: ExpectSpec[][] = [
  ...KINDS.map((k) => [literal(k)]),
  [literal("integer"), literal("text")],
  [literal("number"), literal("text")],
  [availability],
  [availability, literal("text")],
  [literal("text"), availability],
  [organization, literal("text")],
  [literal("url"), organization],
  [organization],
];

const FORMATS: Array<ValueCheck | undefined> = [undefined, ...Object.values(valueChecks)];

/** Rule definitions as plain objects: the interpreter's reference; propertyRule of each takes the shortcut. */
function rules(): PropertyRule[] {
  const out: PropertyRule[] = [];
  const base = { name: "p", property: "p", level: "required" as const, fix: "fix", docs: "https://example.com/docs" };
  for (const expect of EXPECTS) {
    for (const format of FORMATS) out.push({ ...base, expect, format });
    // Rules with an enumeration list, bounds, value keywords (which the shortcut runs) and list keywords (which it leaves to the interpreter).
    out.push({ ...base, expect, values: new Set(["InStock", "Online"]) });
    out.push({ ...base, expect, min: 1, max: 5 });
    out.push({ ...base, expect, valueKeywords: [{ final: false, test: (v) => (v === "4" ? { code: "out-of-range", message: "no 4" } : null) }] });
    out.push({ ...base, expect, listKeywords: [{ test: (_items, count) => (count < 2 ? { code: "too-few-values", message: "two at least" } : null) }] });
    out.push({ ...base, expect, valueKeywords: [textAtMost(20, "it is cut short"), textPattern("^[^4]*$", "a text without a 4")], format: valueChecks["absolute-url"] });
    out.push({ ...base, expect, values: new Set(["InStock"]), min: 0 });
  }
  return out;
}

const VALUES: unknown[] = [
  "", " ", "\u00a0\t", "Acme", " Acme ", "4", "4.5", "-3", "1e3", "0", "true", "false", "True",
  "InStock", "https://schema.org/InStock", "instock", "https://example.com/a", "https://example.com/a b", "example.com",
  "//cdn.example.com/x.jpg", "data:image/png;base64,AAAA", "2026-07-21", "2026-07-21T19:30:00+02:00", "2026-07-21 19:30", "19:30",
  "PT1H30M", "P1D", "USD", "usd", "$", "123456789012", "9780306406157", "50 x 40 cm", "x".repeat(300),
  0, 1, 4, 4.5, -2, 1e21, 2 ** 53, true, false,
];

const resolver = { resolve: () => undefined };

/** What check() reports for `value` under `rule`. */
function reports(rule: PropertyRule, value: unknown): ValidationIssue[] {
  const run = new Run(resolver, null);
  run.check(value, rule, "");
  return run.issues;
}

const strip = (issues: ValidationIssue[]) => issues.map((i) => ({ code: i.code, severity: i.severity, property: i.property, path: i.path, message: i.message }));

test("a value, alone or in a list, reports what the interpreter reports, for every rule shape and value", () => {
  let compared = 0;
  let silent = 0;
  const describe = (rule: PropertyRule) => JSON.stringify({ expect: rule.expect.map((e) => (e.kind === "literal" ? e.literal : e.kind)), format: rule.format?.name, values: rule.values ? [...rule.values] : undefined, min: rule.min });
  for (const reference of rules()) {
    const fixed = propertyRule(reference);
    for (let v = 0; v < VALUES.length; v++) {
      const value = VALUES[v];
      const expected = reports(reference, value);
      assert.equal(strip(reports(fixed, value)), strip(expected), `rule ${describe(reference)}, value ${JSON.stringify(value)}`);
      // In a list, beside a value that fails or passes (the list's state around the skipped ones).
      const list = [value, VALUES[(v * 7 + 3) % VALUES.length], value];
      assert.equal(strip(reports(fixed, list)), strip(reports(reference, list)), `rule ${describe(reference)}, list ${JSON.stringify(list)}`);
      compared++;
      if (expected.length === 0) silent++;
    }
  }
  // The table reaches both sides: values that pass and values that fail, under every shape.
  assert.ok(compared > 2000, `${compared} comparisons`);
  assert.ok(silent > 200 && silent < compared - 200, `${silent} of ${compared} passed`);
});

test("the shortcut's edges: blank text, non-finite and fractional numbers, and a number for text beside an object", () => {
  const base = { name: "p", property: "p", level: "required" as const, fix: "fix", docs: "https://example.com/docs" };
  const text = propertyRule({ ...base, expect: [literal("text")] });
  const integer = propertyRule({ ...base, expect: [literal("integer")] });
  const textOrObject = propertyRule({ ...base, expect: [organization, literal("text")] });
  const issuesOf = (rule: PropertyRule, value: unknown) => {
    const run = new Run(resolver, null);
    run.check(value, rule, "");
    return run.issues.map((i) => i.code);
  };
  assert.equal(issuesOf(text, "  "), ["empty-value"]);
  assert.equal(issuesOf(text, "Acme"), []);
  assert.equal(issuesOf(integer, 4.5), ["wrong-type"]);
  assert.equal(issuesOf(integer, 4), []);
  // A number stands for a text only where no object is expected (an address given as 12345 is no address).
  assert.equal(issuesOf(textOrObject, 12345), ["wrong-type"]);
  assert.equal(issuesOf(text, 12345), []);
});

test.run();
