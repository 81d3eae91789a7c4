/**
 * A forum post whose image is its publisher's logo or its author's picture (Flarum SEO gives the
 * forum's logo to every post without images): the discussion forum page says "don't include default,
 * icon, placeholder, or author images in this field". A warning; the post stays valid. Its twin with
 * an image of the post's own has nothing of it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const LOGO = "https://forum.example.org/assets/logo.png";
const post = (image: unknown) => ({
  "@context": "https://schema.org",
  "@type": "DiscussionForumPosting",
  headline: "Router keeps dropping",
  text: "My router drops the connection every hour.",
  image,
  url: "https://forum.example.org/d/123",
  datePublished: "2025-03-04T09:12:44+00:00",
  author: { "@type": "Person", name: "Jan", url: "https://forum.example.org/u/jan", image: "https://forum.example.org/avatars/jan.png" },
  publisher: { "@type": "Organization", name: "Home Network Forum", logo: { "@type": "ImageObject", url: LOGO } },
});

const found = (image: unknown) => {
  const [node] = validateValue(post(image)).schemas;
  return { node, issues: [...node.errors, ...node.warnings].filter((i) => i.code === "identical-values") };
};

test("the publisher's logo as the post's image: an identical-values warning on image, the post valid", () => {
  const { node, issues } = found(LOGO);
  assert.equal(issues.map((i) => `${i.severity} ${i.property}`), ["warning image"]);
  assert.match(issues[0].message, /logo/);
  assert.ok(node.valid);
});

test("the author's picture as the post's image (in a list, as an ImageObject): the same warning", () => {
  const { issues } = found([{ "@type": "ImageObject", url: "https://forum.example.org/avatars/jan.png" }]);
  assert.equal(issues.map((i) => i.property), ["image"]);
  assert.match(issues[0].message, /author's picture/);
});

test("an image of the post's own: nothing", () => {
  assert.equal(found("https://forum.example.org/uploads/router-lights.jpg").issues, []);
});

test.run();
