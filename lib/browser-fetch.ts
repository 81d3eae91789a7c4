/**
 * What the library's browser build (the package's `browser` export condition, built by
 * build/light-package.ts) has in place of fetch/guarded-fetch.ts: the guarded fetcher needs Node (undici,
 * a DNS check of every address it connects to), so validateUrl rejects there. A page's HTML fetched by
 * the caller goes to validate().
 */
import { FetchError } from "../fetch/fetch-error.ts";

export async function fetchPage(url: string): Promise<never> {
  throw new FetchError(
    "fetch_failed",
    `validateUrl(${JSON.stringify(url)}) needs Node (the guarded fetcher); in a browser, fetch the page and pass its HTML to validate()`,
  );
}
