/**
 * One validation as the spec charges it, shared by POST/GET /api/v1/validate and every item of
 * POST /api/v1/validate/batch, so the credit, cache and error rules are the same by construction.
 *
 *   URL: cache hit -> cached, 0 credits, served even with no credits left
 *        in-flight validation of the same URL in this process -> share its result as a cache hit
 *        else reserve 1 credit (429 quota_exceeded) -> (cached or in flight meanwhile: share it, credit back)
 *        -> fetch + validate -> cache 1 h -> 1 credit;
 *        any failure releases the credit exactly once
 *        a caller that gives up (CallContext.signal: a batch's deadline) stops waiting at once, its credit
 *        released; the fetch is aborted unless another request still waits for it
 *   render: the same, keyed apart in the cache (a rendered and a raw result are different answers); the page
 *        is rendered by fetch/render/ (its own process-wide limit instead of the page-fetch semaphore), then
 *        its raw HTML fetched, and each node marked against it (runtime/rendering.ts); 1 credit, like any URL
 *   jsonld: (text: 422 parse_error / 400 first) reserve 1 credit -> validate (never cached); a failure
 *        releases the credit
 *
 * Answers are JSON text (answer.ts), serialized once where the validation ran: a cache hit is answered
 * from the stored text, a shared result from the flight's. The caller counts them against the key's answer
 * budget (http/answer-budget.ts) before sending them.
 *
 * Failures are thrown (ApiError, FetchError or anything else); callers turn them into answers.
 */
import type { FastifyBaseLogger } from "fastify";
import { API_VERSION } from "../../runtime/report.ts";
import { parseBlock } from "../../runtime/parse-block.ts";
import { LineIndex } from "../../runtime/extract/line-column.ts";
import { ApiError } from "../errors.ts";
import { renderOptionsFor } from "../../fetch/render/render-options.ts";
import { fetchPage } from "../../fetch/guarded-fetch.ts";
import { FetchError } from "../../fetch/fetch-error.ts";
import { parseTarget } from "../../fetch/parse-target.ts";
import { billingPeriod, secondsUntilNextPeriod } from "../billing/plans.ts";
import type { Account } from "../stores/ports.ts";
import { fromFetchError } from "../http/fetch-errors.ts";
import { CACHE_TTL_SECONDS } from "../http/limits.ts";
import { engineDigest } from "./engine-digest.ts";
import { storeCall } from "../stores/store-call.ts";
import type { ServiceContext } from "../http/context.ts";
import { ValidationPool } from "./validation-pool.ts";
import type { JsonLdTextCheck } from "./inspect-body.ts";
import type { ValidationJob } from "./validation-job.ts";
import { Semaphore } from "../../fetch/semaphore.ts";
import type { Profile } from "../../runtime/options/profile.ts";
import { answerMeta, type Answer, type ReportText } from "./answer.ts";
import type { PageReport } from "./page-report.ts";
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

/**
 * What the URL cache holds for one normalized URL: a one-line JSON header, then the report's two texts
 * (answer.ts), one a line (serialized JSON holds no raw line break). A hit is answered from the texts as
 * they are: no parse, no serialization.
 */
interface CachedValidation extends ReportText {
  url: string;
  validated_at: string;
  /** Epoch ms; checked against the app's clock as well as the store's TTL. */
  expires_at: number;
  /** PUBLIC_BASE_URL the rule links were made absolute with; an entry made under another is a miss. */
  base: string;
}

/** `r2`: entries hold answer text (older ones held an engine result to serialize on every hit). */
const CACHE_PREFIX = `validate:${API_VERSION}:r2:`;

function cacheText(entry: CachedValidation): string {
  // The body's length, so a hit splits the text without scanning half a megabyte for the line break.
  const header = JSON.stringify({ url: entry.url, validated_at: entry.validated_at, expires_at: entry.expires_at, base: entry.base, body_chars: entry.body.length, body_bytes: entry.bodyBytes });
  return `${header}\n${entry.body}\n${entry.brief}`;
}

function fromCacheText(text: string): CachedValidation | null {
  const first = text.indexOf("\n");
  if (first === -1) return null;
  const header = JSON.parse(text.slice(0, first)) as (Partial<CachedValidation> & { body_chars?: number; body_bytes?: number }) | null;
  if (typeof header?.url !== "string" || typeof header.validated_at !== "string" || typeof header.expires_at !== "number" || typeof header.base !== "string") {
    return null;
  }
  const second = first + 1 + (header.body_chars ?? -1);
  if (typeof header.body_chars !== "number" || text.charCodeAt(second) !== 10) return null;
  const body = text.slice(first + 1, second);
  const brief = text.slice(second + 1);
  // An entry written before its header gave the body's bytes is counted here, once per read.
  const bodyBytes = typeof header.body_bytes === "number" ? header.body_bytes : Buffer.byteLength(body);
  return { url: header.url, validated_at: header.validated_at, expires_at: header.expires_at, base: header.base, body, brief, bodyBytes, briefBytes: Buffer.byteLength(brief) };
}

/** Rendered results live under their own keys: the same URL raw and rendered are two answers. */
const RENDERED_CACHE_PREFIX = `validate:${API_VERSION}:r2:rendered:`;

export interface UrlValidationOptions {
  /** Validate the page after its scripts ran (headless Chromium), compared with its raw HTML. */
  render?: boolean;
}

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
  /** Which rules apply (default spec). */
  profile?: Profile;
}

/** One URL being fetched and validated in this process, shared by every request that wants it. */
interface Flight {
  key: string;
  promise: Promise<CachedValidation>;
  /** Requests waiting for it; when the last one gives up, the fetch is aborted. */
  interest: number;
  abort: AbortController;
}

/**
 * The URL cache's key: everything the cached answer depends on besides the page. The API version (the
 * answer's shape), the engine (its code and rules: engine-digest.ts), raw or rendered, the profile (its
 * rules), and the public base URL (the answer's rule and docs links): two deployments with different base
 * URLs or rules sharing one Redis keep apart entries instead of serving or overwriting each other's.
 */
export function urlCacheKey(k: { url: string; profile: Profile; render: boolean; base: string; engine?: string }): string {
  return `${k.render ? RENDERED_CACHE_PREFIX : CACHE_PREFIX}engine=${k.engine ?? engineDigest()} base=${k.base} ${k.profile === "spec" ? "" : `profile=${k.profile} `}${k.url}`;
}

export class Validations {
  readonly pool = new ValidationPool();
  readonly #ctx: ServiceContext;
  /** URL validations running in this process, by cache key (single flight). */
  readonly #inflight = new Map<string, Flight>();
  readonly #pages = new Semaphore(CONCURRENT_PAGE_FETCHES);
  /** The last cache entry read, with its text (one, so that at most one entry's text is held here). */
  #lastRead: { text: string; entry: CachedValidation } | null = null;

  constructor(ctx: ServiceContext) {
    this.#ctx = ctx;
    // Read once at start-up (a few MB of the engine's files), not on the first URL request's path.
    engineDigest();
  }

  async close(): Promise<void> {
    await this.pool.close(); // the renderer is the service's (ServiceContext), closed with it
  }

  async url(account: Account, rawUrl: string, call: CallContext, options: UrlValidationOptions = {}): Promise<Answer> {
    const render = options.render === true;
    const url = normalizedUrl(rawUrl);
    const profile = call.profile ?? "spec";
    const cacheKey = urlCacheKey({ url, profile, render, base: this.#ctx.config.publicBaseUrl });

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
    // Another request may have started the same URL while we reserved, or even finished it (its flight has
    // landed and its answer is in the cache): share its result instead, so one URL is fetched and charged
    // once whatever the timing.
    const landed = this.#inflight.has(cacheKey) ? null : await this.#cacheGet(cacheKey, call.log);
    if (landed) {
      await credit.release();
      return this.#respondShared(account, landed, call);
    }
    // Checked after the cache read, with no await before taking off, so that only one request takes off.
    const started = this.#inflight.get(cacheKey);
    if (started) {
      await credit.release();
      return this.#respondShared(account, await this.#join(started, call.signal), call);
    }
    const flight = this.#takeOff(url, cacheKey, call.log, profile, render);
    let entry: CachedValidation;
    try {
      entry = await this.#join(flight, call.signal);
    } catch (err) {
      await credit.release();
      throw err;
    }
    return respond(entry, entry.validated_at, false, 1, credit.remaining, call, entry.url);
  }

  async jsonld(account: Account, input: JsonLdSubmission, call: CallContext): Promise<Answer> {
    let job: ValidationJob;
    let inputChars: number;
    if (input.kind === "text") {
      const checked = input.check ?? checkJsonLdText(input.text);
      // The google profile reads comments (not trailing commas): the engine decides (in a worker when large), and a
      // block it still cannot read is the same 422 parse_error below.
      const lenient = !checked.ok && call.profile === "google";
      if (!checked.ok && !lenient) {
        const at = new LineIndex(input.text).at(checked.offset);
        throw new ApiError("parse_error", `jsonld is not valid JSON at line ${at.line}, column ${at.column}: ${checked.message}.`);
      }
      if (checked.ok && !checked.objects) {
        throw new ApiError("invalid_request", "jsonld text must hold a JSON object or a non-empty array of objects.");
      }
      job = { kind: "json-text", text: input.text, profile: call.profile };
      inputChars = input.text.length;
    } else if (input.kind === "kept") {
      job = { ...input.job, profile: call.profile };
      inputChars = input.chars;
    } else {
      job = { kind: "value", value: input.value, profile: call.profile };
      // Only small values reach us parsed (large ones are kept as text), so they run in this thread.
      inputChars = 0;
    }
    const credit = await this.#reserveInTurn(account, call);
    let report: PageReport;
    try {
      report = await this.pool.report(job, inputChars, this.#ctx.publicBaseUrl);
    } catch (err) {
      await credit.release();
      throw err;
    }
    if (!report.ok) {
      await credit.release();
      throw new ApiError(report.code, report.message);
    }
    return respond(report.text, this.#ctx.now().toISOString(), false, 1, credit.remaining, call, undefined);
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
  #takeOff(url: string, cacheKey: string, log: FastifyBaseLogger, profile: Profile, render: boolean): Flight {
    const abort = new AbortController();
    const run = () => this.#fetchAndValidate(url, cacheKey, log, abort.signal, profile, render);
    const flight: Flight = {
      key: cacheKey,
      // A render waits for the renderer's own places, not for a page fetch's: raw fetches never queue behind renders.
      promise: render ? run() : this.#pages.use(run, abort.signal),
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

  async #fetchAndValidate(url: string, cacheKey: string, log: FastifyBaseLogger, signal: AbortSignal, profile: Profile, render: boolean): Promise<CachedValidation> {
    const ctx = this.#ctx;
    let html: string;
    let raw: string | null = null;
    try {
      if (render) {
        // Rendered first (the costly part, in its own limited places), then the server's HTML to compare with.
        html = (await ctx.renderer.render(url, { ...renderOptionsFor(ctx.fetchOptions, signal), boundedWait: true })).html;
        raw = (await fetchPage(url, { ...ctx.fetchOptions, signal })).body;
      } else {
        html = (await fetchPage(url, { ...ctx.fetchOptions, signal })).body;
      }
    } catch (err) {
      if (err instanceof FetchError) throw fromFetchError(err);
      throw err;
    }
    const base = ctx.publicBaseUrl;
    const report = await this.pool.pageReport(html, url, base, profile, raw);
    if (!report.ok) throw new ApiError(report.code, report.message);
    const now = ctx.now();
    const entry: CachedValidation = { url, validated_at: now.toISOString(), expires_at: now.getTime() + CACHE_TTL_SECONDS * 1000, base, body: report.text.body, brief: report.text.brief, bodyBytes: report.text.bodyBytes, briefBytes: report.text.briefBytes };
    const text = cacheText(entry);
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

  async #respondShared(account: Account, entry: CachedValidation, call: CallContext): Promise<Answer> {
    const ctx = this.#ctx;
    const usage = await storeCall(() => ctx.stores.accounts.usage(account.id, billingPeriod(ctx.now())));
    const remaining = Math.max(0, ctx.limits(account.plan).monthly - usage.used);
    return respond(entry, entry.validated_at, true, 0, remaining, call, entry.url);
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
      // The in-process cache hands back the same string for every hit: its header is read once.
      const entry = text === this.#lastRead?.text ? this.#lastRead.entry : fromCacheText(text);
      if (entry) this.#lastRead = { text, entry };
      if (!entry || entry.expires_at <= this.#ctx.now().getTime() || entry.base !== this.#ctx.publicBaseUrl) return null;
      return entry;
    } catch {
      return null;
    }
  }
}

// Plain arguments and one object shape: spreads here made every answer a slow, megamorphic property store.
/**
 * Recently seen request URLs, normalized (parseTarget is pure): a cache hit is mostly bookkeeping, and
 * parsing the same URL again for every hit was a tenth of it. Only URLs that parse are kept.
 */
const normalized = new Map<string, string>();
const NORMALIZED_MAX = 1000;

function normalizedUrl(rawUrl: string): string {
  const known = normalized.get(rawUrl);
  if (known !== undefined) return known;
  let url: string;
  try {
    url = parseTarget(rawUrl).url.href;
  } catch (err) {
    if (err instanceof FetchError) throw fromFetchError(err);
    throw err;
  }
  if (normalized.size >= NORMALIZED_MAX) normalized.clear();
  normalized.set(rawUrl, url);
  return url;
}

function respond(text: ReportText, validatedAt: string, cached: boolean, creditsUsed: number, creditsRemaining: number, call: CallContext, url: string | undefined): Answer {
  return { url, text, meta: answerMeta(validatedAt, cached, creditsUsed, creditsRemaining, Math.round(call.elapsedMs()), call.profile ?? "spec"), duplicateOf: undefined };
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
