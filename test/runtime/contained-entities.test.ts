/**
 * A node sdv has no rules for (a WebPage, an ItemPage) may wrap one it has: its mainEntity (a Product,
 * an Article) or its breadcrumb. The search engine reads the wrapped node as an item; so does sdv now,
 * in JSON-LD and Microdata, through the engine and the library that loads rule sets on demand. Context
 * (a publisher's Organization) and references stay where they were.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml, validateValue } from "../../runtime/validate.ts";
import { validate } from "../../lib/index.ts";
import type { SchemaResult } from "../../runtime/types.ts";

const product = (price: unknown) => ({ "@type": "Product", name: "Anvil", image: "https://example.com/a.jpg", offers: { "@type": "Offer", price, priceCurrency: "EUR" } });
const page = (mainEntity: unknown, extra: Record<string, unknown> = {}) => ({ "@context": "https://schema.org", "@type": "WebPage", name: "Anvil", mainEntity, ...extra });
const reported = (schemas: SchemaResult[]) => schemas.map((s) => `${s.type} ${s.path} ${s.valid ? "valid" : "invalid"}`);

test("a WebPage's mainEntity Product is checked at its place: a broken price is an error; a good one is valid", () => {
  const broken = validateValue(page(product("abc"))).schemas;
  assert.equal(reported(broken), ["WebPage  valid", "Product /mainEntity invalid"]);
  assert.ok(broken[1].errors.some((e) => e.property === "offers.price"));
  assert.equal(reported(validateValue(page(product(19.99))).schemas), ["WebPage  valid", "Product /mainEntity valid"]);
});

test("through wrappers without rules (an ItemPage's WebPage), and the breadcrumb; the wrappers in between are not reported", () => {
  const doc = { "@context": "https://schema.org", "@type": "ItemPage", mainEntity: { "@type": "WebPage", mainEntity: product("abc") }, breadcrumb: { "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: 1, name: "Tools", item: "https://example.com/tools" }, { "@type": "ListItem", position: 2, name: "Anvil" }] } };
  assert.equal(reported(validateValue(doc).schemas), ["ItemPage  valid", "Product /mainEntity/mainEntity invalid", "BreadcrumbList /breadcrumb valid"]);
});

test("a publisher's Organization, a reference and a node another object defines stay where they were", () => {
  const organization = { "@type": "Organization", name: "Acme" };
  assert.equal(reported(validateValue(page(undefined, { publisher: organization })).schemas), ["WebPage  valid"]);
  const graph = { "@context": "https://schema.org", "@graph": [{ "@type": "WebPage", mainEntity: { "@id": "#p" } }, { "@id": "#p", ...product(19.99) }] };
  assert.equal(reported(validateValue(graph).schemas), ["WebPage /@graph/0 valid", "Product /@graph/1 valid"]);
  // A node checked by its own rules keeps its values to them: a Product's review is not a second item.
  const reviewed = { "@context": "https://schema.org", ...product(19.99), mainEntity: { "@type": "Recipe", name: "x" } };
  assert.equal(reported(validateValue(reviewed).schemas).length, 1);
});

test("a page with rules of its own (a ProfilePage) has its breadcrumb checked too; its main entity stays its rules' to judge", () => {
  const trail = (second: number) => ({ "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: 1, name: "Authors", item: "https://example.com/authors" }, { "@type": "ListItem", position: second, name: "Jane" }] });
  const profile = (second: number) => ({ "@context": "https://schema.org", "@type": "ProfilePage", mainEntity: { "@type": "Person", name: "Jane" }, breadcrumb: trail(second) });
  assert.equal(reported(validateValue(profile(2)).schemas), ["ProfilePage  valid", "BreadcrumbList /breadcrumb valid"]);
  const broken = validateValue(profile(3)).schemas;
  assert.equal(reported(broken), ["ProfilePage  valid", "BreadcrumbList /breadcrumb invalid"]);
  assert.equal(broken[1].errors.map((e) => e.code), ["invalid-sequence"]);
});

test("Microdata: an item wrapped as a WebPage's mainEntity is checked", () => {
  const html = `<html lang="en"><body><div itemscope itemtype="https://schema.org/WebPage"><div itemprop="mainEntity" itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Anvil</h1><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">lots</span><meta itemprop="priceCurrency" content="EUR"></div></div></div></body></html>`;
  const schemas = validateHtml(html, "https://example.com/anvil").schemas;
  const inner = schemas.find((s) => s.type === "Product");
  assert.ok(inner && inner.errors.some((e) => e.property === "offers.price"), JSON.stringify(reported(schemas)));
});

test("the library, which loads only the rule sets an input needs, loads the wrapped node's", async () => {
  const result = await validate(JSON.stringify(page(product("abc"))), { profile: "google" });
  assert.equal(reported(result.schemas), ["WebPage  valid", "Product /mainEntity invalid"]);
});

test.run();
