/**
 * POST /api/v1/validate/batch: 1 to 50 validations in one request, each run and charged exactly like one
 * POST /api/v1/validate of the same item (engine/validations.ts): cache hits free and served with no
 * credits left, failures free, raw JSON-LD charged 1 and never cached. The answer is 200 with one result
 * per item, in input order: the ValidationResponse, or the ApiError the single call would have given
 * with its HTTP status.
 *
 * The batch is one request for the per-minute limit (the onRequest hook runs once). Items start in input
 * order, a few at a time; URL items also take their turn in the process-wide page-fetch semaphore, so a
 * batch of 50 URLs neither floods the fetcher nor starves other requests.
 */
import { errorCodes, type FastifyInstance, type FastifyRequest } from "fastify";
import pLimit from "p-limit";
import { errorBody, ApiError, type ApiErrorBody } from "../errors.ts";
import { requireApiKey } from "../http/auth-hooks.ts";
import { toApiError } from "../plugins/error-handler.ts";
import { BATCH_MAX_ITEMS, ValidateBatchBodySchema, errorResponses } from "../openapi/schemas.ts";
import { INLINE_MAX_CHARS } from "../engine/validation-pool.ts";
import type { KeptItem } from "../engine/inspect-batch.ts";
import type { Validations, CallContext, JsonLdSubmission } from "../engine/validations.ts";
import type { ValidationResponse } from "../../runtime/report.ts";

/** Items of one batch running at once (URL items then queue for the page-fetch semaphore). */
export const BATCH_ITEM_CONCURRENCY = 4;

interface BatchItem {
  url?: string;
  jsonld?: unknown;
}

type ItemResult = { ok: true; status: 200; result: ValidationResponse } | { ok: false; status: number; error: ApiErrorBody["error"] };

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

export async function validateBatchRoutes(app: FastifyInstance, options: { validations: Validations }): Promise<void> {
  const { validations } = options;

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
          "The batch counts as one request against the per-minute limit.",
        security: [{ apiKeyHeader: [] }],
        body: ValidateBatchBodySchema,
        response: {
          200: { $ref: "ValidationBatchResponse#", description: "One result per item, in input order" },
          ...errorResponses(400, 401, 403, 413, 415, 429, 500, 503),
        },
      },
    },
    async (request) => {
      if (request.validationError) {
        throw batchShapeError((request.validationError as { validation?: AjvError[] }).validation ?? [], request.body);
      }
      const items = (request.body as { items: BatchItem[] }).items;
      const kept = keptItems.get(request);
      const account = request.account!;
      const base = app.sdv.config.publicBaseUrl;
      const limit = pLimit(BATCH_ITEM_CONCURRENCY);

      const runItem = async (item: BatchItem, index: number): Promise<ItemResult> => {
        const started = performance.now();
        const call: CallContext = { log: request.log, elapsedMs: () => performance.now() - started };
        try {
          const result =
            item.url !== undefined
              ? await validations.url(account, item.url, call)
              : await validations.jsonld(account, submission(item.jsonld, kept?.[index] ?? null), call);
          return { ok: true, status: 200, result };
        } catch (err) {
          const apiError = toApiError(err, request);
          if (apiError.statusCode >= 500) request.log.error({ err, item: index }, "batch item failed");
          return { ok: false, status: apiError.statusCode, error: errorBody(apiError, base).error };
        }
      };

      const results = await Promise.all(items.map((item, index) => limit(() => runItem(item, index))));
      const succeeded = results.filter((r) => r.ok).length;
      const creditsUsed = results.reduce((sum, r) => sum + (r.ok ? r.result.meta.credits_used : 0), 0);
      return { results, summary: { items: results.length, succeeded, failed: results.length - succeeded, credits_used: creditsUsed } };
    },
  );
}

/** An item's jsonld as the engine takes it; a large body's items were kept as text by the worker. */
function submission(jsonld: unknown, kept: KeptItem | null): JsonLdSubmission {
  if (typeof jsonld === "string") return { kind: "text", text: jsonld, check: kept?.check };
  if (kept?.body !== undefined) return { kind: "kept", job: { kind: "body", text: kept.body, ldJson: false }, chars: kept.body.length };
  return { kind: "value", value: jsonld };
}

/** A 400 invalid_request that names the item (items[3]) and what is wrong with it. */
export function batchShapeError(errors: AjvError[], body: unknown): ApiError {
  const error = errors.find((e) => e.keyword === "anyOf") ?? errors[0];
  const bad = (message: string) => new ApiError("invalid_request", message);
  const usage = 'Send {"items": [{"url": "..."} or {"jsonld": {...}}, ...]}.';
  if (error === undefined) return bad(`The request body is invalid. ${usage}`);
  const segments = error.instancePath.split("/").filter((s) => s !== "");
  if (segments[0] !== "items" || segments.length === 1) {
    const count = Array.isArray((body as { items?: unknown } | null)?.items) ? (body as { items: unknown[] }).items.length : 0;
    switch (error.keyword) {
      case "maxItems":
        return bad(`A batch holds at most ${BATCH_MAX_ITEMS} items; this one has ${count}. Split it into several requests.`);
      case "minItems":
        return bad(`items is empty: a batch holds 1 to ${BATCH_MAX_ITEMS} items.`);
      case "required":
        return bad(`The field items is required. ${usage}`);
      case "additionalProperties":
        return bad(`Unknown field ${JSON.stringify(String(error.params.additionalProperty ?? ""))}. ${usage}`);
    }
    return bad(segments.length === 0 ? `The request body must be a JSON object. ${usage}` : `items must be an array. ${usage}`);
  }
  const where = `items[${segments[1]}]`;
  const field = segments[2];
  if (field === "jsonld") return bad(`${where}.jsonld must be an object, a non-empty array of objects, or a string holding JSON text.`);
  if (field === "url") return bad(`${where}.url must be a string.`);
  switch (error.keyword) {
    case "additionalProperties":
      return bad(`${where} has an unknown field ${JSON.stringify(String(error.params.additionalProperty ?? ""))}: an item is {"url": ...} or {"jsonld": ...}.`);
    case "minProperties":
      return bad(`${where} is empty: give one of url and jsonld.`);
    case "maxProperties":
      return bad(`${where} gives both url and jsonld: give only one.`);
  }
  return bad(`${where} must be an object {"url": ...} or {"jsonld": ...}.`);
}
