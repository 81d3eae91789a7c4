/**
 * The library for a browser bundle (the package's `browser` export condition): the same exports as
 * lib/index.ts, without the guarded fetcher, which needs Node (undici, DNS checks of every address it
 * connects to). A page's HTML fetched by the caller goes to validate().
 */
import type { ValidationResponse } from "../runtime/report.ts";
import { FetchError } from "../fetch/fetch-error.ts";
import type { ValidateUrlOptions } from "./validate.ts";

export * from "./validate.ts";

/** Always rejects in a browser: fetch the page yourself and pass its HTML to validate(). */
export async function validateUrl(url: string, _options: ValidateUrlOptions = {}): Promise<ValidationResponse> {
  throw new FetchError(
    "fetch_failed",
    `validateUrl(${JSON.stringify(url)}) needs Node (the guarded fetcher); in a browser, fetch the page and pass its HTML to validate()`,
  );
}
