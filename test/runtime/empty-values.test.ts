/**
 * An empty value is no value: a required property given as "" (or white space, null, an empty
 * list) is an error like a missing one, and an empty member cannot satisfy a one_of group.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";
import { hasValue } from "../../runtime/rule-runtime.ts";

const place = { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Town", postalCode: "1000", addressRegion: "RG", addressCountry: "US" } };
const event = (extra: Record<string, unknown>) => ({ "@context": "https://schema.org", "@type": "Event", name: "Concert", startDate: "2026-07-21T19:00-05:00", location: place, ...extra });
const trail = (first: Record<string, unknown>) => ({
  "@context": "https://schema.org",
  "@type": "BreadcrumbList",
  itemListElement: [
    { "@type": "ListItem", position: 1, item: "https://example.com/", ...first },
    { "@type": "ListItem", position: 2, name: "Products", item: "https://example.com/products" },
  ],
});
const codes = (issues: { code: string; property: string }[]) => issues.map((i) => `${i.code} ${i.property}`);

for (const empty of ["", "   ", "\n\t", null, []]) {
  test(`a required text property given as ${JSON.stringify(empty)} is an error`, () => {
    const [s] = validateValue(event({ name: empty })).schemas;
    assert.equal(codes(s.errors), ["empty-value name"]);
  });
}

test("a recommended property given as an empty text is a warning, not an error", () => {
  const [s] = validateValue(event({ description: "" })).schemas;
  assert.equal(s.errors, []);
  assert.ok(codes(s.warnings).includes("empty-value description"));
});

for (const name of ["", "  ", { "@value": "" }, [""], null]) {
  test(`a breadcrumb named ${JSON.stringify(name)} has no name: missing-one-of error`, () => {
    const [s] = validateValue(trail({ name })).schemas;
    // An empty value is a missing one: the group is missing, and the empty member, the only one
    // given, is an error of its own (the verdict model: a broken one-of member names what to fix).
    assert.ok(codes(s.errors).includes("missing-one-of itemListElement.name"));
    assert.ok(s.errors.every((e) => e.property === "itemListElement.name"));
    assert.not.ok(s.rich_result_eligible);
  });
}

test("an empty name is covered by a name on the item object", () => {
  const [s] = validateValue(trail({ name: "", item: { "@id": "https://example.com/", name: "Home" } })).schemas;
  assert.equal(s.errors, []);
  // The empty text itself is still pointed out.
  assert.ok(codes(s.warnings).includes("empty-value itemListElement.name"));
});

test("an empty name on the item object does not cover a missing name either", () => {
  const [s] = validateValue(trail({ item: { "@id": "https://example.com/", name: " " } })).schemas;
  assert.equal(codes(s.errors), ["missing-one-of itemListElement.name"]);
});

test("hasValue: present and non-empty, along dotted paths and lists", () => {
  assert.ok(hasValue({ name: "Books" }, ["name"]));
  assert.ok(hasValue({ name: 0 }, ["name"]));
  assert.ok(hasValue({ name: ["", "Books"] }, ["name"]));
  assert.ok(hasValue({ item: { name: "Books" } }, ["item", "name"]));
  assert.ok(hasValue({ item: [{ name: "" }, { name: "Books" }] }, ["item", "name"]));
  assert.ok(hasValue({ item: { "@id": "https://example.com/" } }, ["item"]));
  assert.not.ok(hasValue({}, ["name"]));
  assert.not.ok(hasValue({ name: "" }, ["name"]));
  assert.not.ok(hasValue({ name: [] }, ["name"]));
  assert.not.ok(hasValue({ name: { "@value": " " } }, ["name"]));
  assert.not.ok(hasValue({ item: { name: "" } }, ["item", "name"]));
  assert.not.ok(hasValue({ item: "https://example.com/" }, ["item", "name"]));
});

test("a list's empty values are one issue that counts them (Dawn's unset social profiles); one empty value keeps its own message", () => {
  const organization = (sameAs: unknown[]) => ({ "@context": "https://schema.org", "@type": "Organization", name: "Shop", url: "https://shop.example/", logo: "https://shop.example/logo.png", sameAs });
  const many = validateValue(organization(["", "https://x.example/shop", "", " ", ""])).schemas[0].warnings.filter((w) => w.code === "empty-value");
  assert.equal(many.map((w) => [w.property, w.message]), [["sameAs", '"sameAs" has 4 empty values (of 5); the first is at /sameAs/0.']]);
  const one = validateValue(organization(["https://x.example/shop", ""])).schemas[0].warnings.filter((w) => w.code === "empty-value");
  assert.equal(one.map((w) => w.message), ['"sameAs" is empty.']);
  // A required property's empty values stay an error, once.
  const names = validateValue(event({ name: ["", ""] })).schemas[0];
  assert.equal(codes(names.errors), ["empty-value name"]);
});

test.run();
