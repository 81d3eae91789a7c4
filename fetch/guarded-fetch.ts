/**
 * The guarded page fetcher used by the service and the CLI (fetch/README.md).
 *
 * Per hop: parse once (parse-target) -> refuse by literal address, host name and port -> resolve once ->
 * classify every address (classify-address) -> connect only to those addresses (pinned-agent) -> GET with
 * fixed headers (http-exchange). Redirects are followed by hand, at most `maxRedirects`, and every hop goes
 * through the same checks. One deadline covers DNS, connect, headers and body. The body is streamed and the DECODED
 * bytes are capped; only HTML is accepted; the charset is decoded with TextDecoder.
 *
 * Nothing of the caller's is forwarded: the request carries only User-Agent, Accept and Accept-Encoding
 * (and, to the first URL's origin only, the extra headers an operator configured).
 */
import { lookup as dnsLookup } from "node:dns/promises";
import type { Agent } from "undici";
import { decodeHtml, isHtmlContentType, parseContentType } from "./decode-body.ts";
import { FetchError } from "./fetch-error.ts";
import { parseAllowedHosts, type AllowedHost } from "./host-policy.ts";
import { DEFAULT_ALLOWED_PORTS, parseTarget, type Target } from "./parse-target.ts";
import { createPinnedAgent, type ConnectGuard, type PinnedDestination } from "./pinned-agent.ts";
import { pooledAgent } from "./connection-pool.ts";
import { ContentEncodingError, exchange, isDecodingError, type Exchange } from "./http-exchange.ts";
import { checkDestination as checkAgainstPolicy, DestinationRefused, type Resolver } from "./destination-policy.ts";
import { untilAborted } from "../runtime/until-aborted.ts";
import { formatBytes, formatMs } from "../runtime/limit-text.ts";
import { canParseUrl } from "../runtime/can-parse-url.ts";

export { FetchError, type FetchErrorCode } from "./fetch-error.ts";

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_USER_AGENT = "sdv/0.1 (structured-data validator)";
/** Upper bound for establishing a connection, inside the overall deadline. */
const CONNECT_TIMEOUT_MS = 5_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type { Resolver } from "./destination-policy.ts";

export interface FetchOptions {
  /** Whole-request deadline (DNS, connect, every hop, body), default 10_000. */
  timeoutMs?: number;
  /** Cap on decoded body bytes, default 5 MiB. */
  maxBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  /**
   * Explicit "host" (any port) or "host:port" entries an operator allows (FETCH_ALLOWED_PRIVATE_HOSTS):
   * these may resolve to private or loopback unicast addresses and may use any port (a "host" entry) or
   * the given port.
   */
  allowPrivateHosts?: string[];
  /** Ports any host may use, default [80, 443]. */
  allowedPorts?: readonly number[];
  /** Injectable DNS (tests map names to 127.0.0.x). Default: the system resolver, all addresses. */
  resolver?: Resolver;
  userAgent?: string;
  /**
   * Extra request headers (a staging site's credentials, a bypass token), sent only to the origin of
   * the URL asked for: a redirect to another origin does not take them along. Names that shape the
   * connection or the framing (host, content-length, connection, ...) are not sent.
   */
  headers?: Readonly<Record<string, string>>;
  /** Test-only backstop: called with the address just before connecting; throwing refuses the connection. */
  connectGuard?: ConnectGuard;
  /**
   * Accept any content type, not only HTML (the crawler's robots.txt and sitemaps), and ask for any with
   * Accept: the body is then decoded as text like a page, and `data` holds the bytes (a .xml.gz sitemap).
   */
  anyContentType?: boolean;
  /**
   * Follow redirects only within the first URL's origin (a crawl of one site): a redirect to another origin
   * fails with redirected_off_site, and nothing connects to that origin.
   */
  sameOrigin?: boolean;
  /** The caller gave up (a batch's deadline): the fetch stops at once and fails with fetch_timeout. */
  signal?: AbortSignal;
  /**
   * POST this body instead of a GET (the audits' webhooks), under the same destination checks: any answer
   * type is accepted, and a redirect is a failure (a webhook is never re-sent elsewhere).
   */
  post?: { body: string; headers: Record<string, string> };
}

export interface FetchedPage {
  /** The requested URL, normalized (WHATWG serialization, fragment removed). */
  url: string;
  /** The URL of the page finally fetched, after redirects. */
  finalUrl: string;
  status: number;
  /** MIME type essence, e.g. "text/html". */
  contentType: string;
  body: string;
  /** Decoded body size in bytes (after Content-Encoding, before charset decoding). */
  bytes: number;
  redirects: number;
  /** The body's bytes (after Content-Encoding), with `anyContentType` only. */
  data?: Uint8Array;
}

interface Context {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  readonly allowed: readonly AllowedHost[];
  readonly allowedPorts: readonly number[];
  readonly resolver: Resolver;
  readonly userAgent: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly origin: string;
  readonly connectGuard: ConnectGuard | undefined;
  readonly anyContentType: boolean;
  readonly sameOrigin: boolean;
  readonly signal: AbortSignal;
  readonly post: FetchOptions["post"];
  /** The host the caller gave: the only host a message may name. */
  readonly requestedHost: string;
  /** Redirects followed so far. */
  hop: number;
}

/** Names a caller may not set: they decide the connection, the framing or what the fetcher itself sends. */
const RESERVED_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te", "trailer", "expect", "user-agent", "accept", "accept-encoding"]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The caller's extra headers, less reserved names and anything that is not a valid header. */
export function extraHeaders(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(lower) || lower.startsWith("proxy-") || /[\r\n\0]/.test(value)) continue;
    out[lower] = value;
  }
  return out;
}

/** Retry-After as seconds: a number of seconds, or an HTTP date (then from now); undefined when absent or unreadable. */
function retryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export async function fetchPage(url: string, options: FetchOptions = {}): Promise<FetchedPage> {
  const timeoutMs = positive("timeoutMs", options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const maxBytes = positive("maxBytes", options.maxBytes ?? DEFAULT_MAX_BYTES);
  const maxRedirects = nonNegativeInteger("maxRedirects", options.maxRedirects ?? DEFAULT_MAX_REDIRECTS);
  const allowed = parseAllowedHosts(options.allowPrivateHosts);

  const first = parseTarget(url);
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(
      new FetchError("fetch_timeout", `Fetching the page from ${first.host} took longer than ${formatMs(timeoutMs)}.`),
    );
  }, timeoutMs);
  const onCallerAbort = () =>
    controller.abort(new FetchError("fetch_timeout", `Fetching the page from ${first.host} was stopped: the caller's deadline passed.`));
  if (options.signal?.aborted) onCallerAbort();
  else options.signal?.addEventListener("abort", onCallerAbort, { once: true });

  const ctx: Context = {
    timeoutMs,
    maxBytes,
    maxRedirects,
    allowed,
    allowedPorts: options.allowedPorts ?? DEFAULT_ALLOWED_PORTS,
    resolver: options.resolver ?? systemResolver,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    headers: extraHeaders(options.headers),
    origin: first.url.origin,
    connectGuard: options.connectGuard,
    anyContentType: options.anyContentType === true || options.post !== undefined,
    sameOrigin: options.sameOrigin === true,
    signal: controller.signal,
    post: options.post,
    requestedHost: first.host,
    hop: 0,
  };
  try {
    return await fetchFollowingRedirects(first, ctx);
  } catch (err) {
    throw toFetchError(err, ctx);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
  }
}

async function fetchFollowingRedirects(first: Target, ctx: Context): Promise<FetchedPage> {
  let target = first;
  for (;;) {
    const destination = await checkDestination(target, ctx);
    ctx.signal.throwIfAborted();
    const limits = {
      destination,
      connectTimeoutMs: Math.min(CONNECT_TIMEOUT_MS, ctx.timeoutMs),
      headersTimeoutMs: ctx.timeoutMs,
      bodyTimeoutMs: ctx.timeoutMs,
      maxResponseBytes: ctx.maxBytes,
    };
    // GETs reuse kept connections; a POST (a webhook, not retried by undici on a socket the server just
    // closed) and a fetch with the test's connect guard get an agent of their own, closed after it.
    const ownAgent = ctx.post !== undefined || ctx.connectGuard !== undefined;
    let agent = ownAgent ? createPinnedAgent({ ...limits, connectGuard: ctx.connectGuard }) : pooledAgent(limits);
    let agentIsOwn = ownAgent;
    const request = (dispatcher: Agent) =>
      exchange(dispatcher, target.url, {
        method: ctx.post ? "POST" : "GET",
        signal: ctx.signal,
        headers: {
          ...(ctx.post ? ctx.post.headers : {}),
          ...(target.url.origin === ctx.origin ? ctx.headers : {}),
          "user-agent": ctx.userAgent,
          accept: ctx.anyContentType ? "*/*" : "text/html,application/xhtml+xml;q=0.9",
        },
        ...(ctx.post ? { body: ctx.post.body } : {}),
      });
    try {
      let response: Exchange;
      try {
        response = await request(agent);
      } catch (err) {
        if (agentIsOwn || ctx.signal.aborted || !closedBeforeAnswer(err)) throw err;
        // A kept socket the server closed while it was idle: the GET once more on a new connection, as browsers do.
        agent = createPinnedAgent(limits);
        agentIsOwn = true;
        response = await request(agent);
      }

      if (REDIRECT_STATUSES.has(response.status)) {
        await response.discard();
        if (ctx.post) throw new FetchError("fetch_failed", `The address answered the POST with a redirect (HTTP ${response.status}); it is not followed.`, { status: response.status });
        if (ctx.hop >= ctx.maxRedirects) {
          throw new FetchError(
            "too_many_redirects",
            `The page redirected more than ${ctx.maxRedirects} time${ctx.maxRedirects === 1 ? "" : "s"}.`,
          );
        }
        target = redirectTarget(response.header("location"), target);
        if (ctx.sameOrigin && target.url.origin !== first.url.origin) {
          throw new FetchError("redirected_off_site", "The page redirected to another site (another origin); the redirect was not followed.");
        }
        ctx.hop += 1;
        continue;
      }

      if (response.status < 200 || response.status > 299) {
        await response.discard();
        throw new FetchError("fetch_failed", `The page answered with HTTP status ${response.status}.`, {
          status: response.status,
          retryAfterSeconds: response.status === 429 || response.status === 503 ? retryAfter(response.header("retry-after")) : undefined,
        });
      }

      const contentType = parseContentType(response.header("content-type"));
      if (!ctx.anyContentType && !isHtmlContentType(contentType)) {
        await response.discard();
        // Echo the server's type only when it looks like one (it is the remote server's text).
        const sane = /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/.test(contentType.mimeType);
        const what = !contentType.mimeType ? "no content type" : sane ? `content type ${contentType.mimeType}` : "an unsupported content type";
        throw new FetchError(
          "unsupported_content_type",
          `The page has ${what}; only text/html and application/xhtml+xml pages can be validated.`,
        );
      }

      const declaredLength = response.header("content-length");
      if (declaredLength !== null && /^\d+$/.test(declaredLength.trim()) && Number(declaredLength) > ctx.maxBytes) {
        response.destroy();
        throw tooLarge(ctx);
      }

      const bytes = await readCapped(response, ctx);
      return {
        url: first.url.href,
        finalUrl: target.url.href,
        status: response.status,
        contentType: contentType.mimeType,
        body: decodeHtml(bytes, contentType.charset),
        bytes: bytes.byteLength,
        redirects: ctx.hop,
        ...(ctx.anyContentType ? { data: bytes } : {}),
      };
    } finally {
      if (agentIsOwn) await agent.destroy().catch(() => {});
    }
  }
}

/** Refuse before any connection: literal address, host name, port; then resolve once and classify all. */
async function checkDestination(target: Target, ctx: Context): Promise<PinnedDestination> {
  try {
    return await checkAgainstPolicy(target, ctx, (lookup) => untilAborted(lookup, ctx.signal));
  } catch (err) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    if (!(err instanceof DestinationRefused)) throw err;
    if (err.reason === "address") throw notAllowed(ctx, target);
    if (err.reason === "port") {
      const ports = ctx.allowedPorts.join(", ");
      if (ctx.hop === 0) throw new FetchError("invalid_url", `Port ${target.port} is not allowed; allowed ports: ${ports}.`);
      throw new FetchError("destination_not_allowed", `The page redirected to a port that is not allowed (allowed ports: ${ports}).`);
    }
    throw new FetchError("fetch_failed", `Could not resolve ${where(ctx, target)}.`, { cause: err.cause ?? err });
  }
}

function redirectTarget(location: string | null, current: Target): Target {
  if (location === null || location.trim() === "") {
    throw new FetchError("fetch_failed", "The page answered with a redirect but no Location.");
  }
  try {
    return parseTarget(location, current.url);
  } catch (err) {
    if (!canParseUrl(location, current.url)) {
      throw new FetchError("fetch_failed", "The page redirected to an invalid URL.", { cause: err });
    }
    throw new FetchError(
      "destination_not_allowed",
      "The page redirected to a URL that cannot be fetched (only http and https URLs without credentials are followed).",
      { cause: err },
    );
  }
}

/** Read the body after its Content-Encoding, stopping as soon as more than maxBytes arrived. */
async function readCapped(response: Exchange, ctx: Context): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const value of response.body()) {
      total += value.byteLength;
      if (total > ctx.maxBytes) throw tooLarge(ctx);
      chunks.push(value);
    }
  } catch (err) {
    response.destroy();
    throw err;
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Turn whatever undici, DNS or the deadline threw into a FetchError with a user-facing message. */
function toFetchError(err: unknown, ctx: Context): FetchError {
  if (err instanceof FetchError) return err;
  if (ctx.signal.aborted && ctx.signal.reason instanceof FetchError) return ctx.signal.reason;
  const chain: unknown[] = [];
  for (let e: unknown = err; e !== undefined && e !== null && chain.length < 8; e = (e as { cause?: unknown }).cause) {
    chain.push(e);
  }
  const ours = chain.find((e): e is FetchError => e instanceof FetchError);
  if (ours) return ours;
  const codes = chain.map((e) => String((e as { code?: unknown }).code ?? ""));
  const has = (...wanted: string[]) => codes.some((c) => wanted.includes(c));
  const host = ctx.hop === 0 ? ctx.requestedHost : "the redirect target";

  if (has("UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ETIMEDOUT")) {
    return new FetchError("fetch_timeout", `Fetching the page from ${host} timed out.`, { cause: err });
  }
  if (has("UND_ERR_RES_EXCEEDED_MAX_SIZE")) return tooLarge(ctx, err);
  if (has("UND_ERR_HEADERS_OVERFLOW")) {
    return new FetchError("fetch_failed", `The response from ${host} had headers that are too large.`, { cause: err });
  }
  if (has("ECONNREFUSED", "ECONNRESET", "EHOSTUNREACH", "ENETUNREACH", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED")) {
    return new FetchError("fetch_failed", `Could not connect to ${host}, or the connection was closed.`, { cause: err });
  }
  if (chain.some((e) => e instanceof ContentEncodingError || isDecodingError(e) || (e instanceof Error && /content-encoding/i.test(e.message)))) {
    // the cap on Content-Encoding chains (as undici's, CVE-2026-22036), or a body that fails to decompress
    return new FetchError("fetch_failed", `The page from ${host} uses an unsupported or broken content encoding.`, {
      cause: err,
    });
  }
  if (codes.some((c) => c.startsWith("ERR_TLS") || c.includes("CERT") || c.startsWith("ERR_SSL"))) {
    return new FetchError("fetch_failed", `The TLS connection to ${host} failed (certificate or handshake problem).`, {
      cause: err,
    });
  }
  return new FetchError("fetch_failed", `Could not fetch the page from ${host}.`, { cause: err });
}

function notAllowed(ctx: Context, target: Target): FetchError {
  if (ctx.hop === 0) {
    return new FetchError(
      "destination_not_allowed",
      `Fetching ${target.host} is not allowed: it is, or resolves to, a private, local or reserved network address.`,
    );
  }
  return new FetchError(
    "destination_not_allowed",
    "The page redirected to a destination that is not allowed (a private, local or reserved network address).",
  );
}

function tooLarge(ctx: Context, cause?: unknown): FetchError {
  return new FetchError("page_too_large", `The page is larger than ${formatBytes(ctx.maxBytes)}.`, { cause });
}

function where(ctx: Context, target: Target): string {
  return ctx.hop === 0 ? `the host ${target.host}` : "the redirect target's host";
}

/** The connection closed or was reset before any answer arrived (no status, no headers). */
function closedBeforeAnswer(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e !== undefined && e !== null && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = String((e as { code?: unknown }).code ?? "");
    if (code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET" || code === "UND_ERR_CLOSED") return true;
  }
  return false;
}

export async function systemResolver(hostname: string): Promise<Array<{ address: string; family: 4 | 6 }>> {
  const all = await dnsLookup(hostname, { all: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`${name} must be a positive number`);
  return value;
}

function nonNegativeInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0) throw new TypeError(`${name} must be a non-negative integer`);
  return value;
}

