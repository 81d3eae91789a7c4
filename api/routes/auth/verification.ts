/**
 * ACCOUNT_VERIFICATION=email: signup and login answer 202 with a request id and mail a one-time code; the
 * key comes from POST /api/auth/verify given both. So the mail alone (a snooped mailbox, a forwarded
 * message) gives nothing without the request id, held only by whoever made the request, and the request
 * id alone gives nothing without access to the mailbox.
 *
 * Both are 120+ random bits and stored as SHA-256 hashes only (a fast hash suffices for random secrets of
 * that size). The first completion attempt takes the pending request out of the store, right or wrong, so
 * a code is used at most once and a wrong guess ends the request: no counter of tries is needed.
 * Mails are throttled per e-mail address (nobody can flood a mailbox) and per client IP.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { ApiError } from "../../errors.ts";
import type { ServiceContext } from "../../http/context.ts";
import { limiterCall } from "../../http/auth-hooks.ts";
import { storeCall } from "../../stores/store-call.ts";
import type { PendingVerification, VerificationPurpose } from "../../stores/ports.ts";

export interface VerificationPending {
  status: "verification_sent";
  request_id: string;
  email: string;
  expires_at: string;
  verify_url: string;
  message: string;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Throttles, stores the pending request, mails the code; the 202 answer's body. */
export async function startVerification(
  ctx: ServiceContext,
  request: FastifyRequest,
  email: string,
  purpose: VerificationPurpose,
): Promise<VerificationPending> {
  const settings = ctx.config.verification;
  const mailer = ctx.mailer;
  if (!mailer) throw new ApiError("mail_unavailable", "This server cannot send mail right now; retry later.");
  // The address is hashed in the limiter's key: Redis keys are no place for customers' addresses.
  await throttle(request, `verify:email:${sha256(email)}`, settings.mailsPerEmailPerMinute, "mails to this address");
  await throttle(request, `verify:ip:${request.ip}`, settings.mailsPerIpPerMinute, "verification mails from this address");

  const requestId = `vr_${randomBytes(32).toString("base64url")}`;
  const code = randomBytes(15).toString("base64url");
  const now = ctx.now().getTime();
  const pending: PendingVerification = { idHash: sha256(requestId), codeHash: sha256(code), email, purpose, expiresAt: now + settings.ttlSeconds * 1000 };
  await storeCall(() => ctx.stores.accounts.addVerification(pending, now));
  const minutes = Math.round(settings.ttlSeconds / 60);
  try {
    await mailer.send({
      to: email,
      subject: purpose === "signup" ? "Your sdv sign-up code" : "Your sdv login code",
      text:
        `Your one-time ${purpose === "signup" ? "sign-up" : "login"} code for sdv: ${code}\n\n` +
        `It works once, for the next ${minutes} minute${minutes === 1 ? "" : "s"}, and only together with the request that asked for it ` +
        `(POST /api/auth/verify with its request_id). If you did not ask for it, ignore this mail: nothing happens without the code.\n`,
    });
  } catch (err) {
    await ctx.stores.accounts.takeVerification(pending.idHash).catch(() => null);
    request.log.error({ err: { name: (err as Error).name, message: (err as Error).message } }, "verification mail not sent");
    throw new ApiError("mail_unavailable", "The verification mail could not be sent; retry in a moment.");
  }
  request.log.info({ purpose }, "verification mail sent");
  return {
    status: "verification_sent",
    request_id: requestId,
    email,
    expires_at: new Date(pending.expiresAt).toISOString(),
    verify_url: `${ctx.publicBaseUrl}/api/auth/verify`,
    message:
      `A one-time code was sent to ${email}. Send it with this request_id to POST /api/auth/verify within ${minutes} minute${minutes === 1 ? "" : "s"}; ` +
      `the API key is returned then. The code works once, with this request_id only.`,
  };
}

/** The pending request for (request_id, code), used up; ApiError invalid_verification when it does not match. */
export async function completeVerification(ctx: ServiceContext, requestId: string, code: string): Promise<PendingVerification> {
  const pending = await storeCall(() => ctx.stores.accounts.takeVerification(sha256(requestId)));
  const refused = new ApiError(
    "invalid_verification",
    "This code does not complete a pending signup or login: it is wrong, was used already, expired, or belongs to another request. Sign up or log in again for a new code.",
  );
  if (!pending) throw refused;
  const given = Buffer.from(sha256(code), "hex");
  const stored = Buffer.from(pending.codeHash, "hex");
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw refused;
  if (ctx.now().getTime() > pending.expiresAt) throw refused;
  return pending;
}

export async function throttle(request: FastifyRequest, key: string, limit: number, what: string): Promise<void> {
  const decision = await limiterCall(request, (limiter) => limiter.hit(key, limit));
  if (decision.allowed) return;
  const seconds = Math.max(1, Math.ceil(decision.retryAfterSeconds));
  throw new ApiError("rate_limit_exceeded", `Too many ${what} (at most ${limit} a minute); retry in ${seconds} s.`, {
    retry_after_seconds: seconds,
    headers: { "retry-after": String(seconds) },
  });
}
