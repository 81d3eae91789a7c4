/**
 * The search engine's own documentation examples (../shared/corpus/google-examples): each comes
 * out with no errors, eligible unless its feature is retired; and removing any property the
 * documentation lists as required (or every member of a required one-of group) gives an error
 * naming it. Skips visibly when the corpus is absent.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { corpusDir } from "../corpus-dir.ts";
import { validateHtml, validateJsonText, validateValue } from "../../runtime/validate.ts";
import { ruleSetFor } from "../../generated/index.ts";
import typesPayload from "../../generated/types.json" with { type: "json" };
import { topLevelEntities } from "../../runtime/graph/collect.ts";
import { typeNames } from "../../runtime/graph/type-names.ts";
import { isObject, type JsonObject } from "../../runtime/json.ts";

const corpus = corpusDir();
const requiredOf = new Map(typesPayload.types.map((t) => [t.type, t.required_properties]));
// From the compiled rules, not the YAML: a rule set that starts from a shape has its groups there.
const oneOfGroups = new Map<string, string[][]>(typesPayload.types.map((t) => [t.type, (t as { required_one_of?: string[][] }).required_one_of ?? []]));

/** Deletes a dotted path everywhere it occurs under a node (through lists); true when something went. */
function removePath(node: unknown, path: string[]): boolean {
  if (Array.isArray(node)) return node.map((item) => removePath(item, path)).some(Boolean);
  if (!isObject(node)) return false;
  const [head, ...rest] = path;
  if (!(head in node)) return false;
  if (rest.length === 0) {
    delete node[head];
    return true;
  }
  return removePath(node[head], rest);
}

/** The nodes of a document checked by `ruleType`'s rule set. */
function targets(doc: unknown, ruleType: string): JsonObject[] {
  return topLevelEntities(doc, 0)
    .map((e) => e.node)
    .filter((n) => typeNames(n["@type"]).some((t) => ruleSetFor.get(t)?.type === ruleType));
}

/**
 * Documentation examples of a retired feature whose node has its type's main rich result too, but not
 * what that result needs: they give no errors and are not eligible.
 */
const NOT_ELIGIBLE: Readonly<Record<string, string>> = {
  "WebSite-3.json": "the retired sitelinks search box's example has no name, so it states no site name",
};

if (!corpus) {
  test.skip("google documentation examples (../shared/corpus not found)", () => {});
  console.log("SKIP google-examples tests: ../shared/corpus not found");
} else {
  const dir = join(corpus, "google-examples");
  const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
  let checkedFiles = 0;
  let removals = 0;
  for (const name of files) {
    const named = name.replace(/-\d+\.json$/, "");
    const ruleSet = ruleSetFor.get(named);
    if (!ruleSet) continue;
    checkedFiles++;
    const text = readFileSync(join(dir, name), "utf8");

    test(`${name}: no errors, eligible unless retired`, () => {
      const result = validateJsonText(text);
      const checked = result.schemas.filter((s) => s.checked);
      assert.ok(checked.length > 0, "no checked schema");
      for (const s of result.schemas) {
        assert.equal(s.errors.map((e) => `${s.type}: ${e.code} ${e.property}: ${e.message}`), [], "errors");
        if (s.type === ruleSet.type) assert.equal(s.rich_result_eligible, ruleSet.deprecated?.kind !== "retired" && NOT_ELIGIBLE[name] === undefined, NOT_ELIGIBLE[name] ?? s.rich_result.reason);
      }
    });

    const reportedAs = ruleSet.type;
    const retired = ruleSet.deprecated?.kind === "retired";
    const required = requiredOf.get(named) ?? requiredOf.get(reportedAs) ?? [];
    for (const property of required) {
      const doc = JSON.parse(text);
      const nodes = targets(doc, reportedAs);
      if (!nodes.some((n) => removePath(n, property.split(".")))) continue;
      removals++;
      test(`${name}: without ${property} gives an error naming it`, () => {
        const result = validateValue(doc);
        // A retired rich result reports it as a warning (it never fails a build).
        const errors = result.schemas.filter((s) => s.type === reportedAs).flatMap((s) => (retired ? s.warnings : s.errors).map((e) => e.property));
        assert.ok(errors.includes(property), `errors: ${errors.join(", ") || "none"}`);
      });
    }
    for (const group of oneOfGroups.get(reportedAs) ?? []) {
      const doc = JSON.parse(text);
      const nodes = targets(doc, reportedAs);
      let removed = false;
      for (const p of group) for (const n of nodes) removed = removePath(n, [p]) || removed;
      if (!removed) continue;
      removals++;
      test(`${name}: without any of ${group.join(", ")} gives an error naming the leading member`, () => {
        let result = validateValue(doc);
        // A group waived for markup about another page (a forum post listed on a category page) cannot
        // be told from JSON-LD alone (a warning there): on the node's own page, it is required.
        const waived = result.schemas.some((s) => s.warnings.some((w) => w.code === "missing-one-of" && w.property === group[0]));
        const ownUrl = nodes.map((n) => n.url).find((u): u is string => typeof u === "string");
        if (waived && ownUrl !== undefined) result = validateHtml(`<script type="application/ld+json">${JSON.stringify(doc)}</script>`, ownUrl);
        const schemas = result.schemas.filter((s) => s.type === reportedAs);
        // A retired feature's findings are warnings (never errors), and it lists nothing as missing-required.
        const errors = schemas.flatMap((s) => (retired ? s.warnings : s.errors));
        const error = errors.find((e) => e.code === "missing-one-of" && e.property === group[0]);
        assert.ok(error, `errors: ${errors.map((e) => e.property).join(", ") || "none"}`);
        assert.equal(error.one_of, group);
        if (!retired) assert.ok(schemas.some((s) => s.properties_missing_required.includes(group[0])), "listed in properties_missing_required");
      });
    }
  }
  console.log(`google-examples: ${checkedFiles} documentation examples with a rule set, ${removals} required-property removals`);
}

test.run();
