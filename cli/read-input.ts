/** Read and validate one source: a file, standard input or a URL (through the guarded fetcher). */
import { readFile } from "node:fs/promises";
// Only the rule sets an input needs are loaded: start-up time is a budget (bench/cli.ts).
import { validateOnDemand } from "../lib/validate-on-demand.ts";
import type { ValidationResponse } from "../runtime/report.ts";
import { noStructuredDataMessage } from "../runtime/extract/unreadable-markup.ts";
import { onlyUntypedItems } from "../runtime/extract/item-positions.ts";
import type { FetchOptions } from "../fetch/guarded-fetch.ts";
import type { RunOptions } from "../runtime/options/profile.ts";
import type { Outcome } from "./outcome.ts";
import { displayPath, type Source } from "./collect-inputs.ts";
import { canParseUrl } from "../runtime/can-parse-url.ts";

export interface ReadOptions {
  /** `host` or `host:port` entries the fetcher may reach although they are private (--allow-host + the env). */
  allowHosts: string[];
  /** The profile and the project's overrides for the page of this name (a path as shown, or a URL). */
  runFor?: (page: string) => RunOptions;
  /** 429 and 503 answers: tries again this many times (default 0), after Retry-After or a doubling wait. */
  retries?: number;
  /** The longest wait between tries, whatever Retry-After asks (default 60 s). */
  maxRetryWaitMs?: number;
  /** Before each try (the crawl's pacing), and told of each retry (the crawl's progress). */
  beforeFetch?: () => Promise<void>;
  onRetry?: (url: string, waitMs: number, status: number) => void;
  /** URLs are validated after their JavaScript ran (--render), compared with their raw HTML. */
  render?: boolean;
  /** Headers and user agent of every URL's request (--header, --user-agent). */
  fetch?: Pick<FetchOptions, "headers" | "userAgent">;
  /** Told the URL a page was served from (after same-origin redirects): a crawl resolves its links against it. */
  onFetched?: (finalUrl: string) => void;
}

/** FETCH_ALLOWED_PRIVATE_HOSTS, the service's setting, also counts for the CLI. */
export function allowedPrivateHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.FETCH_ALLOWED_PRIVATE_HOSTS ?? "")
    .split(/[\s,]+/)
    .map((h) => h.trim())
    .filter(Boolean);
}

export const sourceName = (source: Source): string =>
  source.kind === "file" ? displayPath(source.path) : source.kind === "stdin" ? "-" : source.kind === "url" ? source.url : source.input;

export async function readAndValidate(source: Source, options: ReadOptions): Promise<Outcome> {
  const name = sourceName(source);
  // Messages do not repeat the input's name: every report shows it beside them.
  if (source.kind === "missing") return { source: name, failure: { code: "unreadable_input", message: `cannot read it: ${source.reason}` } };
  if (source.kind === "url") return validatePage(source.url, options, options.fetch);
  let text: string;
  try {
    text = source.kind === "stdin" ? await readStdin() : await readFile(source.path, "utf8");
  } catch (err) {
    return { source: name, failure: { code: "unreadable_input", message: `cannot read it: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` } };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const format = formatOf(name, text);
  return judged(name, text, await validateOnDemand(text, { format, ...options.runFor?.(name) }), format);
}

/** A page fetched through the guarded fetcher; `fetch` is injectable for the crawler's own options. */
export async function validatePage(url: string, options: ReadOptions, fetchOptions: FetchOptions = {}): Promise<Outcome> {
  const { fetchPage, FetchError } = await import("../fetch/guarded-fetch.ts");
  try {
    if (options.render) {
      const [{ sharedRenderer }, { validateRenderedOnDemand }] = await Promise.all([import("../fetch/render/shared-renderer.ts"), import("../lib/validate-on-demand.ts")]);
      const rendered = await withRetries(() => sharedRenderer().render(url, { allowPrivateHosts: options.allowHosts, userAgent: fetchOptions.userAgent }), url, options, FetchError);
      const raw = await fetchPage(url, { ...fetchOptions, allowPrivateHosts: options.allowHosts });
      options.onFetched?.(rendered.finalUrl);
      return judged(url, rendered.html, await validateRenderedOnDemand(rendered.html, raw.body, rendered.finalUrl, options.runFor?.(url)), "html", true);
    }
    const page = await withRetries(() => fetchPage(url, { ...fetchOptions, allowPrivateHosts: options.allowHosts }), url, options, FetchError);
    options.onFetched?.(page.finalUrl);
    return judged(url, page.body, await validateOnDemand(page.body, { format: "html", url: page.finalUrl, ...options.runFor?.(url) }), "html");
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    return { source: url, failure: { code: err.code, message: withAllowHint(err.code, err.message, url) } };
  }
}

const RETRY_STATUSES = new Set([429, 503]);

/** Bounded retries of a busy server's answers: at most `retries` more tries, each wait at most `maxRetryWaitMs`. */
async function withRetries<T>(attempt: () => Promise<T>, url: string, options: ReadOptions, FetchErrorClass: typeof import("../fetch/fetch-error.ts").FetchError): Promise<T> {
  const retries = options.retries ?? 0;
  const maxWait = options.maxRetryWaitMs ?? 60_000;
  for (let tried = 0; ; tried++) {
    await options.beforeFetch?.();
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof FetchErrorClass) || err.status === undefined || !RETRY_STATUSES.has(err.status) || tried >= retries) throw err;
      const waitMs = Math.min(maxWait, err.retryAfterSeconds !== undefined ? err.retryAfterSeconds * 1000 : 1000 * 2 ** tried);
      options.onRetry?.(url, waitMs, err.status);
      await new Promise((r) => setTimeout(r, waitMs));
    }
  }
}

function judged(source: string, text: string, response: ValidationResponse, format: "html" | "json", rendered = false): Outcome {
  if (response.schemas_found === 0 || onlyUntypedItems(response.schemas)) {
    return { source, text, failure: { code: "no_jsonld_found", message: noStructuredDataMessage(format === "html" ? text : null, { rendered }) } };
  }
  return { source, text, response };
}

/** A refused local or private address (or port) says which flag or setting lets it through. */
function withAllowHint(code: string, message: string, url: string): string {
  const refused = code === "destination_not_allowed" || (code === "invalid_url" && /^Port \d+ is not allowed/.test(message));
  if (!refused || message.startsWith("The page redirected") || !canParseUrl(url)) return message;
  const host = new URL(url).host;
  return `${message} To validate it anyway (a local preview), pass --allow-host ${host} or set FETCH_ALLOWED_PRIVATE_HOSTS=${host}.`;
}

function formatOf(name: string, text: string): "html" | "json" {
  const lower = name.toLowerCase();
  if (lower.endsWith(".json") || lower.endsWith(".jsonld")) return "json";
  if (lower.endsWith(".html") || lower.endsWith(".htm")) return "html";
  const first = text.trimStart().charAt(0);
  return first === "{" || first === "[" ? "json" : "html";
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
