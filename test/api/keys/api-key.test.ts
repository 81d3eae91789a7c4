// Key format, hashing and the constant-time comparison, as tables.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { API_KEY_PREFIX, generateApiKey, isWellFormedKey } from "../../../api/keys/api-key.ts";
import { hashApiKey } from "../../../api/keys/hash.ts";
import { timingSafeEqual } from "../../../api/keys/timing-safe-equal.ts";

const HEX32 = "0123456789abcdef0123456789abcdef";

const formatCases: Array<[label: string, key: unknown, wellFormed: boolean]> = [
  ["prefix + 32 lowercase hex", `sdv_live_${HEX32}`, true],
  ["all zeros", `sdv_live_${"0".repeat(32)}`, true],
  ["uppercase hex", `sdv_live_${HEX32.toUpperCase()}`, false],
  ["31 hex", `sdv_live_${HEX32.slice(1)}`, false],
  ["33 hex", `sdv_live_${HEX32}0`, false],
  ["non-hex character", `sdv_live_${HEX32.slice(1)}g`, false],
  ["test prefix", `sdv_test_${HEX32}`, false],
  ["prefix in upper case", `SDV_LIVE_${HEX32}`, false],
  ["no prefix", HEX32, false],
  ["leading space", ` sdv_live_${HEX32}`, false],
  ["trailing newline", `sdv_live_${HEX32}\n`, false],
  ["empty", "", false],
  ["not a string", 42, false],
  ["undefined", undefined, false],
  ["array of the key", [`sdv_live_${HEX32}`], false],
];
for (const [label, key, wellFormed] of formatCases) {
  test(`isWellFormedKey: ${label} -> ${wellFormed}`, () => {
    assert.is(isWellFormedKey(key), wellFormed);
  });
}

test("generateApiKey: the prefix and 32 lowercase hex characters, different every time", () => {
  const keys = new Set(Array.from({ length: 200 }, generateApiKey));
  assert.is(keys.size, 200);
  for (const key of keys) {
    assert.ok(key.startsWith(API_KEY_PREFIX));
    assert.match(key, /^sdv_live_[0-9a-f]{32}$/);
    assert.ok(isWellFormedKey(key));
  }
});

test("hashApiKey: SHA-256 as 64 lowercase hex (known vector), deterministic, distinct per key", () => {
  assert.is(hashApiKey("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  const key = generateApiKey();
  assert.is(hashApiKey(key), hashApiKey(key));
  assert.match(hashApiKey(key), /^[0-9a-f]{64}$/);
  assert.is.not(hashApiKey(key), hashApiKey(generateApiKey()));
});

const equalCases: Array<[a: string, b: string, equal: boolean]> = [
  ["abc", "abc", true],
  ["", "", true],
  ["abc", "abd", false],
  ["abc", "abcd", false],
  ["abc", "", false],
  ["ä", "a\u0308", false],
];
for (const [a, b, equal] of equalCases) {
  test(`timingSafeEqual(${JSON.stringify(a)}, ${JSON.stringify(b)}) -> ${equal}`, () => {
    assert.is(timingSafeEqual(a, b), equal);
    assert.is(timingSafeEqual(b, a), equal);
  });
}

test.run();
