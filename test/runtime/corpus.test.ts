/**
 * No input in ../shared/corpus crashes the engine: real pages, hostile inputs, Schema.org's and the
 * documentation's examples. Each result must also be internally consistent. Skips visibly.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { corpusDir } from "../corpus-dir.ts";
import { validateHtml, validateJsonText } from "../../runtime/validate.ts";
import type { EngineResult } from "../../runtime/types.ts";

const corpus = corpusDir();

function consistent(r: EngineResult, name: string): void {
  assert.is(r.summary.total_schemas, r.schemas.length, name);
  assert.is(r.summary.valid_schemas + r.summary.invalid_schemas, r.schemas.length, name);
  assert.ok(r.summary.score >= 0 && r.summary.score <= 100, name);
  for (const s of r.schemas) {
    assert.is(s.valid, s.errors.length === 0, `${name}: valid iff no errors`);
    if (s.rich_result_eligible) assert.ok(s.valid, `${name}: eligible implies valid`);
    for (const i of [...s.errors, ...s.warnings]) {
      assert.type(i.property, "string");
      assert.type(i.fix, "string");
      assert.ok(i.message.length > 0);
    }
  }
  JSON.stringify(r);
}

if (!corpus) {
  test.skip("corpus robustness (../shared/corpus not found)", () => {});
  console.log("SKIP corpus robustness tests: ../shared/corpus not found");
} else {
  for (const folder of ["pages", "nasty", "google-examples", "schemaorg-examples"]) {
    const dir = join(corpus, folder);
    test(`engine survives every input in ${folder}/`, () => {
      let files = 0;
      for (const name of readdirSync(dir).sort()) {
        const text = readFileSync(join(dir, name), "utf8");
        if (name.endsWith(".html")) consistent(validateHtml(text), name);
        else if (name.endsWith(".json")) consistent(validateJsonText(text), name);
        else continue;
        files++;
      }
      assert.ok(files > 0);
    });
  }
}

test.run();
