// KeyCipher: round trip, the stored format, and that any change to the stored text or the secret is caught.
import { randomBytes } from "node:crypto";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { generateApiKey } from "../../../api/keys/api-key.ts";
import { KeyCipher, KeyCipherError } from "../../../api/keys/cipher.ts";

const secret = randomBytes(32);
const cipher = new KeyCipher(secret);

test("round trip: decrypt(encrypt(key)) is the key; also empty and non-ASCII text", () => {
  for (const text of [generateApiKey(), "", "ключ ✓ 🔑"]) assert.is(cipher.decrypt(cipher.encrypt(text)), text);
});

test("format: v1.<iv 12 bytes>.<tag 16 bytes>.<ciphertext> in base64url", () => {
  const key = generateApiKey();
  const stored = cipher.encrypt(key);
  const match = /^v1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(stored);
  assert.ok(match, stored);
  assert.is(Buffer.from(match[1]!, "base64url").length, 12);
  assert.is(Buffer.from(match[2]!, "base64url").length, 16);
  assert.is(Buffer.from(match[3]!, "base64url").length, key.length);
  assert.not.ok(stored.includes(key.slice(9)), "the key is not visible in the stored text");
});

test("a fresh IV per encryption: the same key encrypts differently each time", () => {
  const key = generateApiKey();
  const stored = new Set(Array.from({ length: 50 }, () => cipher.encrypt(key)));
  assert.is(stored.size, 50);
  const ivs = new Set([...stored].map((s) => s.split(".")[1]));
  assert.is(ivs.size, 50);
});

/** Flips one bit in the decoded bytes of part `index` (1 iv, 2 tag, 3 ciphertext). */
function flipBit(stored: string, index: number, byte = 0): string {
  const parts = stored.split(".");
  const bytes = Buffer.from(parts[index]!, "base64url");
  bytes[byte]! ^= 0x01;
  parts[index] = bytes.toString("base64url");
  return parts.join(".");
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** 16 bytes take 22 base64url characters, the last with 4 unused bits: respell it to the same bytes. */
function respellTag(stored: string): string {
  const parts = stored.split(".");
  const tag = parts[2]!;
  const bytes = Buffer.from(tag, "base64url");
  const last = ALPHABET.indexOf(tag.at(-1)!);
  const respelled = tag.slice(0, -1) + ALPHABET[last | 0b0001];
  assert.ok(Buffer.from(respelled, "base64url").equals(bytes), "the respelling decodes to the same bytes");
  parts[2] = respelled;
  return parts.join(".");
}

const tamperCases: Array<[label: string, change: (stored: string) => string]> = [
  ["a bit of the ciphertext flipped", (s) => flipBit(s, 3)],
  ["the last byte of the ciphertext flipped", (s) => flipBit(s, 3, 40)],
  ["a bit of the tag flipped", (s) => flipBit(s, 2)],
  ["a bit of the IV flipped", (s) => flipBit(s, 1)],
  ["the ciphertext cut short", (s) => s.slice(0, -2)],
  ["the tag of another encryption", (s) => s.replace(/^(v1\.[^.]+\.)[^.]+/, `$1${cipher.encrypt("x").split(".")[2]}`)],
  ["padding added to the ciphertext", (s) => `${s}=`],
  ["the tag's spare bits set (same bytes, another spelling)", (s) => respellTag(s)],
  ["unknown version", (s) => s.replace(/^v1\./, "v2.")],
  ["a part missing", (s) => s.split(".").slice(0, 3).join(".")],
  ["an extra part", (s) => `${s}.AAAA`],
  ["not base64url", (s) => s.replace(/\.[^.]*$/, ".not*base64")],
  ["empty string", () => ""],
];
for (const [label, change] of tamperCases) {
  test(`tampering is detected: ${label}`, () => {
    const stored = cipher.encrypt(generateApiKey());
    const changed = change(stored);
    assert.is.not(changed, stored);
    assert.throws(() => cipher.decrypt(changed), (error: unknown) => error instanceof KeyCipherError);
  });
}

test("decrypting with another secret fails", () => {
  const stored = cipher.encrypt(generateApiKey());
  assert.throws(() => new KeyCipher(randomBytes(32)).decrypt(stored), /authentication failed/);
});

test("the secret must be exactly 32 bytes", () => {
  for (const size of [0, 16, 31, 33, 64]) assert.throws(() => new KeyCipher(randomBytes(size)), /32 bytes/);
});

test("the cipher keeps its own copy of the secret", () => {
  const bytes = randomBytes(32);
  const own = new KeyCipher(bytes);
  const stored = own.encrypt("k");
  bytes.fill(0);
  assert.is(own.decrypt(stored), "k");
});

test.run();
