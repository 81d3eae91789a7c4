/**
 * A rule set's enhancements (rules-src `enhancements`): what optional markup inside one breaks is a
 * warning naming the enhancement, and the node stays valid and eligible. A forum post's comments are
 * one: Search Console reports a comment's missing date as non-critical beside a post's own errors.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";
import { ruleSetFor } from "../../generated/index.ts";

const post = (comment: unknown) => ({
  "@context": "https://schema.org",
  "@type": "DiscussionForumPosting",
  headline: "I went to the concert!",
  url: "https://example.com/post/very-popular-thread",
  text: "Look at how cool this concert was!",
  author: { "@type": "Person", name: "Katie Pope", url: "https://example.com/user/katie-pope" },
  datePublished: "2024-03-01T08:34:34+02:00",
  comment,
});
const complete = { "@type": "Comment", text: "Who is that?", author: { "@type": "Person", name: "Saul Douglas", url: "https://example.com/user/saul" }, datePublished: "2024-03-01T09:46:02+02:00" };
const forum = (comment: unknown) => validateValue(post(comment)).schemas.find((s) => s.type === "DiscussionForumPosting")!;

test("the compiled rule set carries its enhancements", () => {
  assert.equal(ruleSetFor.get("DiscussionForumPosting")!.enhancements, [{ property: "comment", name: "comment thread" }]);
});

test("a comment without its date: a warning naming the comment thread; the post valid and eligible", () => {
  const { datePublished: _date, ...undated } = complete;
  const s = forum(undated);
  assert.equal(s.errors, []);
  assert.ok(s.valid);
  assert.ok(s.rich_result_eligible, s.rich_result.reason);
  const w = s.warnings.find((i) => i.property === "comment.datePublished")!;
  assert.is(w.code, "feature-requirement");
  assert.match(w.message, /Only the comment thread needs it: the DiscussionForumPosting stays valid without it\./);
});

test("a comment's broken date and missing content are warnings too, at the reply level as well", () => {
  const s = forum([{ ...complete, datePublished: "today" }, { ...complete, text: undefined, comment: { ...complete, author: "someone" } }]);
  assert.equal(s.errors, []);
  const named = new Set(s.warnings.filter((i) => i.code === "feature-requirement").map((i) => i.property));
  for (const p of ["comment.datePublished", "comment.text", "comment.comment.author"]) assert.ok(named.has(p), p);
});

test("the clean twin has no such warning, and the post's own requirements stay errors", () => {
  assert.not.ok(forum(complete).warnings.some((i) => i.code === "feature-requirement"));
  const { datePublished: _date, ...rest } = post(complete);
  const s = validateValue(rest).schemas.find((x) => x.type === "DiscussionForumPosting")!;
  assert.not.ok(s.valid);
  assert.ok(s.errors.some((i) => i.code === "missing-required" && i.property === "datePublished"));
});

test("a severity override still applies to the demoted code", () => {
  const { datePublished: _date, ...undated } = complete;
  const s = validateValue(post(undated), ruleSetFor, { overrides: [{ code: "feature-requirement", severity: "error" }] }).schemas.find((x) => x.type === "DiscussionForumPosting")!;
  assert.ok(s.errors.some((i) => i.property === "comment.datePublished"));
});

test.run();
