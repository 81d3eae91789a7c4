/** API answers link issues to their rule under PUBLIC_BASE_URL, without touching the engine's result. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withAbsoluteRuleUrls } from "../../api/http/absolute-rule-urls.ts";
import { validateValue } from "../../runtime/validate.ts";

const BASE = "https://sdv.example";
// No startDate (a required rule), a misspelt property (a vocabulary finding, which has no rule page).
const input = { "@context": "https://schema.org", "@type": "Event", name: "Gig", locaton: "Hall" };

test("relative rule links become absolute; issues without one stay as they are", () => {
  const engine = validateValue(input);
  const answer = withAbsoluteRuleUrls(engine, BASE);
  const [before, after] = [engine.schemas[0], answer.schemas[0]];
  assert.is(after.errors.length, before.errors.length);
  const startDate = after.errors.find((e) => e.property === "startDate")!;
  assert.is(startDate.rule_url, `${BASE}/rules/Event#startDate`);
  const vocabulary = after.warnings.find((w) => w.code === "unknown-property")!;
  assert.ok(vocabulary, "the input has a vocabulary finding");
  assert.is(vocabulary.rule_url, undefined);
  assert.not.ok("rule_url" in vocabulary);
  // Everything else is the engine's, field for field.
  after.errors.forEach((issue, i) => assert.equal({ ...issue, rule_url: undefined }, { ...before.errors[i], rule_url: undefined }));
  assert.equal(answer.summary, engine.summary);
});

test("the engine's result is not changed (it may answer other requests from the cache)", () => {
  const engine = validateValue(input);
  const copy = structuredClone(engine);
  withAbsoluteRuleUrls(engine, BASE);
  withAbsoluteRuleUrls(engine, BASE);
  assert.equal(engine, copy);
  assert.ok(engine.schemas[0].errors.some((e) => e.rule_url === "/rules/Event#startDate"));
});

test("a result without rule links is returned as it is", () => {
  const engine = validateValue({ "@context": "https://schema.org", "@type": "NoSuchThing", name: "x" });
  assert.is(withAbsoluteRuleUrls(engine, BASE), engine);
});

test.run();
