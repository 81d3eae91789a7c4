/**
 * The spec's login returns the key itself, so besides its hash each account keeps the key encrypted with a
 * server secret: AES-256-GCM, a fresh 96-bit IV per encryption, and the 128-bit tag that makes any change
 * to the stored text fail on decryption. Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url;
 * the version lets a later format or secret rotation coexist with stored values.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";
const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

export class KeyCipherError extends Error {
  override readonly name = "KeyCipherError";
}

/** Only the canonical spelling is accepted, so no two stored strings decrypt the same way. */
function decodePart(part: string | undefined, what: string): Buffer {
  const bytes = part !== undefined && BASE64URL.test(part) ? Buffer.from(part, "base64url") : undefined;
  if (!bytes || bytes.toString("base64url") !== part) throw new KeyCipherError(`encrypted key: malformed ${what}`);
  return bytes;
}

export class KeyCipher {
  readonly #secret: Buffer;

  constructor(secret: Buffer) {
    if (secret.length !== 32) {
      throw new KeyCipherError(`the key encryption secret must be 32 bytes, got ${secret.length}`);
    }
    this.#secret = Buffer.from(secret);
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.#secret, iv, { authTagLength: TAG_BYTES });
    const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    const encode = (bytes: Buffer) => bytes.toString("base64url");
    return `${VERSION}.${encode(iv)}.${encode(cipher.getAuthTag())}.${encode(ciphertext)}`;
  }

  /** Throws KeyCipherError when the text is malformed, was altered, or was encrypted with another secret. */
  decrypt(stored: string): string {
    const parts = stored.split(".");
    if (parts.length !== 4 || parts[0] !== VERSION) {
      throw new KeyCipherError(`encrypted key: unknown format (expected ${VERSION}.<iv>.<tag>.<ciphertext>)`);
    }
    const iv = decodePart(parts[1], "IV");
    const tag = decodePart(parts[2], "tag");
    const ciphertext = decodePart(parts[3], "ciphertext");
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
      throw new KeyCipherError("encrypted key: malformed IV or tag");
    }
    const decipher = createDecipheriv(ALGORITHM, this.#secret, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
    } catch (cause) {
      throw new KeyCipherError("encrypted key: authentication failed (altered, or encrypted with another secret)", {
        cause,
      });
    }
  }
}
