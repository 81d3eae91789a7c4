/**
 * Issue 26: URL templates. Varying path segments collapse among pages sharing the rest of the path
 * (/products/*, /blog/*\/*), the site's sections and its home page keep their names, and the per-template
 * summary and diff count pages per feature.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { urlTemplates } from "../../../runtime/diff/url-templates.ts";
import { templateDiff, templateSummaries } from "../../../runtime/diff/template-report.ts";
import { diffRuns, type PageSnapshot } from "../../../runtime/diff/feature-diff.ts";

const site = "https://shop.example";

test("products, blog posts by year, the home page, sections and single pages", () => {
  const paths = ["/", "/about", "/contact", "/products/", "/products/kettle", "/products/teapot?colour=red", "/products/mug#reviews", "/blog/2024/launch", "/blog/2024/recap", "/blog/2023/hello", "/blog/"];
  const templates = urlTemplates(paths.map((p) => site + p));
  assert.equal(Object.fromEntries(paths.map((p, i) => [p, templates[i]])), {
    "/": "/",
    "/about": "/about",
    "/contact": "/contact",
    "/products/": "/products/",
    "/products/kettle": "/products/*",
    "/products/teapot?colour=red": "/products/*",
    "/products/mug#reviews": "/products/*",
    "/blog/2024/launch": "/blog/*/*",
    "/blog/2024/recap": "/blog/*/*",
    "/blog/2023/hello": "/blog/*/*",
    "/blog/": "/blog/",
  });
});

test("ids vary; many sibling sections of one shape vary; a lone page keeps its name", () => {
  const paths = ["/p/123", "/p/456", "/users/alice/posts", "/users/bob/posts", "/users/carol/posts", "/users/dan/posts", "/users/erin/posts", "/only/one"];
  assert.equal(urlTemplates(paths), ["/p/*", "/p/*", "/users/*/posts", "/users/*/posts", "/users/*/posts", "/users/*/posts", "/users/*/posts", "/only/one"]);
  const flat = Array.from({ length: 6 }, (_, i) => `/post-${"abcdef"[i]}`);
  assert.equal(new Set(urlTemplates(flat)), new Set(["/*"]), "a flat site of many top-level pages is one template");
});

const page = (path: string, eligible: string[], errors = 0): PageSnapshot => ({
  page: site + path,
  status: "validated",
  nodes: [{ key: `Product@0:$`, type: "Product", eligible, errors: Array.from({ length: errors }, (_, i) => ({ code: `e${i}`, property: "offers" })), warnings: [] }],
});

test("summaries per template, and the diff per template and feature", () => {
  const before = [page("/products/a", ["Product", "merchant-listing"]), page("/products/b", ["Product", "merchant-listing"]), page("/products/c", ["Product"]), page("/", [])];
  const after = [page("/products/a", ["Product"], 1), page("/products/b", ["Product", "merchant-listing"]), page("/products/c", ["Product", "merchant-listing"]), page("/", [])];
  const summary = templateSummaries(after);
  assert.equal(summary[0], { template: "/products/*", pages: 3, features: { Product: { eligible: 3, not_eligible: 0 }, "merchant-listing": { eligible: 2, not_eligible: 0 } }, errors: 1, warnings: 0 });
  assert.equal(summary[1], { template: "/", pages: 1, features: { Product: { eligible: 0, not_eligible: 1 } }, errors: 0, warnings: 0 });
  assert.equal(templateDiff(before, after, diffRuns(before, after)), [{ template: "/products/*", pages: 3, features: [{ feature: "merchant-listing", gained: 1, lost: 1 }] }]);
});

test.run();
