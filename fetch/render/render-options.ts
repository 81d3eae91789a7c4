/**
 * A render under the same rules as a page fetch: the options of the guarded fetcher that also bind the
 * renderer's proxy (private hosts the operator allowed, ports, DNS, user agent). Deadlines and byte caps
 * are the renderer's own (RENDER_*), so they are not carried over.
 */
import type { FetchOptions } from "../guarded-fetch.ts";
import type { RenderOptions } from "./renderer.ts";

export function renderOptionsFor(fetch: FetchOptions, signal?: AbortSignal): RenderOptions {
  const { allowPrivateHosts, allowedPorts, resolver, connectGuard, userAgent } = fetch;
  return { allowPrivateHosts, allowedPorts, resolver, connectGuard, userAgent, signal };
}
