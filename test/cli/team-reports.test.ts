/**
 * Reports a team reads (issue 24): --quiet, an issue repeated on many inputs listed once, one count of
 * errors in every report with unmet expectations apart, --baseline and `sdv diff` counting alike, one
 * JSON shape for one input and for many. Each test builds its own small site in a temporary folder.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { sdv } from "./sdv-process.ts";

/** A page with one block; its body shows a product's name and price, as a real product page does (else not-visible warnings). */
const ld = (value: Record<string, unknown>) =>
  `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(value)}</script></head><body><h1>${String(value.name ?? "page")}</h1><p>$25.00</p></body></html>`;
/** A breadcrumb whose first crumb has no item (its URL): one error (missing-required), the same on every page that carries it. */
const crumb = (i: number) => ({ "@context": "https://schema.org", "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: 1, name: `Section ${i}` }, { "@type": "ListItem", position: 2, name: `Page ${i}` }] });
const offer = { "@type": "Offer", price: "25.00", priceCurrency: "USD", availability: "https://schema.org/InStock" };
/** A product whose only findings are recommendations (warnings). */
const product = (i: number, extra: Record<string, unknown> = {}) => ({ "@context": "https://schema.org", "@type": "Product", "@id": `https://shop.example/${i}#product`, name: `Kettle ${i}`, image: "https://shop.example/k.jpg", offers: offer, ...extra });

function site(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "sdv-team-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
const pages = (n: number, page: (i: number) => string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`public/p${String(i).padStart(2, "0")}.html`, page(i)]));
const exitLine = (r: { stdout: string; stderr: string }) => /sdv: (exit \d: .*)$/m.exec(r.stdout + r.stderr)![1];

test("20 pages with the same issues: each issue listed once, naming how many inputs and the first few; a few dozen lines, not hundreds", async () => {
  const cwd = site(pages(20, (i) => ld(product(i))));
  const r = await sdv(["validate", "public"], { cwd });
  assert.is(r.code, 0, r.stdout + r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  assert.ok(lines.length <= 64, `${lines.length} lines:\n${r.stdout}`);
  assert.match(r.stdout, /Found on many inputs/);
  assert.match(r.stdout, /warning +Product aggregateRating: .*\[missing-recommended\]\n +on 20 inputs: public\/p00\.html, public\/p01\.html, public\/p02\.html and 17 more/);
  assert.is(r.stdout.split("aggregateRating:").length - 1, 1, "the warning is printed once");
  // Every input is still named, with its verdict and score.
  for (let i = 0; i < 20; i++) assert.match(r.stdout, new RegExp(`public/p${String(i).padStart(2, "0")}\\.html: Product valid, score \\d+/100`));
});

test("Many alike pages: 20 named, the rest counted, each issue once", async () => {
  const cwd = site(pages(60, (i) => ld(product(i))));
  const r = await sdv(["validate", "public"], { cwd });
  const lines = r.stdout.trimEnd().split("\n");
  assert.ok(lines.length <= 70, `${lines.length} lines: as many as for 20 pages, plus the line that counts the rest`);
  assert.match(r.stdout, /\.\.\. and 40 more inputs whose only issues are found on many inputs/);
  assert.match(r.stdout, /on 60 inputs: public\/p00\.html, public\/p01\.html, public\/p02\.html and 57 more/);
  assert.match(r.stdout, /^60 inputs: 60 validated/m);
});

test("an issue on fewer inputs stays under its input, beside the repeated ones", async () => {
  const cwd = site({ ...pages(4, (i) => ld(product(i))), "public/odd.html": ld(product(9, { name: undefined })) });
  const r = await sdv(["validate", "public"], { cwd });
  assert.match(r.stdout, /public\/odd\.html: 1 schema\(s\)[\s\S]*error +name: [^\n]*\[missing-required\]/);
  assert.match(r.stdout, /\+ \d+ issue\(s\) found on many inputs \(listed once below\)/);
  assert.match(r.stdout, /on 5 inputs/);
});

test("--quiet: one line per error, file:line:col code property message, then the exit line", async () => {
  const cwd = site({ ...pages(3, (i) => ld(crumb(i))), "public/ok.html": ld(product(1)) });
  const r = await sdv(["validate", "public", "--quiet"], { cwd });
  assert.is(r.code, 1);
  const lines = r.stdout.trimEnd().split("\n");
  assert.is(lines.length, 4, r.stdout);
  for (let i = 0; i < 3; i++) assert.match(lines[i], new RegExp(`^public/p0${i}\\.html:1:\\d+ missing-required itemListElement\\.item `));
  assert.is(lines[3], "sdv: exit 1: 3 errors in 3 of 4 inputs (--fail-on error)");
  const warnings = await sdv(["validate", "public", "-q", "--fail-on", "warning"], { cwd });
  assert.match(warnings.stdout, /^public\/ok\.html:1:\d+ missing-recommended aggregateRating /m, "warnings too when they fail the run");
  const json = await sdv(["validate", "public", "--quiet", "--format", "json"], { cwd });
  assert.is(json.code, 2, "--quiet is a text report's");
  // A page without structured data: no line in a folder (it decides nothing), its line where it fails the run.
  writeFileSync(join(cwd, "public", "about.html"), "<!doctype html><html><body><p>About us</p></body></html>");
  assert.not.match((await sdv(["validate", "public", "-q"], { cwd })).stdout, /about\.html/);
  const required = await sdv(["validate", "public", "-q", "--require-markup"], { cwd });
  assert.is(required.code, 2);
  assert.match(required.stdout, /^public\/about\.html: no_jsonld_found /m);
  const alone = await sdv(["validate", "public/about.html", "-q"], { cwd });
  assert.match(alone.stdout, /^public\/about\.html: no_jsonld_found /m);
});

test("one count of errors: the totals, the exit line, JSON, the step summary; unmet expectations counted apart", async () => {
  const cwd = site(pages(3, (i) => ld(crumb(i))));
  const summaryFile = join(cwd, "summary.md");
  writeFileSync(summaryFile, "");
  const r = await sdv(["validate", "public", "--expect", "public/**=Recipe"], { cwd, env: { GITHUB_STEP_SUMMARY: summaryFile } });
  assert.is(r.code, 1);
  assert.match(r.stdout, /; 3 error\(s\), 0 warning\(s\), 3 expectation\(s\) not met\n/);
  assert.is(exitLine(r), "exit 1: 3 errors in 3 of 3 inputs, 3 expectations not met (--fail-on error)");
  const json = JSON.parse((await sdv(["validate", "public", "--expect", "public/**=Recipe", "--json"], { cwd })).stdout);
  assert.is(json.summary.total_errors, 3);
  assert.is(json.summary.expectations_not_met, 3);
  assert.match(json.exit.reason, /^exit 1: 3 errors in 3 of 3 inputs, 3 expectations not met/);
  assert.match(readFileSync(summaryFile, "utf8"), /\| 3 \| 3 \| 0 \| 0 \| 3 \| 0 \| 3 \|/);
  // Expectations alone: said as such, not as errors.
  const good = site(pages(2, (i) => ld(product(i))));
  const only = await sdv(["validate", "public", "--expect", "public/**=Recipe"], { cwd: good });
  assert.is(exitLine(only), "exit 1: 2 expectations not met in 2 of 2 inputs (--fail-on error)");
});

test("--baseline and sdv diff count new errors alike: per page, type, code and property; a warning is never a new error; an added page's errors are new", async () => {
  const cwd = site({ "public/a.html": ld(product(1)), "public/b.html": ld(product(2)) });
  assert.is((await sdv(["validate", "public", "--json", "--output", "old.json"], { cwd })).code, 0);
  // a.html: a new warning only (the product loses its image: recommended); b.html: two products with the same error.
  writeFileSync(join(cwd, "public/a.html"), ld(product(1, { image: undefined })));
  const twoBroken = { "@context": "https://schema.org", "@graph": [product(3, { name: undefined, "@context": undefined }), product(4, { name: undefined, "@context": undefined })] };
  writeFileSync(join(cwd, "public/b.html"), ld(twoBroken));
  writeFileSync(join(cwd, "public/c.html"), ld(crumb(1)));
  const withBaseline = await sdv(["validate", "public", "--baseline", "old.json"], { cwd });
  await sdv(["validate", "public", "--json", "--output", "new.json"], { cwd });
  const diff = await sdv(["diff", "old.json", "new.json", "--format", "json"], { cwd });
  const totals = JSON.parse(diff.stdout).totals;
  const newErrors = Number(/exit 1: (\d+) new errors? not in the baseline/.exec(exitLine(withBaseline))?.[1]);
  assert.is(newErrors, totals.new_errors, `${exitLine(withBaseline)} / sdv diff: ${JSON.stringify(totals)}`);
  assert.ok(totals.new_errors >= 2, "b.html's products and c.html's breadcrumb");
  assert.match(withBaseline.stdout, new RegExp(`baseline old\\.json: ${totals.new_errors} new error\\(s\\), \\d+ new warning\\(s\\), ${totals.fixed_errors} error\\(s\\) fixed`));
  assert.match(exitLine(diff), new RegExp(`${totals.new_errors} new error`));

  // A baseline whose only change is a new warning: no new error anywhere.
  const warnOnly = site({ "public/a.html": ld(product(1)) });
  await sdv(["validate", "public", "--json", "--output", "old.json"], { cwd: warnOnly });
  writeFileSync(join(warnOnly, "public/a.html"), ld(product(1, { image: undefined })));
  const quiet = await sdv(["validate", "public", "--baseline", "old.json"], { cwd: warnOnly });
  assert.is(quiet.code, 0, quiet.stdout);
  assert.match(exitLine(quiet), /^exit 0: no new errors/);
  assert.match(quiet.stdout, /baseline old\.json: 0 new error\(s\), [1-9]\d* new warning\(s\)/);
});

test("--format json: the same report shape for one input and for many; an old single-input report still reads as a baseline", async () => {
  const cwd = site({ "public/a.html": ld(product(1)), "public/b.html": ld(crumb(1)) });
  const one = JSON.parse((await sdv(["validate", "public/a.html", "--json"], { cwd })).stdout);
  const many = JSON.parse((await sdv(["validate", "public", "--json"], { cwd })).stdout);
  const shape = (r: Record<string, unknown>) => Object.keys(r).sort();
  assert.equal(shape(one), shape(many));
  for (const key of ["success", "inputs", "results", "summary", "exit"]) assert.ok(key in one, key);
  assert.is(one.results.length, 1);
  assert.is(one.results[0].source, "public/a.html");
  assert.is(one.results[0].schemas[0].type, "Product");
  assert.equal(shape(one.summary), shape(many.summary));
  // The shape before: one input's bare ValidationResponse. --baseline and sdv diff read it as they did.
  writeFileSync(join(cwd, "old-single.json"), JSON.stringify(one.results[0]));
  const again = await sdv(["validate", "public/a.html", "--baseline", "old-single.json"], { cwd });
  assert.is(again.code, 0, again.stdout + again.stderr);
  assert.match(again.stdout, /baseline old-single\.json: 0 new error\(s\), 0 new warning\(s\)/);
  // 0.1's bare response named no page at all: against a run of one input it is that input's, errors and all.
  writeFileSync(join(cwd, "fair.jsonld"), JSON.stringify({ "@context": "https://schema.org", "@type": "Event", name: "Fair", startDate: "soon", location: { "@type": "Place", name: "Hall", address: "1 Main St" } }));
  const withError = JSON.parse((await sdv(["validate", "fair.jsonld", "--json", "--fail-on", "never"], { cwd })).stdout).results[0];
  assert.ok(withError.summary.total_errors > 0, "the fixture has an error");
  const { source: _source, ...bare } = withError;
  writeFileSync(join(cwd, "old-bare.json"), JSON.stringify(bare));
  const known = await sdv(["validate", "fair.jsonld", "--baseline", "old-bare.json"], { cwd });
  assert.is(known.code, 0, known.stdout + known.stderr);
  assert.match(known.stdout, /baseline old-bare\.json: 0 new error\(s\)/);
  writeFileSync(join(cwd, "new.json"), JSON.stringify({ results: [withError] }));
  const diff = await sdv(["diff", "old-bare.json", "new.json"], { cwd });
  assert.is(diff.code, 0, diff.stdout + diff.stderr);
  assert.not.match(diff.stdout, /added|removed/);
});

test.run();
