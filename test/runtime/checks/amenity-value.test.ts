/**
 * A vacation rental's amenity value: true or false, or a text for the amenities the page gives texts
 * for (internetType, parkingType, poolType, licenseNum). Each defect has its clean twin.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { amenityValueProblem } from "../../../runtime/checks/amenity-value.ts";

test("a boolean amenity takes true or false (as JSON, text or Schema.org's True/False)", () => {
  for (const value of [true, false, "true", "False", "https://schema.org/True"]) assert.is(amenityValueProblem({ name: "ac", value }), null, String(value));
  for (const value of ["sometimes", 1, "Free"]) assert.ok(amenityValueProblem({ name: "ac", value }), String(value));
});

test("internetType, parkingType, poolType and licenseNum take a text, not a boolean", () => {
  assert.is(amenityValueProblem({ name: "internetType", value: "Free" }), null);
  assert.is(amenityValueProblem({ name: "licenseNum", value: "STR-2024-001" }), null);
  assert.ok(amenityValueProblem({ name: "internetType", value: true }));
  assert.ok(amenityValueProblem({ name: "poolType", value: "true" }));
});

test("a missing name or value is their own issue, not this check's", () => {
  assert.is(amenityValueProblem({ value: "sometimes" }), null);
  assert.is(amenityValueProblem({ name: "ac" }), null);
});

test.run();
