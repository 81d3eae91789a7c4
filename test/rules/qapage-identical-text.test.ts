/**
 * A question whose text is its name again: the Rich Results Test's and Search Console's "Identical
 * property values given, but unique values are required (optional)" (ahmedkaludi/schema-and-structured-data-for-wp#1871,
 * FriendsOfFlarum/seo#174). A warning; the page stays valid and eligible. Its twin with the long form
 * in text has nothing of it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const page = (text: string) => ({
  "@context": "https://schema.org",
  "@type": "QAPage",
  mainEntity: {
    "@type": "Question",
    name: "How do I reset my password?",
    text,
    answerCount: 1,
    datePublished: "2026-06-01T10:00:00+00:00",
    author: { "@type": "Person", name: "alice", url: "https://forum.example.com/u/alice" },
    acceptedAnswer: { "@type": "Answer", text: "Use the forgot password link on the login page.", url: "https://forum.example.com/d/1#a2", author: { "@type": "Person", name: "bob", url: "https://forum.example.com/u/bob" } },
  },
});

const identical = (text: string) => {
  const [node] = validateValue(page(text)).schemas;
  return { node, found: [...node.errors, ...node.warnings].filter((i) => i.code === "identical-values") };
};

test("text equal to the name (white space aside): one identical-values warning on mainEntity.text, still valid and eligible", () => {
  const { node, found } = identical("  How do I reset my password? ");
  assert.equal(found.map((i) => `${i.severity} ${i.property}`), ["warning mainEntity.text"]);
  assert.ok(node.valid);
  assert.ok(node.rich_result_eligible);
});

test("the long form in text: nothing", () => {
  assert.equal(identical("I forgot my password and the reset mail never arrives. How do I reset it?").found, []);
});

test.run();
