/**
 * A rule keyword lives in its module (compiler/keywords/<name>.ts) and the registry line that lists
 * it: the seven keywords issue 27 names appear in at most 2 source files of compiler/ and runtime/.
 * "Appear" is the rule language's name (`max_length`) or its camelCase form (`maxLength`); a JSON
 * Schema keyword with a number (`minItems: 1` in a schema fragment) is JSON Schema's, not ours.
 * On the tree before the keyword modules, max_length alone was in 6 (raw, ir, the properties stage, two
 * emitters and the rule runtime).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { KEYWORDS } from "../../compiler/keywords/registry.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const SEVEN = ["max_length", "text_values", "only_for", "not_on_last_item", "list_check", "required_when", "min_items"];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out;
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The source files of compiler/ and runtime/ that name the keyword. */
export function filesNaming(keyword: string, files = [...sources("compiler"), ...sources("runtime")]): string[] {
  const pattern = new RegExp(`\\b${keyword}\\b|\\b${camel(keyword)}\\b(?!\\s*:\\s*\\d)`);
  return files.filter((f) => pattern.test(readFileSync(join(root, f), "utf8"))).map((f) => relative(root, join(root, f)).split("\\").join("/"));
}

for (const keyword of SEVEN) {
  test(`${keyword} is named in at most 2 source files of compiler/ and runtime/`, () => {
    const files = filesNaming(keyword);
    assert.ok(files.length <= 2, `${keyword} is named in ${files.length} files: ${files.join(", ")}`);
    assert.ok(files.includes(`compiler/keywords/${keyword.replace(/_/g, "-")}.ts`), `${keyword} has no module of its own: ${files.join(", ")}`);
  });
}

test("the count sees a keyword that leaks into another file", () => {
  // The rule runtime of the tree before the keyword modules read the field by name.
  const leaked = filesNaming("max_length", ["compiler/keywords/max-length.ts", "compiler/keywords/registry.ts"]);
  assert.equal(leaked, ["compiler/keywords/max-length.ts", "compiler/keywords/registry.ts"]);
});

test("every registered keyword has its module under its own name, and the schema piece its module declares", () => {
  const schema = JSON.parse(readFileSync(join(root, "generated/rule-file.schema.json"), "utf8"));
  for (const k of KEYWORDS) {
    assert.ok(sources("compiler/keywords").includes(join("compiler/keywords", `${k.name.replace(/_/g, "-")}.ts`)), k.name);
    assert.equal(schema.definitions.propertyRule.properties[k.name], k.schema, k.name);
  }
});

test.run();
