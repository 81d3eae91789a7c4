/**
 * Config mistakes are exit 2 when the config loads, before any input is read: an expected feature its type
 * does not have (the valid ids listed), a glob that cannot match; messages name the config file relative to
 * the working directory, never by its absolute path. --expect is checked the same way.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sdv } from "./sdv-process.ts";

const root = mkdtempSync(join(tmpdir(), "sdv-config-mistakes-"));
const page = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Shop","url":"https://shop.example/"}</script>';
mkdirSync(join(root, "public/products"), { recursive: true });
writeFileSync(join(root, "public/products/kettle.html"), page);

function withConfig(config: unknown): string {
  const dir = mkdtempSync(join(root, "site-"));
  mkdirSync(join(dir, "public"), { recursive: true });
  writeFileSync(join(dir, "public/index.html"), page);
  writeFileSync(join(dir, "sdv.config.json"), JSON.stringify(config));
  return dir;
}

test("an unknown feature in expect: exit 2 at load, the type's valid ids listed", async () => {
  const cwd = withConfig({ expect: { "public/**": ["Product[merchant]", "VideoObject[keymoments]"] } });
  const r = await sdv(["validate", "public"], { cwd });
  assert.is(r.code, 2, r.stdout + r.stderr);
  assert.is(r.stdout, "", "no input was validated");
  assert.match(r.stderr, /^sdv: exit 2: the config file sdv\.config\.json is invalid:/m);
  assert.match(r.stderr, /expect\["public\/\*\*"\]: Product\[merchant\]: Product has no feature "merchant"; its features: merchant-listing/);
  assert.match(r.stderr, /VideoObject has no feature "keymoments"; its features: live-badge, key-moments-clip, key-moments-seek-to-action, learning-video, review-snippet/);
});

test("a type without optional features says to expect the type alone", async () => {
  const cwd = withConfig({ expect: { "public/**": ["BreadcrumbList[crumbs]"] } });
  const r = await sdv(["validate", "public"], { cwd });
  assert.is(r.code, 2);
  assert.match(r.stderr, /BreadcrumbList has no feature "crumbs"; it has none: write "BreadcrumbList" to expect the type/);
});

test("a bad glob in ignore or expect: exit 2 at load", async () => {
  const cwd = withConfig({ ignore: [{ files: "public/{a,b", reason: "typo" }], expect: { "public/[": ["Product"] } });
  const r = await sdv(["validate", "public"], { cwd });
  assert.is(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /ignore\[0\]\.files: the glob "public\/\{a,b" has an unclosed/);
  assert.match(r.stderr, /expect\["public\/\["\]: the glob "public\/\[" has an unclosed/);
});

test("an ignore until a date that names no day: exit 2 at load, named with its key; a real date loads", async () => {
  const entry = (until: string) => ({ ignore: [{ code: "missing-recommended", reason: "later", until }] });
  const bad = await sdv(["validate", "public"], { cwd: withConfig(entry("2026-13-45")) });
  assert.is(bad.code, 2, bad.stdout + bad.stderr);
  assert.match(bad.stderr, /ignore\[0\]\.until "2026-13-45" is no calendar date/);
  const good = await sdv(["validate", "public"], { cwd: withConfig(entry("2099-02-28")) });
  assert.is(good.code, 0, good.stdout + good.stderr);
});

test("--expect is checked the same way", async () => {
  const r = await sdv(["validate", "public", "--expect", "public/**=Product[merchant]"], { cwd: root });
  assert.is(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /the --expect flags are invalid:\n {2}- --expect "public\/\*\*": Product\[merchant\]: Product has no feature "merchant"/);
});

test("a config found upwards is named relative to the working directory, never by its absolute path", async () => {
  const cwd = withConfig({ failOn: "sometimes" });
  const r = await sdv(["validate", "index.html"], { cwd: join(cwd, "public") });
  assert.is(r.code, 2);
  assert.match(r.stderr, /the config file \.\.\/sdv\.config\.json is invalid/);
  assert.not.ok(r.stderr.includes(cwd), r.stderr);
});

test("a valid expectation with a real feature still loads and runs", async () => {
  const cwd = withConfig({ expect: { "public/**": ["Organization"] }, ignore: [{ files: "public/**", code: "missing-recommended", reason: "fine" }] });
  const r = await sdv(["validate", "public"], { cwd });
  assert.is(r.code, 0, r.stdout + r.stderr);
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test.run();
