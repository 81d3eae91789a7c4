/**
 * The URL cache's key carries what the cached answer depends on (api/validation/validations.ts): two
 * deployments with different public base URLs sharing one Redis keep apart entries (before, they shared a
 * key, each read the other's entry as a miss, fetched and charged again, and overwrote it).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { urlCacheKey } from "../../api/validation/validations.ts";

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

test.run();
