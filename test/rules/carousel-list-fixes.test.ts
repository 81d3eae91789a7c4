/**
 * The host carousel's whole-list problems say what to do about them: the property's own fix ("Add
 * itemListElement with at least two ListItems") told a list of two items with one URL nothing.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const list = (items: Array<Record<string, unknown>>) => ({
  "@context": "https://schema.org",
  "@type": "ItemList",
  itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, item })),
});
const movie = (name: string, url: string) => ({ "@type": "Movie", name, image: "https://example.com/a.jpg", url });
const course = (name: string) => ({ "@type": "Course", name, description: `${name} course`, url: `https://example.com/courses#${name}` });

const issueOf = (value: unknown, code: string) => validateValue(value).schemas[0].errors.find((e) => e.code === code && e.property === "itemListElement");

test("the same URL twice: the fix says to give each item its own URL", () => {
  const issue = issueOf(list([movie("A Star Is Born", "https://example.com/noms#a"), movie("Bohemian Rhapsody", "https://example.com/noms#a")]), "invalid-format");
  assert.ok(issue, "the duplicate is an error");
  assert.match(issue!.fix, /its own URL/);
  assert.not.match(issue!.fix, /^Add "itemListElement"/);
});

test("items of two carousel types: the fix says to list one type per carousel", () => {
  const issue = issueOf(list([movie("A Star Is Born", "https://example.com/noms#a"), course("Algebra")]), "wrong-type");
  assert.ok(issue, "the mix is an error");
  assert.match(issue!.fix, /one type per carousel/);
});

test("a course list of two: the fix says to list at least three courses", () => {
  const issue = issueOf(list([course("Algebra"), course("Geometry")]), "too-few-values");
  assert.ok(issue, "two courses are an error");
  assert.match(issue!.fix, /at least three courses/);
});

test.run();
