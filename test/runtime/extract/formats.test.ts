/**
 * The search engine's Microdata and RDFa examples (../shared/corpus/formats/google-*) against
 * their JSON-LD versions (../shared/corpus/google-examples): the same checked types, no errors,
 * the same eligibility per feature. Removing the element that carries a required property gives
 * an error naming it, located on the item that should carry it. Every HTML file of the corpus
 * extracts without throwing, and the corpus's Microdata pages report their types.
 * Skips visibly when the corpus is absent.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { corpusDir } from "../../corpus-dir.ts";
import { validateHtml, validateJsonText } from "../../../runtime/validate.ts";
import { buildItemTree, type ItemElement } from "../../../runtime/extract/html-items.ts";
import { extractHtmlItems } from "../../../runtime/extract/extract-items.ts";
import type { EngineResult } from "../../../runtime/types.ts";
import typesPayload from "../../../generated/types.json" with { type: "json" };

const corpus = corpusDir();
const requiredOf = new Map(typesPayload.types.map((t) => [t.type, t.required_properties]));

/** What must agree between the syntaxes: per checked node, its type, errors, eligibility and features. */
function verdict(result: EngineResult): string[] {
  return result.schemas
    .filter((s) => s.checked)
    .map((s) => `${s.type}: ${s.errors.length} errors, eligible ${s.rich_result_eligible}; ${(s.features ?? []).map((f) => `${f.feature}=${f.eligible}`).join(" ")}`);
}

/** [start, end) of the element starting at `start` in the page, end tag included. */
function elementSpan(html: string, start: number): [number, number] {
  const tree = buildItemTree(html);
  const stack = [...tree.roots];
  let found: ItemElement | undefined;
  while (stack.length && !found) {
    const el = stack.pop()!;
    if (el.start === start) found = el;
    stack.push(...el.children);
  }
  if (!found) throw new Error(`no element at ${start}`);
  if (found.contentEnd === found.contentStart && html.slice(found.contentEnd, found.contentEnd + 2) !== "</") return [start, found.contentStart];
  const close = html.indexOf(">", found.contentEnd);
  return [start, close === -1 ? html.length : close + 1];
}

/** The page with every element carrying `property` on the first top-level item removed. */
function without(html: string, property: string): string | null {
  const block = extractHtmlItems(html)[0];
  const starts = [...block.offsets].filter(([pointer]) => pointer === `/0/${property}` || pointer.startsWith(`/0/${property}/`) && /^\/0\/[^/]+\/\d+$/.test(pointer)).map(([, at]) => at);
  if (starts.length === 0) return null;
  const spans = [...new Set(starts)].map((s) => elementSpan(html, s)).sort((a, b) => b[0] - a[0]);
  let out = html;
  for (const [s, e] of spans) out = out.slice(0, s) + out.slice(e);
  return out;
}

if (!corpus) {
  test.skip("formats (../shared/corpus not found)", () => {});
  console.log("SKIP formats tests: ../shared/corpus not found");
} else {
  const pairs: Array<[string, string, string]> = [];
  for (const syntax of ["google-microdata", "google-rdfa"]) {
    for (const name of readdirSync(join(corpus, "formats", syntax)).filter((f) => f.endsWith(".html")).sort()) {
      const jsonld = join(corpus, "google-examples", name.replace(/\.html$/, ".json"));
      if (existsSync(jsonld)) pairs.push([syntax, name, jsonld]);
    }
  }

  test(`formats: ${pairs.length} examples found in both syntaxes`, () => {
    assert.ok(pairs.length >= 40, `only ${pairs.length} pairs`);
  });

  for (const [syntax, name, jsonld] of pairs) {
    const html = readFileSync(join(corpus, "formats", syntax, name), "utf8");
    test(`${syntax}/${name}: the same verdict as its JSON-LD version`, () => {
      const ours = validateHtml(html);
      const reference = validateJsonText(readFileSync(jsonld, "utf8"));
      assert.ok(ours.schemas.length > 0, "nothing extracted");
      for (const s of ours.schemas) {
        assert.is(s.syntax, syntax === "google-microdata" ? "microdata" : "rdfa");
        assert.equal(s.errors, [], `${s.type} errors`);
      }
      assert.equal(verdict(ours), verdict(reference));
    });

    const main = validateHtml(html).schemas[0];
    for (const required of requiredOf.get(main.type) ?? []) {
      if (required.includes(".")) continue;
      const names = required.split("|");
      const page = names.reduce<string | null>((acc, p) => (acc === null ? null : without(acc, p) ?? acc), html);
      if (page === null || page === html) continue;
      test(`${syntax}/${name}: without the element(s) carrying ${required}, an error names it`, () => {
        const result = validateHtml(page).schemas[0];
        const issue = result.errors.find((e) => e.property === required || names.includes(e.property));
        assert.ok(issue, `no error naming ${required}: ${JSON.stringify(result.errors.map((e) => e.property))}`);
        assert.is(result.valid, false);
        // Located: on the item that should carry it.
        assert.type(issue!.line, "number");
        assert.type(issue!.column, "number");
      });
    }
  }

  test("formats: every HTML file of the corpus extracts and validates without throwing", () => {
    let files = 0;
    for (const folder of ["pages", "nasty", "google-examples", "formats/extruct", "formats/w3c", "formats/google-microdata", "formats/google-rdfa"]) {
      for (const name of readdirSync(join(corpus, folder)).filter((f) => f.endsWith(".html"))) {
        const html = readFileSync(join(corpus, folder, name), "utf8");
        try {
          validateHtml(html, "https://example.com/page");
        } catch (err) {
          assert.unreachable(`${folder}/${name}: ${(err as Error).stack}`);
        }
        files++;
      }
    }
    assert.ok(files > 100, `${files} files`);
  });

  const MICRODATA_PAGES: Array<[string, string[]]> = [
    ["pages/recipe-blueapron.com.html", ["Recipe"]],
    ["pages/metascraper-youtube-video.html", ["VideoObject"]],
    ["pages/metascraper-github.html", ["SoftwareSourceCode"]],
    ["pages/metascraper-nature-article.html", ["BreadcrumbList", "Article", "Periodical"]],
    ["pages/metascraper-the-guardian.html", ["WebPage", "Article"]],
    ["pages/recipe-realfood.tesco.com.html", ["NutritionInformation"]],
    ["formats/extruct/misc-product_microdata.html", ["Product"]],
    ["formats/extruct/schema.org-Event.001.html", ["Event"]],
  ];
  for (const [file, types] of MICRODATA_PAGES) {
    test(`${file}: reports its Microdata types (${types.join(", ")})`, () => {
      const result = validateHtml(readFileSync(join(corpus, file), "utf8"));
      // A subtype checked by its parent's rules is reported as the parent with the type written (a Periodical as CreativeWorkSeries).
      const found = result.schemas.filter((s) => s.syntax === "microdata").flatMap((s) => [s.type, ...(s.matched_type ? [s.matched_type] : [])]);
      for (const t of types) assert.ok(found.includes(t), `${t} not among ${found.join(", ")}`);
    });
  }

  test("pages/recipe-blueapron.com.html: the Recipe is checked, with located issues", () => {
    const result = validateHtml(readFileSync(join(corpus, "pages/recipe-blueapron.com.html"), "utf8"));
    const recipe = result.schemas.find((s) => s.type === "Recipe")!;
    assert.is(recipe.checked, true);
    assert.ok(recipe.properties_found.includes("name"), recipe.properties_found.join(","));
    for (const issue of [...recipe.errors, ...recipe.warnings]) assert.type(issue.line, "number", `${issue.path} has no line`);
  });
}

test.run();
