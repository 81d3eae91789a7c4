/**
 * Every issue the engine links to a rule page (`rule_url`) lands on a page and an id that exist,
 * and every issue a rule raised carries such a link. Inputs: the search engine's documentation
 * examples (../shared/corpus/google-examples) as they are, with each property removed and with each
 * value broken, plus every example of the rule files. Skips the corpus part visibly when it is absent.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Parser } from "htmlparser2";
import { corpusDir } from "../corpus-dir.ts";
import { ruleFiles } from "./rule-files.ts";
import { validateHtml, validateJsonText, validateValue } from "../../runtime/validate.ts";
import type { EngineResult } from "../../runtime/types.ts";
import type { IssueCode } from "../../runtime/issue-codes.ts";
import { isObject } from "../../runtime/json.ts";

const pagesDir = new URL("../../generated/site/rules/", import.meta.url);

/**
 * Findings that come from no rule of a type's page: the vocabulary, the JSON, the caps, @context and
 * @type, and the page truth checks (runtime/page-truth, documented in docs/page-truth.md).
 */
const NOT_FROM_RULES = new Set<IssueCode>([
  "invalid-json",
  "too-deep",
  "too-large",
  "missing-type",
  "missing-context",
  "type-retired",
  "unknown-property",
  "unexpected-type",
  "unknown-type",
  "superseded-property",
  "not-visible",
  "duplicate-entity",
  "conflicting-values",
  "self-serving-review",
]);

const idsOfPage = new Map<string, Set<string> | null>();
function pageIds(type: string): Set<string> | null {
  if (!idsOfPage.has(type)) {
    const file = new URL(`${type}.html`, pagesDir);
    let ids: Set<string> | null = null;
    if (/^[A-Za-z0-9]+$/.test(type) && existsSync(file)) {
      ids = new Set<string>();
      const found = ids;
      const parser = new Parser({ onopentag: (_name, attrs) => void (attrs.id !== undefined && found.add(attrs.id)) }, { decodeEntities: true });
      parser.write(readFileSync(file, "utf8"));
      parser.end();
    }
    idsOfPage.set(type, ids);
  }
  return idsOfPage.get(type)!;
}

const tally = { issues: 0, linked: 0, pages: new Set<string>() };

function checkLinks(result: EngineResult, label: string): void {
  for (const schema of result.schemas) {
    for (const issue of [...schema.errors, ...schema.warnings]) {
      tally.issues++;
      const where = `${label}: ${schema.type} ${issue.code} ${issue.property}`;
      if (issue.rule_url === undefined) {
        assert.ok(NOT_FROM_RULES.has(issue.code), `${where}: no rule_url`);
        continue;
      }
      const match = /^\/rules\/([^#/]+)#(.+)$/.exec(issue.rule_url);
      assert.ok(match, `${where}: rule_url ${issue.rule_url}`);
      const ids = pageIds(match![1]);
      assert.ok(ids, `${where}: no page for ${issue.rule_url}`);
      assert.ok(ids!.has(match![2]), `${where}: ${issue.rule_url} has no such id`);
      tally.linked++;
      tally.pages.add(match![1]);
    }
  }
}

/** Every dotted path to a property of the document's objects (through lists), at most `limit`. */
function paths(value: unknown, prefix: string[] = [], out: string[][] = [], limit = 400): string[][] {
  if (out.length >= limit) return out;
  if (Array.isArray(value)) {
    for (const item of value) paths(item, prefix, out, limit);
    return out;
  }
  if (!isObject(value)) return out;
  for (const [key, child] of Object.entries(value)) {
    if (key.startsWith("@")) continue;
    out.push([...prefix, key]);
    paths(child, [...prefix, key], out, limit);
  }
  return out;
}

/** A copy of `doc` with `change` applied wherever the path occurs. */
function changed(doc: unknown, path: string[], change: (holder: Record<string, unknown>, key: string) => void): unknown {
  const copy = structuredClone(doc);
  const visit = (node: unknown, rest: string[]) => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, rest));
    if (!isObject(node) || !(rest[0] in node)) return;
    if (rest.length === 1) change(node, rest[0]);
    else visit(node[rest[0]], rest.slice(1));
  };
  visit(copy, path);
  return copy;
}

test("every example of every rule file: links land on a page's id", () => {
  for (const file of ruleFiles()) {
    for (const ex of [...file.examples.valid, ...file.examples.invalid]) checkLinks(validateValue(ex.data), `${file.type} example "${ex.name}"`);
  }
});

const corpus = corpusDir();
if (!corpus) {
  test.skip("google documentation examples (../shared/corpus not found)", () => {});
  console.log("SKIP rule-urls corpus tests: ../shared/corpus not found");
} else {
  const dir = join(corpus, "google-examples");
  const names = readdirSync(dir).filter((f) => f.endsWith(".json") || f.endsWith(".html")).sort();
  for (const name of names) {
    test(`${name}: as is, without each property, and with each value broken`, () => {
      const text = readFileSync(join(dir, name), "utf8");
      if (name.endsWith(".html")) return checkLinks(validateHtml(text), name);
      checkLinks(validateJsonText(text), name);
      const doc = JSON.parse(text) as unknown;
      for (const path of paths(doc)) {
        checkLinks(validateValue(changed(doc, path, (holder, key) => delete holder[key])), `${name} without ${path.join(".")}`);
        // A value of the wrong kind for almost every rule: text where a number, date, URL, member or object belongs.
        checkLinks(validateValue(changed(doc, path, (holder, key) => void (holder[key] = "not valid"))), `${name} with ${path.join(".")} broken`);
        checkLinks(validateValue(changed(doc, path, (holder, key) => void (holder[key] = ""))), `${name} with ${path.join(".")} empty`);
      }
    });
  }
}

test("the inputs exercised the links: many issues, most of them linked, across many pages", () => {
  console.log(`rule-urls: ${tally.issues} issues, ${tally.linked} with a rule_url, on ${tally.pages.size} pages`);
  assert.ok(tally.linked > (corpus ? 5_000 : 200), `${tally.linked} linked issues`);
  assert.ok(tally.pages.size >= (corpus ? 30 : 20), `${tally.pages.size} pages`);
});

test.run();
