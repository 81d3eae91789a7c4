/**
 * The installed command runs the bundle of build/bundle-cli.ts (bin/sdv.js -> dist/cli/sdv.js), not the
 * sources the other CLI tests run: built here into a scratch folder, it must answer exactly as the
 * sources do, over the whole google-examples folder, and load rule sets as separate chunks on demand.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { bundleCli } from "../../build/bundle-cli.ts";
import { corpusDir } from "../corpus-dir.ts";
import { repoRoot, sdv } from "./sdv-process.ts";

// Inside the repository (ignored by git like the rule fixtures' builds), so that npm packages resolve
// from its node_modules and the version from its package.json, as they do from dist/cli/.
const scratch = mkdtempSync(join(repoRoot, ".fixture-build-cli-"));
const outdir = join(scratch, "cli");
await bundleCli(outdir);

function bundled(args: string[]) {
  const { FORCE_COLOR: _ignored, ...env } = process.env;
  const r = spawnSync(process.execPath, [join(outdir, "sdv.js"), ...args], { cwd: repoRoot, encoding: "utf8", env: { ...env, NO_COLOR: "1" }, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The report without the clock's fields. */
const timeless = (json: string) => JSON.parse(json.replace(/"(validated_at|response_time_ms)": ?("[^"]*"|\d+)/g, '"$1": null')) as unknown;

test("the bundle keeps one chunk per rule set and the vocabulary as a JSON string", () => {
  const files = readdirSync(outdir);
  assert.ok(files.includes("sdv.js"));
  for (const type of ["Event", "Product", "Recipe"]) assert.ok(files.some((f) => f.startsWith(`${type}-`) && f.endsWith(".js")), `${type} chunk`);
  const vocabularyChunk = files.map((f) => readFileSync(join(outdir, f), "utf8")).find((text) => text.includes("schema_org_version"));
  assert.match(vocabularyChunk ?? "", /JSON\.parse\(['"`]\{\\?"schema_org_version/, "the vocabulary is parsed from a string");
});

test("--version and --help answer from the bundle", () => {
  const version = bundled(["--version"]);
  assert.is(version.code, 0, version.stderr);
  assert.is(version.stdout.trim(), (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version);
  assert.match(bundled(["validate", "--help"]).stdout, /usage: sdv validate/);
});

const corpus = corpusDir();
if (corpus === null) {
  test.skip("the bundle validates google-examples as the sources do (../shared/corpus not found)", () => {});
} else {
  for (const format of ["json", "sarif"]) {
    test(`the bundle validates google-examples as the sources do (--format ${format})`, async () => {
      const args = ["validate", join(corpus, "google-examples"), "--format", format, "--fail-on", "warning"];
      const fromBundle = bundled(args);
      const fromSources = await sdv(args);
      assert.is(fromBundle.code, fromSources.code, fromBundle.stderr);
      assert.is(fromBundle.stderr, fromSources.stderr);
      assert.equal(timeless(fromBundle.stdout), timeless(fromSources.stdout));
      if (format === "json") assert.is((JSON.parse(fromBundle.stdout) as { summary: { validated: number } }).summary.validated, 147);
    });
  }
}

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
