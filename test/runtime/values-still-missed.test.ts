/**
 * Issue 25: value corruptions the checks still missed, each planted in otherwise complete markup
 * beside its clean twin (the same markup without the defect).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";
import type { SchemaResult } from "../../runtime/types.ts";

const first = (doc: unknown, type: string): SchemaResult => validateValue(doc).schemas.find((s) => s.type === type)!;
const issuesOn = (s: SchemaResult, property: string) => [...s.errors, ...s.warnings].filter((i) => i.property === property);

const breadcrumb = (item: string) => ({
  "@context": "https://schema.org",
  "@type": "BreadcrumbList",
  itemListElement: [
    { "@type": "ListItem", position: 1, name: "Books", item },
    { "@type": "ListItem", position: 2, name: "Science Fiction" },
  ],
});

test('a breadcrumb item "books page" is no URL: an error (the item is required)', () => {
  const s = first(breadcrumb("books page"), "BreadcrumbList");
  assert.ok(s.errors.some((e) => e.property === "itemListElement.item" && e.code === "invalid-format"), JSON.stringify(s.errors));
  assert.not.ok(s.valid);
});

for (const [what, item] of [["a relative URL", "/books"], ["a URL with a space", "https://example.com/my books"], ["a URL with spaces around it", " https://example.com/books "]]) {
  test(`a breadcrumb item given as ${what} is repaired by the search engine: a warning, still valid`, () => {
    const s = first(breadcrumb(item), "BreadcrumbList");
    assert.ok(s.valid, JSON.stringify(s.errors));
    assert.ok(issuesOn(s, "itemListElement.item").every((i) => i.severity === "warning"));
  });
}

test("the clean breadcrumb is valid with no issue on item", () => {
  const s = first(breadcrumb("https://example.com/books"), "BreadcrumbList");
  assert.ok(s.valid);
  assert.equal(issuesOn(s, "itemListElement.item"), []);
});

const post = (uploadDate: string, interactionType: string) => ({
  "@context": "https://schema.org",
  "@type": "DiscussionForumPosting",
  headline: "I went to the concert!",
  text: "Look at how cool this concert was!",
  url: "https://example.com/post/very-popular-thread",
  author: { "@type": "Person", name: "Katie Pope", url: "https://example.com/user/katie-pope" },
  datePublished: "2024-03-01T08:34:34+02:00",
  video: { "@type": "VideoObject", name: "Video of concert", contentUrl: "https://example.com/media/super-cool-concert.mp4", uploadDate, thumbnailUrl: "https://example.com/media/super-cool-concert-snap.jpg" },
  interactionStatistic: { "@type": "InteractionCounter", interactionType, userInteractionCount: 27 },
});

test('a nested video uploadDate "today" is checked', () => {
  const s = first(post("today", "https://schema.org/LikeAction"), "DiscussionForumPosting");
  assert.ok(issuesOn(s, "video.uploadDate").some((i) => i.code === "invalid-format"), JSON.stringify(s.warnings));
});

test('an interactionType "books page" names no Action: an error (it is required)', () => {
  const s = first(post("2024-03-01T06:34:34+02:00", "books page"), "DiscussionForumPosting");
  assert.ok(s.errors.some((e) => e.property === "interactionStatistic.interactionType"), JSON.stringify(s.errors));
});

for (const interactionType of ["https://schema.org/LikeAction", "LikeAction"]) {
  test(`the clean post (interactionType ${interactionType}) has no issue on the video or the counter`, () => {
    const s = first(post("2024-03-01T06:34:34+02:00", interactionType), "DiscussionForumPosting");
    assert.equal(issuesOn(s, "video.uploadDate"), []);
    assert.equal(issuesOn(s, "interactionStatistic.interactionType"), []);
  });
}

const group = (priceCurrency: string) => ({
  "@context": "https://schema.org",
  "@type": "ProductGroup",
  name: "Wool winter coat",
  description: "Wool coat, new for the coming winter season",
  brand: { "@type": "Brand", name: "Good brand" },
  productGroupID: "44E01",
  variesBy: ["https://schema.org/size"],
  hasVariant: [
    { "@type": "Product", sku: "44E01-M11000", name: "Small coat", image: "https://www.example.com/coat_small.jpg", offers: { "@type": "Offer", price: 39.99, priceCurrency, availability: "https://schema.org/InStock" } },
  ],
});

test('a variant\'s priceCurrency "dollars": a warning, and the group is not eligible (as on a Product)', () => {
  const s = first(group("dollars"), "ProductGroup");
  assert.ok(issuesOn(s, "hasVariant.offers.priceCurrency").some((i) => i.code === "invalid-format"));
  assert.not.ok(s.rich_result_eligible, s.rich_result.reason);
  assert.ok(first(group("USD"), "ProductGroup").rich_result_eligible, "the clean twin is eligible");
});

const feed = (bookFormat: string) => ({
  "@context": "https://schema.org",
  "@type": "DataFeed",
  dateModified: "2026-11-20T13:58:26Z",
  dataFeedElement: [
    {
      "@context": "https://schema.org",
      "@type": "Book",
      "@id": "https://example.com/work/the_catcher_in_the_rye",
      url: "https://example.com/work/the_catcher_in_the_rye",
      name: "The Catcher in the Rye",
      author: { "@type": "Person", name: "J.D. Salinger" },
      workExample: [
        {
          "@type": "Book",
          "@id": "https://example.com/edition/the_catcher_in_the_rye_paperback",
          isbn: "9780316769174",
          bookFormat,
          inLanguage: "en",
          potentialAction: {
            "@type": "ReadAction",
            target: { "@type": "EntryPoint", urlTemplate: "https://example.com/read?isbn=9780316769174", actionPlatform: ["https://schema.org/DesktopWebPlatform"] },
            expectsAcceptanceOf: { "@type": "Offer", category: "purchase", price: 6.99, priceCurrency: "USD", eligibleRegion: { "@type": "Country", name: "US" } },
          },
        },
      ],
    },
  ],
});

test('a book feed\'s bookFormat "Paperback" is no member URL: an error', () => {
  const s = first(feed("Paperback"), "DataFeed");
  assert.ok(s.errors.some((e) => e.property === "dataFeedElement.workExample.bookFormat"), JSON.stringify(s.errors));
});

test("the clean feed (https://schema.org/Paperback) has no issue on bookFormat", () => {
  const s = first(feed("https://schema.org/Paperback"), "DataFeed");
  assert.equal(issuesOn(s, "dataFeedElement.workExample.bookFormat"), []);
});

test.run();
