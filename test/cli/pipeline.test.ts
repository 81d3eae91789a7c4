/**
 * sdv in a site's pipeline, as a user runs it (issue 18): pages without structured data, the config
 * file (rules, ignore with until, expect), --profile, --baseline, `sdv diff`, the step summary, CSV,
 * SARIF's tool version, did-you-mean. Each test builds its own small site in a temporary folder.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { sdv } from "./sdv-process.ts";

const ld = (value: unknown) => `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(value)}</script></head><body>page</body></html>`;
const offer = { "@type": "Offer", price: "25.00", priceCurrency: "USD", availability: "https://schema.org/InStock" };
const product = (extra: Record<string, unknown> = {}) => ({ "@context": "https://schema.org", "@type": "Product", "@id": "https://shop.example/kettle#product", name: "Kettle", image: "https://shop.example/k.jpg", offers: offer, ...extra });
const place = { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Town", postalCode: "1000", addressRegion: "RG", addressCountry: "US" } };
const allDayEvent = { "@context": "https://schema.org", "@type": "Event", name: "Fair", startDate: "2026-07-21", location: place };
const ABOUT = "<!doctype html><html><body><h1>About us</h1></body></html>";

function site(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "sdv-pipeline-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

test("a folder with an about page exits 0 and lists it as no structured data; --require-markup makes it 2; named alone it stays 2", async () => {
  const cwd = site({ "public/about.html": ABOUT, "public/kettle.html": ld(product()) });
  const r = await sdv(["validate", "public"], { cwd });
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /public\/about\.html: no structured data/);
  assert.match(r.stdout, /; 1 without structured data\n$/);
  const json = await sdv(["validate", "public", "--format", "json"], { cwd });
  assert.is(json.code, 0);
  const report = JSON.parse(json.stdout);
  assert.is(report.summary.no_structured_data, 1);
  // As the text report counts it: no failure, so the report's success holds and nothing is "not validated".
  assert.is(report.summary.not_validated, 0);
  assert.is(report.success, true);
  const broken = await sdv(["validate", "public", "missing.html", "--format", "json"], { cwd });
  assert.is(JSON.parse(broken.stdout).success, false, "an input that cannot be read is a failure");
  assert.is((await sdv(["validate", "public", "--require-markup"], { cwd })).code, 2);
  const alone = await sdv(["validate", "public/about.html"], { cwd });
  assert.is(alone.code, 2);
  assert.match(alone.stdout, /^public\/about\.html: no structured data: The page holds no structured data/m, "the message does not repeat the path");
});

test("a config that downgrades a code: the all-day event passes, and the report says why", async () => {
  const cwd = site({
    "sdv.config.json": JSON.stringify({ profile: "spec", rules: [{ type: "Event", code: "invalid-format", property: "startDate", severity: "warning" }] }),
    "public/fair.html": ld(allDayEvent),
  });
  const without = await sdv(["validate", "public", "--config", "/dev/null/none.json"], { cwd });
  assert.is(without.code, 2, "a config file that cannot be read is exit 2");
  assert.match(without.stderr, /cannot read the config file/);
  const r = await sdv(["validate", "public/fair.html", "--format", "json"], { cwd });
  assert.is(r.code, 0, r.stderr);
  const body = JSON.parse(r.stdout).results[0];
  assert.is(body.summary.total_errors, 0);
  assert.is(body.schemas[0].rich_result_eligible, true);
  assert.match(body.schemas[0].warnings.find((w: { property: string }) => w.property === "startDate").message, /by the project's rules/);
  // Found from a subfolder too (upwards), and as package.json's "sdv" key.
  const nested = await sdv(["validate", "../public/fair.html"], { cwd: join(cwd, "public") });
  assert.is(nested.code, 0, nested.stdout);
  const pkg = site({ "package.json": JSON.stringify({ name: "s", sdv: { profile: "spec" } }), "fair.html": ld(allDayEvent) });
  assert.is((await sdv(["validate", "fair.html"], { cwd: pkg })).code, 1);
  assert.is((await sdv(["validate", "fair.html", "--profile", "google"], { cwd: pkg })).code, 0, "the flag wins over the config");
});

test("an invalid config names the key that is wrong", async () => {
  const cwd = site({ ".sdvrc.json": JSON.stringify({ failOn: "errors", rules: [{ code: "x", severity: "info" }], ignore: [{ files: "a", urls: "b", reason: "r" }], expect: { "x/**": ["Product[merchant listing]"] }, colour: true }) });
  const r = await sdv(["validate", "x.html"], { cwd });
  assert.is(r.code, 2);
  assert.match(r.stderr, /failOn must be one of "error", "warning", "never"/);
  assert.match(r.stderr, /rules\[0\]\.severity must be one of "off", "warning", "error"/);
  assert.match(r.stderr, /ignore\[0\]: give files or urls, not both/);
  assert.match(r.stderr, /expect\.x\/\*\*\[0\] must be a type/);
  assert.match(r.stderr, /unknown key "colour"/);
});

test("an ignore hides its issue until its date; past it, sdv warns that it expired and the issue counts again", async () => {
  const entry = { files: "public/**", type: "Event", property: "startDate", reason: "all-day events, ticket SD-12" };
  const live = site({ "sdv.config.json": JSON.stringify({ profile: "spec", ignore: [{ ...entry, until: "2999-12-31" }] }), "public/fair.html": ld(allDayEvent) });
  const r = await sdv(["validate", "public"], { cwd: live });
  assert.is(r.code, 0, r.stdout);
  assert.not.match(r.stdout, /startDate: "startDate" is invalid/);
  const old = site({ "sdv.config.json": JSON.stringify({ profile: "spec", ignore: [{ ...entry, until: "2020-01-31" }] }), "public/fair.html": ld(allDayEvent) });
  const expired = await sdv(["validate", "public"], { cwd: old });
  assert.is(expired.code, 1);
  assert.match(expired.stderr, /ignore\[0\] \(public\/\*\* Event startDate: "all-day events, ticket SD-12"\) expired on 2020-01-31; it no longer applies/);
  // Another folder: the glob does not match, the issue counts.
  const other = site({ "sdv.config.json": JSON.stringify({ profile: "spec", ignore: [{ ...entry, files: "drafts/**" }] }), "public/fair.html": ld(allDayEvent) });
  assert.is((await sdv(["validate", "public"], { cwd: other })).code, 1);
});

test("an expectation that fails: the product template lost its offer (merchant listing) and the about page has no Product", async () => {
  const cwd = site({
    "sdv.config.json": JSON.stringify({ expect: { "public/products/**": ["Product[merchant-listing]"] } }),
    "public/products/kettle.html": ld(product()),
    "public/products/mug.html": ld(product({ "@id": "https://shop.example/mug#product", offers: undefined, aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 3 } })),
    "public/about.html": ABOUT,
  });
  const r = await sdv(["validate", "public"], { cwd });
  assert.is(r.code, 1, r.stdout);
  assert.match(r.stdout, /expected Product\[merchant-listing\] \(.*sdv\.config\.json expect "public\/products\/\*\*"\): Product is not eligible for Merchant listing/);
  assert.match(r.stdout, /\[expectation-not-met\]/);
  assert.match(r.stdout, /1 expectation\(s\) not met/);
  const flag = await sdv(["validate", "public", "--expect", "public/about.html=Organization", "--format", "json"], { cwd });
  assert.is(flag.code, 1);
  const about = JSON.parse(flag.stdout).results.find((x: { source: string }) => x.source === "public/about.html");
  assert.match(about.findings[0].message, /expected Organization \(--expect "public\/about\.html"\): the page has no structured data/);
  const bad = await sdv(["validate", "public", "--expect", "Product"], { cwd });
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--expect takes GLOB=TYPE/);
});

test("a baseline hides old issues and catches a new one (matched by node and property, not line)", async () => {
  const broken = product({ name: undefined });
  const cwd = site({ "public/a.html": ld(broken), "public/b.html": ld(product({ "@id": "https://shop.example/b#product" })) });
  const first = await sdv(["validate", "public", "--format", "json", "--output", "baseline.json"], { cwd });
  assert.is(first.code, 1, first.stderr);
  // The old error moves down the page (a new line above it); a new error appears on b.
  writeFileSync(join(cwd, "public/a.html"), `<!-- a banner -->\n\n${ld(broken)}`);
  writeFileSync(join(cwd, "public/b.html"), ld(product({ "@id": "https://shop.example/b#product", name: undefined })));
  const r = await sdv(["validate", "public", "--baseline", "baseline.json"], { cwd });
  assert.is(r.code, 1, r.stdout);
  assert.match(r.stdout, /sdv: exit 1: 1 new error not in the baseline in 1 of 2 inputs/);
  assert.match(r.stdout, /baseline baseline\.json: 1 new error\(s\), 0 new warning\(s\), 0 error\(s\) fixed/);
  assert.match(r.stdout, /public\/b\.html: Product error name/);
  assert.match(r.stdout, /name: .*\(in the baseline\)/);
  // With b fixed again, only the known issue remains: exit 0.
  writeFileSync(join(cwd, "public/b.html"), ld(product({ "@id": "https://shop.example/b#product" })));
  const again = await sdv(["validate", "public", "--baseline", "baseline.json", "--format", "json"], { cwd });
  assert.is(again.code, 0, again.stderr);
  const report = JSON.parse(again.stdout);
  assert.is(report.baseline.new.length, 0);
  assert.match(again.stderr, /no new errors/);
});

test("sdv diff reports a lost merchant listing per feature and exits 1; --format markdown and json; --fail-on never", async () => {
  const cwd = site({ "public/kettle.html": ld(product()), "public/mug.html": ld(product({ "@id": "https://shop.example/mug#product" })) });
  await sdv(["validate", "public", "--format", "json", "--output", "old.json"], { cwd });
  writeFileSync(join(cwd, "public/mug.html"), ld(product({ "@id": "https://shop.example/mug#product", offers: undefined, aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 3 } })));
  await sdv(["validate", "public", "--format", "json", "--output", "new.json"], { cwd });
  const r = await sdv(["diff", "old.json", "new.json"], { cwd });
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /merchant-listing: \+0 \/ -1\n {4}lost: public\/mug\.html/);
  assert.match(r.stdout, /sdv: exit 1: eligibility lost: merchant-listing on 1 page\(s\)/);
  const json = await sdv(["diff", "old.json", "new.json", "--format", "json"], { cwd });
  const diff = JSON.parse(json.stdout);
  assert.equal(diff.features.find((f: { feature: string }) => f.feature === "merchant-listing").lost, ["public/mug.html"]);
  assert.is(diff.regressed, true);
  const md = await sdv(["diff", "old.json", "new.json", "--format", "markdown"], { cwd });
  assert.match(md.stdout, /\| `merchant-listing` \| 0 \| \*\*1\*\* \|/);
  assert.is((await sdv(["diff", "old.json", "new.json", "--fail-on", "never"], { cwd })).code, 0);
  assert.is((await sdv(["diff", "new.json", "old.json"], { cwd })).code, 0, "the other way round it is a gain");
  assert.is((await sdv(["diff", "old.json", "missing.json"], { cwd })).code, 2);
});

test("GITHUB_STEP_SUMMARY: a Markdown summary is appended (verdict, counts, features, top issues, the baseline's diff)", async () => {
  const cwd = site({ "sdv.config.json": JSON.stringify({ profile: "spec" }), "public/kettle.html": ld(product()), "public/about.html": ABOUT, "public/fair.html": ld(allDayEvent) });
  const summary = join(cwd, "summary.md");
  writeFileSync(summary, "earlier step\n");
  await sdv(["validate", "public", "--format", "json", "--output", "base.json"], { cwd });
  const r = await sdv(["validate", "public", "--baseline", "base.json", "--format", "github"], { cwd, env: { GITHUB_STEP_SUMMARY: summary } });
  assert.is(r.code, 0, r.stderr);
  assert.not.match(r.stdout, /::error/, "known issues are not annotated again");
  const md = readFileSync(summary, "utf8");
  assert.ok(md.startsWith("earlier step\n## ✅ sdv validate: passed (exit 0)"), md.slice(0, 200));
  assert.match(md, /\| 3 \| 2 \| 1 \| 0 \| 1 \| \d+ \| 0 \|/);
  assert.match(md, /\| `merchant-listing` \| 1 \|/);
  assert.match(md, /### Against the baseline/);
  assert.match(md, /1 page\(s\) without structured data/);
  const fresh = await sdv(["validate", "public"], { cwd, env: { GITHUB_STEP_SUMMARY: summary } });
  assert.is(fresh.code, 1);
  assert.match(readFileSync(summary, "utf8"), /## ❌ sdv validate: failed \(exit 1\)[\s\S]*\| error \| `Event` \| `startDate` \| `invalid-format` \| 1 \|/);
});

test("--format csv: a row per issue and a row per input without one; SARIF names the tool's version", async () => {
  const cwd = site({ "public/kettle.html": ld(product()), "public/about.html": ABOUT, "public/fair.html": ld(allDayEvent) });
  const r = await sdv(["validate", "public", "--format", "csv", "--profile", "spec"], { cwd });
  const lines = r.stdout.trim().split("\r\n");
  assert.is(lines[0], "source,status,score,type,severity,code,property,line,column,message,new,profile");
  assert.ok(lines.some((l) => l.startsWith("public/about.html,no structured data,")));
  assert.ok(lines.some((l) => /^public\/fair\.html,errors,\d+,Event,error,invalid-format,startDate,\d+,\d+,.*,spec$/.test(l)));
  assert.match(r.stderr, /sdv: exit 1/);
  const sarif = JSON.parse((await sdv(["validate", "public", "--format", "sarif"], { cwd })).stdout);
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
  assert.is(sarif.runs[0].tool.driver.version, pkg.version);
  assert.is(sarif.runs[0].invocations[0].executionSuccessful, true, "a page without structured data is a note, not a failure");
});

test("the google profile (the default) reads JSON-LD comments with a warning; an unknown command gets a did-you-mean", async () => {
  const cwd = site({ "org.html": `<script type="application/ld+json">{\n  // the shop\n  "@context": "https://schema.org", "@type": "Organization", "name": "Shop", "url": "https://shop.example/"\n}</script>` });
  assert.is((await sdv(["validate", "org.html", "--profile", "spec"], { cwd })).code, 1);
  const google = await sdv(["validate", "org.html"], { cwd });
  assert.is(google.code, 0, google.stdout);
  assert.match(google.stdout, /1 comment\(s\)/);
  const typo = await sdv(["valdate", "x"]);
  assert.is(typo.code, 2);
  assert.match(typo.stderr, /unknown command "valdate"; did you mean "sdv validate"\?/);
});

test.run();
