/** Raw and rendered side by side (runtime/rendering.ts): matching by type and @id, else type and position. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateRenderedHtml } from "../../runtime/validate.ts";
import { changedProperties } from "../../runtime/rendering.ts";

const page = (...nodes: unknown[]) =>
  `<html><head>${nodes.map((n) => `<script type="application/ld+json">${JSON.stringify(n)}</script>`).join("")}</head><body></body></html>`;
const product = (name: string, price: string, id?: string) => ({
  "@context": "https://schema.org",
  "@type": "Product",
  ...(id ? { "@id": id } : {}),
  name,
  offers: { "@type": "Offer", price, priceCurrency: "EUR" },
});
const crumbs = { "@context": "https://schema.org", "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: 1, name: "A", item: "https://example.com/a" }] };

const marks = (rendered: string, raw: string) => {
  const result = validateRenderedHtml(rendered, raw, "https://example.com/p");
  return { marks: result.schemas.map((s) => [s.type, s.rendering, s.changed_properties ?? null]), summary: result.summary.rendering };
};

test("the same page before and after: every node in-html", () => {
  const html = page(product("Mug", "10"), crumbs);
  const { marks: m, summary } = marks(html, html);
  assert.equal(m, [["Product", "in-html", null], ["BreadcrumbList", "in-html", null]]);
  assert.equal(summary, { in_html: 2, added_by_javascript: 0, changed_by_javascript: 0, removed_by_javascript: 0 });
});

test("a node only the scripts add: added-by-javascript; one they drop: removed_by_javascript", () => {
  const { marks: m, summary } = marks(page(product("Mug", "10")), page(crumbs));
  assert.equal(m, [["Product", "added-by-javascript", null]]);
  assert.equal(summary, { in_html: 0, added_by_javascript: 1, changed_by_javascript: 0, removed_by_javascript: 1 });
});

test("a changed price: changed-by-javascript with the dotted path", () => {
  const { marks: m } = marks(page(product("Mug", "12.50")), page(product("Mug", "10")));
  assert.equal(m, [["Product", "changed-by-javascript", ["offers.price"]]]);
});

test("a breadcrumb added before the product does not shift the product's match (position is per type)", () => {
  const { marks: m } = marks(page(crumbs, product("Mug", "10")), page(product("Mug", "10")));
  assert.equal(m, [["BreadcrumbList", "added-by-javascript", null], ["Product", "in-html", null]]);
});

test("nodes with an @id match by it, whatever their order", () => {
  const raw = page(product("A", "1", "#a"), product("B", "2", "#b"));
  const rendered = page(product("B", "3", "#b"), product("A", "1", "#a"));
  const { marks: m } = marks(rendered, raw);
  assert.equal(m, [["Product", "changed-by-javascript", ["offers.price"]], ["Product", "in-html", null]]);
});

test("changed properties: added, removed and nested ones, once per path, keywords ignored", () => {
  assert.equal(changedProperties({ a: 1, b: 2, "@context": "x" }, { a: 1, c: 3, "@context": "y" }), ["c", "b"]);
  assert.equal(
    changedProperties({ offers: [{ price: 1 }, { price: 2 }] }, { offers: [{ price: 5 }, { price: 6 }] }),
    ["offers.price"],
  );
  assert.equal(changedProperties({ image: ["a", "b"] }, { image: ["a"] }), ["image"]);
  assert.equal(changedProperties({ x: { y: { z: 1 } } }, { x: { y: { z: 1 } } }), []);
});

test("a broken block in both: matched (no node to compare), in-html", () => {
  const broken = `<html><head><script type="application/ld+json">{ broken</script></head></html>`;
  const result = validateRenderedHtml(broken, broken);
  assert.is(result.schemas[0].rendering, "in-html");
});

test.run();
