/**
 * The HTTP answer is the engine's result, field for field: the response schema and its serializer
 * drop any field they do not list, so a new result field (or one of the caps' `limits`/`omitted`) left
 * out of api/openapi/schemas.ts would vanish silently. Each input goes through POST /api/v1/validate and
 * through the engine directly; everything but `meta` (times, credits) must be equal.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { signup, startApp, EVENT, type TestApp } from "./helpers.ts";
import { manyNodes, manyPropertiesNode } from "./hostile-inputs.ts";
import { validateJsonText, validateValue } from "../../runtime/validate.ts";
import { toValidationResponse } from "../../runtime/report.ts";
import { withoutRuleUrlBase } from "./relative-rule-urls.ts";

let t: TestApp;
test.before(async () => {
  t = await startApp({ RATE_LIMIT_PER_MINUTE: "1000" });
});
test.after(async () => t.close());

const product = {
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Shoe",
  image: "https://example.com/shoe.jpg",
  offers: { "@type": "Offer", price: "12.50", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
  colour: "red",
};

const cases: Array<[label: string, jsonld: unknown]> = [
  ["a valid Event", EVENT],
  ["a Product with features and a misspelt property", product],
  ["a graph with an untyped node and an unknown type", { "@context": "https://schema.org", "@graph": [product, { name: "x" }, { "@type": "Evnt", name: "y" }] }],
  ["JSON text with line and column", JSON.stringify({ ...EVENT, startDate: "tomorrow" }, null, 2)],
  ["300 nodes (capped: limits and omitted)", manyNodes(300)],
  ["a node with 1,000 unknown properties (capped, in a worker)", manyPropertiesNode(1_000)],
  ["a node with 5,000 unknown properties (capped, in a worker)", manyPropertiesNode(5_000)],
];

const withoutMeta = (response: Record<string, unknown>) => {
  const { meta: _meta, ...rest } = response;
  return rest;
};

for (const [label, jsonld] of cases) {
  test(`HTTP answer equals the engine's result: ${label}`, async () => {
    const { key } = await signup(t.app);
    const res = await t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key }, payload: { jsonld } });
    assert.is(res.statusCode, 200);
    const engine = typeof jsonld === "string" ? validateJsonText(jsonld) : validateValue(jsonld);
    const expected = JSON.parse(JSON.stringify(toValidationResponse(engine, { api_version: "", validated_at: "", cached: false, credits_used: 1, response_time_ms: 0 })));
    // The engine links issues site-relative; the answer links them under PUBLIC_BASE_URL.
    assert.equal(withoutMeta(withoutRuleUrlBase(res.json(), t.config.publicBaseUrl)), withoutMeta(expected));
  });
}

test.run();
