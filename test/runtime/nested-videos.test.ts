/**
 * A VideoObject anywhere on the page is a video item (runtime/graph/nested-videos.ts): nested in an
 * article or a list it is checked as it is under a WebPage's mainEntity, and a recipe's video, which
 * the recipe's rules judge, is not reported twice.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";
import { validate } from "../../lib/index.ts";
import type { SchemaResult } from "../../runtime/types.ts";

const video = (extra: Record<string, unknown> = {}) => ({ "@type": "VideoObject", name: "x", thumbnailUrl: "https://e.com/t.jpg", uploadDate: "today", description: "d", ...extra });
const article = (v: unknown) => ({ "@context": "https://schema.org", "@type": "NewsArticle", headline: "h", image: "https://e.com/i.jpg", datePublished: "2024-01-01T00:00:00Z", author: { "@type": "Person", name: "a", url: "https://e.com/a" }, video: v });
const reported = (schemas: SchemaResult[]) => schemas.map((s) => `${s.type} ${s.path} ${s.valid ? "valid" : "invalid"}`);
const errorsOf = (s: SchemaResult | undefined) => (s?.errors ?? []).map((e) => `${e.code} ${e.property}`);

test("an article's video is a video item: a broken upload date or thumbnail is its error; the article stays valid", () => {
  const schemas = validateValue(article(video())).schemas;
  assert.equal(reported(schemas), ["Article  valid", "VideoObject /video invalid"]);
  assert.equal(errorsOf(schemas[1]), ["invalid-format uploadDate"]);
  assert.equal(errorsOf(validateValue(article(video({ uploadDate: "" }))).schemas[1]), ["empty-value uploadDate"]);
  const thumb = validateValue(article([video({ uploadDate: "2024-01-01T00:00:00Z", thumbnailUrl: "books page" })])).schemas;
  assert.equal(reported(thumb), ["Article  valid", "VideoObject /video/0 invalid"]);
  assert.equal(errorsOf(thumb[1]), ["invalid-format thumbnailUrl"]);
  assert.equal(reported(validateValue(article(video({ uploadDate: "2024-01-01T00:00:00Z" }))).schemas), ["Article  valid", "VideoObject /video valid"]);
});

test("a ListItem's video is checked as under a WebPage's mainEntity", () => {
  const list = { "@context": "https://schema.org", "@type": "ItemList", itemListElement: [{ "@type": "ListItem", position: 1, item: video({ url: "https://e.com/v#1" }) }, { "@type": "ListItem", position: 2, url: "https://e.com/w" }] };
  const schemas = validateValue(list).schemas;
  const nested = schemas.find((s) => s.type === "VideoObject");
  assert.is(nested?.path, "/itemListElement/0/item");
  const page = validateValue({ "@context": "https://schema.org", "@type": "WebPage", mainEntity: video() }).schemas.find((s) => s.type === "VideoObject");
  assert.equal(errorsOf(nested).map((e) => e.split(" ")[0]), errorsOf(page).map((e) => e.split(" ")[0]));
});

test("a recipe's video, judged by the recipe's rules, and a video defined elsewhere are not reported twice", () => {
  const recipe = { "@context": "https://schema.org", "@type": "Recipe", name: "r", image: "https://e.com/i.jpg", video: video() };
  assert.equal(reported(validateValue(recipe).schemas), ["Recipe  invalid"]);
  const graph = { "@context": "https://schema.org", "@graph": [{ ...article({ "@id": "#v" }) }, { "@id": "#v", ...video() }] };
  assert.equal(reported(validateValue(graph).schemas), ["Article /@graph/0 valid", "VideoObject /@graph/1 invalid"]);
});

test("the library loads the video rules for a nested video", async () => {
  const result = await validate(JSON.stringify(article(video())), { profile: "google" });
  assert.equal(reported(result.schemas), ["Article  valid", "VideoObject /video invalid"]);
});

test.run();
