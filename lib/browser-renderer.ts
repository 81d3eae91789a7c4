/**
 * What the library's browser build has in place of fetch/render/shared-renderer.ts: rendering drives a
 * headless Chromium through playwright-core, which needs Node, so `validateUrl(url, {render: true})`
 * rejects there (it already does for want of the guarded fetcher) and closeRenderer() has nothing to close.
 */
import { FetchError } from "../fetch/fetch-error.ts";

export function sharedRenderer(): never {
  throw new FetchError("render_unavailable", "Rendering needs Node and a Chromium (playwright-core); in a browser, validate the page's HTML with validate()");
}

export async function closeSharedRenderer(): Promise<void> {}
