/**
 * API-key authentication and per-minute rate limits, as onRequest hooks (before the body is even read).
 *
 * Order on keyed routes (pinned by tests):
 *   1. carrier: the x-api-key header; on GET also ?access_key= (the header wins when both are given)
 *   2. format (sdv_live_ + 32 lowercase hex), before any store query        -> 401 missing/invalid_api_key
 *   3. look-up by SHA-256, compared in constant time                         -> 401 invalid_api_key
 *      (each unknown key counts against the IP: INVALID_KEY_LIMIT_PER_MINUTE; over it, and for the rest
 *      of the minute, an unknown key answers 429 rate_limit_exceeded)
 *   4. deactivated, or replaced by rotation                                  -> 403 inactive_api_key
 *   5. per-minute limit of the plan (every keyed request counts)             -> 429 rate_limit_exceeded
 * Quota (credits) is the validate route's business: only validations cost credits.
 *
 * Unkeyed signup and login are limited per client IP (AUTH_RATE_LIMIT_PER_MINUTE).
 *
 * Guessing keys is throttled per IP, not per key: a bucket per unknown key would let a flood of random
 * keys grow the limiter. Only unknown keys are refused: a valid key is never refused for what others on
 * its address did (behind NAT or a proxy one address is many clients, and 21 bad keys locked them all out).
 * The look-up still runs for a throttled address (it is the same indexed read every valid request makes);
 * keys are 128 random bits, so the throttle bounds noise, not odds. The client address is the socket
 * peer, or, behind the proxies TRUST_PROXY names, the client their X-Forwarded-For gives.
 */
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { ApiError } from "../errors.ts";
import { findAccountByKey, isWellFormedKey } from "../keys/index.ts";
import { MemoryRateLimiter } from "../stores/embedded/memory-rate-limiter.ts";
import type { RateDecision, RateLimiter } from "../stores/ports.ts";
import { isRetiredKeyAccount } from "../accounts/retired-keys.ts";
import { BlockedAddresses } from "./blocked-addresses.ts";
import { storeCall } from "../stores/store-call.ts";

const INVALID_KEY_MESSAGE = "The API key is not valid.";

/**
 * When the shared rate limiter (Redis) fails, count in process rather than fail open or answer 500. One
 * fallback per service instance (keyed by its context), with its own once-a-minute warning.
 */
const fallbacks = new WeakMap<object, { limiter: MemoryRateLimiter; lastWarning: number }>();

/** Per service instance: addresses over the unknown-key limit, refused before the look-up. */
const guessers = new WeakMap<object, BlockedAddresses>();

function blockedAddresses(ctx: object): BlockedAddresses {
  let blocked = guessers.get(ctx);
  if (!blocked) guessers.set(ctx, (blocked = new BlockedAddresses()));
  return blocked;
}

export function requireApiKey(options: { allowQueryKey: boolean }): onRequestAsyncHookHandler {
  return async function apiKeyHook(request: FastifyRequest, reply: FastifyReply) {
    const key = presentedKey(request, options.allowQueryKey);
    if (key === undefined) {
      throw new ApiError(
        "missing_api_key",
        options.allowQueryKey
          ? "Send your API key in the x-api-key header (or the access_key query parameter)."
          : "Send your API key in the x-api-key header.",
      );
    }
    if (!isWellFormedKey(key)) throw new ApiError("invalid_api_key", INVALID_KEY_MESSAGE);
    const ctx = request.server.sdv;
    const failureLimit = ctx.config.invalidKeyLimitPerMinute;
    const account = await storeCall(() => findAccountByKey(ctx.stores.accounts, key));
    if (!account) {
      const blockedFor = failureLimit > 0 ? blockedAddresses(ctx).secondsLeft(request.ip, Date.now()) : 0;
      if (blockedFor > 0) throw tooManyUnknownKeys(blockedFor);
      if (failureLimit > 0) {
        const counted = await limiterCall(request, (limiter) => limiter.hit(`badkey:ip:${request.ip}`, failureLimit));
        if (!counted.allowed) {
          blockedAddresses(ctx).block(request.ip, Date.now() + counted.retryAfterSeconds * 1000);
          throw tooManyUnknownKeys(counted.retryAfterSeconds);
        }
      }
      throw new ApiError("invalid_api_key", INVALID_KEY_MESSAGE);
    }
    if (!account.active) {
      throw new ApiError(
        "inactive_api_key",
        isRetiredKeyAccount(account)
          ? "This API key was replaced by a new one (POST /api/auth/keys); use the new key."
          : "This API key has been deactivated.",
      );
    }
    request.account = account;

    const limit = request.server.sdv.limits(account.plan).perMinute;
    await applyRateLimit(request, reply, `key:${account.id}`, limit);
  };
}

/** Per-IP limit of the unkeyed account routes. */
export function limitByIp(): onRequestAsyncHookHandler {
  return async function ipLimitHook(request: FastifyRequest, reply: FastifyReply) {
    const limit = request.server.sdv.config.authRateLimitPerMinute;
    if (limit <= 0) return;
    await applyRateLimit(request, reply, `ip:${request.ip}`, limit);
  };
}

/** A limiter call on the shared limiter, or on the in-process one while the shared one fails. */
export async function limiterCall(request: FastifyRequest, call: (limiter: RateLimiter) => Promise<RateDecision>): Promise<RateDecision> {
  const ctx = request.server.sdv;
  try {
    return await call(ctx.stores.rateLimiter);
  } catch (err) {
    let fallback = fallbacks.get(ctx);
    if (!fallback) fallbacks.set(ctx, (fallback = { limiter: new MemoryRateLimiter(), lastWarning: 0 }));
    const now = Date.now();
    if (now - fallback.lastWarning > 60_000) {
      fallback.lastWarning = now;
      request.log.warn({ err }, "rate limiter unavailable; counting in this process until it recovers");
    }
    return call(fallback.limiter);
  }
}

function tooManyUnknownKeys(retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError("rate_limit_exceeded", `Too many requests with unknown API keys from this address; retry in ${seconds} s.`, {
    retry_after_seconds: seconds,
    headers: { "retry-after": String(seconds) },
  });
}

async function applyRateLimit(request: FastifyRequest, reply: FastifyReply, key: string, limit: number): Promise<void> {
  const decision = await limiterCall(request, (limiter) => limiter.hit(key, limit));
  reply.header("x-ratelimit-limit", String(limit));
  reply.header("x-ratelimit-remaining", String(Math.max(0, limit - decision.count)));
  reply.header("x-ratelimit-reset", String(decision.retryAfterSeconds));
  if (!decision.allowed) {
    const seconds = Math.max(1, Math.ceil(decision.retryAfterSeconds));
    throw new ApiError("rate_limit_exceeded", `Rate limit of ${limit} requests per minute exceeded; retry in ${seconds} s.`, {
      retry_after_seconds: seconds,
      headers: { "retry-after": String(seconds) },
    });
  }
}

function presentedKey(request: FastifyRequest, allowQueryKey: boolean): string | undefined {
  const header = request.headers["x-api-key"];
  const fromHeader = Array.isArray(header) ? header.join(",") : header;
  if (fromHeader !== undefined && fromHeader !== "") return fromHeader;
  if (!allowQueryKey) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.access_key;
  if (fromQuery === undefined || fromQuery === "") return undefined;
  return typeof fromQuery === "string" ? fromQuery : "(invalid)";
}
