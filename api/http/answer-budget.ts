/**
 * The answer budget: bytes of validation answers per key per minute (PlanLimits.answerBytesPerMinute,
 * ANSWER_BYTES_PER_MINUTE). Credits meter the work of fresh validations; cache hits, shared in-flight
 * results and a batch's duplicates cost no credit, so without this one cached page could be served to one
 * key without end (30 batches of 50 hits: 700 MiB in 25 s). Every answer counts its bytes; an answer that
 * cost no credit is refused (429 rate_limit_exceeded) once the minute's budget is spent. An answer that cost
 * a credit is never refused here: it was paid for, and the credits bound it.
 */
import type { FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";
import { limiterCall } from "./auth-hooks.ts";
import { formatBytes } from "../../runtime/limit-text.ts";

export interface BudgetDecision {
  /** Bytes past the budget after this charge (0: within it). */
  over: number;
  limit: number;
  retryAfterSeconds: number;
}

/** Counts `bytes` against the caller's budget for this minute (one limiter call, whatever the batch's size). */
export async function chargeAnswerBytes(request: FastifyRequest, bytes: number): Promise<BudgetDecision> {
  const account = request.account!;
  const limit = request.server.sdv.limits(account.plan).answerBytesPerMinute;
  const decision = await limiterCall(request, (limiter) => limiter.hit(`answers:${account.id}`, limit, bytes));
  return { over: Math.max(0, decision.count - limit), limit, retryAfterSeconds: decision.retryAfterSeconds };
}

/**
 * Counts a paid answer's bytes (one that cost a credit) without waiting for the count: it is never refused,
 * so nothing hangs on the answer, and the request does not wait a limiter round trip (Redis) for it. The
 * hit is issued before the answer is sent, so a later request of the same key is counted after it.
 */
export function countPaidAnswerBytes(request: FastifyRequest, bytes: number): void {
  chargeAnswerBytes(request, bytes).catch((err: unknown) => request.log.warn({ err }, "answer budget not counted"));
}

export function answerBudgetExceeded(decision: BudgetDecision): ApiError {
  const seconds = Math.max(1, Math.ceil(decision.retryAfterSeconds));
  return new ApiError(
    "rate_limit_exceeded",
    `This key's answers of the last minute passed its budget of ${formatBytes(decision.limit)} a minute; answers that cost no credit (cache hits, repeats) resume in ${seconds} s.`,
    { retry_after_seconds: seconds, headers: { "retry-after": String(seconds) } },
  );
}

