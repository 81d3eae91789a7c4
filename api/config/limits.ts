/** Per-minute limits: requests per key, answer bytes per key, signups and logins per IP, unknown keys per IP. */
import { integer, optionalInteger, type SectionReader } from "./env.ts";

export interface LimitsConfig {
  /** Overrides every plan's per-minute limit when set. */
  rateLimitPerMinute: number | null;
  /** Overrides every plan's answer budget (bytes of validation answers per key per minute) when set. */
  answerBytesPerMinute: number | null;
  /** Per client IP, per minute, for signup and login (0: off). */
  authRateLimitPerMinute: number;
  /** Unknown API keys per client IP per minute before that IP's unknown keys get 429 (0: off). */
  invalidKeyLimitPerMinute: number;
}

// High enough that a client running its own test suite (a signup per test, a few bad keys) is not refused
// where the spec names no 429; low enough to bound scripted account farming and e-mail probing.
export const LIMIT_DEFAULTS = { AUTH_RATE_LIMIT_PER_MINUTE: 120, INVALID_KEY_LIMIT_PER_MINUTE: 120 };

export const readLimits: SectionReader<LimitsConfig> = (env, problems) => ({
  rateLimitPerMinute: optionalInteger(env, "RATE_LIMIT_PER_MINUTE", 1, 1e9, problems),
  answerBytesPerMinute: optionalInteger(env, "ANSWER_BYTES_PER_MINUTE", 1, 1e12, problems),
  authRateLimitPerMinute: integer(env, "AUTH_RATE_LIMIT_PER_MINUTE", LIMIT_DEFAULTS.AUTH_RATE_LIMIT_PER_MINUTE, 0, 1e9, problems),
  invalidKeyLimitPerMinute: integer(env, "INVALID_KEY_LIMIT_PER_MINUTE", LIMIT_DEFAULTS.INVALID_KEY_LIMIT_PER_MINUTE, 0, 1e9, problems),
});
