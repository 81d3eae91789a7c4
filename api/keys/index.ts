/** API keys: format, hashing, constant-time matching, encryption at rest and its secret. */
export { API_KEY_PREFIX, generateApiKey, isWellFormedKey } from "./api-key.ts";
export { KeyCipher, KeyCipherError } from "./cipher.ts";
export { hashApiKey } from "./hash.ts";
export { findAccountByKey } from "./lookup.ts";
export { loadOrCreateSecret, parseSecret, SecretError, SECRET_FILE } from "./secret.ts";
export { timingSafeEqual } from "./timing-safe-equal.ts";
