/** `sdv validate` for CI: help, many inputs in one process, every format, exit policy, grouping, colour. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import { Parser } from "htmlparser2";
import { corpusDir } from "../corpus-dir.ts";
import { repoRoot, sdv } from "./sdv-process.ts";

const dir = mkdtempSync(join(tmpdir(), "sdv-formats-"));
const write = (name: string, value: unknown) => {
  const path = join(dir, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value, null, 2));
  return path;
};

const event = (extra: object = {}) => ({
  "@context": "https://schema.org",
  "@type": "Event",
  name: "Concert",
  startDate: "2026-07-21T19:00-05:00",
  location: { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetAddress: "1 Main", addressLocality: "Town", postalCode: "1", addressRegion: "R", addressCountry: "US" } },
  ...extra,
});
const clean = write("set/clean.json", event());
// Not ISO 8601 at all: an error under every profile (a date alone is one only under --profile spec).
const broken = write("set/broken.json", event({ startDate: "21/07/2026" }));
write("set/nested/page.html", `<html><script type="application/ld+json">${JSON.stringify(event())}</script></html>`);
write("set/notes.txt", "not an input");

/** The SARIF 2.1.0 schema (see test/fixtures/README.md), with the formats it uses. */
function sarifValidator() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat("uri", (s: string) => URL.canParse(s));
  ajv.addFormat("uri-reference", (s: string) => URL.canParse(s, "file:///"));
  ajv.addFormat("date-time", (s: string) => !Number.isNaN(Date.parse(s)));
  return ajv.compile(JSON.parse(readFileSync(`${repoRoot}test/fixtures/sarif-schema-2.1.0.json`, "utf8")));
}
const compiledSarif = sarifValidator();
/** Not a type guard: the log stays `any` for the assertions that follow. */
const validSarif = Object.assign((log: unknown): boolean => compiledSarif(log), {
  get errors() {
    return compiledSarif.errors;
  },
});

/** Element counts of an XML document; throws on a document htmlparser2 finds malformed. */
function xmlElements(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  let depth = 0;
  const parser = new Parser(
    {
      onopentag: (name) => {
        depth++;
        counts.set(name, (counts.get(name) ?? 0) + 1);
      },
      onclosetag: () => depth--,
      onerror: (err) => {
        throw err;
      },
    },
    { xmlMode: true },
  );
  parser.end(text);
  assert.is(depth, 0, "every element is closed");
  return counts;
}

const helps: Array<[string[], RegExp]> = [
  [["--help"], /Commands:[\s\S]*validate[\s\S]*crawl[\s\S]*admin/],
  [["validate", "--help"], /--format[\s\S]*--min-score[\s\S]*--fail-on[\s\S]*--allow-host/],
  [["crawl", "--help"], /--max-pages[\s\S]*--concurrency[\s\S]*--report/],
  [["admin", "--help"], /sdv admin deactivate/],
];
for (const [args, pattern] of helps) {
  test(`sdv ${args.join(" ")} prints help and exits 0`, async () => {
    const r = await sdv(args);
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stdout, pattern);
  });
}

test("the text format prints a node's notes, once per input: an app shell's visible text not checked", async () => {
  const product = { "@context": "https://schema.org", "@type": "Product", name: "Executive Anvil", offers: { "@type": "Offer", price: 1299, priceCurrency: "EUR" } };
  const shell = write("notes/shell.html", `<html lang="en"><head><script type="application/ld+json">${JSON.stringify([product, { ...product, name: "Other Anvil" }])}</script></head><body><div id="root"></div><script src="/app.js"></script></body></html>`);
  const r = await sdv(["validate", shell]);
  assert.is(r.stdout.split("note: Visible text was not checked").length - 1, 1, r.stdout);
  // The twin: a page that shows its content has no such note, and its not-visible warning instead.
  const shown = write("notes/shown.html", `<html lang="en"><head><script type="application/ld+json">${JSON.stringify(product)}</script></head><body><h1>Executive Anvil</h1><p>1.199,00 €</p></body></html>`);
  const s = await sdv(["validate", shown]);
  assert.not.match(s.stdout, "note: Visible text was not checked");
  assert.match(s.stdout, "[not-visible]");
});

test("--version prints package.json's version", async () => {
  const r = await sdv(["--version"]);
  assert.is(r.stdout.trim(), JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8")).version);
});

test("a directory is walked for .json/.jsonld/.html/.htm files; a glob is expanded", async () => {
  const r = await sdv(["validate", join(dir, "set"), "--format", "json"]);
  const report = JSON.parse(r.stdout);
  assert.equal(report.results.map((x: { source: string }) => x.source.split("/").slice(-2).join("/")), ["set/broken.json", "set/clean.json", "nested/page.html"]);
  assert.is(report.exit.code, 1);
  const globbed = JSON.parse((await sdv(["validate", `${dir}/set/**/*.html`, "--format", "json"])).stdout);
  assert.is(globbed.inputs, 1);
  assert.match(globbed.results[0].source, /page\.html$/);
});

const policies: Array<[string, string[], number, RegExp]> = [
  ["errors fail by default", [broken], 1, /^sdv: exit 1: 1 error in 1 of 1 input \(--fail-on error\)$/],
  ["--fail-on never ignores them", [broken, "--fail-on", "never"], 0, /^sdv: exit 0: 1 error ignored \(--fail-on never\)/],
  ["--fail-on warning fails on warnings", [clean, "--fail-on", "warning"], 1, /^sdv: exit 1: \d+ warnings in 1 of 1 input \(--fail-on warning\)$/],
  ["--min-score names the input under it", [clean, broken, "--fail-on", "never", "--min-score", "100"], 1, /^sdv: exit 1: 2 of 2 inputs score below --min-score 100 \(lowest: .*broken\.json \d+\)$/],
  ["a missing file is exit 2", [clean, join(dir, "nope.json")], 2, /^sdv: exit 2: 1 input of 2 could not be validated \(.*nope\.json: unreadable_input\)$/],
  ["bad usage is exit 2", ["--fail-on", "sometimes", clean], 2, /--fail-on takes one of error, warning, never/],
];
for (const [label, args, code, lastLine] of policies) {
  test(`exit policy: ${label}`, async () => {
    const r = await sdv(["validate", ...args]);
    assert.is(r.code, code, r.stdout + r.stderr);
    const text = code === 2 && lastLine.source.includes("takes") ? r.stderr : r.stdout;
    assert.match(text.trimEnd().split("\n").find((l) => lastLine.test(l)) ?? text.trimEnd().split("\n").pop()!, lastLine);
  });
}

test("machine formats keep standard output parseable and put the verdict on standard error", async () => {
  for (const format of ["json", "sarif", "junit", "github"]) {
    const r = await sdv(["validate", clean, broken, "--format", format]);
    assert.is(r.code, 1);
    assert.not.match(r.stdout, /sdv: exit/);
    assert.match(r.stderr, /^sdv: exit 1: /m);
  }
});

test("SARIF: issue codes as rules, file/line/column regions, valid against the SARIF 2.1.0 schema", async () => {
  const r = await sdv(["validate", broken, join(dir, "missing.json"), "--format", "sarif"]);
  const log = JSON.parse(r.stdout);
  assert.ok(validSarif(log), JSON.stringify(validSarif.errors?.slice(0, 3)));
  const run = log.runs[0];
  const startDate = run.results.find((x: { ruleId: string; message: { text: string } }) => x.ruleId === "invalid-format" && /startDate/.test(x.message.text));
  assert.ok(startDate);
  assert.is(run.tool.driver.rules[startDate.ruleIndex].id, "invalid-format");
  assert.equal(startDate.locations[0].physicalLocation.region, { startLine: 5, startColumn: 16 });
  assert.match(startDate.locations[0].physicalLocation.artifactLocation.uri, /broken\.json$/);
  assert.is(run.invocations[0].executionSuccessful, false, "the unreadable input is reported");
  assert.is(run.invocations[0].toolExecutionNotifications[0].descriptor.id, "unreadable_input");
});

test("JUnit: a suite per input, a case per node, failures for nodes with errors", async () => {
  const r = await sdv(["validate", clean, broken, "--format", "junit"]);
  const counts = xmlElements(r.stdout);
  assert.is(counts.get("testsuite"), 2);
  assert.is(counts.get("testcase"), 2);
  assert.is(counts.get("failure"), 1);
  assert.match(r.stdout, /<testsuites name="sdv" tests="2" failures="1" errors="0">/);
});

test("JUnit: an input scoring below --min-score is a failure of its own, as the exit code says", async () => {
  const r = await sdv(["validate", clean, "--format", "junit", "--min-score", "100"]);
  const score = JSON.parse((await sdv(["validate", clean, "--format", "json"])).stdout).results[0].summary.score;
  assert.ok(score < 100, `the clean input scores ${score}`);
  assert.is(r.code, 1);
  assert.match(r.stdout, new RegExp(`<testcase classname="[^"]*" name="\\(score\\)">\\s*<failure message="score ${score} is below --min-score 100" type="min-score"/>`));
  assert.match(r.stdout, /<testsuites name="sdv" tests="2" failures="1" errors="0">/);
  const passing = await sdv(["validate", clean, "--format", "junit", "--min-score", String(score)]);
  assert.is(passing.code, 0);
  assert.not.match(passing.stdout, /\(score\)/);
});

test("GitHub annotations: ::error file=,line=,col=:: per issue", async () => {
  const r = await sdv(["validate", broken, "--format", "github"]);
  const lines = r.stdout.trim().split("\n");
  assert.ok(lines.every((l) => /^::(error|warning) /.test(l)), r.stdout);
  assert.ok(lines.some((l) => /^::error file=[^,]*broken\.json,line=5,col=16,title=sdv invalid-format%3A Event startDate::.*%0AFix: /.test(l)), r.stdout);
});

test("repeated issues are grouped with their index range and count", async () => {
  const steps = Array.from({ length: 25 }, (_, i) => ({ "@type": "HowToStep", text: `step ${i}` }));
  const recipe = write("recipe.json", { "@context": "https://schema.org", "@type": "Recipe", name: "Pie", image: "https://example.com/pie.jpg", recipeInstructions: steps });
  const r = await sdv(["validate", recipe]);
  assert.match(r.stdout, /warning recipeInstructions\[0\.\.24\]\.name: .*×25/);
  assert.is(r.stdout.match(/recipeInstructions\[0\.\.24\]\.name/g)?.length, 1);
});

test("colour on request (FORCE_COLOR) and never under NO_COLOR", async () => {
  const coloured = await sdv(["validate", broken], { env: { NO_COLOR: "", FORCE_COLOR: "1" } });
  assert.match(coloured.stdout, /\x1b\[31m/);
  const plain = await sdv(["validate", broken], { env: { NO_COLOR: "1" } });
  assert.not.match(plain.stdout, /\x1b\[/);
});

const corpus = corpusDir();
if (!corpus) {
  test.skip("the Google examples in one process, every format (../shared/corpus not found)", () => {});
} else {
  test("the Google examples in one process, every format", async () => {
    const examples = join(corpus, "google-examples");
    const files = readdirSync(examples).filter((f) => /\.(json|jsonld|html?)$/i.test(f));
    const json = JSON.parse((await sdv(["validate", examples, "--format", "json", "--fail-on", "never"])).stdout);
    assert.is(json.inputs, files.length);
    assert.is(json.summary.validated + json.summary.not_validated + json.summary.no_structured_data, files.length);
    const sarif = JSON.parse((await sdv(["validate", examples, "--format", "sarif"])).stdout);
    assert.ok(validSarif(sarif), JSON.stringify(validSarif.errors?.slice(0, 3)));
    assert.is(sarif.runs[0].artifacts.length, files.length);
    const junit = xmlElements((await sdv(["validate", examples, "--format", "junit"])).stdout);
    assert.is(junit.get("testsuite"), files.length);
    const github = (await sdv(["validate", examples, "--format", "github"])).stdout.trim().split("\n").filter(Boolean);
    assert.ok(github.every((l) => /^::(error|warning) /.test(l)));
    const text = await sdv(["validate", examples]);
    assert.match(text.stdout, new RegExp(`${files.length} inputs: `));
  });
}

test.run();
