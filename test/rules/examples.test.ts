/**
 * Every rule file's examples run: valid ones give no error (and are eligible unless retired or
 * marked otherwise); invalid ones give exactly the listed errors and at least the listed warnings.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";
import { ruleSetFor } from "../../generated/index.ts";
import { ruleFiles } from "./rule-files.ts";

const key = (i: { code: string; property: string }) => `${i.code} ${i.property}`;

for (const file of ruleFiles()) {
  const reportedAs = file.validate_as ?? file.type;
  const retired = ruleSetFor.get(reportedAs)?.deprecated?.kind === "retired";

  test(`${file.type}: has valid and invalid examples`, () => {
    assert.ok(file.examples.valid.length >= 1);
    assert.ok(file.examples.invalid.length >= 1);
  });

  for (const example of file.examples.valid) {
    test(`${file.type} valid: ${example.name}`, () => {
      const result = validateValue(example.data);
      const schemas = result.schemas.filter((s) => s.type === reportedAs);
      assert.ok(schemas.length >= 1, `no ${reportedAs} schema found`);
      for (const s of schemas) {
        assert.equal(s.errors.map(key), [], "errors");
        assert.equal(s.rich_result_eligible, example.eligible ?? !retired, `eligible: ${s.rich_result.reason}`);
      }
    });
  }

  for (const example of file.examples.invalid) {
    test(`${file.type} invalid: ${example.name}`, () => {
      const result = validateValue(example.data);
      const schemas = result.schemas.filter((s) => s.type === reportedAs);
      assert.ok(schemas.length >= 1, `no ${reportedAs} schema found`);
      const errors = schemas.flatMap((s) => s.errors.map(key)).sort();
      const warnings = new Set(schemas.flatMap((s) => s.warnings.map(key)));
      // A retired rich result's findings are all warnings: the listed errors come as warnings.
      const expected = (example.expect ?? []).map((e) => (retired ? { ...e, severity: "warning" } : e));
      assert.equal(errors, expected.filter((e) => (e.severity ?? "error") === "error").map(key).sort(), "errors");
      for (const w of expected.filter((e) => e.severity === "warning")) assert.ok(warnings.has(key(w)), `expected warning ${key(w)}; got ${[...warnings].join("; ")}`);
      assert.ok(schemas.every((s) => !s.valid || expected.every((e) => e.severity === "warning")));
      if (example.eligible !== undefined) for (const s of schemas) assert.is(s.rich_result_eligible, example.eligible, s.rich_result.reason);
    });
  }
}

test.run();
