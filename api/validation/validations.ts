/**
 * One validation as the spec charges it, shared by POST/GET /api/v1/validate and every item of
 * POST /api/v1/validate/batch, so the credit, cache and error rules are the same by construction.
 *
 *   URL: cache hit -> cached, 0 credits, served even with no credits left
 *        in-flight validation of the same URL in this process -> share its result as a cache hit
 *        else reserve 1 credit (429 quota_exceeded) -> fetch + validate -> cache 1 h -> 1 credit;
 *        any failure releases the credit exactly once
 *        a caller that gives up (CallContext.signal: a batch's deadline) stops waiting at once, its credit
 *        released; the fetch is aborted unless another request still waits for it
 *   jsonld: (text: 422 parse_error / 400 first) reserve 1 credit -> validate (never cached); a failure
 *        releases the credit
 *
 * Failures are thrown (ApiError, FetchError or anything else); callers turn them into answers.
 */
import type { FastifyBaseLogger } from "fastify";
import { API_VERSION, toValidationResponse, type ValidationResponse } from "../../runtime/report.ts";
import type { EngineResult } from "../../runtime/types.ts";
import { withAbsoluteRuleUrls } from "../http/absolute-rule-urls.ts";
import { parseBlock } from "../../runtime/parse-block.ts";
import { LineIndex } from "../../runtime/extract/line-column.ts";
import { noStructuredDataMessage } from "../../runtime/extract/unreadable-markup.ts";
import { onlyUntypedItems } from "../../runtime/extract/item-positions.ts";
import { ApiError } from "../errors.ts";
import { fetchPage } from "../../fetch/guarded-fetch.ts";
import { FetchError } from "../../fetch/fetch-error.ts";
import { parseTarget } from "../../fetch/parse-target.ts";
import { billingPeriod, secondsUntilNextPeriod } from "../billing/plans.ts";
import type { Account } from "../stores/ports.ts";
import { fromFetchError } from "../http/fetch-errors.ts";
import { CACHE_TTL_SECONDS } from "../http/limits.ts";
import { storeCall } from "../stores/store-call.ts";
import type { ServiceContext } from "../http/context.ts";
import { ValidationPool } from "./validation-pool.ts";
import type { JsonLdTextCheck } from "./inspect-body.ts";
import type { ValidationJob } from "./validation-job.ts";
import { Semaphore } from "./semaphore.ts";
import { untilAborted } from "../../runtime/until-aborted.ts";

/**
 * Page fetches (and their validation) running at once in this process. A fetched page can hold 5 MiB of
 * text and its transient copies (bytes, decoded text, the copy handed to a worker): twenty small gzip
 * bombs at once pushed the process past 500 MB. Later requests (and batch items) wait their turn (inside
 * their own deadlines); raw JSON-LD does not wait.
 */
export const CONCURRENT_PAGE_FETCHES = 8;

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

/**
 * Raw JSON-LD as a caller submitted it:
 * - `text`: a string holding JSON text; `check` when it was already parsed elsewhere (a worker);
 * - `value`: a small parsed object or array, validated in this thread;
 * - `kept`: a large input kept as text, validated in a worker by `job`.
 */
export type JsonLdSubmission =
  | { kind: "text"; text: string; check?: JsonLdTextCheck }
  | { kind: "value"; value: unknown }
  | { kind: "kept"; job: ValidationJob; chars: number };

/** Per call: the caller's logger, and its elapsed time for meta.response_time_ms. */
export interface CallContext {
  log: FastifyBaseLogger;
  elapsedMs(): number;
  /**
   * Aborted when the caller stops waiting (a batch's deadline): the call then throws the signal's reason,
   * with any credit released and nothing charged. A validation already finished is answered.
   */
  signal?: AbortSignal;
  /** The caller's turn to reserve a credit (a batch: input order); passed once the reservation is decided. */
  creditTurn?: { wait(): Promise<void>; pass(): void };
}

/** One URL being fetched and validated in this process, shared by every request that wants it. */
interface Flight {
  key: string;
  promise: Promise<CachedValidation>;
  /** Requests waiting for it; when the last one gives up, the fetch is aborted. */
  interest: number;
  abort: AbortController;
}

export class Validations {
  readonly pool = new ValidationPool();
  readonly #ctx: ServiceContext;
  /** URL validations running in this process, by cache key (single flight). */
  readonly #inflight = new Map<string, Flight>();
  readonly #pages = new Semaphore(CONCURRENT_PAGE_FETCHES);

  constructor(ctx: ServiceContext) {
    this.#ctx = ctx;
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  async url(account: Account, rawUrl: string, call: CallContext): Promise<ValidationResponse> {
    let url: string;
    try {
      url = parseTarget(rawUrl).url.href;
    } catch (err) {
      if (err instanceof FetchError) throw fromFetchError(err);
      throw err;
    }
    const cacheKey = CACHE_PREFIX + url;

    const cached = await this.#cacheGet(cacheKey, call.log);
    if (cached) {
      call.creditTurn?.pass();
      return this.#respondShared(account, cached, call);
    }
    const pending = this.#inflight.get(cacheKey);
    if (pending) {
      call.creditTurn?.pass();
      return this.#respondShared(account, await this.#join(pending, call.signal), call);
    }

    const credit = await this.#reserveInTurn(account, call);
    // Another request may have started the same URL while we reserved: share its result instead.
    const started = this.#inflight.get(cacheKey);
    if (started) {
      await credit.release();
      return this.#respondShared(account, await this.#join(started, call.signal), call);
    }
    const flight = this.#takeOff(url, cacheKey, call.log);
    let entry: CachedValidation;
    try {
      entry = await this.#join(flight, call.signal);
    } catch (err) {
      await credit.release();
      throw err;
    }
    return this.#respond(entry.result, { cached: false, creditsUsed: 1, remaining: credit.remaining, validatedAt: entry.validated_at }, call, entry.url);
  }

  async jsonld(account: Account, input: JsonLdSubmission, call: CallContext): Promise<ValidationResponse> {
    let job: ValidationJob;
    let inputChars: number;
    if (input.kind === "text") {
      const checked = input.check ?? checkJsonLdText(input.text);
      if (!checked.ok) {
        const at = new LineIndex(input.text).at(checked.offset);
        throw new ApiError("parse_error", `jsonld is not valid JSON at line ${at.line}, column ${at.column}: ${checked.message}.`);
      }
      if (!checked.objects) {
        throw new ApiError("invalid_request", "jsonld text must hold a JSON object or a non-empty array of objects.");
      }
      job = { kind: "json-text", text: input.text };
      inputChars = input.text.length;
    } else if (input.kind === "kept") {
      job = input.job;
      inputChars = input.chars;
    } else {
      job = { kind: "value", value: input.value };
      // Only small values reach us parsed (large ones are kept as text), so they run in this thread.
      inputChars = 0;
    }
    const credit = await this.#reserveInTurn(account, call);
    let result: EngineResult;
    try {
      result = await this.pool.run(job, inputChars);
    } catch (err) {
      await credit.release();
      throw err;
    }
    return this.#respond(result, { cached: false, creditsUsed: 1, remaining: credit.remaining, validatedAt: this.#ctx.now().toISOString() }, call);
  }

  /** Reserves a credit when the caller's turn comes (at once without a turn); passes the turn whatever happens. */
  async #reserveInTurn(account: Account, call: CallContext): Promise<Credit> {
    try {
      if (call.creditTurn) await untilAborted(call.creditTurn.wait(), call.signal);
      call.signal?.throwIfAborted();
      return await reserveCredit(this.#ctx, account);
    } finally {
      call.creditTurn?.pass();
    }
  }

  /** Starts fetching and validating `url` (after a place in the page-fetch semaphore); callers then join it. */
  #takeOff(url: string, cacheKey: string, log: FastifyBaseLogger): Flight {
    const abort = new AbortController();
    const flight: Flight = {
      key: cacheKey,
      promise: this.#pages.use(() => this.#fetchAndValidate(url, cacheKey, log, abort.signal), abort.signal),
      interest: 0,
      abort,
    };
    this.#inflight.set(cacheKey, flight);
    const landed = () => {
      if (this.#inflight.get(cacheKey) === flight) this.#inflight.delete(cacheKey);
    };
    // Also handles the rejection when every waiter gave up before it settled.
    flight.promise.then(landed, landed);
    return flight;
  }

  /** Waits for a flight until `signal` aborts; the last waiter to give up aborts it (and nobody new joins it). */
  async #join(flight: Flight, signal: AbortSignal | undefined): Promise<CachedValidation> {
    flight.interest++;
    try {
      return await untilAborted(flight.promise, signal);
    } finally {
      flight.interest--;
      if (flight.interest === 0 && signal?.aborted) {
        if (this.#inflight.get(flight.key) === flight) this.#inflight.delete(flight.key);
        flight.abort.abort(signal.reason);
      }
    }
  }

  async #fetchAndValidate(url: string, cacheKey: string, log: FastifyBaseLogger, signal: AbortSignal): Promise<CachedValidation> {
    const ctx = this.#ctx;
    let html: string;
    try {
      html = (await fetchPage(url, { ...ctx.fetchOptions, signal })).body;
    } catch (err) {
      if (err instanceof FetchError) throw fromFetchError(err);
      throw err;
    }
    const result = await this.pool.run({ kind: "html", text: html, pageUrl: url }, html.length);
    if (result.blocks_found === 0 || ((result.schemas.length === 0 || onlyUntypedItems(result.schemas)) && result.blocks_unparsable === 0)) {
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

  /** The answer of one validation; issues' rule_url made absolute for this service (results are shared: copied, not changed). */
  #respond(result: EngineResult, meta: MetaInput, call: CallContext, url?: string): ValidationResponse {
    return respond(withAbsoluteRuleUrls(result, this.#ctx.config.publicBaseUrl), meta, call, url);
  }

  async #respondShared(account: Account, entry: CachedValidation, call: CallContext): Promise<ValidationResponse> {
    const ctx = this.#ctx;
    const usage = await storeCall(() => ctx.stores.accounts.usage(account.id, billingPeriod(ctx.now())));
    const remaining = Math.max(0, ctx.limits(account.plan).monthly - usage.used);
    return this.#respond(entry.result, { cached: true, creditsUsed: 0, remaining, validatedAt: entry.validated_at }, call, entry.url);
  }

  async #cacheGet(key: string, log: FastifyBaseLogger): Promise<CachedValidation | null> {
    let text: string | null;
    try {
      text = await this.#ctx.stores.cache.get(key);
    } catch (err) {
      log.warn({ err }, "url cache unavailable (treated as a miss)");
      return null;
    }
    if (text === null) return null;
    try {
      const entry = JSON.parse(text) as CachedValidation;
      if (typeof entry?.expires_at !== "number" || entry.expires_at <= this.#ctx.now().getTime() || !entry.result) return null;
      return entry;
    } catch {
      return null;
    }
  }
}

interface MetaInput {
  cached: boolean;
  creditsUsed: number;
  remaining: number;
  validatedAt: string;
}

function respond(result: EngineResult, meta: MetaInput, call: CallContext, url?: string): ValidationResponse {
  return toValidationResponse(
    result,
    {
      api_version: API_VERSION,
      validated_at: meta.validatedAt,
      cached: meta.cached,
      credits_used: meta.creditsUsed,
      credits_remaining: meta.remaining,
      response_time_ms: Math.round(call.elapsedMs()),
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

function checkJsonLdText(text: string): JsonLdTextCheck {
  const parsed = parseBlock(text);
  return parsed.ok ? { ok: true, objects: isObjectOrObjects(parsed.value) } : parsed;
}

function isObjectOrObjects(value: unknown): boolean {
  const isObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
  if (Array.isArray(value)) return value.length > 0 && value.every(isObject);
  return isObject(value);
}
