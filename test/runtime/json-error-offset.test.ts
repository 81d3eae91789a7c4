/**
 * The offset where JSON text stops being JSON (runtime/json-error-offset.ts) agrees with V8 wherever
 * V8 names one, over broken copies of real JSON-LD; where V8 names none (Node 20's "Unexpected token"),
 * the invalid-json issue points at the character, not at the block's end.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { jsonErrorOffset } from "../../runtime/json-error-offset.ts";
import { validateHtml, validateJsonText } from "../../runtime/validate.ts";

const RECIPE = JSON.stringify(
  {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Pie \u00e9 \\ \"quoted\"",
    image: ["https://example.com/a.jpg"],
    recipeIngredient: ["2 eggs", "1 cup milk"],
    aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, ratingCount: 18, bestRating: -1e3 },
    nutrition: { calories: null, isVegan: true, isRaw: false },
    empty: {},
    none: [],
  },
  null,
  2,
);

/** A deterministic sequence: the same broken copies on every run. */
function* randomInts(seed: number): Generator<number> {
  let x = seed;
  while (true) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    yield x;
  }
}

const INSERTS = [",", "}", "]", "{", "[", ":", '"', "'", "\u201c", "x", "1", "-", ".", "\\", "\n", "\u0001", "N", "tru"];

test("every broken copy is found broken, at the offset V8 names where it names one", () => {
  const rand = randomInts(7);
  let compared = 0;
  for (let k = 0; k < 3000; k++) {
    const at = rand.next().value % RECIPE.length;
    const broken = k % 2 === 0 ? RECIPE.slice(0, at) + INSERTS[rand.next().value % INSERTS.length] + RECIPE.slice(at) : RECIPE.slice(0, at) + RECIPE.slice(at + 1);
    let v8: number | null = null;
    let valid = true;
    try {
      JSON.parse(broken);
    } catch (err) {
      valid = false;
      const m = /at position (\d+)/.exec((err as Error).message);
      if (m) v8 = Number(m[1]);
    }
    const ours = jsonErrorOffset(broken);
    if (valid) {
      assert.is(ours, -1, broken);
      continue;
    }
    assert.ok(ours >= 0, broken);
    if (v8 !== null) {
      assert.is(ours, v8, broken);
      compared++;
    }
  }
  assert.ok(compared > 500, `${compared} compared`);
  assert.is(jsonErrorOffset(RECIPE), -1);
});

test("the end of the text when it ends too soon; nesting deeper than any call stack", () => {
  assert.is(jsonErrorOffset('{"a": [1, 2'), 11);
  assert.is(jsonErrorOffset(""), 0);
  assert.is(jsonErrorOffset("[".repeat(200_000) + "]".repeat(200_000)), -1);
  assert.is(jsonErrorOffset("[".repeat(200_000) + "x"), 200_000);
});

const block = (json: string) => `<!doctype html><html><head>\n<script type="application/ld+json">\n${json}\n</script></head><body></body></html>`;
const issueOf = (html: string) => validateHtml(html).schemas[0].errors[0];

test("a typographic quote, a single quote, NaN: the issue names the line and column of the character and what it is", () => {
  const curly = RECIPE.replace('"Recipe"', "\u201cRecipe\u201d");
  const issue = issueOf(block(curly));
  assert.is(issue.code, "invalid-json");
  // The page's line 3 is the block's first; "@type" is on the block's line 3.
  assert.is(issue.line, 5);
  assert.is(issue.column, 12);
  assert.match(issue.message, /typographic quote/);
  assert.not.match(issue.message, /\n|is not valid JSON"/);
  assert.match(issueOf(block(RECIPE.replace('"Recipe"', "'Recipe'"))).message, /double quotes/);
  assert.match(issueOf(block(RECIPE.replace("4.5", "NaN"))).message, /not a JSON value/);
  // The twin: straight quotes are valid.
  assert.is(validateHtml(block(RECIPE)).schemas[0].type, "Recipe");
});

test("a </script> inside a string ends the block there: the message says so and where", () => {
  const html = `<html><head>\n<script type="application/ld+json">\n{"@context": "https://schema.org", "@type": "Organization", "name": "Acme", "description": "Use </script> with care"}\n</script></head></html>`;
  const issue = issueOf(html);
  assert.match(issue.message, /"<\\\/script>"/);
  assert.is(issue.line, 3);
  assert.is(issue.column, html.split("\n")[2].indexOf("</script>") + 1);
  // The twin: escaped as JSON allows, the block is read.
  assert.is(validateHtml(html.replace("Use </script>", "Use <\\/script>")).schemas[0].type, "Organization");
  // Another fault is not told about </script>.
  assert.not.match(issueOf(block('{"@type": "Thing", "name": "x"]')).message, /script/);
});

test("a trailing comma is an error under both profiles, named and placed; comments alone are read under google", () => {
  const withComma = '{\n  "@context": "https://schema.org",\n  "@type": "Organization",\n  "name": "Acme",\n}';
  for (const profile of ["google", "spec"] as const) {
    const [result] = validateJsonText(withComma, undefined, { profile }).schemas;
    assert.is(result.valid, false);
    const [issue] = result.errors;
    assert.is(issue.code, "invalid-json");
    assert.match(issue.message, /a comma before "}" \(a trailing comma\)/);
    assert.equal([issue.line, issue.column], [4, 17]);
  }
  const commentOnly = '{\n  // the shop\n  "@context": "https://schema.org", "@type": "Organization", "name": "Acme", "url": "https://example.com/"\n}';
  const [google] = validateJsonText(commentOnly, undefined, { profile: "google" }).schemas;
  assert.is(google.type, "Organization");
  assert.is(google.valid, true);
  assert.is(validateJsonText(commentOnly, undefined, { profile: "spec" }).schemas[0].valid, false);
});

test.run();
