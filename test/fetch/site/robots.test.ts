/**
 * robots.txt rules at a bounded cost (fetch/site/robots.ts): the same verdicts as robots-parser on
 * ordinary files; runs of `*` read as one; a file whose wildcards would make a check cost more than
 * its budget keeps the URL out instead of running the matcher, and says that it did.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createRequire } from "node:module";
import { robotsRules } from "../../../fetch/site/robots.ts";

const parse = createRequire(import.meta.url)("robots-parser") as (url: string, text: string) => { isAllowed(url: string, ua?: string): boolean | undefined };
const ROBOTS = "https://shop.example/robots.txt";

const ORDINARY = `User-agent: *
Disallow: /cart
Disallow: /*?sort=
Disallow: /*.pdf$
Allow: /cart/help
User-agent: sdv
Disallow: /private/
Allow: /private/press*
Crawl-delay: 2
Sitemap: https://shop.example/sitemap.xml
`;

const URLS = [
  "https://shop.example/",
  "https://shop.example/cart",
  "https://shop.example/cart/help",
  "https://shop.example/shoes?sort=price",
  "https://shop.example/manual.pdf",
  "https://shop.example/manual.pdf?x=1",
  "https://shop.example/private/a",
  "https://shop.example/private/press-kit",
  "https://other.example/private/a",
];

test("ordinary files: the verdicts, crawl delay and sitemaps of robots-parser, for each agent", () => {
  const ours = robotsRules(ROBOTS, ORDINARY);
  const theirs = parse(ROBOTS, ORDINARY);
  for (const ua of ["sdv", "Googlebot"]) for (const url of URLS) assert.is(ours.isAllowed(url, ua), theirs.isAllowed(url, ua) !== false, `${ua} ${url}`);
  assert.is(ours.getCrawlDelay("sdv"), 2);
  assert.equal(ours.getSitemaps(), ["https://shop.example/sitemap.xml"]);
  // Sanity of the comparison itself: sdv is kept out of /private/ but not out of /cart.
  assert.is(ours.isAllowed("https://shop.example/private/a", "sdv"), false);
  assert.is(ours.isAllowed("https://shop.example/cart", "sdv"), true);
});

test("a run of * is one *: the same verdicts as the rule written with one", () => {
  const many = robotsRules(ROBOTS, "User-agent: *\nDisallow: /****secret***$\n");
  const one = parse(ROBOTS, "User-agent: *\nDisallow: /*secret*$\n");
  for (const url of ["https://shop.example/a/secret", "https://shop.example/secretly", "https://shop.example/public", "https://shop.example/x/top-secret/y"]) {
    assert.is(many.isAllowed(url, "sdv"), one.isAllowed(url, "sdv") !== false, url);
  }
  // 480,000 stars (a 470 KiB file) are one: a 2,000-character URL is checked, and allowed as the one-star rule says.
  const hostile = robotsRules(ROBOTS, `User-agent: *\nDisallow: /${"*".repeat(480_000)}b\n`);
  assert.is(hostile.isAllowed(`https://shop.example/${"a".repeat(2000)}`, "sdv"), true);
  assert.is(hostile.isAllowed(`https://shop.example/${"a".repeat(2000)}b`, "sdv"), false);
});

test("wildcards that would make a check cost more than its budget: the URL counts as disallowed; short URLs and files with few wildcards are checked", () => {
  // 200,000 wildcards between letters: every check would cost seconds.
  const hostile = robotsRules(ROBOTS, `User-agent: *\nDisallow: /${"*a".repeat(200_000)}\n`);
  assert.is(hostile.isAllowed(`https://shop.example/${"b".repeat(100)}`, "sdv"), false, "over the budget of one check");
  // ... and says why: sdv's limit, not the site's rules (the URL matches no rule of the file).
  assert.is(hostile.refusal(`https://shop.example/${"b".repeat(100)}`, "sdv"), "robots.txt too costly to match (kept out)");
  // 1,000 wildcards: a 200-character URL is within a check's budget and gets the matcher's verdict.
  const moderate = robotsRules(ROBOTS, `User-agent: *\nDisallow: /${"*a".repeat(1000)}\n`);
  assert.is(moderate.isAllowed(`https://shop.example/${"b".repeat(180)}`, "sdv"), true);
  // Until the crawl's checks have spent their budget in all: then every URL is kept out.
  let checked = 0;
  while (moderate.isAllowed(`https://shop.example/${"b".repeat(180)}?${checked}`, "sdv") && checked < 1_000_000) checked++;
  assert.ok(checked > 1000 && checked < 10_000, `${checked} checks before the budget ran out`);
  assert.is(moderate.refusal(`https://shop.example/${"b".repeat(180)}?next`, "sdv"), "robots.txt too costly to match (kept out)");
  // Asterisks outside the rules (a banner in comments, User-agent: *) cost the matcher nothing: no budget spent.
  const banner = robotsRules(ROBOTS, `${"# * * * * * * * * * * * * * * * * * * * * sdv * * * * *\n".repeat(200)}User-agent: *\nDisallow: /private # no *\n`);
  for (let i = 0; i < 20_000; i++) assert.ok(banner.isAllowed(`https://shop.example/p/${"x".repeat(200)}/${i}`, "sdv"));
  assert.is(banner.isAllowed("https://shop.example/private/1", "sdv"), false);
  assert.is(banner.refusal("https://shop.example/private/1", "sdv"), "disallowed by robots.txt");
  assert.is(banner.refusal("https://shop.example/public/1", "sdv"), null);
  // A file without wildcards has no budget to run out of.
  const plain = robotsRules(ROBOTS, "User-agent: *\nDisallow: /private\n");
  for (let i = 0; i < 20_000; i++) assert.ok(plain.isAllowed(`https://shop.example/p/${i}`, "sdv"));
});

test.run();
