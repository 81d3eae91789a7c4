/**
 * The failed values a one-of group consults (runtime/failed-values.ts): searched in a list while they
 * are few, in a map past that. Both ways give the same answers, the first issue of a pointer kept.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FailedValues } from "../../runtime/failed-values.ts";
import { validateValue } from "../../runtime/validate.ts";
import type { ValidationIssue } from "../../runtime/types.ts";

const issue = (n: number): ValidationIssue => ({ severity: "warning", code: "wrong-type", property: "offers", message: `#${n}`, fix: "", path: `/offers/${n}` });

for (const count of [1, 8, 9, 40]) {
  test(`${count} failed value(s): each pointer gives its first issue, others none`, () => {
    const failed = new FailedValues();
    for (let i = 0; i < count; i++) failed.add(`/offers/${i}`, issue(i));
    for (let i = 0; i < count; i++) failed.add(`/offers/${i}`, issue(1000 + i)); // a second issue of the same value
    for (let i = 0; i < count; i++) assert.is(failed.get(`/offers/${i}`)?.message, `#${i}`);
    assert.ok(failed.has(`/offers/${count - 1}`));
    assert.not.ok(failed.has(`/offers/${count}`));
    assert.is(failed.get("/offers"), undefined);
  });
}

const product = (offers: unknown[]) => ({ "@context": "https://schema.org", "@type": "Product", name: "Shoe", image: "https://example.com/a.jpg", offers });
const offer = { "@type": "Offer", price: "10.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" };

test("a one-of group whose member's ten values all failed is missing; one valid value among them satisfies it", () => {
  const broken = validateValue(product(Array(10).fill("cheap"))).schemas[0];
  assert.ok(broken.errors.some((e) => e.code === "missing-one-of"), "the group is reported missing");
  const twin = validateValue(product([...Array(10).fill("cheap"), offer])).schemas[0];
  assert.not.ok(twin.errors.some((e) => e.code === "missing-one-of"), "the valid offer satisfies the group");
});

test.run();
