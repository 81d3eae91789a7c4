/**
 * sdv as a library: the engine without the service.
 *
 *   import { validate, validateUrl } from "sdv";
 *   const report = validate(html);                     // HTML, JSON-LD text, or a parsed object/array
 *   const page = await validateUrl("https://example.com/recipe");
 *
 * Both return the service's ValidationResponse (per node results, summary with the score, meta).
 * Importing this module loads the engine only: no HTTP server, no database driver, no billing client.
 * The URL fetcher (and undici with it) is loaded on the first validateUrl call. Bundlers that target a
 * browser get lib/browser.ts instead (the package's `browser` export condition).
 */
import type { ValidationResponse } from "../runtime/report.ts";
import { validateHtml } from "../runtime/validate.ts";
import { respond } from "./respond.ts";
import type { ValidateUrlOptions } from "./validate.ts";

export * from "./validate.ts";

/**
 * Fetch a public page through the guarded fetcher (http(s) only, no private addresses unless allowed,
 * deadlines and size caps) and validate it. Throws FetchError (with a `code`) when the page cannot be had.
 */
export async function validateUrl(url: string, options: ValidateUrlOptions = {}): Promise<ValidationResponse> {
  const started = performance.now();
  const { fetchPage } = await import("../fetch/guarded-fetch.ts");
  const page = await fetchPage(url, {
    allowPrivateHosts: options.allowPrivateHosts,
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
    userAgent: options.userAgent,
  });
  return respond(validateHtml(page.body, page.finalUrl), started, page.finalUrl);
}
