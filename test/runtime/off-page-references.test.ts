/**
 * A reference to a node of another page is no dangling reference: the merchant-listing page has a shop
 * reference its global return policy "(located on a different page) from an Offer, using only the @id
 * keyword". With the page's URL, an @id naming another document passes; one naming this page (a
 * fragment, the page's own URL) and defined nowhere still warns. Without the page's URL an absolute
 * IRI cannot be told from another page's, and passes; a fragment or a blank node still warns.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml, validateValue } from "../../runtime/validate.ts";

const product = (policy: string) => ({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Anvil",
  image: "https://shop.example/a.jpg",
  offers: { "@type": "Offer", price: 12, priceCurrency: "USD", hasMerchantReturnPolicy: { "@id": policy } },
});
const page = (doc: object) => `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(doc)}</script></head><body><h1>Anvil</h1><p>$12</p></body></html>`;
const dangling = (schemas: Array<{ warnings: Array<{ code: string; property: string }> }>) =>
  schemas.flatMap((s) => s.warnings.filter((w) => w.code === "dangling-reference").map((w) => w.property));

test("an @id of another page of the site: no dangling-reference", () => {
  const { schemas } = validateHtml(page(product("https://shop.example/returns#policy")), "https://shop.example/p/anvil");
  assert.equal(dangling(schemas), []);
});

test("an @id of this page defined nowhere still warns", () => {
  for (const id of ["#policy", "https://shop.example/p/anvil#policy", "https://www.shop.example/p/anvil/#policy"]) {
    assert.equal(dangling(validateHtml(page(product(id)), "https://shop.example/p/anvil").schemas), ["offers.hasMerchantReturnPolicy"], id);
  }
});

test("without the page's URL (JSON-LD alone): an absolute IRI may be another page's and is not reported; a fragment or blank node is", () => {
  assert.equal(dangling(validateValue(product("https://shop.example/returns#policy")).schemas), []);
  assert.equal(dangling(validateValue(product("#policy")).schemas), ["offers.hasMerchantReturnPolicy"]);
  assert.equal(dangling(validateValue(product("_:policy")).schemas), ["offers.hasMerchantReturnPolicy"]);
});

test.run();
