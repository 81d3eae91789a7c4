/**
 * The URL cache's key carries what the cached answer depends on (api/validation/validations.ts): two
 * deployments with different public base URLs sharing one Redis keep apart entries (before, they shared a
 * key, each read the other's entry as a miss, fetched and charged again, and overwrote it), and two builds
 * whose engines differ (a rolling deploy of new rules) never read each other's verdicts.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { urlCacheKey } from "../../api/validation/validations.ts";
import { digestOf, engineDigest } from "../../api/validation/engine-digest.ts";

const page = { url: "https://shop.example/p", profile: "spec" as const, render: false };

test("the public base URL is part of the key", () => {
  assert.is.not(urlCacheKey({ ...page, base: "https://a.example" }), urlCacheKey({ ...page, base: "https://b.example" }));
  assert.is(urlCacheKey({ ...page, base: "https://a.example" }), urlCacheKey({ ...page, base: "https://a.example" }));
});

test("so are the profile and raw or rendered, and the page", () => {
  const base = "https://a.example";
  const keys = new Set([
    urlCacheKey({ ...page, base }),
    urlCacheKey({ ...page, base, profile: "google" }),
    urlCacheKey({ ...page, base, render: true }),
    urlCacheKey({ ...page, base, url: "https://shop.example/q" }),
  ]);
  assert.is(keys.size, 4);
});

test("so is the engine: another build's rules never answer from this one's entries", () => {
  const base = "https://a.example";
  assert.is.not(urlCacheKey({ ...page, base, engine: "aaaa" }), urlCacheKey({ ...page, base, engine: "bbbb" }));
  assert.is(urlCacheKey({ ...page, base }), urlCacheKey({ ...page, base, engine: engineDigest() }), "this build's engine by default");
  assert.match(engineDigest(), /^[0-9a-f]{16}$/);
});

test("the engine digest follows every file's path and content under the engine's folders", () => {
  const root = mkdtempSync(join(tmpdir(), "sdv-digest-"));
  try {
    const runtime = join(root, "runtime") + "/";
    const generated = join(root, "generated") + "/";
    mkdirSync(join(generated, "validators"), { recursive: true });
    mkdirSync(runtime);
    writeFileSync(join(runtime, "engine.js"), "export const x = 1;");
    writeFileSync(join(generated, "validators", "Event.js"), "startDate: required");
    const first = digestOf([runtime, generated]);
    assert.is(digestOf([runtime, generated]), first, "stable");
    writeFileSync(join(generated, "validators", "Event.js"), "startDate: recommended");
    const changedRule = digestOf([runtime, generated]);
    assert.is.not(changedRule, first, "a rule changed");
    writeFileSync(join(generated, "validators", "Offer.js"), "");
    assert.is.not(digestOf([runtime, generated]), changedRule, "a file added, even an empty one");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
