// The key-encryption secret: accepted and refused spellings of KEY_ENCRYPTION_SECRET, and the generated
// file (mode 0600, written once, reused).
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadOrCreateSecret, parseSecret, SECRET_FILE, SecretError } from "../../../api/keys/secret.ts";
import { tempDir } from "../stores/fixtures.ts";

const bytes = randomBytes(32);
const hex = bytes.toString("hex");
const base64 = bytes.toString("base64");
const base64url = bytes.toString("base64url");

const accepted: Array<[label: string, value: string]> = [
  ["64 lowercase hex", hex],
  ["64 uppercase hex", hex.toUpperCase()],
  ["base64 with padding", base64],
  ["base64 without padding", base64.replace(/=$/, "")],
  ["base64url", base64url],
  ["surrounding whitespace and a newline", `  ${hex}\n`],
];
for (const [label, value] of accepted) {
  test(`parseSecret accepts ${label}`, () => {
    assert.ok(parseSecret(value).equals(bytes));
  });
}

/** The last base64 character of 32 bytes has two spare bits; setting one changes the text, not the bytes. */
function withSpareBitSet(text: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const last = alphabet.indexOf(text[42]!);
  return text.slice(0, 42) + alphabet[last | 1] + "=";
}

const refused: Array<[label: string, value: string]> = [
  ["63 hex", hex.slice(1)],
  ["65 hex", `${hex}0`],
  ["hex of 16 bytes", randomBytes(16).toString("hex")],
  ["base64 of 31 bytes", randomBytes(31).toString("base64")],
  ["base64 of 33 bytes", randomBytes(33).toString("base64")],
  ["base64 of 48 bytes", randomBytes(48).toString("base64")],
  ["base64 with a non-zero spare bit", withSpareBitSet(base64)],
  ["base64 with two padding characters", `${base64.slice(0, 42)}==`],
  ["a passphrase", "correct horse battery staple"],
  ["64 characters, not hex", "z".repeat(64)],
  ["whitespace only", "   "],
];
for (const [label, value] of refused) {
  test(`parseSecret refuses ${label}, without echoing the value`, () => {
    try {
      parseSecret(value);
      assert.unreachable("accepted");
    } catch (error) {
      assert.instance(error, SecretError);
      const message = (error as Error).message;
      assert.match(message, /KEY_ENCRYPTION_SECRET must be 32 bytes/);
      if (value.trim().length > 8) assert.not.ok(message.includes(value.trim()), "the value is not in the message");
    }
  });
}

test("loadOrCreateSecret: the environment value wins and no file is written", () => {
  const dir = tempDir("secret-env");
  try {
    assert.ok(loadOrCreateSecret(dir.path, hex).equals(bytes));
    assert.ok(loadOrCreateSecret(dir.path, base64).equals(bytes));
    assert.equal(readdirSync(dir.path), []);
    assert.throws(() => loadOrCreateSecret(dir.path, "too-short"), /KEY_ENCRYPTION_SECRET/);
  } finally {
    dir.remove();
  }
});

test("loadOrCreateSecret: without a value, generates the file once (mode 0600) and reuses it", () => {
  const dir = tempDir("secret-file");
  try {
    const dataDir = join(dir.path, "data");
    const first = loadOrCreateSecret(dataDir);
    assert.is(first.length, 32);
    const file = join(dataDir, SECRET_FILE);
    assert.is(statSync(file).mode & 0o777, 0o600);
    assert.is(readFileSync(file, "utf8"), `${first.toString("hex")}\n`);
    assert.equal(readdirSync(dataDir), [SECRET_FILE], "no temporary file is left behind");

    assert.ok(loadOrCreateSecret(dataDir).equals(first), "the second call reuses the file");
    assert.ok(loadOrCreateSecret(dataDir, "").equals(first), "an empty variable counts as unset");
    assert.ok(loadOrCreateSecret(dataDir, "  ").equals(first));
  } finally {
    dir.remove();
  }
});

test("loadOrCreateSecret: a damaged file is an error naming the file, never silently replaced", () => {
  const dir = tempDir("secret-bad");
  try {
    const file = join(dir.path, SECRET_FILE);
    writeFileSync(file, "not a secret\n", { mode: 0o600 });
    assert.throws(() => loadOrCreateSecret(dir.path), (error: unknown) => String(error).includes(file));
    assert.is(readFileSync(file, "utf8"), "not a secret\n");
  } finally {
    dir.remove();
  }
});

test.run();
