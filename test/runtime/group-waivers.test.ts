/**
 * One-of groups the documentation waives (rules-src `unless`):
 * - a forum post's text / image / video is "not required if you are representing a post on another
 *   page (with an external url)": waived when the page's URL is known and the post's url names
 *   another page; required on its own page; a warning when the page is not known (JSON-LD alone);
 * - a question's answers: "For questions without answers, set the answerCount property to 0.
 *   Questions without answers aren't eligible": valid, not eligible, with answerCount 0 only.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml, validateValue } from "../../runtime/validate.ts";
import type { SchemaResult } from "../../runtime/types.ts";

const post = (extra: Record<string, unknown> = {}) => ({
  "@context": "https://schema.org",
  "@type": "DiscussionForumPosting",
  headline: "I went to the concert!",
  author: { "@type": "Person", name: "Katie Pope", url: "https://example.com/user/katie-pope" },
  datePublished: "2024-03-01T08:34:34+02:00",
  ...extra,
});
const page = (...nodes: object[]) => `<!doctype html><html><head>${nodes.map((n) => `<script type="application/ld+json">${JSON.stringify(n)}</script>`).join("")}</head><body></body></html>`;
const contentIssues = (s: SchemaResult) => [...s.errors, ...s.warnings].filter((i) => i.code === "missing-one-of").map((i) => `${i.severity} ${i.property}`);
const only = (schemas: SchemaResult[]) => {
  assert.is(schemas.length, 1);
  return schemas[0];
};

test("a post listed on a category page, its url another page: no content needed, valid and eligible", () => {
  const s = only(validateHtml(page(post({ url: "https://example.com/post/very-popular-thread" })), "https://example.com/forum/concerts").schemas);
  assert.equal(contentIssues(s), []);
  assert.is(s.valid, true);
  assert.is(s.rich_result_eligible, true);
  // A relative url is resolved against the page: another page too.
  assert.equal(contentIssues(only(validateHtml(page(post({ url: "/post/2" })), "https://example.com/forum/concerts").schemas)), []);
  // Another query, path (paths are case-sensitive) or host is another page.
  for (const url of ["https://example.com/forum/concerts?page=2", "https://example.com/Forum/Concerts", "https://forum.example.com/forum/concerts"]) {
    assert.equal(contentIssues(only(validateHtml(page(post({ url })), "https://example.com/forum/concerts").schemas)), [], url);
  }
});

test("the same post on its own page (the same url, or with a fragment, www., another scheme or a trailing slash) needs its content: an error", () => {
  for (const [url, pageUrl] of [
    ["https://example.com/post/very-popular-thread", "https://example.com/post/very-popular-thread"],
    ["https://example.com/post/very-popular-thread#post-1", "https://example.com/post/very-popular-thread"],
    ["/post/very-popular-thread", "https://example.com/post/very-popular-thread#top"],
    ["https://www.example.com/post/very-popular-thread/", "https://example.com/post/very-popular-thread"],
    ["http://example.com/post/very-popular-thread", "https://www.example.com/post/very-popular-thread/"],
    ["https://EXAMPLE.com:443/post/very-popular-thread?page=2", "https://example.com/post/very-popular-thread?page=2"],
  ]) {
    const s = only(validateHtml(page(post({ url })), pageUrl).schemas);
    assert.equal(contentIssues(s), ["error text"], `${url} on ${pageUrl}`);
    assert.is(s.valid, false);
  }
  // Without a url, a post is about the page it is on.
  assert.equal(contentIssues(only(validateHtml(page(post()), "https://example.com/forum/concerts").schemas)), ["error text"]);
  // With its content, no issue either way.
  assert.equal(contentIssues(only(validateHtml(page(post({ url: "https://example.com/post/1", text: "Look!" })), "https://example.com/post/1").schemas)), []);
});

test("HTML without its URL: its canonical link is the page, so a post listed on a category page needs no content", () => {
  const html = page(post({ url: "https://example.com/post/very-popular-thread" })).replace("<head>", '<head><link rel="canonical" href="https://example.com/forum/concerts">');
  assert.equal(contentIssues(only(validateHtml(html, null).schemas)), []);
  const own = page(post({ url: "https://example.com/post/1" })).replace("<head>", '<head><link rel="canonical" href="https://example.com/post/1">');
  assert.equal(contentIssues(only(validateHtml(own, null).schemas)), ["error text"]);
});

test("JSON-LD alone, a post with a url: the page cannot be told, so a warning that says why; without a url, an error", () => {
  const s = only(validateValue(post({ url: "https://example.com/post/very-popular-thread" })).schemas);
  assert.equal(contentIssues(s), ["warning text"]);
  assert.match(s.warnings.find((w) => w.code === "missing-one-of")!.message, /cannot be told without the page's URL/);
  assert.is(s.valid, true);
  assert.equal(contentIssues(only(validateValue(post()).schemas)), ["error text"]);
  // HTML posted without its URL is the same case.
  assert.equal(contentIssues(only(validateHtml(page(post({ url: "https://example.com/post/1" }))).schemas)), ["warning text"]);
});

const question = (answerCount: unknown, extra: Record<string, unknown> = {}) => ({
  "@context": "https://schema.org",
  "@type": "QAPage",
  mainEntity: { "@type": "Question", name: "How do I reset my router?", answerCount, author: { "@type": "Person", name: "Sam Lee", url: "https://example.com/u/sam" }, ...extra },
});

test("a question without answers and answerCount 0 (or \"0\"): valid, not eligible, and says why", () => {
  for (const count of [0, "0"]) {
    const s = only(validateValue(question(count)).schemas);
    assert.equal(contentIssues(s), [], `answerCount ${JSON.stringify(count)}`);
    assert.is(s.valid, true);
    assert.is(s.rich_result_eligible, false);
    assert.match(s.rich_result.reason, /no answers yet/);
  }
  // The twins: a count of 1, or none, with no answers is an error; an answer makes the count-0 question eligible.
  assert.equal(contentIssues(only(validateValue(question(1)).schemas)), ["error mainEntity.acceptedAnswer"]);
  const answered = only(validateValue(question(0, { suggestedAnswer: { "@type": "Answer", text: "Hold the button for 10 s." } })).schemas);
  assert.is(answered.rich_result_eligible, true, answered.rich_result.reason);
});

test.run();
