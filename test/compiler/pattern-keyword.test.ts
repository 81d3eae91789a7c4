/**
 * The `pattern` keyword, added as one module (compiler/keywords/pattern.ts) with its runtime check
 * (runtime/keywords/text-pattern.ts): the compiler refuses an expression that does not compile or
 * is not anchored, the rule page says what a value must match, and the generated check judges texts
 * only (a number is the type check's business).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fileURLToPath } from "node:url";
import { loadRuleText } from "../../compiler/load.ts";
import { compileFiles, loadVocabulary } from "../../compiler/compile.ts";
import { formatDiagnostic } from "../../compiler/diagnostics.ts";
import { textPattern } from "../../runtime/keywords/text-pattern.ts";

const vocabulary = loadVocabulary(fileURLToPath(new URL("../..", import.meta.url)));

const file = (pattern: string) => `type: Event
status: supported
tier: 1
google_docs_url: https://developers.google.com/search/docs/appearance/structured-data/event
verified_on: 2026-11-22
sources:
  - url: https://developers.google.com/search/docs/appearance/structured-data/event
properties:
  name: { level: required, expect: Text, pattern: ${pattern} }
examples:
  valid:
    - name: ok
      data: { "@context": https://schema.org, "@type": Event, name: A-1 }
  invalid:
    - name: white space in the name
      data: { "@context": https://schema.org, "@type": Event, name: A 1 }
      expect: [{ code: invalid-format, property: name }]
`;

function compile(pattern: string) {
  const { loaded, diagnostics } = loadRuleText("rules-src/types/Event.yaml", file(pattern));
  return compileFiles(loaded ? [loaded] : [], vocabulary, diagnostics);
}

test("a valid pattern compiles; the rule page and the validator carry it", () => {
  const { output, diagnostics } = compile(`{ regex: '^\\S+$', description: one word }`);
  assert.equal(diagnostics.map(formatDiagnostic), []);
  const page = output!.files.get("generated/site/rules/Event.html")!;
  assert.ok(page.includes("Matches <code>^\\S+$</code>: one word."), "the rule page names the pattern");
  const validator = output!.files.get("generated/validators/Event.ts")!;
  assert.ok(validator.includes(`valueKeywords: [textPattern("^\\\\S+$", "one word")]`), validator);
});

test("an expression that does not compile, and one not anchored, are refused at their place", () => {
  assert.equal(compile(`{ regex: '^(a$', description: x }`).diagnostics.map(formatDiagnostic), [
    "rules-src/types/Event.yaml:9:60: pattern: Invalid regular expression: /^(a$/u: Unterminated group",
  ]);
  assert.equal(compile(`{ regex: 'a+', description: x }`).diagnostics.map(formatDiagnostic), [
    "rules-src/types/Event.yaml:9:60: pattern: anchor the expression with ^ and $ (it must match the whole text)",
  ]);
});

test("the shape is checked by the schema piece the module declares", () => {
  assert.equal(compile(`'^a$'`).diagnostics.map((d) => d.code), ["shape"]);
});

test("the runtime check judges texts, names the property and says what a match is", () => {
  const check = textPattern("^\\S+$", "one identifier without white space");
  assert.is(check.test("trinket-12345", "sku"), null);
  assert.is(check.test(12345, "sku"), null);
  assert.equal(check.test("ML 410", "sku"), { code: "invalid-format", message: '"sku" should be one identifier without white space, not the text "ML 410".' });
  assert.ok(check.final, "a text that fails its pattern is not checked further");
});

test.run();
