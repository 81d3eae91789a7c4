/**
 * The on-demand registry (what the CLI validates with) against the full one (lib's validate): the same
 * report for every corpus file, rule sets imported only when an input needs them, and a registry that
 * refuses to answer for a rule set it has not loaded.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { validate } from "../../lib/index.ts";
import { onDemandRegistry, validateOnDemand } from "../../lib/validate-on-demand.ts";
import { OnDemandRegistry } from "../../runtime/on-demand-registry.ts";
import { ruleSetLoaders, ruleSetTypeFor } from "../../generated/on-demand.ts";
import { ruleSetFor, ruleSets } from "../../generated/index.ts";
import type { ValidationResponse } from "../../runtime/report.ts";
import { corpusDir } from "../corpus-dir.ts";
import { modulesLoadedBy } from "./loaded-modules.ts";

const corpus = corpusDir();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(json|html)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The response without what differs from one call to the next (the clock). */
function timeless(r: ValidationResponse): Omit<ValidationResponse, "meta"> & { meta: Record<string, unknown> } {
  const { validated_at: _at, response_time_ms: _ms, ...meta } = r.meta;
  return { ...r, meta };
}

if (corpus === null) {
  test.skip("on demand equals the full registry over the corpus (../shared/corpus not found)", () => {});
} else {
  for (const folder of ["google-examples", "formats", "nasty", "schemaorg-examples", "pages"]) {
    test(`on demand gives the same report as the full registry: every file of corpus/${folder}`, async () => {
      const files = filesUnder(join(corpus, folder));
      assert.ok(files.length > 0, `no files in ${folder}`);
      let schemas = 0;
      for (const file of files) {
        const text = readFileSync(file, "utf8");
        const format = file.endsWith(".json") ? "json" : "html";
        const full = validate(text, { format });
        const lazy = await validateOnDemand(text, { format });
        assert.equal(timeless(lazy), timeless(full), file);
        schemas += full.schemas_found;
      }
      assert.ok(schemas > 0, "the folder's files hold structured data");
    });
  }
}

test("a parsed value and a page URL go through on demand as through validate", async () => {
  const value = { "@context": "https://schema.org", "@type": ["Car", "Product"], name: "Roadster", offers: { "@type": "Offer", price: "1" } };
  assert.equal(timeless(await validateOnDemand(value)), timeless(validate(value)));
  const html = '<div itemscope itemtype="https://schema.org/Recipe"><img itemprop="image" src="/r.jpg"><span itemprop="name">Soup</span></div>';
  const url = "https://example.com/soup";
  const lazy = await validateOnDemand(html, { url });
  assert.equal(timeless(lazy), timeless(validate(html, { url })));
  assert.is(lazy.schemas[0].type, "Recipe");
});

test("the on-demand map names the same rule set as the full registry for every type", () => {
  assert.is(ruleSetTypeFor.size, ruleSetFor.size);
  for (const [type, owner] of ruleSetTypeFor) assert.is(ruleSetFor.get(type)?.type, owner, type);
  assert.equal(Object.keys(ruleSetLoaders).sort(), ruleSets.map((rs) => rs.type).sort());
});

test("every loader gives the very rule set object the full registry holds", async () => {
  for (const rs of ruleSets) assert.ok((await ruleSetLoaders[rs.type]()) === rs, rs.type);
});

test("a rule set not loaded is refused, not reported as unchecked; unknown types are simply absent", async () => {
  const registry = new OnDemandRegistry(ruleSetTypeFor, ruleSetLoaders);
  assert.throws(() => registry.get("MusicEvent"), /rule set Event \(for MusicEvent\) is used before load\(\)/);
  assert.is(registry.get("NoSuchType"), undefined);
  await registry.load(["MusicEvent", "NoSuchType"]);
  assert.is(registry.get("MusicEvent")?.type, "Event");
  assert.is(registry.get("Event"), registry.get("MusicEvent"));
  assert.throws(() => registry.get("Product"), /rule set Product/);
});

test("the process-wide registry is shared: what one input loaded serves the next", async () => {
  await validateOnDemand({ "@context": "https://schema.org", "@type": "Recipe", name: "Soup" });
  assert.is(onDemandRegistry.get("Recipe")?.type, "Recipe");
});

test("validating one Event on demand imports the Event rule set's module and no other", () => {
  const modules = modulesLoadedBy(pathToFileURL(join(import.meta.dirname, "fixtures/validate-one-event.ts")).href, ["--import", "tsx"]);
  const validators = modules.filter((m) => m.includes("/generated/validators/")).map((m) => m.replace(/.*\/generated\/validators\//, ""));
  assert.equal(validators, ["Event.ts"]);
  assert.not.ok(modules.some((m) => m.endsWith("/generated/index.ts")), "the full registry stays out");
});

test.run();
