/**
 * Running a batch's items: a few at a time, credits reserved in input order (InputOrder), duplicates
 * run once, and every item answered by the batch's deadline (504 batch_timeout past it, its credits
 * released and its fetches aborted through CallContext.signal).
 */
import type { FastifyRequest } from "fastify";
import pLimit from "p-limit";
import type { Profile } from "../../../runtime/options/profile.ts";
import { ApiError, errorBody } from "../../errors.ts";
import { toApiError } from "../../plugins/error-handler.ts";
import { INLINE_MAX_CHARS } from "../../validation/validation-pool.ts";
import type { KeptItem } from "../../validation/inspect-batch.ts";
import { CONCURRENT_PAGE_FETCHES, type CallContext, type JsonLdSubmission, type Validations } from "../../validation/validations.ts";
import type { Account } from "../../stores/ports.ts";
import { InputOrder } from "../../validation/input-order.ts";
import { duplicates, repeat } from "./duplicates.ts";
import type { BatchItem, ItemResult } from "./items.ts";

/**
 * Items of one batch running at once: as many as the process's page fetches. The page-fetch semaphore is
 * the real bound on fetching, and it serves waiters in arrival order, so a batch gets a fair share next to
 * other requests whatever this number; a lower one (it was 4) only left fetch slots idle, doubling the time
 * a batch of slow pages takes and how many of its items a deadline cuts.
 */
export const BATCH_ITEM_CONCURRENCY = CONCURRENT_PAGE_FETCHES;

export interface BatchRun {
  request: FastifyRequest;
  account: Account;
  validations: Validations;
  items: BatchItem[];
  /** What the worker kept of each item of a large body (inspect-batch.ts). */
  kept: Array<KeptItem | null> | undefined;
  batchProfile: Profile | undefined;
  deadlineMs: number;
  /** The service's public root, for the errors' links. */
  base: string;
  /** Aborted when the client closed its connection: the items still running stop as at the deadline. */
  clientGone?: AbortSignal;
}

/** Every item's result, in input order, within the deadline. */
export async function runItems(batch: BatchRun): Promise<ItemResult[]> {
  const { request, account, validations, items, kept, batchProfile, deadlineMs, base, clientGone } = batch;
  const limit = pLimit(BATCH_ITEM_CONCURRENCY);
  const order = new InputOrder(items.length);
  const deadline = new AbortController();
  const timeout = new ApiError(
    "batch_timeout",
    `The batch's ${formatSeconds(deadlineMs)} deadline passed before this item finished; it was not charged. Send it again, alone or in a smaller batch.`,
  );
  const timer = setTimeout(() => {
    order.passAll();
    deadline.abort(timeout);
  }, deadlineMs);
  const timedOut = (): ItemResult => ({ ok: false, status: timeout.statusCode, error: errorBody(timeout, base).error });
  const stopForGoneClient = () => {
    order.passAll();
    deadline.abort(clientGone!.reason);
  };
  clientGone?.addEventListener("abort", stopForGoneClient, { once: true });

  const runItem = async (item: BatchItem, index: number): Promise<ItemResult> => {
    if (deadline.signal.aborted) {
      order.pass(index);
      return timedOut();
    }
    const started = performance.now();
    const call: CallContext = {
      log: request.log,
      elapsedMs: () => performance.now() - started,
      signal: deadline.signal,
      creditTurn: { wait: () => order.wait(index), pass: () => order.pass(index) },
      profile: item.profile ?? batchProfile,
    };
    try {
      const answer =
        item.url !== undefined
          ? await validations.url(account, item.url, call, { render: item.render === true })
          : await validations.jsonld(account, submission(item.jsonld, kept?.[index] ?? null), call);
      return { ok: true, status: 200, answer };
    } catch (err) {
      if (err === timeout) return timedOut();
      const apiError = toApiError(err, request);
      if (apiError.statusCode >= 500) request.log.error({ err, item: index }, "batch item failed");
      return { ok: false, status: apiError.statusCode, error: errorBody(apiError, base).error };
    } finally {
      order.pass(index);
    }
  };

  // Duplicates run once: the first of each is validated (and charged), the others repeat its answer.
  const firstOf = duplicates(items, kept, batchProfile);
  const running = new Map<number, Promise<ItemResult>>();
  try {
    return await Promise.all(
      items.map((item, index) => {
        const first = firstOf[index];
        if (first !== index) {
          // Takes no turn in the credit order: it reserves nothing.
          order.pass(index);
          return running.get(first)!.then((result) => repeat(result, first, item.url !== undefined));
        }
        const run = limit(() => runItem(item, index));
        running.set(index, run);
        return run;
      }),
    );
  } finally {
    clearTimeout(timer);
    clientGone?.removeEventListener("abort", stopForGoneClient);
  }
}

function formatSeconds(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** An item's jsonld as the engine takes it; a large body's items were kept as text by the worker. */
function submission(jsonld: unknown, kept: KeptItem | null): JsonLdSubmission {
  if (typeof jsonld === "string") return { kind: "text", text: jsonld, check: kept?.check };
  // Items of a large body run in a worker whatever their own size: 50 items of 19 KB (800 nodes each) answer
  // 0.5 MiB each, and validating and serializing them here held the event loop for the whole batch.
  if (kept?.body !== undefined) return { kind: "kept", job: { kind: "body", text: kept.body, ldJson: false }, chars: Math.max(kept.body.length, INLINE_MAX_CHARS + 1) };
  return { kind: "value", value: jsonld };
}
