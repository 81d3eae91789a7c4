/**
 * What a folder or a glob makes an input (cli/collect-inputs.ts): pages and JSON-LD files, not the site's
 * own package.json, config, web manifest or data files; a .json named explicitly is read whatever it holds.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { collectInputs } from "../../cli/collect-inputs.ts";
import { sdv } from "./sdv-process.ts";

const site = mkdtempSync(join(tmpdir(), "sdv-folder-inputs-"));
const files: Record<string, string> = {
  "index.html": "<html></html>",
  "about.htm": "<html></html>",
  "events/jazz.jsonld": '{"@context":"https://schema.org","@type":"Event"}',
  "events/node.json": '{"@context":"https://schema.org","@type":"Event","name":"x"}',
  "events/typed-only.json": '{"@type":"Event","name":"x"}',
  "events/list.json": '[{"@context":"https://schema.org","@type":"Event"},{"@type":"Place"}]',
  "events/lenient.json": '{"@context":"https://schema.org","@type":"Event", /* comment */ "name":"x",}',
  "package.json": '{"name":"site","private":true}',
  "sdv.config.json": '{"failOn":"error"}',
  "manifest.json": '{"name":"Site","icons":[]}',
  "data/prices.json": '[{"sku":"a","price":3}]',
  "data/mixed.json": '[{"@type":"Event"},{"sku":"a"}]',
  "data/empty.json": "[]",
  "data/number.json": "42",
  "notes.txt": "not an input",
};
for (const [name, content] of Object.entries(files)) {
  mkdirSync(dirname(join(site, name)), { recursive: true });
  writeFileSync(join(site, name), content);
}
const shown = (sources: Awaited<ReturnType<typeof collectInputs>>) =>
  sources.map((s) => (s.kind === "file" ? relative(site, s.path) : `${s.kind}`)).sort();

const INPUTS = ["about.htm", "events/jazz.jsonld", "events/lenient.json", "events/list.json", "events/node.json", "events/typed-only.json", "index.html"];

test("a walked folder: .html, .htm, .jsonld, and .json files holding JSON-LD; nothing else", async () => {
  assert.equal(shown(await collectInputs([site])), INPUTS);
});

test("a glob: its .json matches are inputs only when they hold JSON-LD", async () => {
  assert.equal(shown(await collectInputs([`${site}/**/*.json`])), ["events/lenient.json", "events/list.json", "events/node.json", "events/typed-only.json"]);
  const none = await collectInputs([`${site}/data/*.json`]);
  assert.equal(none.length, 1);
  assert.is(none[0].kind, "missing");
});

test("a .json named explicitly is read as JSON-LD, as before", async () => {
  assert.equal(shown(await collectInputs([join(site, "manifest.json")])), ["manifest.json"]);
});

test("sdv validate . in the site's folder does not fail on its package.json, config or manifest", async () => {
  const r = await sdv(["validate", ".", "--format", "json"], { cwd: site });
  const report = JSON.parse(r.stdout) as { results: Array<{ source: string }> };
  assert.equal(report.results.map((x) => x.source).sort(), INPUTS);
  assert.not.ok(report.results.some((x) => /package|manifest|sdv\.config|data\//.test(x.source)));
});

test.after(() => rmSync(site, { recursive: true, force: true }));

test.run();
