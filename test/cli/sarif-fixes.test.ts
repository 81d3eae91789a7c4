/**
 * Patches in the CLI's reports: `patch` in --format json, SARIF `fixes` whose replacements, applied to the
 * file, give the fixed value where it is written (and the log still validates against SARIF 2.1.0).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import { repoRoot, sdv } from "./sdv-process.ts";

const dir = mkdtempSync(join(tmpdir(), "sdv-sarif-fixes-"));
const page = `<html><head>
<script type="application/ld+json">
{"@context": "https://schema.org", "@type": "Product", "name": "Anvil", "image": "https://example.com/a.jpg",
 "offers": {"@type": "Offer", "price": "12.00", "priceCurrency": "€", "availability": "instock"}}
</script></head></html>
`;
writeFileSync(join(dir, "page.html"), page);

test("--format json: the issues carry their patch", async () => {
  const r = await sdv(["validate", "page.html", "--format", "json"], { cwd: dir });
  const report = JSON.parse(r.stdout);
  // One input: its ValidationResponse as is.
  const issues = report.results[0].schemas[0].warnings.concat(report.results[0].schemas[0].errors);
  const currency = issues.find((i: { path: string }) => i.path === "/offers/priceCurrency");
  assert.equal(currency.patch, [
    { op: "test", path: "/offers/priceCurrency", value: "€" },
    { op: "replace", path: "/offers/priceCurrency", value: "EUR" },
  ]);
});

test("--format sarif: fixes with replacements at the values' places, a valid SARIF log", async () => {
  const r = await sdv(["validate", "page.html", "--format", "sarif"], { cwd: dir });
  const log = JSON.parse(r.stdout);
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat("uri", (s: string) => URL.canParse(s));
  ajv.addFormat("uri-reference", (s: string) => URL.canParse(s, "file:///"));
  ajv.addFormat("date-time", (s: string) => !Number.isNaN(Date.parse(s)));
  const validate = ajv.compile(JSON.parse(readFileSync(`${repoRoot}test/fixtures/sarif-schema-2.1.0.json`, "utf8")));
  // Not through a type guard: the log stays loosely typed for the assertions that follow.
  const valid: boolean = validate(log);
  assert.ok(valid, JSON.stringify(validate.errors));
  const withFixes = log.runs[0].results.filter((x: { fixes?: unknown }) => x.fixes);
  assert.is(withFixes.length, 2);
  const replaced = new Map<string, string>();
  for (const result of withFixes) {
    const [change] = result.fixes[0].artifactChanges;
    assert.is(change.artifactLocation.uri, "page.html");
    const [rep] = change.replacements;
    const { charOffset, charLength, startLine } = rep.deletedRegion;
    const text = page.slice(0, charOffset) + rep.insertedContent.text + page.slice(charOffset + charLength);
    assert.is(startLine, 4);
    const json = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
    replaced.set(page.slice(charOffset, charOffset + charLength), JSON.stringify(json.offers));
  }
  assert.equal([...replaced.keys()].sort(), ['"instock"', '"€"']);
  assert.match(replaced.get('"€"')!, /"priceCurrency":"EUR"/);
  assert.match(replaced.get('"instock"')!, /"availability":"https:\/\/schema.org\/InStock"/);
});

test.run();
