/** A one-of group's message says what its level is: a required group "Needs", a recommended one advises. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const groupIssue = (doc: unknown) => {
  const [s] = validateValue(doc).schemas;
  return [...s.errors, ...s.warnings].find((i) => i.code === "missing-one-of")!;
};

test("a recommended group (an organization's address or telephone) is a warning worded as advice", () => {
  const issue = groupIssue({ "@context": "https://schema.org", "@type": "Organization", name: "X", url: "https://x.example/", logo: "https://x.example/l.png" });
  assert.is(issue.severity, "warning");
  assert.is(issue.message, 'Recommended: at least one of "address", "telephone".');
});

test("a required group (a product's review, rating or offers) is an error worded as a need", () => {
  const issue = groupIssue({ "@context": "https://schema.org", "@type": "Product", name: "X" });
  assert.is(issue.severity, "error");
  assert.match(issue.message, /^Needs at least one of "review", "aggregateRating", "offers"/);
});

test.run();
