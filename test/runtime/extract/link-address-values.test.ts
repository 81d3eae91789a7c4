/**
 * A Microdata text property written on a link reads the link's address (the Microdata standard), and
 * the search engine then reads a URL where a text belongs: NodeBB's `<a itemprop="name" href>` comment
 * authors were reported invalid by Search Console (NodeBB/NodeBB#12192). A warning, with the line; the
 * twins that put itemprop inside the link, or on a property that takes a URL, say nothing.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml } from "../../../runtime/validate.ts";

const PAGE = "https://forum.example/topic/1";
const topic = (authorName: string, commenterName: string) => `<!doctype html><html lang="en"><head><title>Topic</title></head><body>
<div itemscope itemtype="https://schema.org/DiscussionForumPosting">
<h1 itemprop="headline">How do I reset my router?</h1>
<meta itemprop="datePublished" content="2023-11-28T10:00:00Z">
<div itemprop="author" itemscope itemtype="https://schema.org/Person">${authorName}</div>
<div itemprop="text">My router keeps dropping the connection. How do I reset it?</div>
<div itemprop="comment" itemscope itemtype="https://schema.org/Comment">
<div itemprop="author" itemscope itemtype="https://schema.org/Person">${commenterName}</div>
<meta itemprop="datePublished" content="2023-11-28T11:00:00Z">
<div itemprop="text">Hold the reset button for ten seconds.</div></div>
</div></body></html>`;
const onLink = (user: string) => `<a itemprop="name" href="/user/${user}">${user}</a>`;
const inLink = (user: string) => `<a itemprop="url" href="/user/${user}"><span itemprop="name">${user}</span></a>`;
const linkWarnings = (html: string, options = {}) =>
  validateHtml(html, PAGE, undefined, options).schemas.flatMap((s) => s.warnings.filter((w) => w.code === "wrong-type" && w.message.includes("link")).map((w) => ({ property: w.property, line: w.line })));

test("<a itemprop=\"name\" href> on a post's and a comment's author: the name is the link's address, told with its line", () => {
  assert.equal(linkWarnings(topic(onLink("alice"), onLink("bob"))), [
    { property: "author.name", line: 5 },
    { property: "comment.author.name", line: 8 },
  ]);
});

test("the twin with itemprop inside the link, and a link on url: nothing", () => {
  assert.equal(linkWarnings(topic(inLink("alice"), inLink("bob"))), []);
  const breadcrumb = `<!doctype html><html><body><ol itemscope itemtype="https://schema.org/BreadcrumbList">
<li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a itemprop="item" href="/news"><span itemprop="name">News</span></a><meta itemprop="position" content="1"></li>
<li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a itemprop="item" href="/news/fair"><span itemprop="name">Fair</span></a><meta itemprop="position" content="2"></li></ol></body></html>`;
  assert.equal(linkWarnings(breadcrumb), []);
});

test("a breadcrumb's name on the link itself warns; an <img itemprop=\"image\"> does not", () => {
  const crumbs = `<!doctype html><html><body><ol itemscope itemtype="https://schema.org/BreadcrumbList">
<li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a itemprop="item name" href="/news">News</a><meta itemprop="position" content="1"></li>
<li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a itemprop="item name" href="/news/fair">Fair</a><meta itemprop="position" content="2"></li></ol>
<div itemscope itemtype="https://schema.org/Person"><img itemprop="image" src="/a.png" alt=""><span itemprop="name">Ada</span></div></body></html>`;
  assert.equal(linkWarnings(crumbs).map((w) => w.property), ["itemListElement.name", "itemListElement.name"]);
});

test("an override switches the warning off like any other", () => {
  assert.equal(linkWarnings(topic(onLink("alice"), onLink("bob")), { overrides: [{ code: "wrong-type", property: "author.name", severity: "off" }] }).map((w) => w.property), ["comment.author.name"]);
});

test.run();
