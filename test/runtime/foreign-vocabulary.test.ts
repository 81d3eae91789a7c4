/**
 * A node whose @context makes its terms another vocabulary's (data-vocabulary.org, which the search
 * engine stopped reading for rich results in 2020, or any other @vocab) is an error and not eligible;
 * a missing @context, or a remote one sdv does not read, stays a warning.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const product = (context: unknown) => ({
  ...(context === undefined ? {} : { "@context": context }),
  "@type": "Product",
  name: "Executive Anvil",
  image: "https://example.com/anvil.jpg",
  aggregateRating: { "@type": "AggregateRating", ratingValue: 4.4, reviewCount: 89 },
});
const contextIssue = (context: unknown) => {
  const [s] = validateValue(product(context), undefined, { profile: "google" }).schemas;
  const issue = [...s.errors, ...s.warnings].find((i) => i.code === "missing-context");
  return { severity: issue?.severity ?? null, eligible: s.rich_result_eligible, message: issue?.message ?? "" };
};

test("data-vocabulary.org, as the context or its @vocab, and another @vocab: an error, not eligible", () => {
  for (const context of ["http://data-vocabulary.org", "https://data-vocabulary.org/", { "@vocab": "http://data-vocabulary.org/" }, { "@vocab": "https://example.com/terms/" }, [{ "@vocab": "http://data-vocabulary.org/" }]]) {
    const found = contextIssue(context);
    assert.is(found.severity, "error", JSON.stringify(context));
    assert.is(found.eligible, false, JSON.stringify(context));
  }
  assert.match(contextIssue("http://data-vocabulary.org").message, /data-vocabulary\.org, which the search engine stopped reading/);
});

test("the twins: Schema.org's context is quiet; none, or a remote one, a warning", () => {
  for (const context of ["https://schema.org", { "@vocab": "https://schema.org/" }, ["https://schema.org", { "@language": "en" }]]) {
    assert.is(contextIssue(context).severity, null, JSON.stringify(context));
  }
  for (const context of [undefined, "https://example.com/context.jsonld"]) {
    const found = contextIssue(context);
    assert.is(found.severity, "warning", String(context));
    assert.is(found.eligible, true, String(context));
  }
});

test("a @graph's nodes take the foreign context of the graph's object", () => {
  const [s] = validateValue({ "@context": "http://data-vocabulary.org", "@graph": [product(undefined)] }).schemas;
  assert.ok(s.errors.some((e) => e.code === "missing-context"), s.errors.map((e) => e.code).join());
});

test.run();
