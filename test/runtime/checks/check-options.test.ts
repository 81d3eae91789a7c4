/** Checks that take options (`format: { check, ...options }`), as generated validators configure them. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { configuredCheck, optionProblems } from "../../../runtime/checks/index.ts";

test("gtin with lengths: a valid GTIN of another length is refused, with the lengths named", () => {
  const gtin13 = configuredCheck("gtin", { lengths: [13] });
  assert.is(gtin13.test("4006381333931"), null);
  assert.match(gtin13.test("96385074") ?? "", /8 digits: this property takes a GTIN of 13 digits/);
  // Digits no GTIN has (an ISBN-10 where an ISBN-13 is asked for): the property's length, not every GTIN's.
  assert.is(gtin13.test("0064400557"), "10 digits: this property takes a GTIN of 13 digits");
  assert.match(gtin13.test("4006381333932") ?? "", /check digit/);
  // A number lost its leading zeros: shorter is fine, longer is not.
  assert.is(gtin13.test(4006381333931), null);
  assert.match(configuredCheck("gtin", { lengths: [8] }).test(4006381333931) ?? "", /13 digits/);
});

test("number with integer, min and exclusive_min", () => {
  const price = configuredCheck("number", { exclusive_min: 0 });
  assert.is(price.test("0.01"), null);
  assert.match(price.test(0) ?? "", /above 0/);
  const days = configuredCheck("number", { integer: true, min: 0 });
  assert.is(days.test(30), null);
  assert.match(days.test("2.5") ?? "", /whole number/);
  assert.match(days.test(-1) ?? "", /below 0/);
  assert.match(days.test("many") ?? "", /./);
});

test("option problems: every wrong option at once", () => {
  assert.equal(optionProblems("gtin", { lengths: [13] }), []);
  assert.equal(optionProblems("gtin", { lengths: [] }).length, 1);
  assert.equal(optionProblems("number", { integer: "yes", max: 3 }).length, 2);
  assert.equal(optionProblems("iso4217", { strict: true }), ['"iso4217" takes no options']);
  assert.equal(optionProblems("unit-code", { allowed: ["DAY", "d"] }), []);
  for (const allowed of [[], ["DAY", "DAY"], ["DAY", ""], "DAY", [1]]) {
    assert.equal(optionProblems("unit-code", { allowed }).length, 1, JSON.stringify(allowed));
  }
});

test.run();
