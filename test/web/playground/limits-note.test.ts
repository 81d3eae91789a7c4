/**
 * The playground's note on a capped answer says what was left out (docs/limits.md): nodes past the cap
 * are counted, not validated, so the counts above it are of the nodes validated. It said "passes sdv's
 * limits ... the counts include them" for 400 nodes never validated.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { limitsNote } from "../../../web/src/playground/results.ts";
import { validateValue } from "../../../runtime/validate.ts";
import { toValidationResponse, API_VERSION } from "../../../runtime/report.ts";

const products = (n: number) => ({
  "@context": "https://schema.org",
  "@graph": Array.from({ length: n }, (_, i) => ({ "@type": "Product", name: `P${i}`, image: "https://e.example/p.jpg", offers: { "@type": "Offer", price: "1.00", priceCurrency: "USD" } })),
});
const meta = { api_version: API_VERSION, validated_at: "2026-12-07T00:00:00Z", cached: false, credits_used: 0, response_time_ms: 0 };

test("600 nodes: the note says 400 of 600 were not validated and the counts are of the 200", () => {
  const response = toValidationResponse(validateValue(products(600)), meta);
  assert.ok(response.limits, "the answer is capped");
  const note = limitsNote(response.limits!);
  assert.match(note, /^The input exceeds sdv's limits: /);
  assert.match(note, /400 of 600 nodes were not validated \(the counts above are of the 200 validated\)/);
  assert.not.match(note, /passes/);
});

test.run();
