/**
 * GET and POST /api/v1/validate: the credit, cache and error rules of the spec.
 *
 *   auth + per-minute limit (onRequest) -> input checks (400, 422 parse_error for jsonld text)
 *   URL: cache hit -> 200 cached, 0 credits, served even with no credits left
 *        in-flight request for the same URL in this process -> share its result as a cache hit
 *        else reserve 1 credit (429 quota_exceeded) -> fetch + validate -> cache 1 h -> 200, 1 credit;
 *        any failure releases the credit exactly once
 *   jsonld: reserve 1 credit -> validate -> 200 (never cached)
 */
import { errorCodes, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { API_VERSION, toValidationResponse, type ValidationResponse } from "../../runtime/report.ts";
import { withAbsoluteRuleUrls } from "../http/absolute-rule-urls.ts";
import type { EngineResult } from "../../runtime/types.ts";
import { parseBlock } from "../../runtime/parse-block.ts";
import { LineIndex } from "../../runtime/extract/line-column.ts";
import { noStructuredDataMessage } from "../../runtime/extract/unreadable-markup.ts";
import { ApiError } from "../errors.ts";
import { fetchPage } from "../fetch/guarded-fetch.ts";
import { FetchError } from "../fetch/fetch-error.ts";
import { parseTarget } from "../fetch/parse-target.ts";
import { billingPeriod, secondsUntilNextPeriod } from "../billing/plans.ts";
import type { Account } from "../stores/ports.ts";
import { requireApiKey } from "../http/auth-hooks.ts";
import { fromFetchError } from "../plugins/error-handler.ts";
import { CACHE_TTL_SECONDS } from "../http/limits.ts";
import { storeCall } from "../http/store-call.ts";
import type { ServiceContext } from "../http/context.ts";
import { ValidateBodySchema, ValidateQuerySchema, errorResponses } from "../openapi/schemas.ts";
import { INLINE_MAX_CHARS, ValidationPool } from "../engine/validation-pool.ts";
import type { JsonLdTextCheck } from "../engine/inspect-body.ts";
import { asValidateBody, type ValidationJob } from "../engine/validation-job.ts";
import { Semaphore } from "../engine/semaphore.ts";

/**
 * Page fetches (and their validation) running at once in this process. A fetched page can hold 5 MiB of
 * text and its transient copies (bytes, decoded text, the copy handed to a worker): twenty small gzip
 * bombs at once pushed the process past 500 MB. Later requests wait their turn (inside their own
 * deadlines); raw JSON-LD does not wait.
 */
const CONCURRENT_PAGE_FETCHES = 8;

/**
 * A result whose cache entry is longer than this is served but not cached: reading it back would cost
 * more than the caps allow any answer (with the caps, real answers stay far below it). Applies to every
 * cache store, Redis included.
 */
export const MAX_CACHED_ENTRY_CHARS = 1024 * 1024;

/** What the URL cache holds for one normalized URL. */
interface CachedValidation {
  url: string;
  validated_at: string;
  /** Epoch ms; checked against the app's clock as well as the store's TTL. */
  expires_at: number;
  result: EngineResult;
}

const CACHE_PREFIX = `validate:${API_VERSION}:`;

const validateResponses = { 200: { $ref: "ValidationResponse#", description: "The validation report (ValidationResponse)" }, ...errorResponses(400, 401, 403, 413, 415, 422, 429, 500, 503) };

export async function validateRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.sdv;
  /** URL validations running in this process, by cache key (single flight). */
  const inflight = new Map<string, Promise<CachedValidation>>();
  const pool = new ValidationPool();
  app.addHook("onClose", async () => pool.close());
  const pages = new Semaphore(CONCURRENT_PAGE_FETCHES);

  /**
   * Large bodies are parsed in a worker, never on the main thread (inspect-body.ts): the route's schema
   * checks see a small stand-in of the same shape, and the validation gets the text.
   */
  const largeBodies = new WeakMap<FastifyRequest, { text: string; ldJson: boolean; jsonldText?: JsonLdTextCheck }>();
  const jsonParser = app.getDefaultJsonParser("error", "error");
  const parseKeeping = (ldJson: boolean) => (request: FastifyRequest, body: string | Buffer, done: (err: Error | null, value?: unknown) => void) => {
    const text = body as string;
    if (text.length <= INLINE_MAX_CHARS) {
      jsonParser(request, text, (err: Error | null, value?: unknown) => {
        if (err) return done(err, undefined);
        done(null, ldJson ? asValidateBody(value) : value);
      });
      return;
    }
    pool.inspectBody(text, ldJson).then(
      (inspection) => {
        // The same error the app's JSON parser gives for any body it refuses.
        if (!inspection.ok) return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
        largeBodies.set(request, { text, ldJson, jsonldText: inspection.jsonldText });
        done(null, inspection.stub);
      },
      (err: Error) => done(err, undefined),
    );
  };
  // This plugin's own parsers (encapsulated: other routes keep the app's).
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, parseKeeping(false));
  // application/ld+json: the body may be the JSON-LD itself, or the same {url}|{jsonld} object as JSON.
  app.addContentTypeParser("application/ld+json", { parseAs: "string" }, parseKeeping(true));

  app.get(
    "/api/v1/validate",
    {
      // A HEAD would run (and charge) a validation whose report it cannot return.
      exposeHeadRoute: false,
      onRequest: requireApiKey({ allowQueryKey: true }),
      config: { fieldCodes: { url: "invalid_url" }, bodyCode: "invalid_url" },
      schema: {
        tags: ["validation"],
        summary: "Fetch a page and validate its JSON-LD blocks (results cached for 1 hour)",
        security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }],
        querystring: ValidateQuerySchema,
        response: validateResponses,
      },
    },
    async (request, reply) => {
      const { url } = request.query as { url: string };
      return validateUrl(request, reply, url);
    },
  );

  app.post(
    "/api/v1/validate",
    {
      onRequest: requireApiKey({ allowQueryKey: false }),
      config: { fieldCodes: { url: "invalid_url" }, bodyCode: "invalid_request" },
      schema: {
        tags: ["validation"],
        summary: "Validate a page by URL ({url}) or raw JSON-LD ({jsonld}: object, array of objects, or JSON text)",
        security: [{ apiKeyHeader: [] }],
        consumes: ["application/json", "application/ld+json"],
        body: ValidateBodySchema,
        response: validateResponses,
      },
    },
    async (request, reply) => {
      const body = request.body as { url?: string; jsonld?: unknown };
      if (body.url !== undefined) return validateUrl(request, reply, body.url);
      return validateJsonLd(request, reply, body.jsonld);
    },
  );

  async function validateUrl(request: FastifyRequest, reply: FastifyReply, rawUrl: string): Promise<ValidationResponse> {
    const account = request.account!;
    let url: string;
    try {
      url = parseTarget(rawUrl).url.href;
    } catch (err) {
      if (err instanceof FetchError) throw fromFetchError(err);
      throw err;
    }
    const cacheKey = CACHE_PREFIX + url;

    const cached = await cacheGet(ctx, cacheKey, request.log);
    if (cached) return respondShared(request, reply, account, cached);
    const pending = inflight.get(cacheKey);
    if (pending) return respondShared(request, reply, account, await pending);

    const credit = await reserveCredit(ctx, account);
    // Another request may have started the same URL while we reserved: share its result instead.
    const started = inflight.get(cacheKey);
    if (started) {
      await credit.release();
      return respondShared(request, reply, account, await started);
    }
    const work = pages.use(() => fetchAndValidate(url, cacheKey, request.log));
    inflight.set(cacheKey, work);
    let entry: CachedValidation;
    try {
      entry = await work;
    } catch (err) {
      await credit.release();
      throw err;
    } finally {
      inflight.delete(cacheKey);
    }
    return respond(reply, entry.result, { cached: false, creditsUsed: 1, remaining: credit.remaining, validatedAt: entry.validated_at }, entry.url);
  }

  async function fetchAndValidate(url: string, cacheKey: string, log: FastifyBaseLogger): Promise<CachedValidation> {
    let html: string;
    try {
      html = (await fetchPage(url, ctx.fetchOptions)).body;
    } catch (err) {
      if (err instanceof FetchError) throw fromFetchError(err);
      throw err;
    }
    const result = await pool.run({ kind: "html", text: html, pageUrl: url }, html.length);
    if (result.blocks_found === 0 || (result.schemas.length === 0 && result.blocks_unparsable === 0)) {
      throw new ApiError("no_jsonld_found", noStructuredDataMessage(html));
    }
    if (result.blocks_unparsable > 0 && result.schemas.length === result.blocks_unparsable) {
      const first = result.schemas[0]?.errors[0];
      const where = first?.line !== undefined ? ` The first problem is at line ${first.line}, column ${first.column} of the page.` : "";
      throw new ApiError(
        "parse_error",
        `No JSON-LD block of the page is valid JSON (${result.blocks_unparsable} block${result.blocks_unparsable === 1 ? "" : "s"}).${where}`,
      );
    }
    const now = ctx.now();
    const entry: CachedValidation = { url, validated_at: now.toISOString(), expires_at: now.getTime() + CACHE_TTL_SECONDS * 1000, result };
    const text = JSON.stringify(entry);
    if (text.length > MAX_CACHED_ENTRY_CHARS) {
      log.info({ chars: text.length }, "result too large for the url cache (not cached)");
      return entry;
    }
    try {
      await ctx.stores.cache.set(cacheKey, text, CACHE_TTL_SECONDS);
    } catch (err) {
      log.warn({ err }, "url cache unavailable (result not cached)");
    }
    return entry;
  }

  async function validateJsonLd(request: FastifyRequest, reply: FastifyReply, jsonld: unknown): Promise<ValidationResponse> {
    const account = request.account!;
    let job: ValidationJob;
    let inputChars: number;
    if (typeof jsonld === "string") {
      // A large text was checked in the worker that parsed the body; a small one is checked here.
      const checked = largeBodies.get(request)?.jsonldText ?? checkJsonLdText(jsonld);
      if (!checked.ok) {
        const at = new LineIndex(jsonld).at(checked.offset);
        throw new ApiError("parse_error", `jsonld is not valid JSON at line ${at.line}, column ${at.column}: ${checked.message}.`);
      }
      if (!checked.objects) {
        throw new ApiError("invalid_request", "jsonld text must hold a JSON object or a non-empty array of objects.");
      }
      job = { kind: "json-text", text: jsonld };
      inputChars = jsonld.length;
    } else {
      const large = largeBodies.get(request);
      job = large ? { kind: "body", text: large.text, ldJson: large.ldJson } : { kind: "value", value: jsonld };
      // Without kept text the body was small (our parsers keep every large one).
      inputChars = large ? large.text.length : 0;
    }
    const credit = await reserveCredit(ctx, account);
    let result: EngineResult;
    try {
      result = await pool.run(job, inputChars);
    } catch (err) {
      await credit.release();
      throw err;
    }
    return respond(reply, result, { cached: false, creditsUsed: 1, remaining: credit.remaining, validatedAt: ctx.now().toISOString() });
  }

  async function respondShared(request: FastifyRequest, reply: FastifyReply, account: Account, entry: CachedValidation): Promise<ValidationResponse> {
    const usage = await storeCall(() => ctx.stores.accounts.usage(account.id, billingPeriod(ctx.now())));
    const remaining = Math.max(0, ctx.limits(account.plan).monthly - usage.used);
    return respond(reply, entry.result, { cached: true, creditsUsed: 0, remaining, validatedAt: entry.validated_at }, entry.url);
  }
}

interface MetaInput {
  cached: boolean;
  creditsUsed: number;
  remaining: number;
  validatedAt: string;
}

function respond(reply: FastifyReply, result: EngineResult, meta: MetaInput, url?: string): ValidationResponse {
  return toValidationResponse(
    withAbsoluteRuleUrls(result, reply.server.sdv.config.publicBaseUrl),
    {
      api_version: API_VERSION,
      validated_at: meta.validatedAt,
      cached: meta.cached,
      credits_used: meta.creditsUsed,
      credits_remaining: meta.remaining,
      response_time_ms: Math.round(reply.elapsedTime),
    },
    url,
  );
}

interface Credit {
  /** Credits left after this reservation. */
  remaining: number;
  /** Gives the credit back; only the first call has an effect. */
  release(): Promise<void>;
}

async function reserveCredit(ctx: ServiceContext, account: Account): Promise<Credit> {
  const period = billingPeriod(ctx.now());
  const limit = ctx.limits(account.plan).monthly;
  const outcome = await storeCall(() => ctx.stores.accounts.reserveCredit(account.id, period, limit));
  if (!outcome.ok) {
    throw new ApiError(
      "quota_exceeded",
      `The ${account.plan} plan's ${limit} validations for ${period} are used up. Upgrade for more, or wait for the next month (UTC).`,
      { upgrade_url: ctx.urls.upgrade, headers: { "retry-after": String(secondsUntilNextPeriod(ctx.now())) } },
    );
  }
  let released = false;
  return {
    remaining: Math.max(0, limit - outcome.used),
    release: async () => {
      if (released) return;
      released = true;
      await storeCall(() => ctx.stores.accounts.releaseCredit(account.id, period));
    },
  };
}

async function cacheGet(ctx: ServiceContext, key: string, log: FastifyBaseLogger): Promise<CachedValidation | null> {
  let text: string | null;
  try {
    text = await ctx.stores.cache.get(key);
  } catch (err) {
    log.warn({ err }, "url cache unavailable (treated as a miss)");
    return null;
  }
  if (text === null) return null;
  try {
    const entry = JSON.parse(text) as CachedValidation;
    if (typeof entry?.expires_at !== "number" || entry.expires_at <= ctx.now().getTime() || !entry.result) return null;
    return entry;
  } catch {
    return null;
  }
}

function checkJsonLdText(text: string): JsonLdTextCheck {
  const parsed = parseBlock(text);
  return parsed.ok ? { ok: true, objects: isObjectOrObjects(parsed.value) } : parsed;
}

function isObjectOrObjects(value: unknown): boolean {
  const isObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
  if (Array.isArray(value)) return value.length > 0 && value.every(isObject);
  return isObject(value);
}
