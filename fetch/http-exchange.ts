/**
 * One HTTP exchange on a pinned agent, through undici's request API rather than its fetch. Fetch wraps
 * every exchange in WHATWG Request, Headers and Response objects and web streams: measured on a 3 KB page
 * over a kept connection, about 290 µs of CPU an exchange against 80 µs, and an audit worker or a crawl
 * fetches page after page. What fetch did besides is done here, as undici's fetch does it:
 *
 * - the request asks for the encodings decoded here (Accept-Encoding), and the answer's Content-Encoding
 *   is decoded: gzip (x-gzip), deflate (zlib-wrapped or raw, told apart by the first byte), br, and zstd
 *   where Node has it; at most MAX_CODINGS codings (more is refused, as undici refuses them: a chain of
 *   a thousand gzips is a way to make a client work); a coding it does not know leaves the body as sent;
 * - decoding is lenient about a stream cut short (sync flush), as browsers and curl are.
 *
 * The caller counts and caps the decoded bytes as they arrive (guarded-fetch.ts), so a small compressed
 * body that decodes to gigabytes is stopped at the cap.
 */
import { Transform, pipeline, type Readable, type TransformCallback } from "node:stream";
import * as zlib from "node:zlib";
import type { Agent } from "undici";

/** Codings in one Content-Encoding past which the answer is refused (undici's fetch allows 5). */
export const MAX_CODINGS = 5;

const hasZstd = typeof (zlib as { createZstdDecompress?: unknown }).createZstdDecompress === "function";

/** What the request says it can read: every coding decodeBody decodes. */
export const ACCEPT_ENCODING = hasZstd ? "gzip, deflate, br, zstd" : "gzip, deflate, br";

/** The answer's Content-Encoding is refused before reading it (too many codings). */
export class ContentEncodingError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ContentEncodingError";
  }
}

export interface ExchangeRequest {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

export interface Exchange {
  status: number;
  /** A response header's value (several of one name joined with ", ", as fetch's Headers.get), or null. */
  header(name: string): string | null;
  /** The body after its Content-Encoding, chunk by chunk. */
  body(): AsyncIterable<Uint8Array>;
  /** Drops the body without decoding it (a redirect's, a refused answer's); the connection stays when it can. */
  discard(): Promise<void>;
  /** Stops the body now (a cap was passed, the reader gave up): the connection is closed. */
  destroy(): void;
}

/** Sends one request to `url` through `agent` (which decides where it connects) and returns its answer. */
export async function exchange(agent: Agent, url: URL, request: ExchangeRequest): Promise<Exchange> {
  const response = await agent.request({
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: request.method,
    headers: { ...request.headers, "accept-encoding": ACCEPT_ENCODING },
    body: request.body,
    signal: request.signal,
  });
  const raw = response.body as unknown as Readable & { dump(options?: { limit?: number }): Promise<void> };
  // Destroying an undici body emits its abort as an 'error': the reader (or nobody, after discard) has the
  // outcome already, and an unheard 'error' would end the process.
  raw.on("error", () => {});
  const header = (name: string): string | null => {
    const value = response.headers[name];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  };
  let decoded: Readable | null = null;
  return {
    status: response.statusCode,
    header,
    body() {
      decoded ??= decodeBody(raw, header("content-encoding"));
      return decoded;
    },
    async discard() {
      await raw.dump().catch(() => {});
    },
    destroy() {
      decoded?.destroy();
      raw.destroy();
    },
  };
}

/** The body with its Content-Encoding undone; the body itself when it has none or one not known here. */
export function decodeBody(body: Readable, contentEncoding: string | null): Readable {
  if (contentEncoding === null) return body;
  const codings = contentEncoding.toLowerCase().split(",").map((c) => c.trim());
  if (codings.length > MAX_CODINGS) {
    body.destroy();
    throw new ContentEncodingError(`too many content-encodings in the response: ${codings.length}, at most ${MAX_CODINGS} are read`);
  }
  const decoders: Transform[] = [];
  // The last coding applied is the first to undo.
  for (const coding of codings.reverse()) {
    const decoder = decoderFor(coding);
    if (decoder === null) return body;
    decoders.push(decoder);
  }
  if (decoders.length === 0) return body;
  for (const decoder of decoders) decoder.once("error", (err) => decoderErrors.add(err));
  // Errors reach the reader through the last stream; pipeline's callback has nothing to add.
  return pipeline([body, ...decoders], () => {}) as unknown as Readable;
}

const decoderErrors = new WeakSet<object>();

/** The error came from undoing the Content-Encoding (broken or cut-short compressed data), not from the socket. */
export function isDecodingError(err: unknown): boolean {
  return typeof err === "object" && err !== null && decoderErrors.has(err);
}

function decoderFor(coding: string): Transform | null {
  if (coding === "gzip" || coding === "x-gzip") return zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  if (coding === "deflate") return new Inflate();
  if (coding === "br") return zlib.createBrotliDecompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
  if (coding === "zstd" && hasZstd) {
    const z = zlib as unknown as { createZstdDecompress(o: object): Transform; constants: Record<string, number> };
    return z.createZstdDecompress({ flush: z.constants.ZSTD_e_continue, finishFlush: z.constants.ZSTD_e_end });
  }
  // Anything else ("identity" included) leaves the whole body as sent, as undici's fetch does.
  return null;
}

/**
 * Content-Encoding: deflate is the zlib format by the standard, but servers also send raw deflate; the
 * first byte tells them apart (a zlib stream's low nibble is 8, the deflate method).
 */
class Inflate extends Transform {
  #inflate: zlib.Inflate | zlib.InflateRaw | null = null;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.#inflate === null) {
      if (chunk.length === 0) return callback();
      const options = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
      this.#inflate = (chunk[0]! & 0x0f) === 0x08 ? zlib.createInflate(options) : zlib.createInflateRaw(options);
      this.#inflate.on("data", (data: Buffer) => this.push(data));
      this.#inflate.on("error", (err) => this.destroy(err));
    }
    this.#inflate.write(chunk, callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.#inflate === null) return callback();
    this.#inflate.once("end", () => callback());
    this.#inflate.end();
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    this.#inflate?.destroy();
    callback(err);
  }
}
