/**
 * POST /api/v1/validate/batch: 1 to 50 validations in one request, each run and charged exactly like one
 * POST /api/v1/validate of the same item (engine/validations.ts): cache hits free and served with no
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
 */
import type { Profile } from "../../runtime/options/profile.ts";
import { errorCodes, type FastifyInstance, type FastifyRequest } from "fastify";
import { Readable } from "node:stream";
import pLimit from "p-limit";
import { errorBody, ApiError, type ApiErrorBody } from "../errors.ts";
import { requireApiKey } from "../http/auth-hooks.ts";
import { toApiError } from "../plugins/error-handler.ts";
import { BATCH_MAX_ITEMS, ValidateBatchBodySchema, errorResponses } from "../openapi/schemas.ts";
import { INLINE_MAX_CHARS } from "../validation/validation-pool.ts";
import type { KeptItem } from "../validation/inspect-batch.ts";
import { CONCURRENT_PAGE_FETCHES, type Validations, type CallContext, type JsonLdSubmission } from "../validation/validations.ts";
import { InputOrder } from "../validation/input-order.ts";
import { bodyFieldsProblem } from "../validation/validate-body-fields.ts";
import { BATCH_DEADLINE_MS } from "../http/limits.ts";
import { BATCH_ANSWER_MAX_BYTES } from "../http/limits.ts";
import { answerBudgetExceeded, chargeAnswerBytes } from "../http/answer-budget.ts";
import { answerBytes, answerParts, type Answer } from "../validation/answer.ts";
import { parseTarget } from "../../fetch/parse-target.ts";

/**
 * Items of one batch running at once: as many as the process's page fetches. The page-fetch semaphore is
 * the real bound on fetching, and it serves waiters in arrival order, so a batch gets a fair share next to
 * other requests whatever this number; a lower one (it was 4) only left fetch slots idle, doubling the time
 * a batch of slow pages takes and how many of its items a deadline cuts.
 */
export const BATCH_ITEM_CONCURRENCY = CONCURRENT_PAGE_FETCHES;

interface BatchItem {
  url?: string;
  jsonld?: unknown;
  profile?: Profile;
  render?: boolean;
}

type ItemResult = { ok: true; status: 200; answer: Answer } | { ok: false; status: number; error: ApiErrorBody["error"]; duplicateOf?: number };

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

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
      const kept = keptItems.get(request);
      const account = request.account!;
      const base = app.sdv.config.publicBaseUrl;
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
      let results: ItemResult[];
      try {
        results = await Promise.all(
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
      }
      const answer = await batchAnswer(request, results, base);
      reply.type("application/json; charset=utf-8");
      return reply.send(answer);
    },
  );
}

/**
 * The batch's answer as JSON text, made of the items' answers as they were serialized (no item is parsed or
 * serialized again here). In input order, items are given whole while the answer stays within
 * BATCH_ANSWER_MAX_BYTES, then brief (summary and counts, no schemas listed: answer.ts); then the whole
 * answer's bytes are counted against the key's answer budget, and items that cost no credit are refused,
 * last first, for the part past it.
 */
async function batchAnswer(request: FastifyRequest, results: ItemResult[], base: string): Promise<Readable> {
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

/**
 * For each item, the index of the first item it duplicates (itself when it is the first): the same URL once
 * normalized, or the same JSON-LD text, under the same profile and render mode. Objects given as JSON values are small (large bodies are kept as
 * text) and not compared.
 */
function duplicates(items: BatchItem[], kept: Array<KeptItem | null> | undefined, batchProfile: Profile | undefined): number[] {
  const seen = new Map<string, number>();
  // Copies spelled alike (the usual case) are found without parsing them again.
  const normalized = new Map<string, string | undefined>();
  const normalize = (url: string): string | undefined => {
    if (normalized.has(url)) return normalized.get(url);
    let href: string | undefined;
    try {
      href = parseTarget(url).url.href;
    } catch {
      href = undefined;
    }
    normalized.set(url, href);
    return href;
  };
  return items.map((item, index) => {
    let key: string | undefined;
    if (item.url !== undefined) {
      const href = typeof item.url === "string" ? normalize(item.url) : undefined;
      key = href === undefined ? undefined : `url:${href}`;
    } else if (typeof item.jsonld === "string") {
      key = `text:${item.jsonld}`;
    } else if (kept?.[index]?.body !== undefined) {
      key = `body:${kept[index]!.body}`;
    }
    if (key === undefined) return index;
    // The same input under another profile, or rendered, is another answer.
    key = `${item.profile ?? batchProfile ?? "spec"} ${item.render === true ? "rendered" : "raw"} ${key}`;
    const first = seen.get(key);
    if (first !== undefined) return first;
    seen.set(key, index);
    return index;
  });
}

/** A duplicate's answer: the first item's, without work or charge (a URL's repeat is a cache hit). */
function repeat(result: ItemResult, first: number, url: boolean): ItemResult {
  if (!result.ok) return { ...result, duplicateOf: first };
  const meta = { ...result.answer.meta, cached: url ? true : result.answer.meta.cached, credits_used: 0 };
  return { ok: true, status: 200, answer: { ...result.answer, meta, duplicateOf: first } };
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

/** A 400 invalid_request that names the item (items[3]) and what is wrong with it. */
export function batchShapeError(errors: AjvError[], body: unknown): ApiError {
  const error = errors.find((e) => e.keyword === "anyOf" && e.instancePath.endsWith("/jsonld")) ?? errors[0];
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
      case "enum":
        return bad(`profile must be one of: spec, google.`);
    }
    return bad(segments.length === 0 ? `The request body must be a JSON object. ${usage}` : `items must be an array. ${usage}`);
  }
  const where = `items[${segments[1]}]`;
  const field = segments[2];
  if (field === "jsonld") return bad(`${where}.jsonld must be an object, a non-empty array of objects, or a string holding JSON text.`);
  if (field === "url") return bad(`${where}.url must be a string.`);
  if (field === "profile") return bad(`${where}.profile must be one of: spec, google.`);
  const item = (body as { items: unknown[] }).items[Number(segments[1])];
  const unknownKey = typeof item === "object" && item !== null && !Array.isArray(item) ? Object.keys(item).find((k) => k !== "url" && k !== "jsonld" && k !== "profile" && k !== "render") : undefined;
  if (unknownKey !== undefined) return bad(`${where} has an unknown field ${JSON.stringify(unknownKey)}: an item is {"url": ...} or {"jsonld": ...}.`);
  if ((error.keyword === "oneOf" || error.keyword === "required") && typeof item === "object" && item !== null && !Array.isArray(item)) {
    return "url" in item && "jsonld" in item ? bad(`${where} gives both url and jsonld: give only one.`) : bad(`${where} is empty: give one of url and jsonld.`);
  }
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
