/**
 * CI output from hostile page text: CSV cells a spreadsheet would run as formulas are defused and quoted;
 * the step summary keeps page names and messages inside code spans (no table breaks, no links).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { formatCsv } from "../../cli/formats/csv.ts";
import { stepSummary } from "../../cli/step-summary.ts";
import type { Outcome } from "../../cli/outcome.ts";
import { validate } from "../../lib/index.ts";

const hostile = "=HYPERLINK(\"http://evil.example\",\"x\")|`[a](http://evil.example)`";

test("CSV: formula-like cells start with a quote, commas and quotes are escaped", () => {
  const outcomes: Outcome[] = [{ source: hostile, failure: { code: "no_jsonld_found", message: 'says "hi", twice' } }];
  const [, row] = formatCsv(outcomes).split("\r\n");
  assert.ok(row.startsWith(`"'=HYPERLINK(""http://evil.example"",""x"")|\`[a](http://evil.example)\`",no structured data,`), row);
  assert.match(row, /,"says ""hi"", twice",,$/, "the last two cells: new (no baseline) and profile (none given)");
});

test("step summary: page names and findings stay in code spans, pipes escaped, backticks removed", () => {
  const response = validate({ "@context": "https://schema.org", "@type": "Event", name: "x" });
  const md = stepSummary({
    command: "validate",
    outcomes: [
      { source: hostile, response, findings: [{ code: "expectation-not-met", severity: "error", message: `expected Product: ${hostile}` }] },
      { source: `${hostile}2`, failure: { code: "no_jsonld_found", message: "none" } },
    ],
    verdict: { code: 1, reason: "exit 1: 1 error" },
  });
  assert.not.match(md, /[^`\\]\|`\[a\]/);
  assert.ok(md.includes("- `=HYPERLINK(\"http://evil.example\",\"x\")\\| [a](http://evil.example) `: `expected Product:"), md);
  for (const line of md.split("\n").filter((l) => l.startsWith("| "))) {
    const cells = line.split(/(?<!\\)\|/).length;
    assert.ok(cells >= 3, line);
  }
});

test.run();
