/**
 * Retired rich results never fail a build: every retired rule set's invalid examples give no error,
 * stay valid, keep `deprecated` and the dated note (once: not in the reason, not in each issue) and
 * report what the last documented rules find as warnings. Restricted ones keep their errors.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { validateHtml, validateValue } from "../../runtime/validate.ts";
import { ruleSetFor } from "../../generated/index.ts";
import { ruleFiles } from "../rules/rule-files.ts";
import { corpusDir } from "../corpus-dir.ts";

const files = ruleFiles();
const kindOf = (type: string) => ruleSetFor.get(type)?.deprecated?.kind;
const retired = files.filter((f) => kindOf(f.validate_as ?? f.type) === "retired");
const restricted = files.filter((f) => kindOf(f.validate_as ?? f.type) === "restricted");

test("the registry has retired and restricted rule sets to test", () => {
  assert.ok(retired.length >= 3, retired.map((f) => f.type).join(", "));
  assert.ok(restricted.length >= 1);
});

for (const file of retired) {
  const type = file.validate_as ?? file.type;
  const ruleSet = ruleSetFor.get(type)!;
  for (const example of file.examples.invalid) {
    test(`retired ${file.type}: "${example.name}" only warns`, () => {
      const r = validateValue(example.data);
      const schemas = r.schemas.filter((s) => s.type === type);
      assert.ok(schemas.length > 0);
      for (const s of schemas) {
        assert.equal(s.errors, [], "no errors");
        assert.ok(s.valid);
        assert.is(s.rich_result_eligible, false);
        assert.is(s.deprecated, true);
        assert.is(s.deprecation_note, ruleSet.deprecated!.note);
        assert.ok(!s.rich_result.reason.includes(ruleSet.deprecated!.note), "the reason does not repeat the note");
        for (const w of s.warnings) assert.ok(!w.message.includes(ruleSet.deprecated!.note), "issues do not repeat the note");
        // Each finding the last documented rules call an error is still reported, as a warning.
        const warned = new Set(s.warnings.map((w) => `${w.code} ${w.property}`));
        for (const e of example.expect ?? []) assert.ok(warned.has(`${e.code} ${e.property}`), `${e.code} ${e.property} is reported`);
        assert.equal(s.properties_missing_required, [], "nothing is required of a retired rich result");
      }
      assert.is(r.summary.total_errors, 0);
      assert.ok(r.summary.score >= 50);
    });
  }
}

for (const file of restricted) {
  const type = file.validate_as ?? file.type;
  for (const example of file.examples.invalid.filter((e) => (e.expect ?? []).some((x) => (x.severity ?? "error") === "error"))) {
    test(`restricted ${file.type}: "${example.name}" keeps its errors and says who may use it`, () => {
      const schemas = validateValue(example.data).schemas.filter((s) => s.type === type);
      for (const s of schemas) {
        assert.ok(s.errors.length > 0);
        assert.is(s.valid, false);
        assert.is(s.deprecated, true);
        assert.ok((s.deprecation_note ?? "").length > 20, "the note says what the restriction is");
      }
    });
  }
}

test("a type listed beside a retired one is checked by its own rules (Product before Car)", () => {
  const r = validateValue({ "@context": "https://schema.org", "@type": ["Car", "Product"], name: "Golf" });
  assert.is(r.schemas[0].type, "Product");
  assert.is(r.schemas[0].deprecated, false);
});

test("the same retired note on many nodes is in each result's deprecation_note, never in the issues", () => {
  const faq = (n: number) => ({ "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: `Q${n}` }] });
  const r = validateValue([faq(1), faq(2), faq(3)]);
  assert.is(r.summary.total_errors, 0);
  const note = r.schemas[0].deprecation_note!;
  assert.ok(note);
  for (const s of r.schemas) for (const i of s.warnings) assert.ok(!i.message.includes(note));
});

const corpus = corpusDir();
if (!corpus) {
  test.skip("the retired Vehicle page (../shared/corpus not found)", () => {});
  console.log("SKIP retired Vehicle page: ../shared/corpus not found");
} else {
  test("pages/metascraper-teslahunt.html: no errors on the retired Vehicle node, warnings and the note instead", () => {
    const r = validateHtml(readFileSync(join(corpus, "pages", "metascraper-teslahunt.html"), "utf8"));
    const vehicle = r.schemas.find((s) => s.type === "Vehicle")!;
    assert.ok(vehicle);
    assert.equal(vehicle.errors, []);
    assert.ok(vehicle.warnings.some((w) => w.code === "missing-required" && w.property === "model"));
    assert.ok(vehicle.deprecated && vehicle.deprecation_note);
    assert.is(r.summary.total_errors, 0);
  });
}

test.run();
