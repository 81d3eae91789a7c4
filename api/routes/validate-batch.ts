/**
 * POST /api/v1/validate/batch: 1 to 50 validations in one request, each run and charged exactly like one
 * POST /api/v1/validate of the same item (validation/validations.ts): cache hits free and served with no
 * credits left, failures free, raw JSON-LD charged 1 and never cached. The answer is 200 with one result
 * per item, in input order: the ValidationResponse, or the ApiError the single call would have given
 * with its HTTP status.
 *
 * The batch is one request for the per-minute limit (the onRequest hook runs once). Items start in input
 * order, a few at a time; URL items also take their turn in the process-wide page-fetch semaphore, so a
 * batch of 50 URLs neither floods the fetcher nor starves other requests. Credits are reserved in input
 * order (InputOrder), so when they run out mid-batch the later items get 429, whatever the timing.
 *
 * The batch answers within its deadline (BATCH_DEADLINE_MS): items not finished by then answer 504
 * batch_timeout, their credits released and their fetches aborted (validations.ts, CallContext.signal).
 *
 * This file is the route: its body parser and schema, and a handler that checks the items and hands them
 * on. The parts are in batch/, one per file: running the items (run-items.ts), duplicates (duplicates.ts),
 * the answer (answer.ts), the schema errors (shape-error.ts).
 */
import type { Profile } from "../../runtime/options/profile.ts";
import { errorCodes, type FastifyInstance, type FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";
import { requireApiKey } from "../http/auth-hooks.ts";
import { BATCH_MAX_ITEMS, ValidateBatchBodySchema, errorResponses } from "../openapi/schemas.ts";
import { INLINE_MAX_CHARS } from "../validation/validation-pool.ts";
import type { KeptItem } from "../validation/inspect-batch.ts";
import type { Validations } from "../validation/validations.ts";
import { bodyFieldsProblem } from "../validation/validate-body-fields.ts";
import { BATCH_DEADLINE_MS } from "../http/limits.ts";
import type { BatchItem } from "./batch/items.ts";
import { batchShapeError, type AjvError } from "./batch/shape-error.ts";
import { runItems } from "./batch/run-items.ts";
import { batchAnswer } from "./batch/answer.ts";
import { clientGone } from "../http/client-gone.ts";

export interface BatchRouteOptions {
  validations: Validations;
  /** The batch's deadline (tests shorten it); default BATCH_DEADLINE_MS. */
  deadlineMs?: number;
}

export async function validateBatchRoutes(app: FastifyInstance, options: BatchRouteOptions): Promise<void> {
  const { validations } = options;
  const deadlineMs = options.deadlineMs ?? BATCH_DEADLINE_MS;
  /** Large bodies are parsed in a worker (inspect-batch.ts); what it kept of each item, by request. */
  const keptItems = new WeakMap<FastifyRequest, Array<KeptItem | null>>();
  const jsonParser = app.getDefaultJsonParser("error", "error");
  // JSON only: a batch is never a JSON-LD document, so application/ld+json is 415 here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (text.length <= INLINE_MAX_CHARS) return jsonParser(request, text, done);
    validations.pool.inspectBatch(text).then(
      (inspection) => {
        if (!inspection.ok) return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
        keptItems.set(request, inspection.items);
        done(null, inspection.stub);
      },
      (err: Error) => done(err, undefined),
    );
  });

  app.post(
    "/api/v1/validate/batch",
    {
      onRequest: requireApiKey({ allowQueryKey: false }),
      // Shape errors name the item; built here rather than by the app's generic field messages.
      attachValidation: true,
      schema: {
        operationId: "validateBatch",
        tags: ["validation"],
        summary: `Validate 1 to ${BATCH_MAX_ITEMS} pages or JSON-LD documents in one request, each charged like one POST /api/v1/validate`,
        description:
          "Each item is {url} or {jsonld}, run and charged exactly like POST /api/v1/validate with that body: a URL cache hit is free " +
          "(and served with no credits left), a failure is free, a fresh validation costs 1 credit. The answer is 200 with one " +
          "result per item in input order: {ok: true, status: 200, result} or {ok: false, status, error} where status and error are " +
          "what the single call would have answered (422 fetch_failed, 429 quota_exceeded for items past the remaining credits, ...). " +
          "Credits are reserved in input order, so when they run out the later items are refused. The batch answers within " +
          `${BATCH_DEADLINE_MS / 1000} s: items not finished by then are {ok: false, status: 504, error: {code: "batch_timeout"}}, not charged. ` +
          "Duplicates (the same normalized URL or JSON-LD text) run once; the others repeat the first one's answer with duplicate_of. " +
          "The answer is capped at about 4 MiB: later items are brief (schemas not listed, summary intact, limits.schemas_not_listed). " +
          "It counts against the key's answer budget per minute; past it, items that cost no credit are 429 rate_limit_exceeded. " +
          "The batch counts as one request against the per-minute limit.",
        security: [{ apiKeyHeader: [] }],
        body: ValidateBatchBodySchema,
        response: {
          200: { $ref: "ValidationBatchResponse#", description: "One result per item, in input order" },
          ...errorResponses(400, 401, 403, 413, 415, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        throw batchShapeError((request.validationError as { validation?: AjvError[] }).validation ?? [], request.body);
      }
      const { items, profile: batchProfile } = request.body as { items: BatchItem[]; profile?: Profile };
      const wrong = items.findIndex((item) => bodyFieldsProblem(item) !== null);
      if (wrong !== -1) {
        const item = items[wrong];
        throw new ApiError(
          "invalid_request",
          item.url !== undefined && item.jsonld !== undefined ? `items[${wrong}] gives both url and jsonld: give only one.` : `items[${wrong}]: ${bodyFieldsProblem(item)}`,
        );
      }
      const base = app.sdv.publicBaseUrl;
      const results = await runItems({ request, account: request.account!, validations, items, kept: keptItems.get(request), batchProfile, deadlineMs, base, clientGone: clientGone(reply) });
      const answer = await batchAnswer(request, results, base);
      reply.type("application/json; charset=utf-8");
      return reply.send(answer);
    },
  );
}
