/**
 * The sitemap reader (fetch/site/sitemap.ts): entries with their lastmod, prefixes, CDATA, entities and
 * comments; lenient with unclosed elements; and linear on the hostile inputs of issue 16 (unclosed <url>,
 * unclosed <!--, unclosed CDATA, a tag without >), which took 10-15 s per 0.3-0.7 MiB with the regular
 * expressions it replaces. The MB/s figure is `npm run bench`'s sitemap row; the bound here is generous.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { MAX_SITEMAP_ENTRIES, parseSitemap, parseSitemapYielding } from "../../../fetch/site/sitemap.ts";

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const cases: Array<[string, string, { kind: string; entries: Array<{ loc: string; lastmod?: string }> }]> = [
  [
    "a urlset with lastmod and entities",
    `<?xml version="1.0"?><urlset ${NS}><url><loc>https://e.com/a?x=1&amp;y=2</loc></url><url><loc> https://e.com/b </loc><lastmod>2026-01-01</lastmod></url></urlset>`,
    { kind: "urlset", entries: [{ loc: "https://e.com/a?x=1&y=2" }, { loc: "https://e.com/b", lastmod: "2026-01-01" }] },
  ],
  [
    "an index with prefixes, CDATA and a commented entry",
    `<sm:sitemapindex xmlns:sm="x"><sm:sitemap><sm:loc><![CDATA[ https://e.com/s1.xml.gz ]]></sm:loc><sm:lastmod>2026-02-03T04:05:06+00:00</sm:lastmod></sm:sitemap><!-- <sitemap><loc>https://e.com/commented</loc></sitemap> --></sm:sitemapindex>`,
    { kind: "index", entries: [{ loc: "https://e.com/s1.xml.gz", lastmod: "2026-02-03T04:05:06+00:00" }] },
  ],
  ["numeric entities", `<urlset><url><loc>https://e.com/&#x63;af&#233;</loc></url></urlset>`, { kind: "urlset", entries: [{ loc: "https://e.com/café" }] }],
  ["upper case and attributes", `<URLSET><URL id="1"><LOC>https://e.com/u</LOC></URL></URLSET>`, { kind: "urlset", entries: [{ loc: "https://e.com/u" }] }],
  ["an unclosed entry keeps what it had", `<urlset><url><loc>https://e.com/1</loc><url><loc>https://e.com/2</loc></urlset>`, { kind: "urlset", entries: [{ loc: "https://e.com/1" }, { loc: "https://e.com/2" }] }],
  ["a loc outside any entry is not an entry", `<urlset><loc>https://e.com/stray</loc></urlset>`, { kind: "urlset", entries: [] }],
  ["an unclosed comment ends the scan", `<urlset><url><loc>https://e.com/1</loc></url><!-- <url><loc>https://e.com/2</loc></url>`, { kind: "urlset", entries: [{ loc: "https://e.com/1" }] }],
  ["not a sitemap", `<html><body>hello</body></html>`, { kind: "unknown", entries: [] }],
];
for (const [label, xml, expected] of cases) {
  test(`sitemap: ${label}`, async () => {
    const parsed = parseSitemap(xml);
    assert.is(parsed.kind, expected.kind);
    assert.equal(parsed.entries, expected.entries);
    assert.equal(parsed.locs, expected.entries.map((e) => e.loc));
    assert.equal(await parseSitemapYielding(xml), parsed, "read in slices, the same sitemap");
  });
}

const MB = 1024 * 1024;
const hostile: Array<[string, string]> = [
  ["unclosed <url>", `<urlset>${"<url>".repeat((10 * MB) / 5)}`],
  ["unclosed <url><loc>", `<urlset>${"<url><loc>x".repeat((10 * MB) / 11)}`],
  ["unclosed <!--", `<urlset>${"<!--".repeat((10 * MB) / 4)}`],
  ["unclosed CDATA", `<urlset><url><loc>${"<![CDATA[".repeat((10 * MB) / 9)}`],
  ["< without >", `<urlset>${"<a".repeat((10 * MB) / 2)}`],
];
for (const [label, xml] of hostile) {
  test(`sitemap: 10 MiB of ${label} parses in well under the old quadratic time`, () => {
    const started = performance.now();
    const parsed = parseSitemap(xml);
    const ms = performance.now() - started;
    assert.is(parsed.kind, "urlset");
    assert.ok(ms < 5_000, `${label}: ${ms.toFixed(0)} ms`);
  });
}

test("sitemap: entries stop at the protocol's 50,000", () => {
  const parsed = parseSitemap(`<urlset>${"<url><loc>x</loc></url>".repeat(MAX_SITEMAP_ENTRIES + 10)}</urlset>`);
  assert.is(parsed.entries.length, MAX_SITEMAP_ENTRIES);
});

// Entries, comments and CDATA of every length, so that slice edges fall inside each construct.
function mixedSitemap(entries: number): string {
  const parts = ["<urlset>"];
  for (let i = 0; i < entries; i++) {
    const pad = "p".repeat((i * 7919) % 3000);
    if (i % 5 === 0) parts.push(`<!-- ${pad} -->`);
    const loc = i % 3 === 0 ? `<![CDATA[https://e.com/${i}?${pad}]]>` : `https://e.com/${i}?a=1&amp;${pad}`;
    parts.push(`<url><loc>${loc}</loc>${i % 2 ? `<lastmod>2026-01-${String((i % 28) + 1).padStart(2, "0")}</lastmod>` : ""}</url>\n`);
  }
  return parts.join("") + "</urlset>";
}

test("sitemap: read in slices with turns for the event loop, the same entries as read in one go", async () => {
  const xml = mixedSitemap(8_000);
  assert.ok(xml.length > 8 * MB, `${xml.length} characters`);
  let turns = 0;
  let reading = true;
  const turn = () => {
    if (!reading) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  const sliced = await parseSitemapYielding(xml);
  reading = false;
  // 256 Ki characters a slice: other work ran between the slices of 8 MiB, not only after them.
  assert.ok(turns >= 16, `${turns} turns of the event loop while reading`);
  const whole = parseSitemap(xml);
  assert.is(whole.entries.length, 8_000);
  assert.equal(sliced, whole);
});

test.run();
