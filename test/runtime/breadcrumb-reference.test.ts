/**
 * A `breadcrumb` reference that no node on the page defines warns, wherever the @id points: Joomla 5's
 * WebPage names "https://site/#/schema/BreadcrumbList/17" on every page, and where the breadcrumbs module
 * writes no such node Search Console reports the reference as a trail without itemListElement
 * (joomla/joomla-cms#45277, #45711, #47687). With the node on the page, nothing is said.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml, validateValue } from "../../runtime/validate.ts";

const PAGE = "https://www.example.com/index.php/news/spring-fair";
const TRAIL_ID = "https://www.example.com/#/schema/BreadcrumbList/17";
const joomlaGraph = {
  "@context": "https://schema.org",
  "@graph": [
    { "@type": "WebSite", "@id": "https://www.example.com/#/schema/WebSite/base", url: "https://www.example.com/", name: "Example Club" },
    {
      "@type": "WebPage",
      "@id": "https://www.example.com/#/schema/WebPage/base",
      url: PAGE,
      name: "Spring fair",
      isPartOf: { "@id": "https://www.example.com/#/schema/WebSite/base" },
      inLanguage: "en-GB",
      breadcrumb: { "@id": TRAIL_ID },
    },
  ],
};
const trail = {
  "@context": "https://schema.org",
  "@type": "BreadcrumbList",
  "@id": TRAIL_ID,
  itemListElement: [
    { "@type": "ListItem", position: 1, item: { "@id": "https://www.example.com/", name: "Home" } },
    { "@type": "ListItem", position: 2, item: { "@id": "https://www.example.com/index.php/news", name: "News" } },
  ],
};
const html = (...blocks: object[]) =>
  `<!doctype html><html lang="en-gb"><head>${blocks.map((b) => `<script type="application/ld+json">${JSON.stringify(b)}</script>`).join("")}</head><body><h1>Spring fair</h1></body></html>`;
const danglingOn = (schemas: Array<{ type: string; warnings: Array<{ code: string; property: string; path: string }> }>) =>
  schemas.flatMap((s) => s.warnings.filter((w) => w.code === "dangling-reference").map((w) => `${s.type} ${w.property} ${w.path}`));

test("Joomla's WebPage.breadcrumb naming a trail the page does not have warns, on the WebPage", () => {
  const { schemas } = validateHtml(html(joomlaGraph), PAGE);
  assert.equal(danglingOn(schemas), ["WebPage breadcrumb /@graph/1/breadcrumb"]);
  const page = schemas.find((s) => s.type === "WebPage")!;
  assert.ok(page.warnings.some((w) => w.code === "dangling-reference" && w.message.includes("itemListElement")), JSON.stringify(page.warnings));
});

test("the twin with the breadcrumbs module's BreadcrumbList on the page: no warning", () => {
  const { schemas } = validateHtml(html(joomlaGraph, trail), PAGE);
  assert.equal(danglingOn(schemas), []);
  assert.ok(schemas.some((s) => s.type === "BreadcrumbList" && s.rich_result_eligible), "the trail is read and eligible");
});

test("JSON-LD alone: a fragment named nowhere warns, a trail written in place does not", () => {
  const withFragment = { ...joomlaGraph["@graph"][1], "@context": "https://schema.org", breadcrumb: { "@id": "#breadcrumb" } };
  assert.equal(danglingOn(validateValue(withFragment).schemas), ["WebPage breadcrumb /breadcrumb"]);
  const inPlace = { ...withFragment, breadcrumb: { "@type": "BreadcrumbList", itemListElement: trail.itemListElement } };
  assert.equal(danglingOn(validateValue(inPlace).schemas), []);
  const text = { ...withFragment, breadcrumb: "Home > News > Spring fair" };
  assert.equal(danglingOn(validateValue(text).schemas), [], "a text breadcrumb is no reference");
});

test("a node with a rule set (ProfilePage) is told once", () => {
  const profile = {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    breadcrumb: { "@id": "#breadcrumb" },
    mainEntity: { "@type": "Person", name: "Ada Lovelace" },
  };
  assert.equal(danglingOn(validateValue(profile).schemas), ["ProfilePage breadcrumb /breadcrumb"]);
});

test.run();
