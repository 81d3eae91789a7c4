/** The batch's answer: the items' serialized answers in input order, capped, charged and written in pieces. */
import type { FastifyRequest } from "fastify";
import { Readable } from "node:stream";
import { errorBody } from "../../errors.ts";
import { BATCH_ANSWER_MAX_BYTES } from "../../http/limits.ts";
import { answerBudgetExceeded, chargeAnswerBytes } from "../../http/answer-budget.ts";
import { answerBytes, answerParts } from "../../validation/answer.ts";
import type { ItemResult } from "./items.ts";

/**
 * The batch's answer as JSON text, made of the items' answers as they were serialized (no item is parsed or
 * serialized again here). In input order, items are given whole while the answer stays within
 * BATCH_ANSWER_MAX_BYTES, then brief (summary and counts, no schemas listed: answer.ts); then the whole
 * answer's bytes are counted against the key's answer budget, and items that cost no credit are refused,
 * last first, for the part past it.
 */
export async function batchAnswer(request: FastifyRequest, results: ItemResult[], base: string): Promise<Readable> {
  const brief: boolean[] = [];
  const bytes: number[] = [];
  let total = 0;
  results.forEach((result, index) => {
    if (!result.ok) {
      bytes[index] = 300;
      brief[index] = false;
      return;
    }
    const whole = answerBytes(result.answer);
    brief[index] = total + whole > BATCH_ANSWER_MAX_BYTES;
    bytes[index] = brief[index] ? answerBytes(result.answer, true) : whole;
    total += bytes[index];
  });
  const budget = await chargeAnswerBytes(request, total);
  if (budget.over > 0) {
    const refused = errorBody(answerBudgetExceeded(budget), base).error;
    let toRefuse = budget.over;
    for (let index = results.length - 1; index >= 0 && toRefuse > 0; index--) {
      const result = results[index];
      if (!result.ok || result.answer.meta.credits_used > 0) continue;
      toRefuse -= bytes[index];
      results[index] = { ok: false, status: 429, error: refused, ...(result.answer.duplicateOf !== undefined ? { duplicateOf: result.answer.duplicateOf } : {}) };
    }
  }
  settleCreditsRemaining(results);
  const parts: string[] = ['{"results":['];
  let succeeded = 0;
  let creditsUsed = 0;
  results.forEach((result, index) => {
    const duplicate = result.ok ? result.answer.duplicateOf : result.duplicateOf;
    const head = `${index > 0 ? "," : ""}{"ok":${result.ok},"status":${result.status}${duplicate !== undefined ? `,"duplicate_of":${duplicate}` : ""}`;
    if (result.ok) {
      succeeded++;
      creditsUsed += result.answer.meta.credits_used;
      const [answerHead, report, answerTail] = answerParts(result.answer, brief[index]);
      parts.push(`${head},"result":${answerHead}`, report, `${answerTail}}`);
    } else {
      parts.push(`${head},"error":${JSON.stringify(result.error)}}`);
    }
  });
  const summary = { items: results.length, succeeded, failed: results.length - succeeded, credits_used: creditsUsed };
  parts.push(`],"summary":${JSON.stringify(summary)}}`);
  // Written a piece at a time, each encoded as it goes out, never flattened into one string of megabytes.
  return Readable.from(paced(parts, ANSWER_PIECE_CHARS), { objectMode: false });
}

/**
 * An item that cost nothing (a cache hit, a repeat) answers at once, before the batch's other items take
 * their credits, so its `credits_remaining` was read too early: 10 beside items that counted down to 7.
 * Such items say the lowest figure any item of the batch reported: what is left when the batch answers
 * (low by a failed item's credit given back after it, never high).
 */
function settleCreditsRemaining(results: ItemResult[]): void {
  let lowest = Infinity;
  for (const result of results) if (result.ok && result.answer.meta.credits_remaining !== undefined) lowest = Math.min(lowest, result.answer.meta.credits_remaining);
  if (lowest === Infinity) return;
  results.forEach((result, index) => {
    if (!result.ok || result.answer.meta.credits_used > 0) return;
    const reported = result.answer.meta.credits_remaining;
    if (reported === undefined || reported <= lowest) return;
    results[index] = { ...result, answer: { ...result.answer, meta: { ...result.answer.meta, credits_remaining: lowest } } };
  });
}

/**
 * Characters encoded at once while a batch's answer is written, then the event loop gets a turn. Sent
 * whole, half-megabyte reports (the loopback socket takes megabytes without pushing back) held the loop
 * for 50-100 ms when thirty batches answered at once, and /health waited behind them.
 */
export const ANSWER_PIECE_CHARS = 64 * 1024;

/** The texts as chunks of about `size` characters (small texts joined), a turn of the event loop between two. */
async function* paced(texts: readonly string[], size: number): AsyncGenerator<string> {
  let chunk = "";
  for (const piece of pieces(texts, size)) {
    if (chunk.length > 0 && chunk.length + piece.length > size) {
      yield chunk;
      chunk = "";
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    chunk += piece;
  }
  if (chunk.length > 0) yield chunk;
}

/** The texts in order, the long ones cut into pieces of at most `size` characters (a surrogate pair is never cut). */
export function* pieces(texts: readonly string[], size: number): Generator<string> {
  for (const text of texts) {
    let at = 0;
    while (text.length - at > size) {
      let end = at + size;
      const last = text.charCodeAt(end - 1);
      // A high surrogate ends this piece: keep it with its low half in the next one.
      if (last >= 0xd800 && last <= 0xdbff) end--;
      yield text.slice(at, end);
      at = end;
    }
    if (at < text.length) yield at === 0 ? text : text.slice(at);
  }
}
