/**
 * The HTTP answer carries everything the engine produced: the response schema's serializer drops fields it
 * does not know, so a field added to the engine's result (or the report) but not to the OpenAPI schema would
 * vanish silently. For each input, the body of POST /api/v1/validate equals the engine's report for the same
 * input, except the request-specific meta values.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { toValidationResponse } from "../../runtime/report.ts";
import { withoutRuleUrlBase } from "./relative-rule-urls.ts";
import { validateJsonText, validateValue } from "../../runtime/validate.ts";
import { EVENT, signup, startApp, type TestApp } from "./helpers.ts";

const INPUTS: Array<[string, unknown]> = [
  ["a valid Event", EVENT],
  ["an Event missing required properties", { "@context": "https://schema.org", "@type": "Event", name: "x" }],
  ["a product with offers and a review", {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Lamp",
    image: "https://example.com/lamp.jpg",
    offers: { "@type": "Offer", price: "12.50", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
    review: { "@type": "Review", author: { "@type": "Person", name: "Ann" }, reviewRating: { "@type": "Rating", ratingValue: 9 } },
  }],
  ["a graph of several types", { "@context": "https://schema.org", "@graph": [{ "@type": "Organization", name: "Acme", url: "https://acme.example" }, { "@type": "BreadcrumbList", itemListElement: [] }, { "@type": "HowTo", name: "old" }] }],
  ["an array of objects", [{ "@context": "https://schema.org", "@type": "WebSite", url: "https://e.example" }, { "@context": "https://schema.org", "@type": "UnknownThing" }]],
  ["JSON text with a syntax problem inside a valid block", '{"@context":"https://schema.org","@type":"Recipe","name":"Soup","recipeIngredient":["a",1]}'],
];

let t: TestApp;
let key: string;
test.before(async () => {
  t = await startApp({ RATE_LIMIT_PER_MINUTE: "1000" });
  ({ key } = await signup(t.app));
});
test.after(async () => {
  await t.close();
});

for (const [name, jsonld] of INPUTS) {
  test(`HTTP answer = engine report: ${name}`, async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key }, payload: { jsonld } });
    assert.is(res.statusCode, 200, res.body);
    const body = res.json();
    const engine = typeof jsonld === "string" ? validateJsonText(jsonld) : validateValue(jsonld);
    // Through JSON, as the wire sees it (undefined fields vanish; that is not a loss).
    const expected = JSON.parse(JSON.stringify(toValidationResponse(engine, body.meta)));
    // The engine links issues site-relative; the answer links them under PUBLIC_BASE_URL.
    assert.equal(withoutRuleUrlBase(body, t.config.publicBaseUrl), expected);
  });
}

test("the answer's rule links are absolute, under PUBLIC_BASE_URL", async () => {
  const res = await t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key }, payload: { jsonld: INPUTS[1][1] } });
  const startDate = res.json().schemas[0].errors.find((e: { property: string }) => e.property === "startDate");
  assert.is(startDate.rule_url, "https://sdv.test/rules/Event#startDate");
});

test.run();
