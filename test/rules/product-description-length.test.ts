/**
 * A product description past 5,000 characters: Search Console's 'Invalid string length in field
 * "description" (optional)' (bigcommerce/cornerstone#2363), a non-critical issue. A warning; the
 * product stays valid and eligible, and the description of 5,000 characters has none.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const product = (description: string) => ({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Executive Anvil",
  image: "https://example.com/anvil.jpg",
  description,
  offers: { "@type": "Offer", price: 119.99, priceCurrency: "USD", availability: "https://schema.org/InStock" },
});

test("a description of 5,001 characters: a too-long warning, the product valid and its merchant listing eligible", () => {
  const [node] = validateValue(product("a".repeat(5001))).schemas;
  assert.equal(node.errors, []);
  assert.equal(node.warnings.filter((w) => w.property === "description").map((w) => w.code), ["too-long"]);
  assert.ok(node.features?.find((f) => f.feature === "merchant-listing")?.eligible);
});

test("a description of 5,000 characters: nothing about it", () => {
  const [node] = validateValue(product("a".repeat(5000))).schemas;
  assert.equal([...node.errors, ...node.warnings].filter((w) => w.property === "description"), []);
});

test.run();
