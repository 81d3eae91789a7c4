/**
 * The 32-byte secret that encrypts stored keys. KEY_ENCRYPTION_SECRET wins when set (64 hex characters or
 * base64 of 32 bytes); otherwise one is generated on first start into `<dataDir>/key-encryption.secret`
 * (mode 0600) and reused, so a single-machine install works with no configuration and keeps working across
 * restarts. Losing the secret makes stored keys unreadable (login can no longer return them; rotation
 * issues new ones), which is why an existing file is never overwritten.
 */
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { makePrivateDir } from "../stores/private-files.ts";

export const SECRET_FILE = "key-encryption.secret";

const HEX_64 = /^[0-9a-fA-F]{64}$/;
const BASE64_43 = /^[A-Za-z0-9+/]{43}$/;

export class SecretError extends Error {
  override readonly name = "SecretError";
}

/** Decodes a configured secret; the message names the expected forms but never echoes the value. */
export function parseSecret(value: string, source = "KEY_ENCRYPTION_SECRET"): Buffer {
  const text = value.trim();
  if (HEX_64.test(text)) return Buffer.from(text, "hex");
  // Standard and URL-safe alphabets alike; 32 bytes are 43 characters plus one "=" of padding.
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/").replace(/=$/, "");
  if (BASE64_43.test(base64)) {
    const bytes = Buffer.from(base64, "base64");
    // The last character has two spare bits; if they are not zero it is a typo, not the intended secret.
    if (bytes.toString("base64").slice(0, 43) === base64) return bytes;
  }
  throw new SecretError(
    `${source} must be 32 bytes written as 64 hexadecimal characters or as base64 (44 characters with "=", ` +
      `or 43 without); got ${text.length} characters that are neither. Generate one with: openssl rand -hex 32`,
  );
}

export function loadOrCreateSecret(dataDir: string, envValue?: string): Buffer {
  if (envValue !== undefined && envValue.trim() !== "") return parseSecret(envValue);
  const path = join(dataDir, SECRET_FILE);
  const existing = readSecretFile(path);
  if (existing) return existing;
  makePrivateDir(dataDir);
  return createSecretFile(path);
}

function readSecretFile(path: string): Buffer | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return parseSecret(text, path);
}

/**
 * Writes a complete file under a temporary name and links it into place: link fails when the name exists,
 * so two processes starting together agree on one secret, and nobody ever reads a half-written file.
 */
function createSecretFile(path: string): Buffer {
  const secret = randomBytes(32);
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const fd = openSync(temporary, "wx", 0o600);
  try {
    writeSync(fd, `${secret.toString("hex")}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    // The creation mode is filtered by the umask; set it explicitly so the file is exactly 0600.
    chmodSync(temporary, 0o600);
    linkSync(temporary, path);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return parseSecret(readFileSync(path, "utf8"), path);
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}
